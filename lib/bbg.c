/* bbg.c -- the .bbg flow-graph file (FORMATS.md §3): model, reader, writer. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "bbg.h"
#include "sm.h"

int arcov_bbg_fn_init(struct arcov_bbg_fn *fn, const char *name,
		      uint32_t checksum, uint32_t nblocks, uint32_t narcs)
{
	memset(fn, 0, sizeof *fn);
	fn->name = strdup(name);
	fn->checksum = checksum;
	fn->nblocks = nblocks;
	fn->narcs = narcs;
	fn->arcs = calloc(narcs ? narcs : 1, sizeof *fn->arcs);
	fn->first_arc = calloc((size_t)nblocks + 1, sizeof *fn->first_arc);
	fn->block_offset = calloc(nblocks ? nblocks : 1,
				  sizeof *fn->block_offset);
	if (!fn->name || !fn->arcs || !fn->first_arc || !fn->block_offset) {
		arcov_bbg_fn_free(fn);
		return ARCOV_ENOMEM;
	}
	return 0;
}

int arcov_bbg_fn_finish(struct arcov_bbg_fn *fn)
{
	uint32_t i, b = 0;

	fn->ncounters = 0;
	for (i = 0; i < fn->narcs; i++) {
		const struct arcov_bbg_arc *a = &fn->arcs[i];

		if (a->src >= fn->nblocks || a->dest >= fn->nblocks ||
		    a->src < b || (a->flags & ~ARCOV_ARC_FLAGS_KNOWN))
			return ARCOV_EFORMAT;
		while (b < a->src)
			fn->first_arc[++b] = i;
		if (!(a->flags & ARCOV_ARC_ON_TREE))
			fn->ncounters++;
	}
	while (b < fn->nblocks)
		fn->first_arc[++b] = fn->narcs;
	return 0;
}

uint32_t arcov_bbg_checksum(uint32_t nreal, const uint32_t *start,
			    const uint32_t *succ)
{
	/* GCC 3.3 compute_checksum(): every intermediate value stays below
	 * 2^31, so the result does not depend on the host's word size. */
	const uint64_t mod = 500000003;
	uint64_t c = 0;
	uint32_t b, i;

	for (b = 0; b < nreal; b++) {
		for (i = start[b]; i < start[b + 1]; i++)
			c = ((c << 2) + succ[i] + 1) % mod;
		c = (c << 2) % mod;
	}
	return (uint32_t)c;
}

void arcov_bbg_fn_free(struct arcov_bbg_fn *fn)
{
	free(fn->name);
	free(fn->arcs);
	free(fn->first_arc);
	free(fn->block_offset);
	memset(fn, 0, sizeof *fn);
}

void arcov_bbg_free(struct arcov_bbg *bbg)
{
	size_t i;

	for (i = 0; i < bbg->nfns; i++)
		arcov_bbg_fn_free(&bbg->fns[i]);
	free(bbg->fns);
	memset(bbg, 0, sizeof *bbg);
}

/* arcov_bbg_read() and arcov_bbg_write() follow. */
