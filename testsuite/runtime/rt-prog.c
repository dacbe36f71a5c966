/* rt-prog.c -- an "instrumented" program for the runtime tests.
 *
 * Until the plugin exists, this hand-builds what it will emit: static
 * struct arcov_object data and a constructor/destructor pair calling
 * arcov_object_register()/arcov_object_unregister().  Object "a" writes
 * $RT_DIR/a.da (functions f and main, atomic counters), object "b" writes
 * $RT_DIR/b.da when RT_TWO is set (function g, plain counters).
 * RT_CHECKSUM replaces f's checksum (a rebuilt object), RT_VERSION the ABI
 * version, RT_DOUBLE registers "a" twice, RT_DERIVE gives "a" a table of
 * derived counters (its words, comma-separated: arcov-abi.h, version 3) and
 * RT_DERIVE_CHECK makes them checked rather than computed; RT_RUNS gives
 * "a" a table of run counters (its words: arcov-abi.h, version 4), which
 * follow its three counters (a:3:N adds N to the first).  Object "c",
 * registered when RT_BIG is set, writes $RT_DIR/c.da: one function h of
 * C_COUNTERS counters, a file of several pages.
 *
 * The arguments are commands run in order:
 *   a:I:N, b:I:N    add N to counter I of object a or b
 *   c:N             add N to every counter of object c
 *   dump, reset     arcov_dump(), arcov_reset()
 *   fork ... join   the child runs the commands up to "join" and exits;
 *                   the parent waits for it, then goes on after "join"
 *   threads:T:N     T threads each count a:0:1 and arcov_dump() N times
 *   exec, execl     re-run this program on the remaining arguments through
 *                   arcov_execv() / arcov_execl() (execl: one argument)
 *   errno           end with errno = ERANGE; an exit handler that runs
 *                   after the runtime's exits 99 if errno changed
 *   exit:N          end with status N
 *   secure          exit 3 unless running with AT_SECURE (setuid/setgid)
 *   sigpipe         make SIGPIPE's handler call exit(7): when stderr is
 *                   a pipe nobody reads, the runtime's next message
 *                   re-enters it (the runtime writes only to the stderr
 *                   the program started with: the test gives it that pipe)
 *   daemon          daemon(1, 1), then write the pid to $RT_DIR/pid
 *   vforkexec       500 times vfork(), and the child arcov_execl()s this
 *                   program with no command; exit 3 if the parent's heap
 *                   grew
 *   spawn:N         N times, posix_spawn() "fdcheck" while another thread
 *                   dumps; exit 3 if a child inherited a runtime file
 *   fdcheck         exit 3 if a descriptor is open on a .da or .tmp file
 *   rdlock:P:S, wrlock:P:S  hold a read (write, creating P) lock on P
 *                   for S seconds (as another user or writer would);
 *                   print "locked" once it is held
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <spawn.h>
#include <sys/auxv.h>
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
/* Three counters, and room for RT_RUNS's run counters after them. */
static uint64_t a_counters[3 + 8];
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

#define C_COUNTERS 2048
static const struct arcov_fn_info c_fns[] = {
	{ "h", 9, C_COUNTERS },
};
static uint64_t c_counters[C_COUNTERS];
static char c_path[4096];
static struct arcov_object c_obj = {
	ARCOV_ABI_VERSION, 0, c_path, 1, C_COUNTERS, c_fns, c_counters, NULL
};

static int want_errno;
static uint32_t a_derive[64];
static uint32_t a_runs[64];

/* RT_RUNS's words into a_runs. */
static void set_runs(const char *words)
{
	uint32_t n = 0;
	char *end;

	while (*words && n < 64) {
		a_runs[n++] = (uint32_t)strtoul(words, &end, 0);
		words = *end == ',' ? end + 1 : end;
	}
	a_obj.runs = a_runs;
}

/* RT_DERIVE's words into a_derive. */
static void set_derive(const char *words)
{
	char *end;

	while (*words && a_obj.nderive < 64) {
		a_derive[a_obj.nderive++] = (uint32_t)strtoul(words, &end, 0);
		words = *end == ',' ? end + 1 : end;
	}
	a_obj.derive = a_derive;
}

/* LeakSanitizer cannot trace a set-id process (secure.sh); the other
 * runtime tests look for leaks.  Unused without sanitizers. */
const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
	return getauxval(AT_SECURE) ? "detect_leaks=0" : "";
}

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
	snprintf(c_path, sizeof c_path, "%s/c.da", dir);
	if (getenv("RT_CHECKSUM"))
		a_fns[0].checksum = (uint32_t)atol(getenv("RT_CHECKSUM"));
	if (getenv("RT_VERSION"))
		a_obj.version = (uint32_t)atol(getenv("RT_VERSION"));
	if (getenv("RT_DERIVE"))
		set_derive(getenv("RT_DERIVE"));
	if (getenv("RT_DERIVE_CHECK"))
		a_obj.flags |= ARCOV_OBJ_DERIVE_CHECK;
	if (getenv("RT_RUNS"))
		set_runs(getenv("RT_RUNS"));
	arcov_object_register(&a_obj);
	if (getenv("RT_DOUBLE"))
		arcov_object_register(&a_obj);
	if (getenv("RT_TWO"))
		arcov_object_register(&b_obj);
	if (getenv("RT_BIG"))
		arcov_object_register(&c_obj);
}

