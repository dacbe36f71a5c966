/* calltree.c -- a call tree whose costs can be worked out by hand:
 * repeated calls from two sites, a shared leaf, direct recursion (fact)
 * and mutual recursion (up and down).  The marks give each line's count;
 * export-callgraph.sh states the inclusive costs they lead to.
 */
#include <stdio.h>

static int leaf(int x)	/*@7*/
{
	return x + 1;	/*@7*/
}

static int twice(int x)	/*@3*/
{
	return leaf(leaf(x));	/*@3*/
}

static int fact(int n)	/*@5*/
{
	if (n <= 1)	/*@5*/
		return 1;	/*@1*/
	return n * fact(n - 1);	/*@4*/
}

static int down(int n);

static int up(int n)	/*@3*/
{
	if (n == 0)	/*@3*/
		return leaf(0);	/*@1*/
	return down(n - 1);	/*@2*/
}

static int down(int n)	/*@2*/
{
	if (n == 0)	/*@2*/
		return 0;	/*@0*/
	return up(n - 1);	/*@2*/
}

int main(void)	/*@1*/
{
	int s = twice(1) + twice(2);	/*@1*/

	s += twice(3);	/*@1*/
	s += fact(5);	/*@1*/
	s += up(4);	/*@1*/
	printf("%d\n", s);	/*@1*/
	return 0;	/*@1*/
}
