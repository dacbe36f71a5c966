/* lines.h -- per-source line tables built from solved objects, as gcov 8
 * and later count lines (gcov 3.x's: legacy-lines.h).
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
#include "log.h"
#include "util.h"
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

/* ---- gcov 8 and later ---- */

struct arcov_marc {
	uint32_t src;
	uint32_t dst;
	int64_t count;		/* this copy's */
	int64_t total;		/* summed over every copy of the function */
	int64_t cs_count;	/* cycle search workspace */
	unsigned fake:1;
	unsigned fall_through:1;
	unsigned is_call_non_return:1;
	unsigned is_nonlocal_return:1;
	unsigned is_throw:1;
	unsigned is_unconditional:1;
	unsigned hidden:1;	/* --exclude-exception-branches drops it */
};

struct arcov_mblock {	/* 48 bytes: one per block of the tree */
	int64_t count;		/* this copy's */
	int64_t total;		/* summed over every copy of the function */
	uint32_t *succ;		/* nsucc arc indices, ascending dst */
	uint32_t *pred;		/* npred arc indices, file order */
	uint32_t nsucc;
	uint32_t npred;
	unsigned exceptional:1;
	unsigned is_call_site:1;
	unsigned is_call_return:1;
	unsigned is_nonlocal_return:1;
};

/*
 * One function of one object.  The same function compiled into several
 * objects (a source built twice, PIC and not; a .c file #included by
 * several tests; a header's static inline function; a template
 * instantiated in several units) gives several copies: same assembler
 * name, checksum, graph and first line in the same source.  The first
 * copy loaded is the leader, which every report shows, once, with the
 * totals of all copies; line counts are still taken per copy and summed,
 * as gcov 12 + lcov sum the reports of each object.
 */
struct arcov_mfn {
	const struct arcov_obj *obj;
	struct arcov_mfn *leader;	/* the copy that stands for all */
	uint32_t ncopies;	/* leader: how many copies, itself included */
	struct arcov_cov cov;	/* leader: its lines, branches and calls */
	int has_lines;		/* some block of it has a line */
	int is_group;		/* shares its first line with another
				 * function: its lines are counted apart,
				 * then added (gcov 12's function groups:
				 * template instances, C++ constructors and
				 * destructors emitted as several symbols) */
	int artificial;		/* compiler-generated (its notes say): no
				 * report shows it or its lines, as gcov 8
				 * and later and lcov leave such out */
	int absent;		/* not in the object (its notes say: GCC
				 * dropped it after it was instrumented):
				 * no report shows it or its lines, as
				 * gcov 13 and later leave such out */
	int inlined;		/* only inlined into other functions (its
				 * notes say; a leader: every copy): not
				 * listed, as nm and gcov do not, but its
				 * lines are the object's */
	int inexact;		/* its counters (a leader: some copy's)
				 * contradict its graph: the counts are
				 * the solver's bounds */
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
	uint32_t blocks_executed;	/* leader: by the totals */
	size_t src;		/* index into sources, SIZE_MAX if no lines */
	uint32_t start_line;	/* lowest line in src: stands for the decl */
	uint32_t end_line;
	uint32_t decl_line;	/* from the .arcov-notes, 0 if unknown */
	uint32_t close_line;	/* the closing brace, likewise */
	/* A group's leader: its own lines in its source from its first to
	 * its last line, counted alone and summed over its copies, as gcov
	 * 12 prints them in the function's section and JSON records. */
	uint32_t ngroup_lines;
	uint32_t *group_lnum;	/* ascending */
	struct arcov_mline *group_lines;
};

struct arcov_mref {
	struct arcov_mfn *fn;
	uint32_t idx;		/* block or arc index */
	uint32_t passed;	/* a block without statements that only
				 * passes its line on: it counts among the
				 * line's blocks, no report lists it */
};

