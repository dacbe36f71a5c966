// eh.cc -- the program report-exceptions.sh builds with the plugin:
// exceptions thrown through a frame and caught, so the catch clause's
// type dispatch is exception-handling code.
#include <cstdio>
#include <stdexcept>

static int check(int x)
{
	if (x % 4 == 0)
		throw std::runtime_error("multiple of four");
	return x;
}

static int guarded(int x)
{
	try {
		return check(x);
	} catch (const std::exception &) {
		return -1;
	}
}

int main()
{
	int t = 0;

	for (int i = 1; i <= 10; i++)
		t += guarded(i);
	std::printf("%d\n", t);
	return 0;
}
