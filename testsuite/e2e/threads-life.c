/* threads-life.c -- the lives of threads that per-thread counting must
 * follow exactly (e2e-perthread.sh).  Every scenario runs work(N) in
 * known amounts, so the loop line marked WORK must read their sum:
 *
 *   exit      2 threads count 1000 each and stay blocked; main counts 10
 *             and calls exit(): 2010.
 *   dump      main counts 500; thread T counts 1000 and waits; thread H
 *             calls arcov_dump(); T counts 300 more and exits: 1800,
 *             written partly by H's dump and partly at exit.
 *   dumponly  the same, but the process ends in _exit() right after the
 *             dump, which alone wrote main's 500 and T's 1000: 1500.
 *   reset     the same with arcov_reset() in H and main counting 7 after
 *             it: T's 300 + 7 = 307.
 *   fork      T counts 1000 and waits; thread F counts 200 and forks; the
 *             child counts 30 (its parent's threads are not its own) and
 *             exits; F counts 4, T 5: 1239.
 *   reuse     5 threads one after the other, each counting 100 in the
 *             memory the last one left: 500.
 *   many      64 threads at once count 1000 each and exit while others
 *             still start: 64000.
 *   exec      T counts 1000 and waits; thread E counts 20 and execs
 *             /bin/true (through arcov_execl(), which dumps first): 1020.
 *   signal    a thread whose only counts are made by a signal handler
 *             (its first instrumented code) counts 50, then exits: 50.
 *
 * Only work(), bump(), run_true() and on_signal() are instrumented: a function that is running when
 * arcov_reset() discards its counts (main, a thread's body) would be
 * left with arcs counted after the reset and entries before it, a graph
 * no report can solve.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arcov.h"

#define NOCOV __attribute__((no_profile_instrument_function))

static volatile long sink;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int stage;

/* Called from work() only: it needs no entry check of its own (the
 * plugin leaves it out), as work()'s filed the thread's counters. */
__attribute__((noinline)) static void bump(long i)
{
	sink += i;	/* WORK */
}

static void work(long n)
{
	for (long i = 0; i < n; i++)
		bump(i);
}

NOCOV static void wait_for(int s)
{
	pthread_mutex_lock(&lock);
	while (stage < s)
		pthread_cond_wait(&changed, &lock);
	pthread_mutex_unlock(&lock);
}

NOCOV static void reach(int s)
{
	pthread_mutex_lock(&lock);
	if (stage < s)
		stage = s;
	pthread_cond_broadcast(&changed);
	pthread_mutex_unlock(&lock);
}

/* exit: count, say so, and stay blocked until the process ends. */
NOCOV static void *count_and_block(void *arg)
{
	static int done;

	work(1000);
	pthread_mutex_lock(&lock);
	done++;
	pthread_mutex_unlock(&lock);
	reach(done);
	wait_for(1000);
	return arg;
}

/* dump, reset, fork: T. */
NOCOV static void *counter(void *arg)
{
	work(1000);
	reach(1);
	wait_for(3);
	work(*(long *)arg);
	return NULL;
}

NOCOV static void *dumper(void *arg)
{
	if (arg)
		arcov_reset();
	else
		arcov_dump();
	return NULL;
}

NOCOV static void *forker(void *arg)
{
	pid_t pid;
	int status;

	work(200);
	pid = fork();
	if (pid == 0) {
		work(30);
		exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status))
		exit(3);
	work(4);
	return arg;
}

NOCOV static void *count_100(void *arg)
{
	work(100);
	return arg;
}

NOCOV static void *count_1000(void *arg)
{
	work(1000);
	return arg;
}

/* exec: instrumented, so that the plugin redirects the call. */
static void run_true(void)
{
	execl("/bin/true", "true", (char *)NULL);
	exit(4);
}

NOCOV static void *execer(void *arg)
{
	work(20);
	run_true();
	return arg;
}

static volatile sig_atomic_t handled;

static void on_signal(int sig)
{
	(void)sig;
	work(50);
	handled = 1;
}

/* signal: wait, outside instrumented code, for the handler to have run. */
NOCOV static void *wait_signal(void *arg)
{
	reach(1);
	while (!handled)
		usleep(1000);
	return arg;
}

NOCOV static void start(pthread_t *t, void *(*fn)(void *), void *arg)
{
	if (pthread_create(t, NULL, fn, arg))
		exit(2);
}

NOCOV int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";
	pthread_t t, h, many[64];
	long more;
	int i;

	if (!strcmp(what, "exit")) {
		start(&t, count_and_block, NULL);
		start(&h, count_and_block, NULL);
		wait_for(2);
		work(10);
		exit(0);
	}
	if (!strcmp(what, "dump") || !strcmp(what, "dumponly") ||
	    !strcmp(what, "reset")) {
		int reset = !strcmp(what, "reset");

		more = 300;
		work(500);
		start(&t, counter, &more);
		wait_for(1);
		start(&h, dumper, reset ? &more : NULL);
		pthread_join(h, NULL);
		if (!strcmp(what, "dumponly"))
			_exit(0);
		reach(3);
		pthread_join(t, NULL);
		if (reset)
			work(7);
		return 0;
	}
	if (!strcmp(what, "fork")) {
		more = 5;
		start(&t, counter, &more);
		wait_for(1);
		start(&h, forker, NULL);
		pthread_join(h, NULL);
		reach(3);
		pthread_join(t, NULL);
		return 0;
	}
	if (!strcmp(what, "reuse")) {
		for (i = 0; i < 5; i++) {
			start(&t, count_100, NULL);
			pthread_join(t, NULL);
		}
		return 0;
	}
	if (!strcmp(what, "exec")) {
		more = 0;
		start(&t, counter, &more);
		wait_for(1);
		start(&h, execer, NULL);
		pthread_join(h, NULL);
		return 5;
	}
	if (!strcmp(what, "signal")) {
		signal(SIGUSR1, on_signal);
		start(&t, wait_signal, NULL);
		wait_for(1);
		pthread_kill(t, SIGUSR1);
		pthread_join(t, NULL);
		return 0;
	}
	if (!strcmp(what, "many")) {
		for (i = 0; i < 64; i++)
			start(&many[i], count_1000, NULL);
		for (i = 0; i < 64; i++)
			pthread_join(many[i], NULL);
		return 0;
	}
	return 1;
}