struct arcov_mline {
	int64_t count;
	/* Of count, what the own lines of group functions add: their
	 * records hold it in the JSON, and the source's record the rest,
	 * as gcov 12's, which lcov and gcovr add up. */
	int64_t group_count;
	unsigned exists:1;
	unsigned unexceptional:1;
	unsigned has_unexecuted_block:1;
	unsigned inexact:1;	/* a block of an inexact function's copy */
	unsigned group_only:1;	/* only functions of groups have code here */
	uint32_t nblocks;		/* each list's capacity is the */
	uint32_t nbranches;		/* smallest power of two >= its size */
	struct arcov_mref *blocks;	/* blocks whose last line this is */
	struct arcov_mref *branches;	/* their successor arcs (-b) */
};

struct arcov_msrc {
	char *name;		/* as in the .bb, canonicalized */
	const char *display;	/* name with the -s prefix removed, or
				 * path relative to the --root */
	char *path;		/* the file: absolute, canonical, mapped */
	int filtered;		/* left out by --root/--filter/--exclude */
	time_t file_time;	/* 0: unreadable, or newer than the notes */
	/* The lines the .bb files list for this source, ascending: a table
	 * as large as the lines listed, however large their numbers. */
	uint32_t nlines;
	uint32_t *lnum;		/* lnum[i]: the number of lines[i] */
	struct arcov_mline *lines;	/* made by the first line count */
	/* lines[touched_lo, touched_hi) holds every line a count touched
	 * since the table was made or reset: a scratch table counting one
	 * function at a time visits that range, not the whole source. */
	size_t touched_lo, touched_hi;
	size_t nlnum_seen;	/* while objects are added: lnum as met */
	size_t cap_lnum;
	int lnum_borrowed;	/* lnum is another source's (a scratch) */
	struct arcov_cov cov;	/* without excluded lines and branches */
	struct arcov_cov gcov_cov;	/* the same as gcov 12 prints it: the
					 * branches and calls of functions of
					 * groups left out */
	struct arcov_excl excl;	/* its exclusion markers */
	uint32_t maximum_count;	/* gcov keeps it in an unsigned int */
	size_t nfns;
	struct arcov_mfn **fns;	/* functions declared here */
};

/* A --path-map: a path starting FROM/ (or equal to FROM) is read from
 * TO/ instead, as lcov --substitute and llvm-cov -path-equivalence do. */
struct arcov_path_map {
	const char *from;
	const char *to;
};

struct arcov_modern {
	const char *source_prefix;	/* -s, or NULL */
	const char *root;		/* --root, absolute and canonical */
	const char *cwd;		/* where relative names without a
					 * compile directory are read from */
	size_t npath_maps;		/* --path-map, in order */
	const struct arcov_path_map *path_maps;
	struct arcov_log *log;		/* "source file is newer" notes */
	int newer_note_given;
	size_t nsrcs;
	struct arcov_msrc *srcs;
	size_t nfns;
	struct arcov_mfn **fns;	/* every function, in load order */
	size_t nmaps;
	size_t **maps;		/* the file_src maps, one per object */
};

/* arcov_gcc_index - GCC's number for block @b of a graph of @n blocks,
 * as a .gcno numbers them: entry 0, exit 1, real blocks from 2. */
static inline uint32_t arcov_gcc_index(uint32_t b, uint32_t n)
{
	if (b == 0)
		return 0;
	return b == n - 1 ? 1 : b + 1;
}

/* arcov_fn_first_line - @fn's declarator line. */
static inline uint32_t arcov_fn_first_line(const struct arcov_mfn *fn)
{
	return fn->decl_line ? fn->decl_line : fn->start_line;
}

/* arcov_fn_last_line - @fn's last line, its closing brace if known. */
static inline uint32_t arcov_fn_last_line(const struct arcov_mfn *fn)
{
	return fn->close_line >= arcov_fn_first_line(fn) ? fn->close_line :
							   fn->end_line;
}

/* What an arc is to the reports: the one place that decides. */
enum arcov_arc_kind {
	ARCOV_ARC_HIDDEN,	/* --exclude-exception-branches took it */
	ARCOV_ARC_CALL,		/* a call's fake arc: "call N returned" */
	ARCOV_ARC_BRANCH,	/* a conditional arc: "branch N taken" */
	ARCOV_ARC_UNCOND	/* the only real arc out of its block */
};

