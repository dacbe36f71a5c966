/* loops.c -- loops with known trip counts, break and continue. */
#include <stdio.h>

static int sum_for(int n)	/*@3*/
{
	int s = 0;	/*@3*/
	for (int i = 0; i < n; i++)	/*@+*/
		s += i;	/*@30*/
	return s;	/*@3*/
}

static int sum_while(int n)	/*@1*/
{
	int s = 0;	/*@1*/
	while (n > 0) {	/*@+*/
		s += n;	/*@7*/
		n--;	/*@7*/
	}
	return s;	/*@1*/
}

static int count_do(int n)	/*@2*/
{
	int k = 0;	/*@2*/
	do {
		k++;	/*@6*/
	} while (k < n);	/*@6*/
	return k;	/*@2*/
}

static int nested(int n, int m)	/*@1*/
{
	int s = 0;	/*@1*/
	for (int i = 0; i < n; i++)	/*@+*/
		for (int j = 0; j < m; j++)	/*@+*/
			s++;	/*@24*/
	return s;	/*@1*/
}

static int skip_odd(int n)	/*@1*/
{
	int s = 0;	/*@1*/
	for (int i = 0; i < n; i++) {	/*@+*/
		if (i & 1)	/*@+*/
			continue;	/*@4*/
		if (i > 6)	/*@5*/
			break;	/*@1*/
		s += i;	/*@4*/
	}
	return s;	/*@1*/
}

int main(void)	/*@1*/
{
	int t = 0;	/*@1*/
	for (int r = 0; r < 3; r++)	/*@+*/
		t += sum_for(10);	/*@3*/
	t += sum_while(7);	/*@1*/
	t += count_do(1);	/*@1*/
	t += count_do(5);	/*@1*/
	t += nested(4, 6);	/*@1*/
	t += skip_odd(20);	/*@1*/
	printf("%d\n", t);	/*@1*/
	return 0;	/*@1*/
}
