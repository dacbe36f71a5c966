/* tlsdesc-dl.c -- an instrumented shared library (-fpic) that the program
 * loads with dlopen(): its per-thread counters in dynamic TLS, which each
 * thread's first access allocates (e2e-tlsdesc.sh).  Each thread's first
 * instrumented call is td_first(), whose argument is live in a vector
 * register across its descriptor call: glibc before 2.40 clobbers it on
 * that first access (malloc) and needs the stack aligned, which
 * td_first()'s frame is (its descriptor call made bare), and a leaf's,
 * td_scale()'s, is not (the call aligns it). */
double td_scale(double x, double y);
double td_first(double x);
long td_dl(long n);

__attribute__((noinline)) double td_scale(double x, double y)	/*@90*/
{
	if (x > y)	/*@90*/
		return x * y + 0.25;	/*@45*/
	return y - x;	/*@45*/
}

double td_first(double x)	/*@9*/
{
	return td_scale(x, 0.5) + x;	/*@9*/
}

long td_dl(long n)	/*@9*/
{
	long s = 0;	/*@9*/

	for (long i = 0; i < n; i++)	/*@+*/
		s += i;	/*@900*/
	return s;	/*@9*/
}
