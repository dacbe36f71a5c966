/* inline-size.c -- a static function of six short arms, called from two
 * sites: plain gcc -O2 inlines it into both (GCC 12's limits), and so
 * should the instrumented build, whose increments the inliners are not
 * to count (plugin/inline-size.cc). */
#include <stdio.h>

static int fee(int x, int y)	/*@10*/
{
	if (x < 7)	/*@10*/
		return y + (x ^ 1);	/*@4*/
	if (x < 14)	/*@6*/
		return y * 2 + (x ^ 2);	/*@0*/
	if (x < 21)	/*@6*/
		return y * 3 + (x ^ 3);	/*@0*/
	if (x < 28)	/*@6*/
		return y * 4 + (x ^ 4);	/*@1*/
	if (x < 35)	/*@5*/
		return y * 5 + (x ^ 5);	/*@0*/
	if (x < 42)	/*@5*/
		return y * 6 + (x ^ 6);	/*@0*/
	return y;	/*@5*/
}

int sum(const int *p, int n)	/*@1*/
{
	int s = 0;	/*@1*/

	for (int i = 0; i < n; i++)	/*@+*/
		s += fee(p[i], i) * fee(p[i] / 2, n);	/*@5*/
	return s;	/*@1*/
}

int main(void)	/*@1*/
{
	int a[5] = { -4, 5, 50, 500, 5000 };	/*@1*/

	printf("%d\n", sum(a, 5));	/*@1*/
	return 0;	/*@1*/
}
