/* tree.c -- where the plugin puts its counters.  Each branch below has a
 * hot arm and a cold one, as plugin/graph.cc guesses them, and each
 * function is called 1000 times and takes its hot path.  The first three
 * hold two branches one after the other and need three counters: one on
 * the path every call takes and one per branch, which never counts on a
 * cold arm; tree.sh expects 1000 increments from each, where a counter
 * on a hot arm would make 2000 or 3000 (flag_test() made 2000 before the
 * plugin guessed flag tests).  search() iterates 3000 times in all: at
 * best it pays one increment per iteration and one per call, 4000 (6000
 * or more with a counter on an exit guessed hot and two in the loop).
 * null_check() too needs three counters and pays 1000 (3000 before the
 * plugin guessed null pointers and followed arms to early returns).
 * main() calls all five, which are proved to return, in a loop: their
 * calls get no fake arc, and main pays 1000 increments for the loop and
 * 3 for its exit and its call of printf; 4003 if each proved call had a
 * fake arc on the spanning tree. */
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned flags[64];	/* all clear */
static volatile int sink;

/* Flags are mostly clear: the arms for set bits are the cold ones. */
__attribute__((noinline)) static void flag_test(int i)
{
	if (flags[i & 63] & 4)
		sink += 2;
	else
		sink += 1;
	if (flags[(i + 1) & 63] & 8)
		sink -= 2;
	else
		sink -= 1;
}

/* __builtin_expect is believed. */
__attribute__((noinline)) static void expected(void)
{
	if (__builtin_expect(sink == -1, 0))
		sink = 0;
	else
		sink += 1;
	if (__builtin_expect(sink != -1, 1))
		sink += 1;
	else
		sink = 0;
}

/* A path into abort() is cold. */
__attribute__((noinline)) static void dead_end(void)
{
	if (sink < -5)
		abort();
	sink += 1;
	if (sink < -5)
		abort();
	sink += 1;
}

/* A loop runs more than once: its exits are colder than its body. */
__attribute__((noinline)) static void search(int i)
{
	int k = 0;

	while (k < 3 && flags[(i + k) & 63] == 0)
		k++;
	sink += k;
}

/* A null pointer is the unusual case, and an arm that can only go on
 * to an early return is as unlikely as the return, also through a call
 * (SQLite's vdbeSafety(): both arms return early, the call decides). */
__attribute__((noinline)) static void note(void)
{
	sink = 0;
}

__attribute__((noinline)) static int null_check(volatile int *p,
						volatile int *q)
{
	if (q == NULL)
		sink = 0;
	else
		sink += 1;
	if (p == NULL) {
		note();
		return 1;
	} else {
		return 0;
	}
}

int main(void)
{
	int i;

	for (i = 0; i < 1000; i++) {
		flag_test(i);
		expected();
		dead_end();
		search(i);
		sink += null_check(&sink, &sink);
	}
	printf("%d\n", sink);
	return 0;
}
