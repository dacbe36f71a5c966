/* merge.c -- a one-block helper inlined three times into one block of its
 * caller: its entry counter is incremented three times in a row there,
 * which plugin/merge-increments.cc makes one add of 3, but not across a
 * call or a load that may trap. */
#include <stdio.h>

/* A char field: GCC's type-based alias analysis cannot tell a char
 * access from one to a counter. */
struct cell {
	long y;
	char *name;
	char tag;
};

static volatile int knob = 10;

/* Public: its entry count cannot be derived from its callers'
 * (doc/notes-format.md §4), so each inlined copy keeps an increment. */
int scale(int v)	/*@40*/
{
	return v * 3 + 1;	/*@40*/
}

char peek(const struct cell *c)	/*@20*/
{
	return c->tag;	/*@20*/
}

__attribute__((noinline)) int weigh(int v)	/*@10*/
{
	return scale(v) ^ scale(v + 1) ^ scale(v + 2);	/*@10*/
}

/* A call between the copies may not return: never merged across. */
__attribute__((noinline)) static int twice(int v)	/*@10*/
{
	int a = scale(v);	/*@10*/

	putchar('.');	/*@10*/
	return a + v;	/*@10*/
}

/* peek()'s two copies, with a load that may trap in each. */
__attribute__((noinline)) int fields(const struct cell *c)	/*@10*/
{
	return peek(c) * 7 + peek(c);	/*@10*/
}

int main(void)	/*@1*/
{
	struct cell c = { 1, "c", 2 };	/*@1*/
	long s = 0;	/*@1*/

	for (int i = 0; i < knob; i++) {	/*@+*/
		c.tag = (char)i;	/*@10*/
		s += weigh(i) + twice(i) + fields(&c);	/*@10*/
	}
	printf("\n%ld\n", s);	/*@1*/
	return 0;	/*@1*/
}
