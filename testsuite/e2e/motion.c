/* motion.c -- loops whose counters GCC may keep in registers when the
 * increments are plain loads and stores (no-asm-increments): a call-free
 * loop, a loop left by exit() or longjmp(), and a recursion counting the
 * same arcs from inside a loop.  The counts must be what ran at every -O
 * level. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf env;
static volatile int sink;

static unsigned hot(unsigned n)	/*@2*/
{
	unsigned s = 0;	/*@2*/
	for (unsigned i = 0; i < n; i++)	/*@+*/
		s += i ^ (s >> 3);	/*@3000*/
	return s;	/*@2*/
}

static int depth(int n)	/*@8*/
{
	int s = 0;	/*@8*/
	for (int i = 0; i < n; i++)	/*@+*/
		s += 1 + depth(n - 1 - i);	/*@7*/
	return s;	/*@8*/
}

static void bail(int i)	/*@3*/
{
	if (i == 3)	/*@3*/
		longjmp(env, 1);	/*@1*/
}	/*@2*/

static int until_jump(void)	/*@1*/
{
	volatile int n = 0;	/*@1*/
	if (setjmp(env))	/*@+*/
		return n;	/*@1*/
	for (;;) {
		n++;	/*@3*/
		bail(n);	/*@3*/
	}
}

int main(int argc, char **argv)	/*@1*/
{
	unsigned i, s;

	(void)argv;
	s = hot(1000) + hot(2000);	/*@1*/
	printf("%u %d %d\n", s, depth(3), until_jump());	/*@1*/
	for (i = 0; i < 100; i++) {	/*@+*/
		sink = sink + (int)i;	/*@43*/
		if (i == 41 + (unsigned)argc)	/*@43*/
			exit(0);	/*@1*/
	}
	return 1;	/*@0*/
}
