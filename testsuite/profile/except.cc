// except.cc -- C++ exceptions thrown through three frames (except.exp):
// every frame they unwind through must still end in the profile.
#include <stdexcept>

int thrower(int n)
{
	if (n == 0)
		throw std::runtime_error("thrown");
	return n;
}

int level3(int n) { return thrower(n) + 1; }
int level2(int n) { return level3(n) + 1; }
int level1(int n) { return level2(n) + 1; }
int after(int n) { return n; }

int main()
{
	int caught = 0;

	for (int i = 0; i < 3; i++) {
		try {
			level1(i == 1);
		} catch (const std::exception &) {
			caught++;
		}
	}
	return after(caught) == 2 ? 0 : 1;
}
