/* demo.c -- the program "make demo" measures.
 *
 * Counts the primes up to a limit (100, or the first argument) with a
 * sieve, and how many of them are sums of two squares.  Its loops run a
 * hundred times, one branch is taken only now and then, and the checks
 * for bad input and for lack of memory never fire in the demo's run: its
 * coverage report shows all three.
 */
#include <stdio.h>
#include <stdlib.h>

/* Marks the composite numbers up to @n in @composite; returns how many
 * primes there are. */
static int sieve(char *composite, int n)
{
	int count = 0;

	for (int i = 2; i <= n; i++) {
		if (composite[i])
			continue;
		count++;
		for (long j = (long)i * i; j <= n; j += i)
			composite[j] = 1;
	}
	return count;
}

/* Fermat: an odd prime is a sum of two squares exactly when it is 1 mod 4. */
static const char *kind(int p)
{
	if (p == 2)
		return "even";
	return p % 4 == 1 ? "sum of two squares" : "not a sum of two squares";
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 100;
	int squares = 0;
	char *composite;

	if (n < 2 || n > 10000000) {
		fprintf(stderr, "demo: the limit must be 2 to 10000000\n");
		return 2;
	}
	composite = calloc((size_t)n + 1, 1);
	if (!composite) {
		perror("demo");
		return 1;
	}
	printf("%d primes up to %ld\n", sieve(composite, (int)n), n);
	for (int p = 2; p <= n; p++)
		if (!composite[p] && kind(p)[0] == 's')
			squares++;
	printf("%d of them are sums of two squares\n", squares);
	free(composite);
	return 0;
}
