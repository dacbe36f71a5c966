/* sample.c -- the program gcov12-compare.sh builds twice (GCC's own
 * coverage and the arcov plugin) to compare gcov 12 with arcov. */
#include <stdio.h>

static int classify(int v)
{
	if (v < 0)
		return -1;
	else if (v == 0)
		return 0;
	return 1;
}

static int sum_to(int n)
{
	int i, s = 0;

	for (i = 0; i < n; i++) s += i;
	return s;
}

int main(void)
{
	int i, total = 0;

	for (i = -2; i < 5; i++) {
		switch (classify(i)) {
		case -1:
			total -= 1;
			break;
		case 0:
			total += sum_to(10);
			break;
		default:
			total += i;
		}
	}
	printf("%d\n", total);
	return 0;
}
