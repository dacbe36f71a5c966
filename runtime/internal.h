/* internal.h -- what the runtime's files share; nothing here is exported.
 *
 * libarcov is compiled with -fvisibility=hidden: only functions marked
 * ARCOV_PUBLIC (all named arcov_*) are visible to the program it lives in.
 * Internal functions shared between files are named arcov_rt_*.
 */
#ifndef ARCOV_RT_INTERNAL_H
#define ARCOV_RT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "arcov-abi.h"
#include "da.h"

#define ARCOV_PUBLIC __attribute__((visibility("default")))

/* A fold of a live file (live.c): what it writes back once the .da
 * holds its counts (doc/live-file.md, "Folding"). */
struct arcov_rt_live_fold {
	int fd;				/* the live file, flock()ed */
	const char *path;
	uint32_t header_size, ncounters;
	uint64_t *snapshot;		/* the counters it folds up to */
	int marker_fd;			/* "FILE.da.fold", locked, or -1 */
};

/* One object being written by a dump. */
struct arcov_rt_job {
	const struct arcov_object *obj;
	uint64_t *counts;		/* this run's counters, taken by the dump */
	char *path;			/* .da path after ARCOV_PREFIX/_STRIP */
	struct arcov_da_summary run;	/* summary of @counts, set with them */
	struct arcov_rt_live_fold *live;	/* continuous mode, or NULL */
};

/* live.c: continuous mode, called with the lock held. */
int arcov_rt_live_has(const struct arcov_object *obj);
void arcov_rt_live_open(struct arcov_object *obj);
void arcov_rt_live_close(const struct arcov_object *obj);
void arcov_rt_live_forked(void);
int arcov_rt_live_take(const struct arcov_object *obj, uint64_t *counts,
		       struct arcov_rt_live_fold *fold);
void arcov_rt_live_reset(const struct arcov_object *obj);
int arcov_rt_live_unfolded(const struct arcov_object *obj);

/* fold.c: the fold protocol (doc/live-file.md, "Folding"), shared with
 * the tools (libarcovfold, runtime/local.mk). */

/* arcov_rt_pio - pread (@write 0) or pwrite all of @n bytes at @off;
 * 0, or -1 with errno. */
int arcov_rt_pio(int fd, void *p, size_t n, uint64_t off, int write);

/* arcov_rt_open_unowned - open @path for folding or removal: a regular
 * file, not a link, locked by nobody else (its owner is gone) and still
 * under that name once locked.  -1 if not. */
int arcov_rt_open_unowned(const char *path);

/* What arcov_rt_fold_orphans() did with the live files it found. */
struct arcov_rt_fold_tally {
	size_t folded;		/* of dead processes, folded and removed */
	size_t alive;		/* of processes still running: left alone */
	size_t failed;		/* of dead processes, not folded (said why) */
};

/**
 * arcov_rt_fold_orphans - fold every live file of the .da @da whose
 * owner is gone into it, removing it, and remove the half-made ones of
 * dead processes; add what it did to @t when not NULL.
 */
void arcov_rt_fold_orphans(const char *da, struct arcov_rt_fold_tally *t);

int arcov_rt_live_pending(const char *da, struct arcov_rt_live_fold *f,
			  const void *data, size_t size);
void arcov_rt_live_done(const char *da, struct arcov_rt_live_fold *f,
			int committed);
int arcov_rt_live_recover(const char *da, const unsigned char *data,
			  size_t size, unsigned wait_ms);

/**
 * arcov_rt_fold_orphan - fold the live file @path (open on @fd, locked)
 * of a dead process into the .da @da (fold.c).  Returns 0 when its
 * counts are in the .da, -1 when they are not (a message said why).
 */
int arcov_rt_fold_orphan(const char *da, int fd, const char *path);

/**
 * arcov_rt_write_one - write @job, whose path is set, alone; its counts
 * are its program summary too.  @load, when not NULL, sets the job's
 * object and counts once the .da is locked (a live file of a dead
 * process, whose state a recovery may change until then) and returns 0,
 * or -1 to give up.  Returns 0 when the .da holds the counts, else -1.
 */
int arcov_rt_write_one(struct arcov_rt_job *job,
		       int (*load)(struct arcov_rt_job *job, void *arg),
		       void *arg);

