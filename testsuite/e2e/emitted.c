/* emitted.c -- functions GCC emits as a clone, inlines into every caller
 * or drops after the plugin instrumented them (plugin/emitted.cc).  At
 * -O2 scale() is emitted as scale.constprop.0 and listed as scale;
 * once() and pick() are inlined into main and not listed, their lines
 * counted; dropped(), which pick() calls only for an argument main never
 * passes, goes once pick() is inlined, and neither it nor its lines are
 * reported. */
#include <stdio.h>

__attribute__((noinline)) static int scale(const int *p, int n, int k)	/*@2*/
{
	int s = 0;	/*@2*/
	for (int i = 0; i < n; i++)	/*@+*/
		s += p[i] * k;	/*@7*/
	return s;	/*@2*/
}

static int once(int x)	/*@5*/
{
	if (x > 2)	/*@5*/
		return x * 2;	/*@2*/
	return x + 1;	/*@3*/
}

__attribute__((noinline)) static int dropped(int x)	/*@0*/
{
	return x - 1;	/*@0*/
}

static int pick(int x)	/*@1*/
{
	return x > 100 ? dropped(x) : x;	/*@+*/
}

int main(int argc, char **argv)	/*@1*/
{
	int a[4] = { argc, 2, 3, 4 };	/*@1*/
	int t = scale(a, 4, 3) + scale(a + 1, 3, 3) + pick(7);	/*@1*/

	for (int i = 0; i < argc * 5; i++)	/*@+*/
		t += once(i);	/*@5*/
	printf("%d\n", t);	/*@1*/
	(void)argv;
	return 0;	/*@1*/
}
