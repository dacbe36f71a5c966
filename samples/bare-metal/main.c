/* main.c -- a bare-metal program counted by arcov: no file system, so
 * when main() has returned, the start code (start.c) sends the counters
 * as a stream of "arcov:" hex lines over semihosting, which
 * "arcov-merge --from-stream" turns into main.da on the host.  Each "@N"
 * mark is the count arcov reports for its line (the e2e test
 * testsuite/cross/bare-metal.sh holds it to them). */
#include "semihost.h"

static unsigned collatz(unsigned n)	/*@3*/
{
	unsigned steps = 0;	/*@3*/

	while (n != 1) {	/*@+*/
		if (n % 2)	/*@28*/
			n = 3 * n + 1;	/*@8*/
		else
			n /= 2;	/*@20*/
		steps++;	/*@28*/
	}
	return steps;	/*@3*/
}

int main(void)	/*@1*/
{
	unsigned total = 0, n;	/*@1*/

	for (n = 3; n <= 7; n += 2)	/*@+*/
		total += collatz(n);	/*@3*/
	if (total != 7 + 5 + 16)	/*@1*/
		semihost_write0("wrong\n");	/*@0*/
	return 0;	/*@1*/
}
