/* threads.c -- four threads hammer one loop; with the plugin's atomic
 * option every increment must be counted. */
#include <pthread.h>
#include <stdio.h>

#define THREADS 4
#ifndef ITERS	/* e2e-pthread.sh: 2000000 */
#define ITERS 200000
#endif

static void *spin(void *arg)	/*@4*/
{
	volatile long *sink = arg;	/*@4*/
	for (long i = 0; i < ITERS; i++)	/*@+*/
		*sink += i & 1;	/*@800000*/
	return NULL;	/*@4*/
}

int main(void)	/*@1*/
{
	pthread_t t[THREADS];
	volatile long sinks[THREADS] = { 0 };	/*@1*/
	for (int i = 0; i < THREADS; i++)	/*@+*/
		pthread_create(&t[i], NULL, spin, (void *)&sinks[i]);	/*@4*/
	for (int i = 0; i < THREADS; i++)	/*@+*/
		pthread_join(t[i], NULL);	/*@4*/
	printf("%ld\n", sinks[0] + sinks[1] + sinks[2] + sinks[3]);	/*@1*/
	return 0;	/*@1*/
}
