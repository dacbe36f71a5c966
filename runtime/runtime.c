/* runtime.c -- libarcov's registry of instrumented objects and its hooks.
 *
 * Objects register from their constructors.  The first registration
 * installs an atexit handler (the whole program is written at exit) and
 * fork handlers.  All state sits behind one mutex, so dumps from several
 * threads, registrations from dlopen() and fork() never interleave.
 *
 * fork: the parent writes the counts made so far before it forks, and
 * both processes go on from zero.  The mutex is taken across fork() so
 * the child never inherits it locked by a thread that no longer exists.
 * A signal handler that re-enters the runtime while its thread is inside
 * it (exit() from a handler during a dump) returns at once.
 *
 * The runtime is a guest: it never writes to stdout, never exits, and
 * leaves errno as it found it.
 */
#include <config.h>

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arcov.h"
#include "da-merge.h"
#include "internal.h"
#include "sm.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct arcov_object *registry;	/* newest first, like GCC 3.3 */
static int hooks_installed;
static int exited;			/* the at-exit dump has run */

/* This thread holds registry_lock, or is about to take it.  A signal
 * handler that interrupts a dump and calls exit() (or arcov_dump(), or
 * fork()) would otherwise wait for the lock forever. */
static __thread volatile int holding;
/* fork_prepare() took the lock; fork_parent()/fork_child() give it back. */
static __thread int fork_entered;

/* SIGXFSZ's disposition before the holder of registry_lock ignored it
 * (valid while held; the lock serializes it). */
static struct sigaction xfsz_saved;
static int xfsz_ignored;

/* A file-size limit (ulimit -f) must cost the runtime's own writes an
 * EFBIG, not the program its exit status: SIGXFSZ is ignored while the
 * lock is held, when the program left it at its default (a program's own
 * handler is its choice).  Blocking it in this thread would not do: the
 * kernel sends it to the process, and another thread would die of it.
 * A write of another thread in that window fails with EFBIG instead. */
static void xfsz_ignore(void)
{
	struct sigaction ign;

	xfsz_ignored = 0;
	if (sigaction(SIGXFSZ, NULL, &xfsz_saved) ||
	    xfsz_saved.sa_handler != SIG_DFL)
		return;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	xfsz_ignored = !sigaction(SIGXFSZ, &ign, NULL);
}

static void xfsz_restore(void)
{
	if (xfsz_ignored)
		sigaction(SIGXFSZ, &xfsz_saved, NULL);
	xfsz_ignored = 0;
}

/* Take registry_lock and return 1, or return 0 when this thread already
 * holds it (a re-entry from a signal handler, which must not wait).  The
 * flag is set before locking and cleared after unlocking, so a signal in
 * between never sees the lock held and the flag clear.  The time profile
 * takes the same lock to dump (profile.c), so one guard covers both. */
int arcov_rt_enter(void)
{
	int saved = errno;

	if (holding)
		return 0;
	holding = 1;
	pthread_mutex_lock(&registry_lock);
	xfsz_ignore();
	errno = saved;
	return 1;
}

void arcov_rt_leave(void)
{
	int saved = errno;

	xfsz_restore();
	pthread_mutex_unlock(&registry_lock);
	holding = 0;
	errno = saved;
}

/* fork_prepare() holding the lock for the fork is not being inside. */
int arcov_rt_inside(void)
{
	return holding && !fork_entered;
}

/*
 * stderr as the program was started with it.  A message goes to
 * descriptor 2 only while it is still that file: a program started with
 * 2>&- gets the runtime's own .da or trace as descriptor 2 when it opens
 * one, and a program that closed 2 may have reused it for its own data.
 * Noted by a constructor that runs before the program's (priority 101),
 * else at the first message.
 */
static struct {
	int state;		/* 0 not noted, 1 open, -1 closed at start */
	dev_t dev;
	ino_t ino;
} given_stderr;

static void stderr_note(void)
{
	struct stat st;
	int saved = errno;

	if (fstat(STDERR_FILENO, &st)) {
		given_stderr.state = -1;
	} else {
		given_stderr.dev = st.st_dev;
		given_stderr.ino = st.st_ino;
		given_stderr.state = 1;
	}
	errno = saved;
}

