/* object.h -- one compiled object as the reporter sees it: its .bb, .bbg and
 * (optional) .da read through the format library, .da records matched to
 * the flow graphs, and every block and arc count solved.
 *
 * Functions are the .bbg's, in file order; the k-th .bb function marker
 * belongs to the k-th of them, by position, as gcov 3.3 pairs them (names
 * are never compared between .bb and .bbg).  Counters are the sum of every
 * .da record, in every block of the file, whose name, checksum and counter
 * count match the function (gcov 3.3's read_profile), or of one block only
 * when a run is selected.
 */
#ifndef ARCOV_OBJECT_H
#define ARCOV_OBJECT_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "bb.h"
#include "arcov-notes.h"
#include "bbg.h"
#include "da.h"
#include "error.h"
#include "solve.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which file could not be found (the tools word that message themselves). */
enum arcov_obj_missing {
	ARCOV_OBJ_FOUND = 0,
	ARCOV_OBJ_MISSING_BB,
	ARCOV_OBJ_MISSING_BBG
};

/* How the .da file names are derived from the command-line argument. */
enum arcov_names_style {
	ARCOV_NAMES_MODERN,	/* gcov 12: FILE's own directory */
	ARCOV_NAMES_GCOV33,	/* gcov 3.3: basename in the current directory */
	ARCOV_NAMES_GCOV32	/* gcov 3.2: FILE as given */
};

struct arcov_obj_fn {
	const struct arcov_bbg_fn *graph;
	uint64_t *counters;	/* graph->ncounters, summed over records */
	uint32_t nrecords;	/* .da records that contributed */
	struct arcov_counts counts;	/* solved; bounds when counts.inexact
					 * (status ARCOV_EINCONSISTENT), else
					 * all zero when status < 0 */
	int status;		/* 0, ARCOV_EUNSOLVABLE or ARCOV_EINCONSISTENT */
	struct arcov_err *err;	/* why, when status < 0; else NULL (a
				 * message buffer per function would be
				 * most of a large tree's object model) */
};

struct arcov_obj {
	char *stem;		/* path without suffix */
	char *bb_path;
	char *bbg_path;
	char *da_path;
	time_t bb_mtime;
	time_t bbg_mtime;
	enum arcov_obj_missing missing;
	struct arcov_bb bb;
	struct arcov_bbg bbg;
	struct arcov_da da;
	int have_da;		/* the .da exists (and was read) */
	uint32_t runs;		/* .da blocks holding at least one match */
	uint32_t selected;	/* .da blocks the run selection took */
	uint32_t nforeign;	/* blocks of another build (stamp), unused */
	size_t nstale;		/* .da records matching no function */
	size_t stale_offset;	/* byte offset of the first of them */
	size_t nlive;		/* continuous mode's live files beside the
				 * .da, not folded into it */
	int folding;		/* the load folded those of dead processes:
				 * nlive counts running ones and failures */
	char *fold_msgs;	/* why a fold failed, lines, or NULL */
	size_t nfns;		/* == bbg.nfns */
	struct arcov_obj_fn *fns;
	/* The extension notes (STEM.arcov-notes), read once with the rest:
	 * notes_rc is 0 when they describe this .bbg's functions, else the
	 * arcov_obj_read_notes() error, explained by notes_err. */
	struct arcov_notes notes;
	int notes_rc;
	int notes_missing;	/* notes_rc is for a file that is not there */
	struct arcov_err notes_err;
};

/* Which .da blocks a report uses: the @index-th (from 1) of each file, or
 * those labelled @label (ARCOV_RUN_LABEL, doc/da-extension.md). */
struct arcov_run_sel {
	long index;
	const char *label;
	int unlabelled;		/* instead: the blocks without a label */
};

/**
 * arcov_run_label - the label of .da block @blk, of any length: a
 * malloc'd string in *@label.  Returns 1, 0 when it has none (or one
 * holding a NUL, which no environment variable can), or ARCOV_ENOMEM.
 */
int arcov_run_label(const struct arcov_da_block *blk, char **label);

/* arcov_run_selects - whether @run takes block @blk, the @k-th (from 0)
 * of its file; a NULL @run takes every block. */
int arcov_run_selects(const struct arcov_run_sel *run,
		      const struct arcov_da_block *blk, size_t k);

