// throw.cc -- C++ exceptions: EH edges are abnormal (doc/formats.md §3.3).
#include <cstdio>
#include <stdexcept>

struct guard {
	int *p;
	guard(int *q) : p(q) { ++*p; }
	~guard() { --*p; }
};

static int depth;

__attribute__((noinline)) static int risky(int i)
{
	guard g(&depth);

	if (i % 3 == 0)
		throw std::runtime_error("three");
	return i * 2;
}

int main()
{
	int ok = 0, bad = 0;

	for (int i = 0; i < 9; i++) {
		try {
			ok += risky(i);
		} catch (const std::exception &) {
			bad++;
		}
	}
	std::printf("%d %d %d\n", ok, bad, depth);
	return 0;
}
