/* loops.c -- loops with known trip counts; every count is exact. */
#include <stdio.h>
#include <stdlib.h>

static int classify(int v)
{
	switch (v % 4) {
	case 0:
		return 10;
	case 1:
	case 2:
		return 20;
	default:
		break;
	}
	return 30;
}

static int fact(int n)
{
	if (n <= 1)
		return 1;
	return n * fact(n - 1);
}

int main(void)
{
	int i, j, s = 0, k = 0;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 4; j++)
			s += i * j;
	do {
		k++;
	} while (k < 7);
	while (k > 0) {
		if (k == 2)
			break;
		k--;
		if (k & 1)
			continue;
		s++;
	}
	for (i = 0; i < 8; i++)
		s += classify(i);
	s += fact(5);
	printf("%d\n", s);
	for (i = 0; ; i++)
		if (i == 4)
			exit(0);
}
