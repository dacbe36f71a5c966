/* counter.c -- the library of the build-system test project: a shared
 * library, in a subdirectory of lib/.  The marks are the counts
 * src/app/main.c makes. */
#include "counter.h"

int counter_sign(int x)	/*@5*/
{
	if (x < 0)	/*@5*/
		return -1;	/*@1*/
	if (x == 0)	/*@4*/
		return 0;	/*@2*/
	return 1;	/*@2*/
}

int counter_sum(const int *v, int n)	/*@1*/
{
	int sum = 0;	/*@1*/

	for (int i = 0; i < n; i++)	/*@+*/
		sum += counter_sign(v[i]);	/*@5*/
	return sum;	/*@1*/
}
