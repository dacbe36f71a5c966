/* branches.c -- if/else, switch with fall-through, goto, early returns,
 * short-circuit conditions. */
#include <stdio.h>

static int classify(int x)	/*@5*/
{
	if (x < 0)	/*@5*/
		return -1;	/*@2*/
	if (x == 0)	/*@3*/
		return 0;	/*@1*/
	return 1;	/*@2*/
}

static int sw(int x)	/*@5*/
{
	int r = 0;	/*@5*/
	switch (x) {	/*@5*/
	case 0:	/*@1*/
		r += 1;	/*@1*/
		/* fall through */
	case 1:	/*@2*/
		r += 10;	/*@2*/
		break;	/*@2*/
	case 2:	/*@1*/
		r += 100;	/*@1*/
		break;	/*@1*/
	default:	/*@2*/
		r = -1;	/*@2*/
	}
	return r;	/*@5*/
}

static int find(const int *a, int n, int want)	/*@2*/
{
	int i;
	for (i = 0; i < n; i++)	/*@+*/
		if (a[i] == want)	/*@7*/
			goto found;	/*@1*/
	return -1;	/*@1*/
found:	/*@1*/
	return i;	/*@1*/
}

static int both(int a, int b)	/*@4*/
{
	if (a > 0 && b > 0)	/*@+*/
		return 1;	/*@1*/
	if (a > 0 || b > 0)	/*@+*/
		return 2;	/*@2*/
	return 3;	/*@1*/
}

int main(int argc, char **argv)	/*@1*/
{
	static const int a[] = { 5, 3, 9, 1 };
	int t = 0;	/*@1*/
	(void)argv;
	for (int x = -2; x <= 2; x++)	/*@+*/
		t += classify(x);	/*@5*/
	for (int x = 0; x < 5; x++)	/*@+*/
		t += sw(x);	/*@5*/
	t += find(a, 4, 9) + find(a, 4, 7);	/*@1*/
	t += both(1, 1) + both(1, 0) + both(0, 0) + both(0, argc);	/*@1*/
	printf("%d\n", t);	/*@1*/
	return 0;	/*@1*/
}