/* How much work the loads of this process did: each object must be read
 * and each graph solved once per run, whatever outputs are asked for. */
struct arcov_obj_stats {
	size_t loads;		/* arcov_obj_load() calls */
	size_t solves;		/* flow graphs solved */
};

/**
 * arcov_obj_stem - the path, without suffix, of the data files for @arg.
 * @arg:    the command-line file: a source, .bb/.bbg/.da or object path
 * @objdir: the -o argument (a directory or an object file), or NULL
 * @style:  whose lookup rules to follow (doc/formats.md §5.1)
 *
 * Returns a malloc'd string, or NULL when out of memory.
 */
char *arcov_obj_stem(const char *arg, const char *objdir,
		     enum arcov_names_style style);

/**
 * arcov_obj_load - read, match and solve one object.
 * @obj:  zeroed; released with arcov_obj_free() whatever the result
 * @stem: data file path without suffix (see arcov_obj_stem())
 * @run:  the .da blocks to use (by position or label), or NULL for all:
 *        a file holding none of them reads as not executed
 * @fold: first fold the live files of continuous mode's dead processes
 *        into the .da (model/fold.h); it is written then
 * @err:  receives "FILE: offset N: what" when the result is negative
 *
 * A missing .da is not an error: obj->have_da stays 0 and every count is
 * zero.  A missing .bb or .bbg is ARCOV_EIO with obj->missing saying which.
 * A function whose counts contradict its graph does not fail the load: its
 * status and err say why, and its counts are the solver's bounds, marked
 * counts.inexact (ARCOV_EINCONSISTENT), or all zero (a graph that cannot
 * be solved).  The extension notes
 * are read too (obj->notes_rc says whether they could be used).
 */
int arcov_obj_load(struct arcov_obj *obj, const char *stem,
		   const struct arcov_run_sel *run, int fold,
		   struct arcov_err *err);

/**
 * arcov_obj_inexact_warning - the one-line warning about the functions of
 * @obj whose counters contradict their graphs (struct arcov_counts
 * inexact), naming the first contradiction and the likely cause, into
 * @buf; returns 0 when there is nothing to say.
 */
int arcov_obj_inexact_warning(const struct arcov_obj *obj, char *buf,
			      size_t size);

/**
 * arcov_obj_live_warning - when live files of continuous mode wait
 * beside @obj's .da (doc/live-file.md), a message saying so into @buf
 * and 1; else 0.
 */
int arcov_obj_live_warning(const struct arcov_obj *obj, char *buf,
			   size_t size);

/**
 * arcov_obj_stale_warning - the one-line warning about .da records that
 * match no function, into @buf; returns 0 when there is nothing to say.
 */
int arcov_obj_stale_warning(const struct arcov_obj *obj, char *buf,
			    size_t size);

/**
 * arcov_obj_fn_calls - how many times @fn was called: its entry block's
 * count less the counts of the fake arcs leaving the entry block.  Those
 * arcs bring the second returns of setjmp() and fork() and the landings of
 * exceptions and non-local gotos (doc/formats.md §3.3 steps 4 and 5), which
 * enter the function's body again without a call; the report's "called",
 * the JSON "execution_count", lcov's FNDA and the exports' invocations are
 * all this count.
 */
uint64_t arcov_obj_fn_calls(const struct arcov_obj_fn *fn);

/* arcov_obj_stats - the loads and solves of this process so far. */
struct arcov_obj_stats arcov_obj_stats(void);

/**
 * arcov_obj_read_notes - read @obj's extension notes (STEM.arcov-notes)
 * into the zeroed @notes and check that they describe the functions of its
 * .bbg, in the same order (name, checksum, block count).
 * Returns 0; ARCOV_EIO with errno kept (ENOENT: no notes); ARCOV_EMISMATCH
 * for notes of another build; or the reader's error.  @notes is released
 * with arcov_notes_free() whatever the result.
 */
int arcov_obj_read_notes(const struct arcov_obj *obj,
			 struct arcov_notes *notes, struct arcov_err *err);

/* arcov_obj_free - release what arcov_obj_load() read; @obj is zeroed. */
void arcov_obj_free(struct arcov_obj *obj);

#ifdef __cplusplus
}
#endif

#endif
