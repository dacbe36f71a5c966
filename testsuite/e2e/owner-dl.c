/* owner-dl.c -- an instrumented shared library (-fpic) that a thread other
 * than the main one loads with dlopen(), and so owns (e2e-owner.sh,
 * owner-main.c). */
long ow_dl(long i);

long ow_dl(long i)	/*@30*/
{
	return i * 3;	/*@30*/
}