__attribute__((destructor)) static void unregister_objects(void)
{
	arcov_object_unregister(&c_obj);
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

static void exit_7(int sig)
{
	signal(sig, SIG_IGN);
	exit(7);
}

static int sigpipe_exit(void)
{
	signal(SIGPIPE, exit_7);
	return 0;
}

static int daemonize(void)
{
	char path[4200];
	FILE *f;

	if (daemon(1, 1))
		return 2;
	snprintf(path, sizeof path, "%s/pid", getenv("RT_DIR"));
	f = fopen(path, "w");
	if (!f)
		return 2;
	fprintf(f, "%ld\n", (long)getpid());
	return fclose(f) ? 2 : 0;
}

static int vfork_exec_once(const char *self)
{
	pid_t pid;
	int st;

	pid = vfork();
	if (pid == 0) {
		arcov_execl("/proc/self/exe", self, (char *)NULL);
		_exit(127);
	}
	return pid < 0 || waitpid(pid, &st, 0) != pid || st ? 2 : 0;
}

/* Freed chunks that malloc keeps in its caches count as in use, so the
 * heap is measured once they are warm, and a leak of a few bytes per
 * exec shows over many. */
static int vfork_exec(const char *self)
{
	size_t before = 0;
	int i;

	for (i = 0; i < 510; i++) {
		if (i == 10)
			before = mallinfo2().uordblks;
		if (vfork_exec_once(self))
			return 2;
	}
	return mallinfo2().uordblks > before + 4096 ? 3 : 0;
}

static int fd_check(void)
{
	char link[300], target[4096];
	struct dirent *e;
	DIR *dir = opendir("/proc/self/fd");
	int bad = 0;
	ssize_t n;

	if (!dir)
		return 2;
	while ((e = readdir(dir))) {
		snprintf(link, sizeof link, "/proc/self/fd/%s", e->d_name);
		n = readlink(link, target, sizeof target - 1);
		if (n <= 0)
			continue;
		target[n] = '\0';
		if (strstr(target, ".da") || strstr(target, ".tmp"))
			bad = 1;
	}
	closedir(dir);
	return bad ? 3 : 0;
}

static volatile int spawning;

static void *dump_loop(void *arg)
{
	while (spawning) {
		__atomic_fetch_add(&a_counters[0], 1, __ATOMIC_RELAXED);
		arcov_dump();
	}
	return arg;
}

extern char **environ;

static int spawn_checks(const char *self, int n)
{
	char *args[] = { (char *)self, (char *)"fdcheck", NULL };
	pthread_t tid;
	int i, st, rc = 0;
	pid_t pid;

	spawning = 1;
	if (pthread_create(&tid, NULL, dump_loop, NULL))
		return 2;
	for (i = 0; i < n && !rc; i++) {
		if (posix_spawn(&pid, "/proc/self/exe", NULL, NULL, args,
				environ) || waitpid(pid, &st, 0) != pid)
			rc = 2;
		else if (st)
			rc = 3;
	}
	spawning = 0;
	pthread_join(tid, NULL);
	return rc;
}

static int hold_lock(const char *spec, short type)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET };
	char path[4096];
	unsigned secs;
	int fd;

	if (sscanf(spec, "%4095[^:]:%u", path, &secs) != 2)
		return 2;
	fd = open(path, type == F_RDLCK ? O_RDONLY : O_RDWR | O_CREAT, 0644);
	if (fd < 0 || fcntl(fd, F_SETLK, &fl))
		return 2;
	puts("locked");
	fflush(stdout);
	sleep(secs);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned idx;
	unsigned long long n;
	int i, t, status = 0;

	for (i = 1; i < argc; i++) {
		const char *cmd = argv[i];

		if (sscanf(cmd, "a:%u:%llu", &idx, &n) == 2 && idx < 3 + 8) {
			__atomic_fetch_add(&a_counters[idx], n,
					   __ATOMIC_RELAXED);
		} else if (sscanf(cmd, "b:%u:%llu", &idx, &n) == 2 && idx < 2) {
			b_counters[idx] += n;
		} else if (sscanf(cmd, "c:%llu", &n) == 1) {
			for (idx = 0; idx < C_COUNTERS; idx++)
				c_counters[idx] += n;
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
		} else if (!strcmp(cmd, "secure")) {
			if (!getauxval(AT_SECURE))
				return 3;
		} else if (!strcmp(cmd, "sigpipe")) {
			if (sigpipe_exit())
				return 2;
		} else if (!strcmp(cmd, "daemon")) {
			if (daemonize())
				return 2;
		} else if (!strcmp(cmd, "vforkexec")) {
			t = vfork_exec(argv[0]);
			if (t)
				return t;
		} else if (sscanf(cmd, "spawn:%d", &t) == 1) {
			t = spawn_checks(argv[0], t);
			if (t)
				return t;
		} else if (!strcmp(cmd, "fdcheck")) {
			return fd_check();
		} else if (!strncmp(cmd, "rdlock:", 7)) {
			return hold_lock(cmd + 7, F_RDLCK);
		} else if (!strncmp(cmd, "wrlock:", 7)) {
			return hold_lock(cmd + 7, F_WRLCK);
		} else {
			fprintf(stderr, "rt-prog: bad command %s\n", cmd);
			return 2;
		}
	}
	if (want_errno)
		errno = want_errno;
	return status;
}
