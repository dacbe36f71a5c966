/* loop-counts.c -- counted loops whose increments the plugin adds up
 * before the loop, call-free loops whose counters it keeps in registers
 * (plugin/loop-counts.cc), and loops it must leave alone; the trip
 * counts come from a volatile so GCC cannot unroll them away. */
#include <stdio.h>

struct cells {
	int n;
	char *at[64];
};

static volatile int knob[] = { 10, 0, 3, 5, 4, 6 };

/* Up-counting, run 13 times in all, once with no iteration. */
__attribute__((noinline)) static long up(const int *v, int n)	/*@3*/
{
	long s = 0;	/*@3*/

	for (int i = 0; i < n; i++)	/*@+*/
		s += v[i];	/*@13*/
	return s;	/*@3*/
}

/* SQLite's balance_nonroot(): a pointer stepping by two, a count kept in
 * memory; 1 + 2 + 3 + 4 + 5 iterations. */
__attribute__((noinline)) static int fill(char *p, char *end, struct cells *c)	/*@5*/
{
	while (p < end) {	/*@+*/
		c->at[c->n] = p;	/*@15*/
		p += 2;	/*@15*/
		c->n++;	/*@15*/
	}
	return c->n;	/*@5*/
}

/* Unsigned, counting down to zero: 0 + 5 iterations. */
__attribute__((noinline)) static unsigned down(unsigned n)	/*@2*/
{
	unsigned s = 0;	/*@2*/

	for (unsigned u = n; u != 0; u--)	/*@+*/
		s += u;	/*@5*/
	return s;	/*@2*/
}

/* The body runs once even for n = 0: 1 + 4 iterations. */
__attribute__((noinline)) static int at_least_once(int n)	/*@2*/
{
	int k = 0;	/*@2*/

	do {
		k++;	/*@5*/
	} while (k < n);	/*@5*/
	return k;	/*@2*/
}

/* Step 3 to a bound it does not divide: 4 iterations. */
__attribute__((noinline)) static int stride(int n)	/*@1*/
{
	int s = 0;	/*@1*/

	for (int i = 0; i < n; i += 3)	/*@+*/
		s += i;	/*@4*/
	return s;	/*@1*/
}

/* An inner loop inside an outer one: 5 x 6. */
__attribute__((noinline)) static int nested(int n, int m)	/*@1*/
{
	int s = 0;	/*@1*/

	for (int i = 0; i < n; i++)	/*@+*/
		for (int j = 0; j < m; j++)	/*@+*/
			s += i ^ j;	/*@30*/
	return s;	/*@1*/
}

/* A branch in the body: the header's count is hoisted, the arm's kept. */
__attribute__((noinline)) static int odd(const int *v, int n)	/*@1*/
{
	int k = 0;	/*@1*/

	for (int i = 0; i < n; i++)	/*@+*/
		if (v[i] & 1)	/*@10*/
			k++;	/*@5*/
	return k;	/*@1*/
}

/* Left alone: a call that may not return (it may exit or longjmp). */
__attribute__((noinline)) void sink(int i)	/*@6*/
{
	if (i < 0)	/*@6*/
		puts("negative");	/*@0*/
}	/*@6*/

__attribute__((noinline)) static void calls(int n)	/*@1*/
{
	for (int i = 0; i < n; i++)	/*@+*/
		sink(i);	/*@6*/
}	/*@1*/

/* Not counted: two exits (its counters kept in registers instead). */
__attribute__((noinline)) static int find(const int *v, int n, int x)	/*@2*/
{
	for (int i = 0; i < n; i++)	/*@+*/
		if (v[i] == x)	/*@14*/
			return i;	/*@1*/
	return -1;	/*@1*/
}

/* Not counted, but call-free: a string scan keeps its counters in
 * registers, added in on the way out; 11 + 0 passes. */
__attribute__((noinline)) static int length(const char *s)	/*@2*/
{
	const char *p = s;	/*@2*/

	while (*p)	/*@+*/
		p++;	/*@11*/
	return (int)(p - s);	/*@2*/
}

/* SQLite's lengthFunc(): a nest of call-free loops, its registers added
 * in on the outer loop's exit; 6 characters, 3 continuation bytes. */
__attribute__((noinline)) static int utf8len(const unsigned char *z)	/*@1*/
{
	const unsigned char *z0 = z;	/*@1*/
	unsigned char c;

	while ((c = *z) != 0) {	/*@+*/
		z++;	/*@6*/
		if (c >= 0xc0)	/*@6*/
			while ((*z & 0xc0) == 0x80) {	/*@5*/
				z++;	/*@3*/
				z0++;	/*@3*/
			}
	}
	return (int)(z - z0);	/*@1*/
}

