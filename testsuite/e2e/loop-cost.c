/* loop-cost.c -- loops of known shapes for the cost model of
 * plugin/loop-cost.cc, whose decisions e2e-loop-cost.sh reads from the
 * pass's dump: a long counted loop, a loop of at most three passes, a
 * scan whose pass count an induction variable gives, and a loop whose
 * increments would keep two fields of a structure in memory.  The text
 * and the trip counts come from volatiles so GCC cannot fold them. */
#include <stdio.h>
#include <string.h>

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

/* A pointer range walked 16 bytes a pass, xxHash's shape: the pass
 * count is a pointer difference, of another unsigned type than the
 * counters' (counting atomically, GCC 12 once stopped on it, an ICE). */
struct state {
	unsigned v[4];
};

static unsigned word(const char *p)	/*@400*/
{
	unsigned v;

	memcpy(&v, p, sizeof v);	/*@400*/
	return v;	/*@400*/
}

static unsigned mix(unsigned a, unsigned x)	/*@400*/
{
	a += x * 2246822519U;	/*@400*/
	return ((a << 13) | (a >> 19)) * 2654435761U;	/*@400*/
}

__attribute__((noinline)) static int rounds(struct state *st,	/*@50*/
					   const void *in, size_t len)
{
	const char *p = in;	/*@50*/
	const char *const end = p + len;	/*@50*/

	if (p <= end - 16) {	/*@50*/
		const char *const limit = end - 16;	/*@50*/
		unsigned v1 = st->v[0], v2 = st->v[1];	/*@50*/
		unsigned v3 = st->v[2], v4 = st->v[3];	/*@50*/

		do {
			v1 = mix(v1, word(p));	/*@100*/
			p += 4;	/*@100*/
			v2 = mix(v2, word(p));	/*@100*/
			p += 4;	/*@100*/
			v3 = mix(v3, word(p));	/*@100*/
			p += 4;	/*@100*/
			v4 = mix(v4, word(p));	/*@100*/
			p += 4;	/*@100*/
		} while (p <= limit);	/*@100*/
		st->v[0] = v1;	/*@50*/
		st->v[1] = v2;	/*@50*/
		st->v[2] = v3;	/*@50*/
		st->v[3] = v4;	/*@50*/
	}
	return p < end;	/*@50*/
}

int main(void)	/*@1*/
{
	int v[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };	/*@1*/
	struct tally t = { 0, 0 };	/*@1*/
	struct state st = { { 1, 2, 3, 4 } };	/*@1*/
	long s = 0;	/*@1*/

	for (int k = 0; k < 10; k++)	/*@+*/
		text[k] = (char)('a' + k * knob[0] % 26);	/*@10*/
	for (int k = 0; k < 50; k++) {	/*@+*/
		s += long_loop(v) + few(v, knob[1]) + scan(text);	/*@50*/
		split(text, &t);	/*@50*/
		s += rounds(&st, text, 31 + 3 * (size_t)knob[1]);	/*@50*/
	}
	printf("%ld %ld %ld %u\n", s, t.odd, t.even, st.v[0] ^ st.v[3]);	/*@1*/
	return 0;	/*@1*/
}
