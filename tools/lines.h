/* lines.h -- per-source line tables built from solved objects, in the two
 * ways gcov has counted lines.
 *
 * gcov 3.x (FORMATS.md §2.3): walk the .bb word stream once per source; a
 * line's count is the sum of the counts of every block list it occurs in,
 * once per occurrence, and branch records hang on the last line seen.
 *
 * gcov 8 and later (GCC 12's gcov.cc, §5.9): each block is attached to the
 * last (highest) line of each of its per-file runs of lines; such a line
 * counts the arcs entering its attached blocks from outside them plus the
 * elementary cycles entirely within them.  Lines that are no block's last
 * line keep the plain per-occurrence sum.
 */
#ifndef ARCOV_LINES_H
#define ARCOV_LINES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include "error.h"
#include "exclude.h"
#include "object.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Coverage tallies, as gcov keeps them for a function or a file. */
struct arcov_cov {
	int lines;
	int lines_executed;
	int branches;
	int branches_executed;
	int branches_taken;
	int calls;
	int calls_executed;
};

/* ---- gcov 3.x ---- */

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

/**
 * arcov_legacy_check - what gcov 3.x would abort on, found before any
 * output: a .bb function without a flow graph, or more block lists than
 * the graph has blocks.  The modern report checks the same.
 */
int arcov_legacy_check(const struct arcov_obj *obj, struct arcov_err *err);

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
 * @obj must have passed arcov_legacy_check().  Free with
 * arcov_legacy_lines_free().
 */
int arcov_legacy_lines(const struct arcov_obj *obj,
		       const struct arcov_legacy_src *src,
		       struct arcov_legacy_walk *walk,
		       struct arcov_legacy_line *lines,
		       struct arcov_cov *total);

/* arcov_legacy_lines_free - free @lines (@n entries) and their records. */
void arcov_legacy_lines_free(struct arcov_legacy_line *lines, uint32_t n);

/* ---- gcov 8 and later ---- */

struct arcov_marc {
	uint32_t src;
	uint32_t dst;
	int64_t count;
	int64_t cs_count;	/* cycle search workspace */
	unsigned fake:1;
	unsigned fall_through:1;
	unsigned is_call_non_return:1;
	unsigned is_nonlocal_return:1;
	unsigned is_throw:1;
	unsigned is_unconditional:1;
	unsigned hidden:1;	/* --exclude-exception-branches drops it */
};

struct arcov_mblock {
	int64_t count;
	uint32_t nsucc;		/* succ[]: arc indices, ascending dst */
	uint32_t *succ;
	uint32_t npred;		/* pred[]: arc indices, file order */
	uint32_t *pred;
	unsigned exceptional:1;
	unsigned is_call_site:1;
	unsigned is_call_return:1;
	unsigned is_nonlocal_return:1;
};

struct arcov_mfn {
	const struct arcov_obj *obj;
	size_t index;		/* in obj->fns and obj->bb.fns */
	const char *name;
	uint32_t nblocks;	/* 0 = entry, nblocks - 1 = exit */
	struct arcov_mblock *blocks;
	uint32_t narcs;		/* the .bbg's arcs, loopback kept but unlinked */
	struct arcov_marc *arcs;
	uint32_t *links;	/* storage of every succ[] and pred[] */
	size_t *file_src;	/* .bb file index -> source, SIZE_MAX unset */
	int64_t bb_file;	/* .bb file in force where its record starts */
	int has_catch;
	uint32_t blocks_executed;
	size_t src;		/* index into sources, SIZE_MAX if no lines */
	uint32_t start_line;	/* lowest line in src: stands for the decl */
	uint32_t end_line;
	uint32_t decl_line;	/* from the .arcov-notes, 0 if unknown */
	uint32_t close_line;	/* the closing brace, likewise */
};

struct arcov_mref {
	struct arcov_mfn *fn;
	uint32_t idx;		/* block or arc index */
};

struct arcov_mline {
	int64_t count;
	unsigned exists:1;
	unsigned unexceptional:1;
	unsigned has_unexecuted_block:1;
	size_t nblocks;
	size_t capb;
	struct arcov_mref *blocks;	/* blocks whose last line this is */
	size_t nbranches;
	size_t capr;
	struct arcov_mref *branches;	/* their successor arcs (-b) */
};

struct arcov_msrc {
	char *name;		/* as in the .bb, canonicalized */
	const char *display;	/* name with the -s prefix removed */
	time_t file_time;	/* 0: unreadable, or newer than the notes */
	uint32_t nlines;	/* highest attached line + 1 */
	struct arcov_mline *lines;
	struct arcov_cov cov;	/* without excluded lines and branches */
	struct arcov_excl excl;	/* its exclusion markers */
	uint32_t maximum_count;	/* gcov keeps it in an unsigned int */
	size_t nfns;
	struct arcov_mfn **fns;	/* functions declared here */
};

struct arcov_modern {
	const char *source_prefix;	/* -s, or NULL */
	FILE *diag;			/* "source file is newer" notes */
	int newer_note_given;
	size_t nsrcs;
	struct arcov_msrc *srcs;
	size_t nfns;
	struct arcov_mfn **fns;	/* every function, in load order */
	size_t nmaps;
	size_t **maps;		/* the file_src maps, one per object */
};

/* arcov_modern_calls - how many times @fn was called: arcov_obj_fn_calls(),
 * as gcov 12 keeps counts. */
static inline int64_t arcov_modern_calls(const struct arcov_mfn *fn)
{
	return (int64_t)arcov_obj_fn_calls(&fn->obj->fns[fn->index]);
}

/**
 * arcov_modern_add - take @obj's functions into @m (which keeps pointers
 * into @obj: it must outlive @m), creating sources as gcov 12's
 * read_graph_file() meets them and building each graph as its
 * solve_flow_graph() leaves it.
 */
int arcov_modern_add(struct arcov_modern *m, const struct arcov_obj *obj);

/**
 * arcov_modern_line_counts - gcov 12's add_line_counts() for @fn: plain
 * sums, block attachment, branch lists (@branches), per-function
 * tallies into @cov when not NULL.  Returns 1, or 0 when the function
 * has no line at all, or a negative ARCOV_E*.
 */
int arcov_modern_line_counts(struct arcov_modern *m, struct arcov_mfn *fn,
			     int branches, struct arcov_cov *cov);

/**
 * arcov_modern_accumulate - gcov 12's accumulate_line_counts() for @src:
 * line counts of attached lines from entries and cycles, file tallies.
 */
void arcov_modern_accumulate(struct arcov_msrc *src);

/**
 * arcov_modern_clear - empty @src's line table and tallies, so that
 * arcov_modern_line_counts() and arcov_modern_accumulate() can count
 * another set of functions in it (the exports count one at a time).
 */
void arcov_modern_clear(struct arcov_msrc *src);

/* arcov_modern_free - release everything @m holds (not the objects). */
void arcov_modern_free(struct arcov_modern *m);

#ifdef __cplusplus
}
#endif

#endif
