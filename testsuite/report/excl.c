/* excl.c -- the program report-exclude.sh builds with the plugin: code
 * that never runs, every kind of exclusion marker taking parts of it out. */
#include <stdio.h>
#include <stdlib.h>

static int check(int v)
{
	if (v < 0) {	/* LCOV_EXCL_BR_LINE */
		fprintf(stderr, "negative\n");	/* LCOV_EXCL_LINE */
		exit(1);	/* GCOVR_EXCL_LINE */
	}
	return v * 2;
}

/* LCOV_EXCL_START */
static int spare(int v)
{
	if (v > 100)
		return 1;
	return 0;
}
/* LCOV_EXCL_STOP */

static int pick(int a, int b)
{
	if (a > b || a == 42)	/* ARCOV_EXCL_BR_LINE */
		return a;
	return b;
}

static int odd(int v)
{
	/* GCOVR_EXCL_BR_START */
	if (v & 1)
		return v > 7 ? 3 : 1;
	/* GCOVR_EXCL_BR_STOP */
	if (v == 99)
		return 5;
	if (v == 98)
		return 6;	/* ARCOV_EXCL_LINE */
	return 0;
}

static int never(int v)	/* ARCOV_EXCL_START */
{
	return v + 7;
}	/* ARCOV_EXCL_STOP */

int main(int argc, char **argv)
{
	int s = 0, i;

	for (i = 0; i < 3; i++)
		s += check(i) + pick(i, 1) + odd(i);
	if (argc > 5)	/* GCOVR_EXCL_START */
		s += never(argc) + spare(argc);
	/* GCOVR_EXCL_STOP */
	printf("%d\n", s);
	return 0;
}
