/* tlsdesc-main.c -- runs threads in two instrumented shared libraries,
 * one linked (tlsdesc-linked.c) and one it loads with dlopen()
 * (tlsdesc-dl.c), and checks what they compute: a register clobbered or
 * a stack misaligned by a descriptor call shows as a wrong result or a
 * fault (e2e-tlsdesc.sh).  Not instrumented. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 8

long td_linked(long n);

static double (*scale)(double, double);
static double (*first)(double);
static long (*dl)(long);
static int bad;

static void *run(void *arg)
{
	long id = (long)arg;
	double d = first(id + 1.5);	/* the first access */
	long s;

	if (d != (id + 1.5) * 0.5 + 0.25 + (id + 1.5))
		bad = 1;
	for (int i = 0; i < 9; i++)
		if (scale(i, 4.0) != (i > 4 ? i * 4.0 + 0.25 : 4.0 - i))
			bad = 1;
	s = dl(100);
	if (s != 4950)
		bad = 1;
	for (int i = 0; i < 10; i++)
		if (td_linked(100) != 2450)
			bad = 1;
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[NTHREADS];
	void *h;

	h = dlopen(argc > 1 ? argv[1] : "./tlsdesc-dl.so", RTLD_NOW);
	if (!h) {
		fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	*(void **)&scale = dlsym(h, "td_scale");
	*(void **)&dl = dlsym(h, "td_dl");
	*(void **)&first = dlsym(h, "td_first");
	for (long i = 0; i < NTHREADS; i++)
		if (pthread_create(&t[i], NULL, run, (void *)i))
			return 1;
	for (long i = 0; i < NTHREADS; i++)
		pthread_join(t[i], NULL);
	run((void *)NTHREADS);
	if (td_linked(0) != 0)
		bad = 1;
	printf("%s\n", bad ? "wrong" : "ok");
	dlclose(h);
	return bad;
}
