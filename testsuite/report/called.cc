// called.cc -- the program report-called.sh and export-webgrind.sh build
// with the plugin: jumps() is called 4 times and setjmp() returns a second
// time in 2 of them; guarded() is called 7 times and catches 2 exceptions.
// Each second return and each landing enters the function's body again
// through a fake arc from ENTRY, which the call counts leave out.
#include <csetjmp>
#include <cstdio>
#include <stdexcept>

static std::jmp_buf env;

static void bounce(int x)
{
	if (x % 2)
		std::longjmp(env, 1);
}

static int jumps(int x)
{
	if (setjmp(env))
		return 10;
	bounce(x);
	return 1;
}

static int check(int x)
{
	if (x % 3 == 0)
		throw std::runtime_error("multiple of three");
	return x;
}

static int guarded(int x)
{
	try {
		return check(x);
	} catch (const std::exception &) {
		return 100;
	}
}

int main()
{
	int t = 0;

	for (int i = 1; i <= 4; i++)
		t += jumps(i);
	for (int i = 1; i <= 7; i++)
		t += guarded(i);
	std::printf("%d\n", t);
	return 0;
}
