// instances.cc -- functions that start on one line (template instances,
// a constructor and destructor written on one line) are reported as gcov
// 12 prints them: the line with every instance's count, then a section
// per instance, each instance with its own JSON records; lcov's
// tracefile merges them by position (issue 29, case 5).
#include <cstdio>

template <typename T> int pos(T x)	/*@10*/
{
	if (x > 0)	/*@10*/
		return 1;	/*@4*/
	return 0;	/*@6*/
}

struct R { R(int v) : v(v) { if (v < 0) v = 0; } ~R() { n++; } int v; static int n; };	/*@10*/
int R::n;

int main()	/*@1*/
{
	int s = 0;	/*@1*/

	for (int i = -2; i < 3; i++) {	/*@+*/
		R r(i);	/*@5*/
		s += pos(i) + pos((long)i);	/*@5*/
	}	/*@5*/
	std::printf("%d %d\n", s, R::n);	/*@1*/
	return 0;	/*@1*/
}
