/* threads-lib.c -- an instrumented shared library that threads call
 * (e2e-perthread.sh, loaded by threads-dl.c). */
long tl_work(long n);

long tl_work(long n)
{
	static volatile long sink;

	for (long i = 0; i < n; i++)
		sink += i;	/* WORK */
	return sink;
}
