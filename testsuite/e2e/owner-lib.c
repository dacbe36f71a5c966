/* owner-lib.c -- an instrumented shared library (-fPIC) that the program
 * is linked with: the thread that registers it (the main thread) counts
 * in the owner's copy, every other thread in its own (e2e-owner.sh,
 * driven by owner-main.c). */
long ow_call(long i);
long ow_leaf(long i);

/* A leaf, not inlined: its own entry, from the program and from ow_call. */
__attribute__((noinline)) long ow_leaf(long i)	/*@827*/
{
	return i & 1;	/*@827*/
}

long ow_call(long i)	/*@825*/
{
	if (ow_leaf(i))	/*@+*/
		return i;	/*@412*/
	return -i;	/*@413*/
}
