/* loop-cost.c -- loops of known shapes for the cost model of
 * plugin/loop-cost.cc, whose decisions e2e-loop-cost.sh reads from the
 * pass's dump: a long counted loop, a loop of at most three passes, a
 * scan whose pass count an induction variable gives, and a loop whose
 * increments would keep two fields of a structure in memory.  The text
 * and the trip counts come from volatiles so GCC cannot fold them. */
#include <stdio.h>

struct tally {
	long odd, even;
};

static volatile int knob[] = { 7, 2 };
static char text[64];

/* 1000 passes on every entry, which GCC knows: one add before it. */
__attribute__((noinline)) static long long_loop(const int *v)	/*@50*/
{
	long s = 0;	/*@50*/

	for (int i = 0; i < 1000; i++)	/*@+*/
		s += v[i & 7] ^ i;	/*@50000*/
	return s;	/*@50*/
}

/* Three passes at most, its counters on branch arms that store, which no
 * conditional move can replace: registers would cost more on each entry
 * than the increments they replace. */
__attribute__((noinline)) static int few(int *v, int n)	/*@50*/
{
	int s = 0;	/*@50*/

	for (int i = 0; i < n && i < 2; i++)	/*@+*/
		if (v[i] > 1)	/*@100*/
			s += v[i];	/*@50*/
		else
			v[i + 4] = s;	/*@50*/
	return s;	/*@50*/
}

/* A field kept in memory on every pass but for the increments, which
 * loop-invariant motion would otherwise keep in a register. */
__attribute__((noinline)) static void split(const char *p, struct tally *t)	/*@50*/
{
	while (*p) {	/*@+*/
		if (*p & 1)	/*@500*/
			t->odd += *p;	/*@250*/
		else
			t->even += *p;	/*@250*/
		p++;	/*@500*/
	}
}	/*@50*/

/* A string's length: the pass count is the pointer's distance. */
__attribute__((noinline)) static long scan(const char *p)	/*@50*/
{
	const char *q = p;	/*@50*/

	while (*q)	/*@+*/
		q++;	/*@500*/
	return q - p;	/*@50*/
}

int main(void)	/*@1*/
{
	int v[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };	/*@1*/
	struct tally t = { 0, 0 };	/*@1*/
	long s = 0;	/*@1*/

	for (int k = 0; k < 10; k++)	/*@+*/
		text[k] = (char)('a' + k * knob[0] % 26);	/*@10*/
	for (int k = 0; k < 50; k++) {	/*@+*/
		s += long_loop(v) + few(v, knob[1]) + scan(text);	/*@50*/
		split(text, &t);	/*@50*/
	}
	printf("%ld %ld %ld\n", s, t.odd, t.even);	/*@1*/
	return 0;	/*@1*/
}