/* Left in memory: at most 4 passes (GCC's bound), 1 + 2 here. */
__attribute__((noinline)) static unsigned varint(const unsigned char *p)	/*@2*/
{
	const unsigned char *end = p + 4;	/*@2*/
	unsigned v = 0;	/*@2*/

	do {
		v = v << 7 | (*p & 0x7f);	/*@3*/
	} while ((*p++ & 0x80) && p < end);	/*@+*/
	return v;	/*@2*/
}

/* zlib's slide_hash(): both arms of a branch counted, each holding
 * only a value, as a conditional move would; folded into the branch,
 * the false arm counted as the branch's passes less the true arm's;
 * 10 entries, 6 at or above the window. */
__attribute__((noinline)) static void slide(unsigned short *p, unsigned n,	/*@1*/
					    unsigned w)
{
	p += n;	/*@1*/
	do {
		unsigned m = *--p;	/*@10*/

		if (m >= w)	/*@10*/
			m -= w;	/*@6*/
		else
			m = 0;	/*@4*/
		*p = (unsigned short)m;	/*@10*/
	} while (--n);	/*@10*/
}	/*@1*/

/* A running maximum: one arm, folded; 3 new maxima in 10. */
__attribute__((noinline)) static int maxof(const int *v, int n)	/*@1*/
{
	int m = v[0];	/*@1*/

	for (int i = 1; i < n; i++)	/*@+*/
		if (v[i] > m)	/*@9*/
			m = v[i];	/*@3*/
	return m;	/*@1*/
}

/* Inlined twice into one loop: both copies add to the same counters, so
 * each arm folds on its own, the false one as the inverted condition;
 * 10 x 2 calls, 3 + 1 of them above 5.  The two arguments are unrelated
 * (v[i] and v[i] - 2 would let jump threading, as in the plain build,
 * skip the second test on the first one's false arm). */
static inline int pick(int x)	/*@20*/
{
	int r;

	if (x > 5)	/*@20*/
		r = x;	/*@4*/
	else
		r = 1;	/*@16*/
	return r;	/*@20*/
}

__attribute__((noinline)) static int picks(const int *v, int n)	/*@1*/
{
	int s = 0;	/*@1*/

	for (int i = 0; i < n; i++)	/*@+*/
		s += pick(v[i]) * pick(v[n - 1 - i] - 2);	/*@10*/
	return s;	/*@1*/
}

/* An arm that stores: no conditional move, not folded; 3 of 10. */
__attribute__((noinline)) static void clamp(int *v, int n)	/*@1*/
{
	for (int i = 0; i < n; i++)	/*@+*/
		if (v[i] < 0)	/*@10*/
			v[i] = 0;	/*@3*/
}	/*@1*/

int main(void)	/*@1*/
{
	int v[16], w[10];
	unsigned short u[10];
	char buf[16];
	struct cells c = { 0 };	/*@1*/
	long s;

	for (int i = 0; i < 16; i++)	/*@+*/
		v[i] = i;	/*@16*/
	s = up(v, knob[0]) + up(v, knob[1]) + up(v, knob[2]);	/*@1*/
	for (int k = 1; k <= 9; k += 2)	/*@+*/
		fill(buf, buf + k, &c);	/*@5*/
	s += down((unsigned)knob[1]) + down((unsigned)knob[3]);	/*@1*/
	s += at_least_once(knob[1]) + at_least_once(knob[4]);	/*@1*/
	s += stride(knob[0]) + nested(knob[3], knob[5]) + odd(v, knob[0]);	/*@1*/
	calls(knob[5]);	/*@1*/
	s += find(v, knob[0], 3) + find(v, knob[0], 99);	/*@1*/
	s += length("hello world") + length("");	/*@1*/
	s += utf8len((const unsigned char *)"xy\xc3\xa9z\xe2\x82\xac!");	/*@1*/
	s += varint((const unsigned char *)"\x05") +	/*@+*/
	     varint((const unsigned char *)"\x81\x01");	/*@1*/
	for (int i = 0; i < 10; i++)	/*@+*/
		u[i] = (unsigned short)(i * 7 + knob[2]);	/*@10*/
	slide(u, (unsigned)knob[0], 30);	/*@1*/
	s += u[0] + u[9];	/*@1*/
	for (int i = 0; i < 10; i++)	/*@+*/
		w[i] = "\3\1\4\1\5\1\7\2\6\11"[i] - (i % 3 == 1 ? 9 : 0);	/*@+*/
	s += maxof(w, knob[0]) + picks(w, knob[0]);	/*@1*/
	clamp(w, knob[0]);	/*@1*/
	s += w[1] + w[4];	/*@1*/
	printf("%ld %d\n", s, c.n);	/*@1*/
	return 0;	/*@1*/
}