__attribute__((constructor(101))) static void stderr_noted(void)
{
	if (!given_stderr.state)
		stderr_note();
}

/* Whether descriptor 2 is the stderr the program was given. */
static int stderr_given(void)
{
	struct stat st;

	if (!given_stderr.state)
		stderr_note();
	return given_stderr.state > 0 && !fstat(STDERR_FILENO, &st) &&
	       st.st_dev == given_stderr.dev && st.st_ino == given_stderr.ino;
}

void arcov_rt_warn(const char *fmt, ...)
{
	char line[2 * ARCOV_ERR_MAX];
	int saved = errno;
	va_list ap;
	size_t n;
	ssize_t k;
	char *p;

	if (!stderr_given())
		goto out;
	memcpy(line, "arcov: ", 7);
	va_start(ap, fmt);
	vsnprintf(line + 7, sizeof line - 8, fmt, ap);
	va_end(ap);
	n = strlen(line);
	line[n++] = '\n';
	for (p = line; n; p += k, n -= (size_t)k) {
		k = write(STDERR_FILENO, p, n);
		if (k < 0 && errno == EINTR)
			k = 0;
		else if (k <= 0)
			break;
	}
out:
	errno = saved;
}

/*
 * Move @obj's counters, and after them its run counters, into @to, zero
 * them and summarize them in @run, in
 * one sweep: the counters are most of what a dump touches.  Relaxed
 * atomic loads and stores cost plain moves and keep the compiler from
 * splitting the sweep into memcpy, memset and a third pass; with
 * ARCOV_OBJ_ATOMIC an increment racing with the dump lands either in @to
 * or in the new run.
 */
static void counters_take(struct arcov_object *obj, uint64_t *to,
			  struct arcov_da_summary *run)
{
	uint64_t *c = obj->counters, sum = 0, max = 0, v;
	int atomic = (obj->flags & ARCOV_OBJ_ATOMIC) != 0;
	uint32_t i, nruns = arcov_rt_nruns(obj);

	for (i = 0; i < obj->ncounters + nruns; i++) {
		if (atomic) {
			v = __atomic_exchange_n(&c[i], 0, __ATOMIC_RELAXED);
		} else {
			v = __atomic_load_n(&c[i], __ATOMIC_RELAXED);
			__atomic_store_n(&c[i], 0, __ATOMIC_RELAXED);
		}
		to[i] = v;
		if (!nruns)
			arcov_rt_tally(v, &sum, &max);
	}
	if (nruns) {
		/* The runs' values, taken after the counters' into @to's
		 * tail, go to their members (runs.c) before anything reads
		 * the counts. */
		arcov_rt_runs_expand(obj, to + obj->ncounters, to);
		for (i = 0; i < obj->ncounters; i++)
			arcov_rt_tally(to[i], &sum, &max);
	}
	arcov_rt_derive(obj, to, &sum, &max);
	arcov_rt_summary_set(run, obj->ncounters, sum, max);
}

static void counters_zero(struct arcov_object *obj)
{
	uint32_t i, n = obj->ncounters + arcov_rt_nruns(obj);

	for (i = 0; i < n; i++) {
		if (obj->flags & ARCOV_OBJ_ATOMIC)
			__atomic_store_n(&obj->counters[i], 0,
					 __ATOMIC_RELAXED);
		else
			obj->counters[i] = 0;
	}
}

/* Whether any counter of @obj is set, its run counters included.  Every
 * object is asked at exit, as the destructors unregister them, so the
 * plain ones are compared with zeros by memcmp(), many counters at a
 * time. */
static int counters_any(const struct arcov_object *obj)
{
	static const uint64_t zeros[256];
	const size_t chunk = sizeof zeros / sizeof zeros[0];
	const uint64_t *c = obj->counters;
	size_t left = obj->ncounters + (size_t)arcov_rt_nruns(obj), n;

	if (obj->flags & ARCOV_OBJ_ATOMIC) {
		for (; left; left--, c++)
			if (__atomic_load_n(c, __ATOMIC_RELAXED))
				return 1;
		return 0;
	}
	for (; left; left -= n, c += n) {
		n = left < chunk ? left : chunk;
		if (memcmp(c, zeros, n * sizeof *c))
			return 1;
	}
	return 0;
}

