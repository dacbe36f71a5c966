// lines.cc -- which blocks list which lines in C++ (doc/notes-format.md
// §4, "Lines"): every line with code is marked with what it executed.
#include <cstdio>
#include <stdexcept>

// Called 20 times, throws 10 times.
static void thrower(int i)	/*@20*/
{
	if (i & 1)	/*@20*/
		throw std::runtime_error("odd");	/*@10*/
}	/*@10*/

struct counter {
	int *n;
	explicit counter(int *p) : n(p) { ++*n; }	/*@10*/
	~counter() { --*n; }	/*@10*/
};

// A cleanup run when thrower() throws (the destructor of c): its line is
// the closing brace, which both ways of leaving the block run.
static int scoped(int i, int *live)	/*@10*/
{
	counter c(live);	/*@10*/
	thrower(i);	/*@10*/
	return i;	/*@+*/
}	/*@+*/

// Straight-line code: gcov 3.3's view shows no branch (e2e-lines.sh).
static int area(int w, int h)	/*@1*/
{
	return w * h + 1;	/*@1*/
}

// The body starts with a loop whose back jump has the line of "n++":
// the opening line counts the 2 calls, "n++" its 8 runs.
static int count_to(int k, int n)	/*@2*/
{
	for (;;) {
		n++;	/*@8*/
		if (n >= k)	/*@8*/
			return n;	/*@2*/
	}
}

// A loop and a recursive lambda, each on one line.
static int sum(const int *v, int n) { int t = 0; for (int i = 0; i < n; i++) t += v[i]; return t; }	/*@+*/
static int tri(int n) { auto f = [](int x, auto &self) -> int { return x > 0 ? x + self(x - 1, self) : 0; }; return f(n, f); }	/*@+*/

int main()	/*@1*/
{
	static const int v[] = { 1, 2, 3, 4 };
	int caught = 0, live = 0, s = area(2, 3) + count_to(3, 0) + count_to(5, 0) + sum(v, 4) + tri(4);	/*@1*/

	// The handler on the same line as the call that throws into it: the
	// line ran 10 times, the 5 throws are not new entries.
	for (int i = 0; i < 10; i++) {	/*@+*/
		try { thrower(i); } catch (const std::exception &) { caught++; }	/*@10*/
	}
	for (int i = 0; i < 10; i++) {	/*@+*/
		try {
			s += scoped(i, &live);	/*@10*/
		} catch (const std::exception &) {	/*@+*/
			s--;	/*@5*/
		}	/*@5*/
	}
	std::printf("%d %d %d\n", caught, live, s);	/*@1*/
	return 0;	/*@1*/
}
