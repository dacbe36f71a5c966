/* fuzz-bbg.c -- fuzz target: the .bbg reader (lib/bbg.c) and the solver
 * (lib/solve.c) on every graph it accepts.
 *
 * An accepted input is written back byte for byte; rebuilding each
 * function's block index with arcov_bbg_fn_finish() gives the reader's;
 * and each graph is solved with no data (all counters 0), with counters
 * taken from the input's own bytes, and with those of a flow that
 * conserves itself (fuzz_solve_flow()).
 */
#include <config.h>

#include "bbg.h"
#include "fuzz.h"
#include "sm.h"

/* The reader's first_arc[] and ncounters, as the writers' helper derives
 * them from arcs[]. */
static void check_index(const struct arcov_bbg_fn *fn)
{
	struct arcov_bbg_fn copy;

	FUZZ_CHECK(arcov_bbg_fn_init(&copy, fn->name, fn->checksum,
				     fn->nblocks, fn->narcs) == 0);
	if (fn->narcs)
		memcpy(copy.arcs, fn->arcs, fn->narcs * sizeof *fn->arcs);
	FUZZ_CHECK(arcov_bbg_fn_finish(&copy) == 0);
	FUZZ_CHECK(copy.ncounters == fn->ncounters);
	FUZZ_CHECK(!memcmp(copy.first_arc, fn->first_arc,
			   ((size_t)fn->nblocks + 1) * sizeof *fn->first_arc));
	arcov_bbg_fn_free(&copy);
}

/* Counters for @fn made of the input's bytes, two at a time, so that the
 * solver sees varied small counts (and some contradictions). */
static void solve_with_bytes(const struct arcov_bbg_fn *fn,
			     const uint8_t *data, size_t size)
{
	uint64_t *counters = fuzz_alloc(fn->ncounters * sizeof *counters);
	uint32_t i;

	for (i = 0; i < fn->ncounters; i++)
		counters[i] = size ? data[(2 * (size_t)i) % size] : 0;
	fuzz_solve(fn, counters, fn->ncounters);
	free(counters);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arcov_err err = { 0, "" };
	struct arcov_bbg bbg = { 0 };
	size_t f;
	int rc;

	/* An empty image may come without a buffer (a missing optional
	 * file, arcov_file_slurp_optional()). */
	if (!size)
		data = NULL;

	rc = arcov_bbg_read(&bbg, data, size, FUZZ_NAME, &err);
	if (rc) {
		fuzz_check_refusal(rc, &err);
		arcov_bbg_free(&bbg);
		return 0;
	}
	FUZZ_CHECK_WRITE_BACK(arcov_bbg_write, &bbg, data, size);
	for (f = 0; f < bbg.nfns; f++) {
		check_index(&bbg.fns[f]);
		fuzz_solve(&bbg.fns[f], NULL, bbg.fns[f].ncounters);
		solve_with_bytes(&bbg.fns[f], data, size);
		fuzz_solve_flow(&bbg.fns[f], data, size);
	}
	arcov_bbg_free(&bbg);
	return 0;
}