/* Write @only, or every registered object when @only is NULL.  Called
 * with registry_lock held. */
static void dump_locked(struct arcov_object *only)
{
	struct arcov_da_summary others = { 0, 0, 0 };
	struct arcov_rt_live_fold *folds;
	struct arcov_rt_job *jobs;
	struct arcov_object *obj;
	size_t n = 0, i = 0;

	/* Per-thread objects: what live threads counted joins the shared
	 * counters first (threads.c). */
	arcov_rt_threads_fold(NULL);
	for (obj = registry; obj; obj = obj->next) {
		if (!only || obj == only)
			n++;
		else
			arcov_rt_derive_summary(obj, &others);
	}
	if (!n)
		return;
	jobs = calloc(n, sizeof *jobs);
	folds = calloc(n, sizeof *folds);
	if (!jobs || !folds) {
		arcov_rt_warn("out of memory; counts not written");
		free(jobs);
		free(folds);
		return;
	}
	for (obj = registry; obj; obj = obj->next) {
		if (only && obj != only)
			continue;
		jobs[i].obj = obj;
		/* Room for the run counters too, which counters_take()
		 * adds to the others. */
		jobs[i].counts = malloc(((size_t)obj->ncounters +
					 arcov_rt_nruns(obj)) *
					sizeof (uint64_t) + 1);
		if (!jobs[i].counts) {
			/* The counts stay in place for a later dump. */
			arcov_rt_warn("%s: out of memory; counts not written",
				      obj->da_path);
			continue;
		}
		if (arcov_rt_live_has(obj)) {
			/* Continuous: counters - folded; the fold sets
			 * folded (live.c). */
			if (arcov_rt_live_take(obj, jobs[i].counts,
					       &folds[i])) {
				arcov_rt_warn("%s: cannot read its live file; counts not yet written",
					      obj->da_path);
				free(jobs[i].counts);
				continue;
			}
			arcov_rt_summarize(obj, jobs[i].counts, &jobs[i].run);
			jobs[i].live = &folds[i];
		} else {
			counters_take(obj, jobs[i].counts, &jobs[i].run);
		}
		i++;
	}
	arcov_rt_write(jobs, i, &others);
	while (i--) {
		free(jobs[i].counts);
		if (jobs[i].live)
			free(jobs[i].live->snapshot);
	}
	free(jobs);
	free(folds);
}

static void dump_at_exit(void)
{
	int saved = errno;

	if (!arcov_rt_enter()) {
		arcov_rt_warn("exit() during a dump (from a signal handler?); counts not yet written are lost");
		errno = saved;
		return;
	}
	exited = 1;
	dump_locked(NULL);
	arcov_rt_leave();
	errno = saved;
}

/* Counts made before fork() are written by the parent before it forks,
 * and both processes go on from zero: whichever of them ends in _exit()
 * (daemon(), a parent that only forks) loses nothing, and nothing is
 * counted twice.  libgcov's __gcov_fork did the same until GCC 11.  The
 * lock is held across fork(), so the child never inherits it taken by a
 * thread that does not exist there. */
static void fork_prepare(void)
{
	int saved = errno;

	fork_entered = arcov_rt_enter();
	if (fork_entered)
		dump_locked(NULL);
	errno = saved;
}

static void fork_parent(void)
{
	if (fork_entered)
		arcov_rt_leave();
}

/* The child keeps only the forking thread's per-thread counters. */
static void fork_child(void)
{
	int saved = errno;

	if (fork_entered) {
		arcov_rt_threads_forked();
		arcov_rt_live_forked();
		errno = saved;
		arcov_rt_leave();
	}
}

/* Reasons to refuse an object whose version is right; NULL if sound. */
static const char *object_defect(const struct arcov_object *obj)
{
	const char *msg;
	uint64_t total = 0;
	uint32_t i;

	if (obj->nfns && !obj->fns)
		return "function table missing";
	if (obj->ncounters && !obj->counters)
		return "counters missing";
	for (i = 0; i < obj->nfns; i++) {
		if (!obj->fns[i].name)
			return "function name missing";
		total += obj->fns[i].ncounters;
	}
	if (total != obj->ncounters)
		return "function counter counts do not add up";
	/* Continuous objects have none (a live file maps the counters
	 * alone; plugin/runs.cc). */
	if ((obj->flags & ARCOV_OBJ_CONTINUOUS) && arcov_rt_nruns(obj))
		return "run counters in a continuous object";
	msg = arcov_rt_runs_defect(obj);
	if (msg)
		return msg;
	return arcov_rt_derive_defect(obj);
}

