/* tlsdesc-dl.c -- an instrumented shared library (-fpic) that the program
 * loads with dlopen(): its per-thread counters in dynamic TLS, which each
 * thread's first access allocates (e2e-tlsdesc.sh).  Each thread's first
 * instrumented call is td_scale(), a leaf whose arguments are live in
 * vector registers across its descriptor call: glibc before 2.40
 * clobbers them on that first access (malloc) and needs the stack
 * aligned. */
double td_scale(double x, double y);
long td_dl(long n);

double td_scale(double x, double y)	/*@90*/
{
	if (x > y)	/*@90*/
		return x * y + 0.25;	/*@45*/
	return y - x;	/*@45*/
}

long td_dl(long n)	/*@9*/
{
	long s = 0;	/*@9*/

	for (long i = 0; i < n; i++)	/*@+*/
		s += i;	/*@900*/
	return s;	/*@9*/
}
