/* derive.c -- static functions whose entry counts the runtime derives from
 * their call sites' counts (plugin/derive.cc), and those it counts: each
 * line's count is exact either way.  e2e-derive.sh checks which are which
 * (the plugin's pass dump), and that the counts are those of a build
 * without derivation, at a dump with frames open (arcov_dump() from
 * checkpoint()) and at an exit() from finish(). */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libarcov's, absent from the --coverage build. */
extern void arcov_dump(void) __attribute__((weak));

static jmp_buf env;

/* Called from four sites of three functions, one in a loop, one never
 * reached: derived. */
static int square(int x)	/*@15*/
{
	return x * x;	/*@15*/
}

static int sum_squares(int n)	/*@3*/
{
	int s = 0;	/*@3*/

	for (int i = 0; i < n; i++)	/*@+*/
		s += square(i);	/*@9*/
	return s;	/*@3*/
}

/* Recursion: its count would depend on itself, so it is counted. */
static int fact(int n)	/*@6*/
{
	if (n < 2)	/*@6*/
		return 1;	/*@1*/
	return n * fact(n - 1);	/*@5*/
}

/* Mutual recursion: one of the two is counted, which breaks the cycle. */
static int pong(int n);

static int ping(int n)	/*@3*/
{
	if (n <= 0)	/*@3*/
		return 0;	/*@0*/
	return 1 + pong(n - 1);	/*@3*/
}

static int pong(int n)	/*@3*/
{
	if (n <= 0)	/*@3*/
		return 0;	/*@1*/
	return 2 + ping(n - 1);	/*@2*/
}

/* Its address is taken: a call through the pointer is no call site, so
 * it is counted. */
static int twice(int x)	/*@1*/
{
	return 2 * x;	/*@1*/
}

/* Called after setjmp() in main(), and longjmp()s back: main()'s block
 * counts include the returns from longjmp, as the calls do. */
static void jump_back(int k)	/*@4*/
{
	if (k < 3)	/*@4*/
		longjmp(env, k + 1);	/*@3*/
}	/*@1*/

static int after_jump(int k)	/*@4*/
{
	return k + square(k);	/*@4*/
}

/* Writes the counts while main() and middle() wait for it to return. */
static void checkpoint(const char *when)	/*@1*/
{
	if (!strcmp(when, "dump") && arcov_dump)	/*@+*/
		arcov_dump();	/*@1*/
}	/*@1*/

static int middle(const char *when, int n)	/*@1*/
{
	int s = sum_squares(n);	/*@1*/

	checkpoint(when);	/*@1*/
	return s + square(n);	/*@1*/
}

/* Ends the program in exit(), main() waiting for it. */
static void finish(int code)	/*@1*/
{
	printf("finish %d\n", code);	/*@1*/
	exit(code);	/*@1*/
}

int main(int argc, char **argv)	/*@1*/
{
	int (*op)(int) = twice;	/*@1*/
	volatile int total = 0;	/*@1*/
	int k;

	total += sum_squares(4);	/*@+*/
	total += square(argc);	/*@+*/
	if (argc > 5)	/*@1*/
		total += square(7);	/*@#*/
	total += fact(6) + ping(5) + op(3);	/*@+*/
	k = setjmp(env);	/*@+*/
	total += after_jump(k);	/*@+*/
	jump_back(k);	/*@4*/
	total += middle(argc > 1 ? argv[1] : "", 3);	/*@+*/
	total += sum_squares(2);	/*@+*/
	printf("total %d\n", total);	/*@1*/
	finish(total & 3);	/*@1*/
	return 1;	/*@0*/
}
