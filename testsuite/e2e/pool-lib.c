/* pool-lib.c -- a library compiled without -pthread and called from
 * threads it did not create (e2e-pool.sh): pool-main.c runs pl_step()
 * from 8 threads, 8 x 250000 calls in all.  Every line is marked with
 * its exact count. */
long pl_step(long i);

long pl_step(long i)	/*@2000000*/
{
	if (i % 4 == 0)		/*@2000000*/
		return i / 4;	/*@500000*/
	return i + 1;		/*@1500000*/
}