/* arcov_arc_kind - what @arc is to the reports. */
static inline enum arcov_arc_kind arcov_arc_kind(const struct arcov_marc *arc)
{
	if (arc->hidden)
		return ARCOV_ARC_HIDDEN;
	if (arc->is_call_non_return)
		return ARCOV_ARC_CALL;
	return arc->is_unconditional ? ARCOV_ARC_UNCOND : ARCOV_ARC_BRANCH;
}

/* arcov_arc_is_branch - whether @arc is a branch the reports count. */
static inline int arcov_arc_is_branch(const struct arcov_marc *arc)
{
	return arcov_arc_kind(arc) == ARCOV_ARC_BRANCH;
}

/**
 * arcov_mline_merge - the branches of @line as lcov and gcovr count them.
 * @line: a line of the model
 * @sum:  line->nbranches entries, set: for a branch arc (arcov_arc_is_branch)
 *        that is the first at its position among its function's branch
 *        arcs, the totals of every function's branch arc at that position;
 *        -1 for every other arc
 * @ran:  line->nbranches entries, set alike: whether the block of one of
 *        those arcs ran
 * @from: NULL, or line->nbranches entries, set alike: the summed counts
 *        of those arcs' source blocks (what a branch's share is of)
 *
 * The functions of a group that share a line (template instances, the
 * symbols of one destructor) each have a record of the line in gcov 12's
 * JSON, which lcov and gcovr merge by position, summing the counts.  A
 * line of one function keeps its branches as they are.  Returns 0, or
 * ARCOV_ENOMEM.
 */
int arcov_mline_merge(const struct arcov_mline *line, int64_t *sum,
		      unsigned char *ran, int64_t *from);

/* arcov_mfn_shown - whether reports show @fn's lines and branches as its
 * own: it leads its copies. */
static inline int arcov_mfn_shown(const struct arcov_mfn *fn)
{
	return fn->leader == fn;
}

/* arcov_mfn_listed - whether reports list @fn as a function: it leads its
 * copies, and some object emitted it. */
static inline int arcov_mfn_listed(const struct arcov_mfn *fn)
{
	return fn->leader == fn && !fn->inlined;
}

/**
 * arcov_modern_calls - how many times @fn and its copies were called: the
 * entry block's total less the totals of the fake arcs leaving it (see
 * arcov_obj_fn_calls()).
 */
int64_t arcov_modern_calls(const struct arcov_mfn *fn);

/**
 * arcov_modern_returns - how many of those calls returned: the exit
 * block's total less the fake arcs into it (calls that did not return).
 */
int64_t arcov_modern_returns(const struct arcov_mfn *fn);

/**
 * arcov_msrc_from - the index in @src->lines of the first line numbered
 * @ln or more (@src->nlines when there is none).
 */
static inline size_t arcov_msrc_from(const struct arcov_msrc *src,
				     uint32_t ln)
{
	return arcov_lower_bound(src->lnum, src->lines ? src->nlines : 0, ln);
}

/**
 * arcov_msrc_find - the index in @src->lines of line @ln, or -1 when the
 * .bb files list no such line for @src.
 */
static inline int64_t arcov_msrc_find(const struct arcov_msrc *src,
				      uint32_t ln)
{
	size_t k = arcov_msrc_from(src, ln);

	return src->lines && k < src->nlines && src->lnum[k] == ln ?
	       (int64_t)k : -1;
}

/* arcov_mline_has_block - whether block @b of @fn is attached to @line. */
int arcov_mline_has_block(const struct arcov_mline *line,
			  const struct arcov_mfn *fn, uint32_t b);

/* arcov_mline_cycles - gcov 12's get_cycles_count() for @line (cycles.c):
 * uses and changes the cs_count of the arcs of its blocks. */
int64_t arcov_mline_cycles(const struct arcov_mline *line);

