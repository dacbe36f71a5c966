/* loop-spill.c -- one loop in two places for the cost model of
 * plugin/loop-cost.cc, whose decisions e2e-loop-spill.sh reads from the
 * pass's dump: lz4's LZ4HC_Insert() shape, a hash table's deltas clamped
 * to a maximum, whose clamp arm folds into its branch as a register
 * counter.  Alone in a function, the loop's registers are free; inlined
 * where a dozen values live through it, each register it takes is a
 * store before it and a load after it on every entry.  The data come
 * from volatiles so GCC cannot fold them. */
#include <stdio.h>

static volatile unsigned seed = 7;
static volatile unsigned bound = 3;
static unsigned char text[256];

static inline __attribute__((always_inline)) void
insert(unsigned *table, unsigned short *chain, unsigned from,
       unsigned to)
{
	for (unsigned i = from; i < to; i++) {	/*@+*/
		unsigned h = (text[i] * 2654435761U) >> 28;	/*@450*/
		unsigned delta = i - table[h];	/*@450*/

		if (delta > 100)	/*@450*/
			delta = 100;	/*@102*/
		chain[i & 63] = (unsigned short)delta;	/*@450*/
		table[h] = i;	/*@450*/
	}
}	/*@150*/

/* The loop alone: its registers are free. */
__attribute__((noinline)) static void alone(unsigned *table,	/*@50*/
					    unsigned short *chain,
					    unsigned from)
{
	insert(table, chain, from, from + bound);	/*@50*/
}	/*@50*/

/* The loop among a dozen values that live through it. */
__attribute__((noinline)) static unsigned crowded(unsigned *table,	/*@100*/
						  unsigned short *chain,
						  unsigned from)
{
	unsigned a = seed, b = seed * 3, c = seed ^ 5, d = seed + bound;	/*@100*/
	unsigned e = bound * 7, f = seed * bound, g = seed - 1;	/*@100*/
	unsigned h = bound + 11, k = seed << 2, m = bound << 3;	/*@100*/
	unsigned n = seed * 13, o = bound * 17, q = seed ^ bound;	/*@100*/

	insert(table, chain, from, from + bound);	/*@100*/
	return a * b + c * d + e * f + g * h + k * m + n * o + q;	/*@100*/
}

int main(void)	/*@1*/
{
	unsigned table[16] = { 0 };	/*@1*/
	unsigned short chain[64];
	unsigned s = 0;	/*@1*/

	for (int i = 0; i < 256; i++)	/*@+*/
		text[i] = (unsigned char)(i * seed);	/*@256*/
	for (unsigned r = 0; r < 50; r++) {	/*@+*/
		alone(table, chain, r * 2);	/*@50*/
		s += crowded(table, chain, r * 3);	/*@50*/
		s += crowded(table, chain, r * 4 + 1);	/*@50*/
	}
	printf("%u %u\n", s, chain[5] + chain[9]);	/*@1*/
	return 0;	/*@1*/
}
