/* solve.h -- derive every block and arc count of a flow graph (§5.2).
 *
 * Given a .bbg function and its counters (one per arc off the spanning
 * tree, in counter order), propagate flow conservation until every block
 * and arc is known.  The exit->entry loopback closes the graph, so entry
 * and exit counts are equal.  Unlike gcov 3.3, which aborts, an
 * underdetermined graph is ARCOV_EUNSOLVABLE and a contradiction (a derived
 * count below zero, or a block whose inflow and outflow differ) is
 * ARCOV_EINCONSISTENT, with the first block found named in the message.
 * A contradiction still leaves a result, marked inexact: the counters as
 * they are, what follows from them without contradiction, and lower
 * bounds for the rest (arcov_solve()).
 */
#ifndef ARCOV_SOLVE_H
#define ARCOV_SOLVE_H

#include <stddef.h>
#include <stdint.h>
#include "bbg.h"
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

struct arcov_counts {
	uint32_t nblocks;
	uint32_t narcs;
	uint64_t *block;	/* nblocks */
	uint64_t *arc;		/* narcs, in fn->arcs order */
	int inexact;		/* the counters contradict the graph: the
				 * counts are bounds (ARCOV_EINCONSISTENT) */
};

/**
 * arcov_solve - solve @fn's counts.
 * @counters:  fn->ncounters values, or NULL for "no data" (all zero)
 * @ncounters: number of values given; must equal fn->ncounters
 * @out:       zeroed result, freed with arcov_counts_free() even on error
 * @file:      name used as message prefix (e.g. the .bbg), may be NULL
 *
 * Returns 0, or a negative ARCOV_E* with @err set.  On
 * ARCOV_EINCONSISTENT (counters lost increments, as plain increments do
 * under threads, or come from another build) @out is filled all the same
 * and out->inexact set: each counter as read, each derived arc that
 * would be negative 0, and every block at least the larger of its
 * inflow and outflow and, when anything counted, the entry and exit at
 * least 1 -- so no count is negative and nothing that ran reads as not
 * run.  On any other error @out holds nothing.
 */
int arcov_solve(const struct arcov_bbg_fn *fn, const uint64_t *counters,
		size_t ncounters, struct arcov_counts *out, const char *file,
		struct arcov_err *err);

void arcov_counts_free(struct arcov_counts *c);

#ifdef __cplusplus
}
#endif

#endif
