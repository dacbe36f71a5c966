/* legacy-lines.h -- per-source line tables as gcov 3.x counted them
 * (doc/formats.md §2.3, §5.3), over one solved object.
 */
#ifndef ARCOV_LEGACY_LINES_H
#define ARCOV_LEGACY_LINES_H

#include <stdio.h>
#include <sys/types.h>

#include "lines.h"
#include "log.h"

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

/* One source of a .bb, in gcov 3.x order, with the lines listed for it. */
struct arcov_legacy_src {
	uint32_t file;		/* index into bb.files */
	uint32_t maxline;	/* highest line + 1: gcov 3.x lists 1 .. this */
	size_t nlines;
	uint32_t *lnum;		/* the lines listed, ascending, each once */
};

/*
 * The line table of one source: the lines the .bb lists (and any line a
 * branch record hangs on), ascending, so that its size follows the .bb's
 * and not the largest line number in it.
 */
struct arcov_legacy_table {
	uint32_t maxline;
	size_t n;
	size_t cap;		/* of lnum */
	size_t cap_lines;	/* of lines */
	uint32_t *lnum;
	struct arcov_legacy_line *lines;	/* lines[i] is line lnum[i] */
};

/**
 * arcov_legacy_sources - the sources of @bb in gcov 3.x order (reverse of
 * first appearance).  Returns the number found, or a negative ARCOV_E*;
 * *@srcs is malloc'd and released with arcov_legacy_sources_free().
 */
ssize_t arcov_legacy_sources(const struct arcov_bb *bb,
			     struct arcov_legacy_src **srcs);

/* arcov_legacy_sources_free - release @srcs (@n of them). */
void arcov_legacy_sources_free(struct arcov_legacy_src *srcs, size_t n);

/* How one walk behaves; see arcov_legacy_lines(). */
struct arcov_legacy_walk {
	int version;		/* 32 or 33 */
	int branches;		/* -b: collect branch records */
	int fn_summaries;	/* -f: call fn_summary per function */
	void (*fn_summary)(void *ctx, const char *name,
			   const struct arcov_cov *cov);
	void *ctx;
	struct arcov_log *log;	/* "didn't use all bb entries" warnings */
	uint32_t last_line;	/* 3.2 carries it from source to source */
};

/**
 * arcov_legacy_lines - fill the zeroed table @t for one source and total
 * it into @total.  @obj was loaded by arcov_obj_load(), which checked its
 * lists.  @t is released with arcov_legacy_table_free() whatever the
 * result.  Returns 0 or ARCOV_ENOMEM.
 */
int arcov_legacy_lines(const struct arcov_obj *obj,
		       const struct arcov_legacy_src *src,
		       struct arcov_legacy_walk *walk,
		       struct arcov_legacy_table *t,
		       struct arcov_cov *total);

/* arcov_legacy_table_free - release @t's lines and records; @t is zeroed. */
void arcov_legacy_table_free(struct arcov_legacy_table *t);

#ifdef __cplusplus
}
#endif

#endif
