/* fold.c -- arcov and arcov-merge fold the live files of dead processes.
 *
 * Continuous mode's live files (doc/live-file.md) are folded into their
 * .da by the runtime at exit and at the next run's start; a report or a
 * merge that comes first folds the orphans itself, with the runtime's
 * own code (runtime/fold.c and write.c, linked here as libarcovfold),
 * so every fold of one live file, whoever makes it, goes through the
 * same locks and the same two-phase marker.  That code reports through
 * arcov_rt_warn(), which this file defines for the tools: the lines go
 * into the result of the call in progress, since the model never
 * prints.  The tools are single-threaded; the sink is still per thread.
 */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "error.h"
#include "fileio.h"
#include "fold.h"
#include "internal.h"

/* The messages of the fold in progress, or NULL to drop them. */
static __thread struct arcov_fold_result *sink;
static __thread int sink_nomem;

void arcov_rt_warn(const char *fmt, ...)
{
	size_t old, n;
	va_list ap;
	char *s;
	int k;

	if (!sink)
		return;
	va_start(ap, fmt);
	k = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	old = sink->msgs ? strlen(sink->msgs) : 0;
	n = old + (size_t)k + 2;
	s = realloc(sink->msgs, n);
	if (!s) {
		sink_nomem = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(s + old, (size_t)k + 1, fmt, ap);
	va_end(ap);
	s[old + (size_t)k] = '\n';
	s[old + (size_t)k + 1] = 0;
	sink->msgs = s;
}

int arcov_fold_live(const char *da, struct arcov_fold_result *r)
{
	struct arcov_rt_fold_tally t = { 0, 0, 0 };

	memset(r, 0, sizeof *r);
	sink = r;
	sink_nomem = 0;
	arcov_rt_fold_orphans(da, &t);
	sink = NULL;
	r->folded = t.folded;
	r->alive = t.alive;
	r->failed = t.failed;
	return sink_nomem ? ARCOV_ENOMEM : 0;
}

int arcov_fold_settle(const char *da, const unsigned char *data,
		      size_t size, struct arcov_err *err)
{
	if (arcov_rt_live_recover(da, data, size, arcov_rt_wait_ms()))
		return arcov_errf(err, ARCOV_EIO, da, -1,
				  "cannot settle an interrupted fold "
				  "(%s.fold); not written", da);
	return 0;
}

/* Whether the marker of a fold into @da ("@da.fold") is there. */
static int marker_exists(const char *da)
{
	struct stat st;
	size_t n = strlen(da);
	char *m = malloc(n + 6);
	int rc;

	if (!m)
		return 1;	/* then read and settle: always right */
	memcpy(m, da, n);
	memcpy(m + n, ".fold", 6);
	rc = !lstat(m, &st);
	free(m);
	return rc;
}

int arcov_fold_replace(const char *da, const void *data, size_t size,
		       struct arcov_err *err)
{
	struct arcov_file_tx tx;
	unsigned char *old = NULL;
	size_t oldsize = 0;
	int rc;

	rc = arcov_file_begin(&tx, da, 0, ARCOV_FILE_WAIT_MS, err);
	if (rc)
		return rc;
	/* Only a fold holding this lock makes a marker: without one now,
	 * none comes before the commit, and the old contents need no
	 * reading. */
	if (marker_exists(da)) {
		rc = arcov_file_tx_read(&tx, &old, &oldsize, err);
		if (!rc)
			rc = arcov_fold_settle(da, old, oldsize, err);
		free(old);
	}
	if (!rc)
		return arcov_file_commit(&tx, data, size, ARCOV_FILE_FSYNC,
					 err);
	arcov_file_abort(&tx);
	return rc;
}

void arcov_fold_result_free(struct arcov_fold_result *r)
{
	free(r->msgs);
	memset(r, 0, sizeof *r);
}
