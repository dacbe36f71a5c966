/* jumps.c -- setjmp/longjmp, goto, computed goto, calls through pointers
 * and a call that does not return: the fake arcs of FORMATS.md §3.3. */
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
	printf("%d\n", total);
	return 0;
}
