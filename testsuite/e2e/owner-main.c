/* owner-main.c -- drives owner-lib.c and owner-dl.c (e2e-owner.sh).  Not
 * instrumented.  It stands between the libraries and the runtime's
 * arcov_thread_counters(), which an entry check calls when a thread's
 * copy is not known yet, and counts the calls per thread: a thread that
 * owns a library never makes one for it.  The main thread owns
 * owner-lib.c (registered at start-up), and in a child it forks still;
 * a thread that loads owner-dl.c owns that, and so does a later thread
 * that the C library gives its thread pointer.  Prints "ok" or what
 * went wrong; the counts are the .da files'. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define NTHREADS 8

long ow_call(long i);
long ow_leaf(long i);

/* The runtime's entry point, for the libraries' calls through their PLT
 * (the program is linked -rdynamic): one more call of this thread, then
 * on to the runtime's, with every register and the pushed arguments as
 * they were. */
__thread unsigned int ow_calls;
void *ow_real;
__asm__(".pushsection .text\n"
	".globl arcov_thread_counters\n"
	".type arcov_thread_counters, @function\n"
	"arcov_thread_counters:\n"
	"	addl $1, %fs:ow_calls@tpoff\n"
	"	jmp *ow_real(%rip)\n"
	".size arcov_thread_counters, .-arcov_thread_counters\n"
	".popsection\n");

static int bad;
static void *dl_lib;
static long (*dl)(long);
static pthread_t loader;

static void check(int ok, const char *what)
{
	if (!ok) {
		printf("%s\n", what);
		bad = 1;
	}
}

static void calls(long n)
{
	for (long i = 0; i < n; i++)
		check(ow_call(i) == (i & 1 ? i : -i), "ow_call");
}

static void *other(void *arg)
{
	(void)arg;
	calls(100);
	check(ow_calls == 1, "a thread made no call or two for owner-lib");
	return NULL;
}

/* Loads owner-dl.so, so that this thread registers and owns it. */
static void *load(void *arg)
{
	dl_lib = dlopen(arg, RTLD_NOW);
	if (!dl_lib) {
		printf("%s\n", dlerror());
		exit(1);
	}
	*(void **)&dl = dlsym(dl_lib, "ow_dl");
	for (long i = 0; i < 10; i++)
		check(dl(i) == 3 * i, "ow_dl");
	check(ow_calls == 0, "the loading thread called for its copy");
	return NULL;
}

/* Runs after load()'s thread ended: the owner if it has its TCB. */
static void *late(void *arg)
{
	int reused = pthread_equal(pthread_self(), loader);

	(void)arg;
	for (long i = 0; i < 10; i++)
		check(dl(i) == 3 * i, "ow_dl");
	check(ow_calls == !reused, reused ?
	      "a thread with the owner's thread pointer called" :
	      "a late thread made no call or two");
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[NTHREADS];
	int status;
	pid_t pid;

	ow_real = dlsym(RTLD_NEXT, "arcov_thread_counters");
	if (!ow_real) {
		printf("no arcov_thread_counters\n");
		return 1;
	}
	calls(10);
	check(ow_leaf(7) == 1 && ow_leaf(8) == 0, "ow_leaf");
	check(ow_calls == 0, "the owner called for its copy");
	for (long i = 0; i < NTHREADS; i++)
		if (pthread_create(&t[i], NULL, other, NULL))
			return 1;
	for (long i = 0; i < NTHREADS; i++)
		pthread_join(t[i], NULL);
	calls(10);
	/* A child of the owner counts on in the owner's copy, from what
	 * the fork left there (already written by the parent). */
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		calls(5);
		exit(ow_calls != 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status))
		check(0, "the child called for its copy, or failed");
	check(ow_calls == 0, "the owner called for its copy");

	if (pthread_create(&loader, NULL, load,
			   argc > 1 ? argv[1] : "./owner-dl.so") ||
	    pthread_join(loader, NULL))
		return 1;
	for (long i = 0; i < 10; i++)
		check(dl(i) == 3 * i, "ow_dl");
	check(ow_calls == 1, "main made no call or two for owner-dl");
	if (pthread_create(&t[0], NULL, late, NULL) ||
	    pthread_join(t[0], NULL))
		return 1;
	dlclose(dl_lib);
	printf("%s\n", bad ? "wrong" : "ok");
	return bad;
}
