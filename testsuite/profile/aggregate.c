/* aggregate.c -- calls whose times differ from call to call, for the
 * aggregate the hooks keep per call (profile-aggregate.sh): a leaf of
 * varying length called from several places, recursion (outermost and
 * inner activations), a static function GCC inlines at -O2, a call
 * site that runs once. */
#include <stdio.h>

static volatile unsigned long sink;

__attribute__((noinline)) void spin(unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		sink += i;
}

__attribute__((noinline)) unsigned fact(unsigned n)
{
	spin(100 * n);
	return n <= 1 ? 1 : n * fact(n - 1);
}

static void twice(unsigned n)
{
	spin(n);
	spin(2 * n);
}

__attribute__((noinline)) void work(unsigned k)
{
	twice(50 * k);
	if (k % 3 == 0)
		sink += fact(k % 7 + 2);
}

int main(void)
{
	for (unsigned i = 1; i <= 300; i++) {
		work(i % 17 + 1);
		if (i % 5 == 0)
			spin(i * 10);
	}
	spin(7);
	printf("%lu\n", (unsigned long)sink);
	return 0;
}
