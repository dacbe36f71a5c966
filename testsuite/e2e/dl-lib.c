/* dl-lib.c -- an instrumented shared library, loaded with dlopen(). */
int dl_square_sum(int n);

int dl_square_sum(int n)	/*@2*/
{
	int s = 0;	/*@2*/
	for (int i = 1; i <= n; i++)	/*@+*/
		s += i * i;	/*@7*/
	return s;	/*@2*/
}
