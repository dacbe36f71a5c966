/* limits.c -- many calls, some through a file built without the profile:
 * the timeline limit, filter/exclude and the guest rules. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int hot(int x);		/* hot.c, left out by exclude= */

int cold(int x) { return x + 1; }

int leaf(int x) { return x ^ 1; }

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000, i;
	int s = 0;

	errno = 42;
	s += cold(1);
	if (errno != 42)
		return 3;
	for (i = 0; i < n; i++)
		s += leaf((int)i);
	s += hot(2);
	printf("%d\n", s & 1);
	return errno == 42 ? 0 : 4;
}
