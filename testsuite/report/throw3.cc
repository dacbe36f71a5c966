// throw3.cc -- gcov12-programs.sh: exceptions thrown through three frames,
// with a cleanup in the middle one and a catch in main: the (throw)
// branches of every call that may throw into a handler or cleanup.
#include <cstdio>
#include <stdexcept>

static int depth;

struct guard {
	guard() { depth++; }
	~guard() { depth--; }
};

__attribute__((noinline)) static int leaf(int i)
{
	if (i % 3 == 0)
		throw std::runtime_error("three");
	return i;
}

__attribute__((noinline)) static int middle(int i)
{
	guard g;
	return leaf(i) + 1;
}

__attribute__((noinline)) static int top(int i)
{
	return middle(i) * 2;
}

int main()
{
	int ok = 0, bad = 0;
	for (int i = 0; i < 10; i++) {
		try {
			ok += top(i);
		} catch (const std::exception &) {
			bad++;
		}
	}
	std::printf("%d %d %d\n", ok, bad, depth);
	return 0;
}