/**
 * arcov_modern_add - take @obj's functions into @m (which keeps pointers
 * into @obj: it must outlive @m), creating sources as gcov 12's
 * read_graph_file() meets them and building each graph as its
 * solve_flow_graph() leaves it.
 */
int arcov_modern_add(struct arcov_modern *m, const struct arcov_obj *obj);

/**
 * arcov_modern_resolve - the file the source @name of @obj is, as the
 * model will know it (absolute, canonical, mapped): malloc'd, or NULL
 * when out of memory.
 */
char *arcov_modern_resolve(const struct arcov_modern *m, const char *name,
			   const struct arcov_obj *obj);

/**
 * arcov_modern_group - find the copies of each function (struct
 * arcov_mfn), once every object is added: each copy gets its leader and
 * the leader the totals of all of them; the sources list leaders only.
 * Returns 0 or ARCOV_ENOMEM.
 */
int arcov_modern_group(struct arcov_modern *m);

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
 * line counts of attached lines from entries and cycles.
 */
void arcov_modern_accumulate(struct arcov_msrc *src);

/**
 * arcov_modern_tally - @src's coverage tallies (lines, branches, calls,
 * without excluded ones) and its largest line count, once its lines are
 * counted.  A group's branches on a line count once per position
 * (arcov_mline_merge()).  Returns 0, or ARCOV_ENOMEM.
 */
int arcov_modern_tally(struct arcov_msrc *src);

/* arcov_modern_tables - make the line table of every source of @m. */
int arcov_modern_tables(struct arcov_modern *m);

/**
 * arcov_modern_add_group_fn - count the lines of @fn, a function of a
 * group (struct arcov_mfn.is_group), alone in the workspace @scratch
 * (arcov_modern_scratch() over @m), and add them to @m's lines as gcov 12
 * adds a group's lines to its source: counts summed, the line then
 * existing, its flags and branch records joined.  Returns 1, 0 when @fn
 * has no line, or ARCOV_ENOMEM.
 */
int arcov_modern_add_group_fn(struct arcov_modern *m,
			      struct arcov_modern *scratch,
			      struct arcov_mfn *fn);

/**
 * arcov_modern_clear - empty @src's line table and tallies, so that
 * arcov_modern_line_counts() and arcov_modern_accumulate() can count
 * another set of functions in it (the exports count one at a time).
 */
void arcov_modern_clear(struct arcov_msrc *src);

/**
 * arcov_modern_fn_lines - @fn's own line counts, as gcov 12 would print
 * them were @fn alone in its sources: @each is called for every line of
 * it with the source index (into @m->srcs) and the count.  @m's tables
 * are left as they are; @scratch is workspace made by
 * arcov_modern_scratch() over @m, which keeps the line tables it makes
 * for the next call and empties only the lines a call touched, so that
 * a function costs its own lines, not its sources'.  Returns 0, what
 * @each returned when not 0, or ARCOV_ENOMEM.
 */
int arcov_modern_fn_lines(struct arcov_modern *scratch, struct arcov_mfn *fn,
			  int (*each)(void *ctx, size_t src, uint32_t line,
				      int64_t count),
			  void *ctx);

/* arcov_modern_scratch - workspace for arcov_modern_fn_lines() over @m,
 * which must outlive it.  Returns 0 or ARCOV_ENOMEM. */
int arcov_modern_scratch(const struct arcov_modern *m,
			 struct arcov_modern *scratch);

/* arcov_modern_scratch_trim - release the line tables @scratch keeps
 * between arcov_modern_fn_lines() calls (they are made again on use):
 * between objects, whose functions mostly touch sources of their own. */
void arcov_modern_scratch_trim(struct arcov_modern *scratch);

/* arcov_modern_scratch_free - release what arcov_modern_scratch() made. */
void arcov_modern_scratch_free(struct arcov_modern *scratch);

/* arcov_modern_free - release everything @m holds (not the objects). */
void arcov_modern_free(struct arcov_modern *m);

#ifdef __cplusplus
}
#endif

#endif