static int registered(const struct arcov_object *obj)
{
	const struct arcov_object *o;

	for (o = registry; o; o = o->next)
		if (o == obj)
			return 1;
	return 0;
}

/* Called with registry_lock held. */
static void install_hooks(void)
{
	int rc;

	if (hooks_installed)
		return;
	hooks_installed = 1;
	if (atexit(dump_at_exit))
		arcov_rt_warn("cannot register the exit handler; counts are written only by arcov_dump()");
	rc = pthread_atfork(fork_prepare, fork_parent, fork_child);
	if (rc)
		arcov_rt_warn("cannot register fork handlers: %s; forked children count twice",
			      strerror(rc));
}

/**
 * arcov_object_register - make @obj's counters part of this program's run.
 * Registering twice is harmless; an object built for another ABI version
 * or with an inconsistent layout is refused with one line on stderr.
 */
ARCOV_PUBLIC void arcov_object_register(struct arcov_object *obj)
{
	const char *defect;
	int saved = errno;

	if (obj->version < 1 || obj->version > ARCOV_ABI_VERSION) {
		arcov_rt_warn("object built for ABI version %lu, this runtime speaks versions 1 to %d; its counts are not recorded",
			      (unsigned long)obj->version, ARCOV_ABI_VERSION);
		goto restore_errno;
	}
	if (!obj->da_path) {
		arcov_rt_warn("object without a .da path; its counts are not recorded");
		goto restore_errno;
	}
	defect = object_defect(obj);
	if (defect) {
		arcov_rt_warn("%s: %s; counts not recorded", obj->da_path,
			      defect);
		goto restore_errno;
	}
	if (!arcov_rt_enter())
		goto restore_errno;
	if (!registered(obj)) {
		install_hooks();
		arcov_rt_threads_prepare(obj);
		arcov_rt_live_open(obj);
		obj->next = registry;
		registry = obj;
	}
	arcov_rt_leave();
restore_errno:
	errno = saved;
}

/**
 * arcov_object_unregister - write @obj's .da and forget it; called when
 * the shared library holding @obj is unloaded.  After the at-exit dump
 * it writes only counts made since (by later exit handlers and
 * destructors), so the exit does not write every object twice.
 */
ARCOV_PUBLIC void arcov_object_unregister(struct arcov_object *obj)
{
	struct arcov_object **link;
	int saved = errno;

	if (!arcov_rt_enter()) {
		errno = saved;
		return;
	}
	for (link = &registry; *link; link = &(*link)->next) {
		if (*link != obj)
			continue;
		arcov_rt_threads_fold(obj);
		if (!exited || (arcov_rt_live_has(obj) ?
				arcov_rt_live_unfolded(obj) :
				counters_any(obj)))
			dump_locked(obj);
		arcov_rt_threads_forget(obj);
		arcov_rt_live_close(obj);
		*link = obj->next;
		obj->next = NULL;
		break;
	}
	arcov_rt_leave();
	errno = saved;
}

/**
 * arcov_dump - write every registered object's counts now and continue
 * counting from zero.
 */
ARCOV_PUBLIC void arcov_dump(void)
{
	int saved = errno;

	if (arcov_rt_enter()) {
		dump_locked(NULL);
		arcov_rt_leave();
	}
	/* The time profile too (profile.c), which writes itself at exit. */
	arcov_rt_profile_dump();
	errno = saved;
}

/**
 * arcov_reset - zero every registered object's counters.
 */
ARCOV_PUBLIC void arcov_reset(void)
{
	struct arcov_object *obj;

	if (!arcov_rt_enter())
		return;
	/* Threads' counts so far are taken to be discarded with the rest. */
	arcov_rt_threads_fold(NULL);
	for (obj = registry; obj; obj = obj->next) {
		if (arcov_rt_live_has(obj))
			arcov_rt_live_reset(obj);
		else
			counters_zero(obj);
	}
	arcov_rt_leave();
}
