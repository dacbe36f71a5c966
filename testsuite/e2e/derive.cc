// derive.cc -- C++: functions and a class of an anonymous namespace,
// called from several sites, whose entry counts are derived; a static
// function one of whose callers throws, derived too: the throwing
// function's cleanup ends in a call that may not return, and the plugin
// splits that block after its label (doc/notes-format.md, "Blocks between
// two fake arcs") so its fake arcs sit on the tree and the caller's block
// counts are exact at every dump.
#include <cstdio>
#include <stdexcept>

static int add(int a, int b)	/*@6*/
{
	return a + b;	/*@6*/
}

namespace {

int scale(int x)	/*@5*/
{
	return 3 * x;	/*@5*/
}

struct acc {
	int total;

	void put(int v)	/*@5*/
	{
		total = add(total, v);	/*@5*/
	}	/*@5*/
};

int check(int v)	/*@2*/
{
	if (v > 10)	/*@2*/
		throw std::runtime_error("too big");	/*@1*/
	return add(v, 0);	/*@1*/
}

}

static int guarded(int v)	/*@2*/
{
	try {
		return check(v);	/*@2*/
	} catch (const std::exception &) {	/*@+*/
		return -1;	/*@1*/
	}	/*@1*/
}

int main()	/*@1*/
{
	acc a = { 0 };	/*@1*/

	for (int i = 0; i < 5; i++)	/*@+*/
		a.put(scale(i));	/*@5*/
	std::printf("%d %d %d\n", a.total, guarded(4), guarded(40));	/*@1*/
	return 0;	/*@1*/
}
