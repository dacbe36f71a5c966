/* threads-dl.c -- dlopen()s threads-lib.so, runs its loop 100000 times in
 * each of 4 threads at once and 10 times in a fifth, which is still alive
 * when the library is unloaded and exits after: the library's .da,
 * written by dlclose(), reads 400010, and the late thread exit touches
 * nothing of the unloaded library. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long (*tl_work)(long n);
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int stage;

static void reach(int s)
{
	pthread_mutex_lock(&lock);
	stage = s;
	pthread_cond_broadcast(&changed);
	pthread_mutex_unlock(&lock);
}

static void wait_for(int s)
{
	pthread_mutex_lock(&lock);
	while (stage < s)
		pthread_cond_wait(&changed, &lock);
	pthread_mutex_unlock(&lock);
}

static void *busy(void *arg)
{
	tl_work(100000);
	return arg;
}

static void *late(void *arg)
{
	tl_work(10);
	reach(1);
	wait_for(2);
	return arg;
}

int main(void)
{
	void *h = dlopen("./threads-lib.so", RTLD_NOW);
	pthread_t t[4], l;
	int i;

	if (!h) {
		fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	*(void **)&tl_work = dlsym(h, "tl_work");
	if (!tl_work || pthread_create(&l, NULL, late, NULL))
		return 1;
	for (i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, busy, NULL))
			return 1;
	for (i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	wait_for(1);
	dlclose(h);
	reach(2);
	pthread_join(l, NULL);
	return 0;
}
