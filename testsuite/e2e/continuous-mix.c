/* continuous-mix.c -- continuous mode through threads, fork and dlclose.
 *
 * Usage: continuous-mix LIB N
 * Loads LIB (continuous-unit.c built with the plugin) and runs N units
 * of its unit() in each of: the main thread, two threads at once, a
 * forked child that ends in _exit() (its live file is folded by a later
 * run), and after a dlclose() and a second dlopen(); 5 N units in all.
 * Built without the plugin.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void (*unit)(unsigned long);
static unsigned long n;

static void *work(void *arg)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		unit(i);
	return arg;
}

static void *load(const char *lib)
{
	void *h = dlopen(lib, RTLD_NOW);

	if (!h || !(*(void **)&unit = dlsym(h, "unit"))) {
		fprintf(stderr, "%s\n", dlerror());
		exit(2);
	}
	return h;
}

int main(int argc, char **argv)
{
	pthread_t t[2];
	void *h;
	pid_t pid;
	int st, i;

	if (argc != 3)
		return 2;
	n = strtoul(argv[2], NULL, 10);
	h = load(argv[1]);
	work(NULL);
	for (i = 0; i < 2; i++)
		if (pthread_create(&t[i], NULL, work, NULL))
			return 2;
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	pid = fork();
	if (pid < 0)
		return 2;
	if (!pid) {
		work(NULL);
		_exit(0);
	}
	if (waitpid(pid, &st, 0) != pid || st)
		return 2;
	dlclose(h);
	h = load(argv[1]);
	work(NULL);
	dlclose(h);
	return 0;
}
