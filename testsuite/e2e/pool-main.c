/* pool-main.c -- calls pl_step() of pool-lib.c 2000000 times from 8
 * threads at once: POSIX threads, or an OpenMP team when compiled with
 * -fopenmp (e2e-pool.sh).  Not instrumented. */
#include <pthread.h>
#include <stdio.h>

#define THREADS 8
#define CALLS 250000

long pl_step(long i);

static volatile long sink;

#ifdef _OPENMP
int main(void)
{
	long total = 0;

#pragma omp parallel for num_threads(THREADS) schedule(static) reduction(+:total)
	for (long i = 0; i < (long)THREADS * CALLS; i++)
		total += pl_step(i);
	sink = total;
	return 0;
}
#else
/* Released all at once, so that the threads run pl_step() together. */
static pthread_barrier_t start;

static void *worker(void *arg)
{
	long base = (long)arg * CALLS, total = 0;

	pthread_barrier_wait(&start);
	for (long i = base; i < base + CALLS; i++)
		total += pl_step(i);
	sink = total;
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];
	long k;

	pthread_barrier_init(&start, NULL, THREADS);
	for (k = 0; k < THREADS; k++)
		if (pthread_create(&t[k], NULL, worker, (void *)k)) {
			perror("pthread_create");
			return 1;
		}
	for (k = 0; k < THREADS; k++)
		pthread_join(t[k], NULL);
	return 0;
}
#endif
