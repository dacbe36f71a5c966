/* prog.c -- the differential coverage test's program, first version
 * (prog-v2.c says what becomes of each line). */
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

static int gone(int x)
{
	if (x < 0)
		return -x;
	return x;
}

static int excl(int x)
{
	if (x == 7)
		return 7;
	return 0;
}

#if 0
static int included(int x)
{
	if (x == 5)
		return 5;
	return 1;
}
#endif

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;

	printf("%d %d %d %d\n", kept(n), lost(n), gone(n), excl(n));
	return 0;
}
