/* rt-prog.c -- an "instrumented" program for the runtime tests.
 *
 * Until the plugin exists, this hand-builds what it will emit: static
 * struct arcov_object data and a constructor/destructor pair calling
 * arcov_object_register()/arcov_object_unregister().  Object "a" writes
 * $RT_DIR/a.da (functions f and main, atomic counters), object "b" writes
 * $RT_DIR/b.da when RT_TWO is set (function g, plain counters).
 * RT_CHECKSUM replaces f's checksum (a rebuilt object), RT_VERSION the ABI
 * version, RT_DOUBLE registers "a" twice.
 *
 * The arguments are commands run in order:
 *   a:I:N, b:I:N    add N to counter I of object a or b
 *   dump, reset     arcov_dump(), arcov_reset()
 *   fork ... join   the child runs the commands up to "join" and exits;
 *                   the parent waits for it, then goes on after "join"
 *   threads:T:N     T threads each count a:0:1 and arcov_dump() N times
 *   exec, execl     re-run this program on the remaining arguments through
 *                   arcov_execv() / arcov_execl() (execl: one argument)
 *   errno           end with errno = ERANGE; an exit handler that runs
 *                   after the runtime's exits 99 if errno changed
 *   exit:N          end with status N
 */
#include <config.h>

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arcov.h"
#include "arcov-abi.h"

static struct arcov_fn_info a_fns[] = {
	{ "f", 1040, 2 },
	{ "main", 77, 1 },
};
static uint64_t a_counters[3];
static char a_path[4096];
static struct arcov_object a_obj = {
	ARCOV_ABI_VERSION, ARCOV_OBJ_ATOMIC, a_path, 2, 3, a_fns, a_counters,
	NULL
};

static const struct arcov_fn_info b_fns[] = {
	{ "g", 5, 2 },
};
static uint64_t b_counters[2];
static char b_path[4096];
static struct arcov_object b_obj = {
	ARCOV_ABI_VERSION, 0, b_path, 1, 2, b_fns, b_counters, NULL
};

static int want_errno;

static void check_errno(void)
{
	if (want_errno && errno != want_errno) {
		fprintf(stderr, "rt-prog: errno %d, expected %d\n", errno,
			want_errno);
		_exit(99);
	}
}

/* Registered before the runtime's exit handler, so it runs after it. */
__attribute__((constructor(101))) static void early(void)
{
	atexit(check_errno);
}

__attribute__((constructor)) static void register_objects(void)
{
	const char *dir = getenv("RT_DIR");

	if (!dir)
		return;
	snprintf(a_path, sizeof a_path, "%s/a.da", dir);
	snprintf(b_path, sizeof b_path, "%s/b.da", dir);
	if (getenv("RT_CHECKSUM"))
		a_fns[0].checksum = (uint32_t)atol(getenv("RT_CHECKSUM"));
	if (getenv("RT_VERSION"))
		a_obj.version = (uint32_t)atol(getenv("RT_VERSION"));
	arcov_object_register(&a_obj);
	if (getenv("RT_DOUBLE"))
		arcov_object_register(&a_obj);
	if (getenv("RT_TWO"))
		arcov_object_register(&b_obj);
}

__attribute__((destructor)) static void unregister_objects(void)
{
	arcov_object_unregister(&b_obj);
	arcov_object_unregister(&a_obj);
}

static int dumps_per_thread;

static void *count_and_dump(void *arg)
{
	int i;

	for (i = 0; i < dumps_per_thread; i++) {
		__atomic_fetch_add(&a_counters[0], 1, __ATOMIC_RELAXED);
		arcov_dump();
	}
	return arg;
}

static int run_threads(int n)
{
	pthread_t tid[64];
	int i;

	if (n > 64)
		return 2;
	for (i = 0; i < n; i++)
		if (pthread_create(&tid[i], NULL, count_and_dump, NULL))
			return 2;
	for (i = 0; i < n; i++)
		pthread_join(tid[i], NULL);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned idx;
	unsigned long long n;
	int i, t, status = 0;

	for (i = 1; i < argc; i++) {
		const char *cmd = argv[i];

		if (sscanf(cmd, "a:%u:%llu", &idx, &n) == 2 && idx < 3) {
			__atomic_fetch_add(&a_counters[idx], n,
					   __ATOMIC_RELAXED);
		} else if (sscanf(cmd, "b:%u:%llu", &idx, &n) == 2 && idx < 2) {
			b_counters[idx] += n;
		} else if (!strcmp(cmd, "dump")) {
			arcov_dump();
		} else if (!strcmp(cmd, "reset")) {
			arcov_reset();
		} else if (!strcmp(cmd, "fork")) {
			pid_t pid = fork();

			if (pid < 0)
				return 2;
			if (pid > 0) {
				while (i < argc && strcmp(argv[i], "join"))
					i++;
				if (waitpid(pid, &t, 0) != pid || t)
					return 2;
			}
		} else if (!strcmp(cmd, "join")) {
			break;	/* only the child gets here */
		} else if (sscanf(cmd, "threads:%d:%d", &t,
				  &dumps_per_thread) == 2) {
			if (run_threads(t))
				return 2;
		} else if (!strcmp(cmd, "exec")) {
			argv[i] = argv[0];
			arcov_execv("/proc/self/exe", argv + i);
			return 2;
		} else if (!strcmp(cmd, "execl") && i + 1 < argc) {
			arcov_execl("/proc/self/exe", argv[0], argv[i + 1],
				    (char *)NULL);
			return 2;
		} else if (!strcmp(cmd, "errno")) {
			want_errno = ERANGE;
		} else if (sscanf(cmd, "exit:%d", &status) == 1) {
			continue;
		} else {
			fprintf(stderr, "rt-prog: bad command %s\n", cmd);
			return 2;
		}
	}
	if (want_errno)
		errno = want_errno;
	return status;
}
