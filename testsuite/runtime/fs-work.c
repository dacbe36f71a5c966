/* fs-work.c -- instrumented with -fplugin-arg-arcov-freestanding for
 * freestanding.sh: what fs-driver.c runs before it streams the counts. */
unsigned fs_work(unsigned n);

static unsigned twice(unsigned x)	/*@6*/
{
	return 2 * x;	/*@6*/
}

unsigned fs_work(unsigned n)	/*@2*/
{
	unsigned i, s = 0;	/*@2*/

	for (i = 0; i < n; i++)	/*@+*/
		if (i % 3)	/*@10*/
			s += twice(i);	/*@6*/
		else
			s++;	/*@4*/
	return s;	/*@2*/
}