/**
 * arcov_rt_summarize - the summary of @counts, @obj's counters, into
 * @run, its derived counters computed first (derive.c).
 */
void arcov_rt_summarize(const struct arcov_object *obj, uint64_t *counts,
			struct arcov_da_summary *run);

/**
 * arcov_rt_enter - take the runtime's lock and return 1, or return 0
 * when this thread holds it already (a signal handler re-entering the
 * runtime, which must not wait); arcov_rt_leave() gives it back.
 */
int arcov_rt_enter(void);
void arcov_rt_leave(void);

/* arcov_rt_inside - whether this thread holds the runtime's lock (or is
 * taking it) for anything but the fork in progress: a fork() from a
 * signal handler then finds the runtime's state half changed. */
int arcov_rt_inside(void);

/* threads.c, called with the lock held. */
void arcov_rt_threads_fold(const struct arcov_object *only);
void arcov_rt_threads_forget(const struct arcov_object *obj);
void arcov_rt_threads_forked(void);
void arcov_rt_threads_prepare(struct arcov_object *obj);

/**
 * arcov_rt_warn - print "arcov: " and the formatted text as one line on
 * stderr, in a single write so lines of concurrent processes never mix;
 * dropped when descriptor 2 is no longer the stderr the program started
 * with (closed, or reused for another file).
 */
void arcov_rt_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * arcov_rt_write - write the .da files of @n jobs (write.c).
 * @others: summary of the registered objects not in @jobs, which still
 *          count towards the program summary.
 * Every failure is reported with arcov_rt_warn() and skips that job.
 */
void arcov_rt_write(struct arcov_rt_job *jobs, size_t n,
		    const struct arcov_da_summary *others);

/**
 * arcov_rt_wait_ms - how long a dump waits for another writer of a file:
 * ARCOV_LOCK_TIMEOUT seconds (secure_getenv()), else ARCOV_FILE_WAIT_MS.
 */
unsigned arcov_rt_wait_ms(void);

/* Where .da files go: ARCOV_PREFIX and ARCOV_PREFIX_STRIP, read once per
 * dump (the environment is long; a dump writes many files). */
struct arcov_rt_place {
	const char *prefix;	/* NULL or "" for none */
	int strip;
};

/**
 * arcov_rt_place_read - read ARCOV_PREFIX and ARCOV_PREFIX_STRIP (with
 * secure_getenv()) into @pl.
 */
void arcov_rt_place_read(struct arcov_rt_place *pl);

/**
 * arcov_rt_da_path - the .da path to use for @da_path: relocated by
 * @pl the way GCOV_PREFIX and GCOV_PREFIX_STRIP relocate .gcda files.
 * Returns a malloc'd string, or NULL when out of memory.
 */
char *arcov_rt_da_path(const struct arcov_rt_place *pl, const char *da_path);

/* derive.c: the derived counters of ABI version 3, and summaries. */

/* Fold counter @v into a running @sum (saturating) and @max. */
static inline void arcov_rt_tally(uint64_t v, uint64_t *sum, uint64_t *max)
{
	if (__builtin_add_overflow(*sum, v, sum))
		*sum = UINT64_MAX;
	if (v > *max)
		*max = v;
}

/* Set @s to the summary of @n counters summing to @sum (UINT64_MAX if
 * the sum wrapped) with maximum @max, clamped to what a .da can hold. */
void arcov_rt_summary_set(struct arcov_da_summary *s, size_t n, uint64_t sum,
			  uint64_t max);
const char *arcov_rt_derive_defect(const struct arcov_object *obj);
void arcov_rt_derive(const struct arcov_object *obj, uint64_t *counts,
		     uint64_t *sum, uint64_t *max);
void arcov_rt_derive_summary(const struct arcov_object *obj,
			     struct arcov_da_summary *s);

/* runs.c: the run counters of ABI version 4. */
uint32_t arcov_rt_nruns(const struct arcov_object *obj);
const char *arcov_rt_runs_defect(const struct arcov_object *obj);
void arcov_rt_runs_expand(const struct arcov_object *obj,
			  const uint64_t *runs, uint64_t *counts);

/**
 * arcov_rt_profile_dump - write the time profile now, when the program
 * records one (profile.c); it is written at exit in any case.
 */
void arcov_rt_profile_dump(void);

#endif
