/* inline.c -- static functions called from two sites, which plain -O2
 * inlines into both (GCC 12's inliners), and so should the
 * instrumented build. */
#include <stdio.h>

static int square(int x)	/*@5*/
{
	if (x > 3)	/*@5*/
		return x * x;	/*@3*/
	return x + 1;	/*@2*/
}

static int weigh(const int *p, int n)	/*@2*/
{
	int s = 0;	/*@2*/
	for (int i = 0; i < n; i++)	/*@+*/
		if (p[i] > 0)	/*@7*/
			s += square(p[i]);	/*@5*/
	return s;	/*@2*/
}

int total(const int *p, int n)	/*@1*/
{
	return weigh(p, n) + weigh(p, n / 2);	/*@1*/
}

int main(void)	/*@1*/
{
	int a[5] = { 1, 5, -2, 7, 0 };	/*@1*/

	printf("%d\n", total(a, 5));	/*@1*/
	return 0;	/*@1*/
}
