/* prog.c -- the differential coverage test's program, second version:
 * its diff from the first (prog-v1.c) and the two runs ("./prog 1", then
 * "./prog 0") put lines in every category of lcov 2.  kept(): CBC, its
 * "return -1" UBC; lost(): "return x + 1" LBC, "return 0" GBC; gone()
 * deleted: DCB, its "return -x" DUB; excl() now excluded: ECB, its
 * "return 7" EUB; included() no longer #if 0: GIC, its "return 5" UIC;
 * fresh() new: GNC, its "return 50" UNC; main's new printf GNC, the old
 * one DCB. */
#include <stdio.h>
#include <stdlib.h>

static int kept(int x)
{
	if (x > 100)
		return -1;
	return x * 2;
}

static int lost(int x)
{
	if (x > 0)
		return x + 1;
	return 0;
}

/* LCOV_EXCL_START */
static int excl(int x)
{
	if (x == 7)
		return 7;
	return 0;
}
/* LCOV_EXCL_STOP */

static int included(int x)
{
	if (x == 5)
		return 5;
	return 1;
}

static int fresh(int x)
{
	if (x > 50)
		return 50;
	return x;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;

	printf("%d %d %d %d %d\n", kept(n), lost(n), excl(n), included(n),
	       fresh(n));
	return 0;
}
