/* runs.cc -- inlined helpers whose entry increments form straight runs
 * of several counters (plugin/merge-increments.cc, plugin/runs.cc): in
 * chain(), its own entry counter, twice()'s twice, plus()'s and mix()'s
 * in one stretch; in side(), a run on each arm of a branch.  Four threads
 * run the work one after the other, each in its own thread. */
#include <cstdio>
#include <pthread.h>

static volatile int knob = 25;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* Public: each inlined copy keeps its entry increment. */
int twice(int v)	/*@248*/
{
	return v * 2;	/*@248*/
}

int plus(int v)	/*@200*/
{
	return v + 7;	/*@200*/
}

int mix(int a, int b)	/*@152*/
{
	return a ^ b;	/*@152*/
}

__attribute__((noinline)) int chain(int v)	/*@100*/
{
	return mix(twice(v), plus(v)) + twice(v + 1);	/*@100*/
}

__attribute__((noinline)) int side(int v)	/*@100*/
{
	if (v & 1)	/*@100*/
		return plus(v) ^ twice(v);	/*@48*/
	return mix(v, plus(v));	/*@52*/
}

static long total;

static void *work(void *)	/*@4*/
{
	long s = 0;	/*@4*/

	pthread_mutex_lock(&lock);	/*@4*/
	for (int i = 0; i < knob; i++)	/*@+*/
		s += chain(i) + side(i);	/*@100*/
	total += s;	/*@4*/
	pthread_mutex_unlock(&lock);	/*@4*/
	return nullptr;	/*@4*/
}

int main()	/*@1*/
{
	pthread_t t[4];

	for (int i = 0; i < 4; i++)	/*@+*/
		pthread_create(&t[i], nullptr, work, nullptr);	/*@4*/
	for (int i = 0; i < 4; i++)	/*@+*/
		pthread_join(t[i], nullptr);	/*@4*/
	std::printf("%ld\n", total);	/*@1*/
	return 0;	/*@1*/
}
