/* legacy-lines.h -- per-source line tables as gcov 3.x counted them
 * (FORMATS.md §2.3, §5.3), over one solved object.
 */
#ifndef ARCOV_LEGACY_LINES_H
#define ARCOV_LEGACY_LINES_H

#include <stdio.h>
#include <sys/types.h>

#include "lines.h"

#ifdef __cplusplus
extern "C" {
#endif

struct arcov_legacy_branch {
	uint64_t total;		/* count of the block the arc leaves */
	uint64_t hits;		/* count of the arc, 0 when total is 0 */
	int is_call;		/* a fake arc */
};

struct arcov_legacy_line {
	uint64_t count;
	int exists;
	size_t nbranches;
	size_t cap;
	struct arcov_legacy_branch *branches;
};

/* One source of a .bb, in gcov 3.x order, with its line table size. */
struct arcov_legacy_src {
	uint32_t file;		/* index into bb.files */
	uint32_t maxline;	/* highest line + 1 */
};

/**
 * arcov_legacy_sources - the sources of @bb in gcov 3.x order (reverse of
 * first appearance).  Returns the number found, or a negative ARCOV_E*;
 * *@srcs is malloc'd.
 */
ssize_t arcov_legacy_sources(const struct arcov_bb *bb,
			     struct arcov_legacy_src **srcs);

/* How one walk behaves; see arcov_legacy_lines(). */
struct arcov_legacy_walk {
	int version;		/* 32 or 33 */
	int branches;		/* -b: collect branch records */
	int fn_summaries;	/* -f: call fn_summary per function */
	void (*fn_summary)(void *ctx, const char *name,
			   const struct arcov_cov *cov);
	void *ctx;
	FILE *diag;		/* "didn't use all bb entries" warnings */
	uint32_t last_line;	/* 3.2 carries it from source to source */
};

/**
 * arcov_legacy_lines - fill @lines (@src->maxline zeroed entries) for one
 * source and total them into @total.
 * @obj was loaded by arcov_obj_load(), which checked its lists.  Free with
 * arcov_legacy_lines_free().
 */
int arcov_legacy_lines(const struct arcov_obj *obj,
		       const struct arcov_legacy_src *src,
		       struct arcov_legacy_walk *walk,
		       struct arcov_legacy_line *lines,
		       struct arcov_cov *total);

/* arcov_legacy_lines_free - free @lines (@n entries) and their records. */
void arcov_legacy_lines_free(struct arcov_legacy_line *lines, uint32_t n);

#ifdef __cplusplus
}
#endif

#endif
