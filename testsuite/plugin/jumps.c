/* jumps.c -- setjmp/longjmp, goto, computed goto, calls through pointers
 * and a call that does not return: the fake arcs of doc/formats.md §3.3.  Of
 * the functions called directly, twice and dispatch are proved to return,
 * so the fake arc of the call in down has a counter that stays 0 (main's
 * calls keep theirs on the tree: main calls setjmp, so each of its calls
 * has an abnormal edge); step may longjmp, and up and down, a cycle, may
 * exit (doc/notes-format.md §4). */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf env;
static int total;

static void step(int x)
{
	if (x == 3)
		longjmp(env, 1);
	total += x;
}

static int twice(int x)
{
	return 2 * x;
}

static int dispatch(int op)
{
	static void *const table[] = { &&add, &&sub };

	goto *table[op & 1];
add:
	return 1;
sub:
	return -1;
}

static int down(int n);

static int up(int n)
{
	if (n == 0) {
		printf("%d\n", total);
		exit(0);
	}
	return down(n - 1);
}

static int down(int n)
{
	return up(twice(n) / 2);
}

int main(int argc, char **argv)
{
	int (*fn)(int) = twice;
	int i, n = 0;

	if (setjmp(env) == 0) {
		for (i = 0; i < 5; i++)
			step(i);
	}
again:
	total += fn(n);
	if (++n < 6)
		goto again;
	for (i = 0; i < 5; i++)
		total += dispatch(i);
	if (argc > 3)
		abort();
	total += twice(1);
	up(3);
	return 1;
}
