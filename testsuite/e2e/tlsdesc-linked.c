/* tlsdesc-linked.c -- an instrumented shared library (-fPIC) that the
 * program is linked with: its per-thread counters in static TLS, reached
 * by the plugin's TLS descriptor calls (e2e-tlsdesc.sh). */
long td_linked(long n);

long td_odd(long i);

/* A leaf, not inlined: its descriptor call is made with the stack as the
 * caller left it. */
__attribute__((noinline)) long td_odd(long i)	/*@9000*/
{
	return i & 1;	/*@9000*/
}

long td_linked(long n)	/*@91*/
{
	long s = 0;	/*@91*/

	for (long i = 0; i < n; i++)	/*@+*/
		if (td_odd(i))	/*@+*/
			s += i;	/*@4500*/
		else
			s -= 1;	/*@4500*/
	return s;	/*@91*/
}
