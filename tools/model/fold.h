/* fold.h -- arcov and arcov-merge fold the live files of dead processes
 * into a .da before they read or write it (doc/live-file.md, "Folding").
 */
#ifndef ARCOV_MODEL_FOLD_H
#define ARCOV_MODEL_FOLD_H

#include <stddef.h>

/* What a fold found beside one .da. */
struct arcov_fold_result {
	size_t folded;		/* live files of dead processes, folded */
	size_t alive;		/* of processes still running, left alone */
	size_t failed;		/* of dead processes, not folded */
	char *msgs;		/* why not, one line each ("FILE: what"),
				 * malloc'd, or NULL */
};

/**
 * arcov_fold_live - fold every live file of the .da @da whose process is
 * gone into it, with the runtime's own protocol (runtime/fold.c): each
 * under the .da's lock, a fold marker an interrupted fold left settled
 * first, so a fold by a tool and one by a program can interleave or be
 * interrupted anywhere without loss or double counting.  ARCOV_APPEND,
 * ARCOV_RUN_LABEL, ARCOV_LOCK_TIMEOUT and ARCOV_FSYNC apply as to a
 * program's fold.  Never prints: fills @r (arcov_fold_result_free()).
 * Returns 0, or ARCOV_ENOMEM when the messages could not be kept.
 */
int arcov_fold_live(const char *da, struct arcov_fold_result *r);

/**
 * arcov_fold_settle - what every writer of a .da that is not a fold
 * (arcov-merge) does first, holding the .da's lock, with its contents
 * @data (@size bytes): settle the marker an interrupted fold left
 * beside it (doc/live-file.md, "Folding", step 3), so that the fold is
 * neither lost nor counted twice whatever the writer then writes.
 * Returns 0, or ARCOV_EIO with "DA: ..." in @err when a marker is there
 * but cannot be settled: the write must not go on.
 */
struct arcov_err;
int arcov_fold_settle(const char *da, const unsigned char *data,
		      size_t size, struct arcov_err *err);

/**
 * arcov_fold_replace - arcov_file_replace() for a .da: under its lock,
 * settle any marker (arcov_fold_settle()), then write @size bytes of
 * @data over it atomically (with fsync).  Returns 0 or a negative code.
 */
int arcov_fold_replace(const char *da, const void *data, size_t size,
		       struct arcov_err *err);

void arcov_fold_result_free(struct arcov_fold_result *r);

#endif
