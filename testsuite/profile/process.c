/* process.c -- a process that ends in exec (mode "exec"), or exits with a
 * thread still running (mode "thread"): the profile is written all the
 * same, and says what it could not hold. */
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <unistd.h>

static volatile int spinning;

int work(int n) { return n + 1; }

void *spin(void *arg)
{
	spinning = 1;
	for (;;)
		pause();
	return arg;
}

int main(int argc, char **argv)
{
	pthread_t t;

	work(1);
	work(2);
	if (argc > 1 && !strcmp(argv[1], "exec"))
		execl("/bin/true", "true", (char *)0);
	if (argc > 1 && !strcmp(argv[1], "thread")) {
		pthread_create(&t, NULL, spin, NULL);
		while (!spinning)	/* inside spin(), a profiled function */
			sched_yield();
	}
	return work(3) == 4 ? 0 : 1;
}
