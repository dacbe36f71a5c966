/* arms.cc -- branches whose arms hold nothing but their counters once
 * optimized: phiopt makes "r = x > 0" of sign() and a value of
 * is_hex()'s last test in the plain build, and the plugin moves such an
 * arm's counters into its test (early-increments.cc); the counts must
 * stay exact whether the branch then goes (the counter adds the test's
 * value) or stays (scale()'s, whose other arm calls: the increment goes
 * back on the edge; is_x()'s, whose last test phiopt makes the value
 * returned: the counters add that value).  Built at -O2 and -O3 by
 * e2e-arms.sh, whose every block and arc count must be the -O0 build's. */
#include <cstdio>

__attribute__((noinline)) static int sign(int x)	/*@7*/
{
	int r;
	if (x > 0)	/*@7*/
		r = 1;	/*@3*/
	else
		r = 0;	/*@4*/
	return r;	/*@7*/
}

__attribute__((noinline)) static int is_hex(const char *p)	/*@5*/
{
	if (!p || *p != '0')	/*@+*/
		return 0;	/*@2*/
	if (p[1] == 'x' || p[1] == 'X')	/*@+*/
		return 1;	/*@2*/
	return 0;	/*@1*/
}

__attribute__((noinline)) static bool is_x(const char *p)	/*@4*/
{
	return p[0] == '0' && (p[1] == 'x' || p[1] == 'X');	/*@+*/
}

__attribute__((noinline)) static int twice(int x)	/*@2*/
{
	return 2 * x;	/*@2*/
}

__attribute__((noinline)) static int scale(int x)	/*@7*/
{
	int r;
	if (x > 4)	/*@7*/
		r = twice(x);	/*@2*/
	else
		r = 0;	/*@5*/
	return r;	/*@7*/
}

int main(int argc, char **argv)	/*@1*/
{
	static const char *const words[] = { "0x1f", "0X2", "01", "a", 0 };
	int i, s = 0, h = 0;	/*@1*/

	(void)argv;
	for (i = -3; i < 4; i++)	/*@+*/
		s += sign(i + argc - 1) + scale(i + 3);	/*@7*/
	for (i = 0; i < 5; i++)	/*@+*/
		h += is_hex(words[i]) + (words[i] && is_x(words[i]));	/*@+*/
	printf("%d %d\n", s, h);	/*@1*/
	return 0;	/*@1*/
}
