/* fuzz-solve.c -- fuzz target: the solver (lib/solve.c) on a .bbg and the
 * counters of a .da, as a reporter pairs them.
 *
 * The input is a .bbg image, the separator FUZZ_SOLVE_SEP, and a .da
 * image (no separator: the .bbg alone, solved with no data).  When both
 * are accepted, every .bbg function is solved with the counters of each
 * .da record of the same name and checksum, whatever their number (the
 * solver must refuse a wrong count itself), and with none; fuzz_solve()
 * holds each solution to flow conservation.
 */
#include <config.h>

#include "bbg.h"
#include "da.h"
#include "fuzz.h"

#define FUZZ_SOLVE_SEP "\n--da--\n"

/* Solve @fn with every matching record of @da. */
static void solve_fn(const struct arcov_bbg_fn *fn, const struct arcov_da *da)
{
	size_t b;
	uint32_t f;

	fuzz_solve(fn, NULL, fn->ncounters);
	for (b = 0; b < da->nblocks; b++) {
		const struct arcov_da_block *blk = &da->blocks[b];

		for (f = 0; f < blk->nfns; f++)
			if (blk->fns[f].checksum == fn->checksum &&
			    !strcmp(blk->fns[f].name, fn->name))
				fuzz_solve(fn, blk->fns[f].counters,
					   blk->fns[f].ncounters);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *sep = memmem(data, size, FUZZ_SOLVE_SEP,
				    sizeof FUZZ_SOLVE_SEP - 1);
	size_t bbg_size = sep ? (size_t)(sep - data) : size, da_at, f;
	struct arcov_bbg bbg = { 0 };
	struct arcov_da da = { 0 };
	/* Its own block, so that ASan sees a read past its end. */
	uint8_t *bbg_data = fuzz_alloc(bbg_size);
	int rc;

	if (bbg_size)
		memcpy(bbg_data, data, bbg_size);
	rc = arcov_bbg_read(&bbg, bbg_data, bbg_size, FUZZ_NAME, NULL);
	free(bbg_data);
	if (rc)
		goto free_bbg;
	if (sep) {
		da_at = bbg_size + sizeof FUZZ_SOLVE_SEP - 1;
		if (arcov_da_read(&da, data + da_at, size - da_at, FUZZ_NAME,
				  NULL))
			goto free_bbg;
	}
	for (f = 0; f < bbg.nfns; f++)
		solve_fn(&bbg.fns[f], &da);
	arcov_da_free(&da);
free_bbg:
	arcov_bbg_free(&bbg);
	return 0;
}
