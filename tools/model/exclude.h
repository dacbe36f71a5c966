/* exclude.h -- exclusion markers in sources, as lcov and gcovr read them.
 *
 * A marker is a word anywhere on a source line (usually in a comment):
 * PREFIX_EXCL_LINE, PREFIX_EXCL_START, PREFIX_EXCL_STOP, and the branch-only
 * PREFIX_EXCL_BR_LINE, PREFIX_EXCL_BR_START, PREFIX_EXCL_BR_STOP, where
 * PREFIX is LCOV, GCOVR, GCOV (all three as gcovr reads them by default) or
 * ARCOV.  _LINE excludes its own line; a region runs from its _START line up
 * to, not including, the next _STOP line of the same kind (any prefix), as
 * in both lcov and gcovr.  Regions do not nest (lcov); a _START never closed
 * runs to the end of the file (lcov) and a _STOP without a _START is
 * ignored, each with a warning.  An excluded line counts neither as a line
 * nor for its branches; a branch-excluded line keeps its line count only.
 */
#ifndef ARCOV_EXCLUDE_H
#define ARCOV_EXCLUDE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "log.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ARCOV_EXCL_LINE 1	/* neither the line nor its branches count */
#define ARCOV_EXCL_BRANCH 2	/* its branches do not count */

/* What the markers of one source exclude; all zero when it has none. */
struct arcov_excl {
	uint32_t nlines;	/* flags[1 .. nlines - 1] are the lines */
	unsigned char *flags;	/* ARCOV_EXCL_* per line */
};

/**
 * arcov_excl_scan - find the markers in @size bytes of source @text.
 * @ex:   zeroed; released with arcov_excl_free()
 * @name: the source's name, for warnings about unbalanced regions
 * @log:  where those warnings go ("arcov: NAME:LINE: ..."), or NULL
 *
 * Returns 0 or ARCOV_ENOMEM.
 */
int arcov_excl_scan(struct arcov_excl *ex, const char *text, size_t size,
		    const char *name, struct arcov_log *log);

/**
 * arcov_excl_load - arcov_excl_scan() on the file @path, called @name in
 * warnings.  A source that cannot be read has no markers (the reports say
 * so themselves).  Returns 0 or ARCOV_ENOMEM.
 */
int arcov_excl_load(struct arcov_excl *ex, const char *path,
		    const char *name, struct arcov_log *log);

/* arcov_excl_line - whether line @ln of @ex is excluded. */
static inline int arcov_excl_line(const struct arcov_excl *ex, uint32_t ln)
{
	return ln < ex->nlines && (ex->flags[ln] & ARCOV_EXCL_LINE);
}

/* arcov_excl_branch - whether the branches of line @ln are excluded. */
static inline int arcov_excl_branch(const struct arcov_excl *ex, uint32_t ln)
{
	return ln < ex->nlines && ex->flags[ln];
}

/* arcov_excl_free - release @ex and zero it. */
void arcov_excl_free(struct arcov_excl *ex);

#ifdef __cplusplus
}
#endif

#endif
