/* lines.c -- which blocks list which lines (doc/notes-format.md §4,
 * "Lines" and "Fall-through flag"): every line with code is marked with
 * what it executed.  e2e-lines.sh also reads gcov 3.3's view
 * (arcov --legacy=3.3 -b), where plus1() and main() are straight-line code
 * and must show no branch. */
#include <stdio.h>

static int plus1(int x)	/*@1*/
{
	return x + 1;	/*@+*/
}

int main(void)	/*@1*/
{
	int t = plus1(3);	/*@1*/
	printf("%d\n", t);	/*@1*/
	return 0;	/*@1*/
}
