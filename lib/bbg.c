/* bbg.c -- the .bbg flow-graph file (doc/formats.md §3): model, reader, writer. */
#include <config.h>

#include <limits.h>
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

static int read_arc(struct arcov_rd *r, struct arcov_bbg_fn *fn, uint32_t b,
		    struct arcov_bbg_arc *a)
{
	size_t at;
	int32_t dest, flags;
	int rc;

	rc = arcov_rd_word_range(r, &dest, 0, (int32_t)(fn->nblocks - 1),
				 "arc destination");
	if (rc)
		return rc;
	at = r->pos;
	rc = arcov_rd_word(r, &flags, "arc flags");
	if (rc)
		return rc;
	/* A negative value has the sign bit, so it is caught too. */
	if (flags & ~ARCOV_ARC_FLAGS_KNOWN)
		return arcov_rd_fail(r, ARCOV_EFORMAT, at,
				     "arc flags %ld have bits outside %#x",
				     (long)flags, ARCOV_ARC_FLAGS_KNOWN);
	a->src = b;
	a->dest = (uint32_t)dest;
	a->flags = (uint32_t)flags;
	if (!(a->flags & ARCOV_ARC_ON_TREE))
		fn->ncounters++;
	return 0;
}

/* The per-block arc lists of @fn, whose arc count was read at @narcs_at. */
static int read_blocks(struct arcov_rd *r, struct arcov_bbg_fn *fn,
		       size_t narcs_at)
{
	uint32_t b, listed = 0;
	int32_t k, j;
	int rc;

	for (b = 0; b < fn->nblocks; b++) {
		size_t at = r->pos;

		fn->block_offset[b] = at;
		fn->first_arc[b] = listed;
		rc = arcov_rd_word_range(r, &k, 0, ARCOV_WORD_MAX,
					 "block arc count");
		if (rc)
			return rc;
		/* Within the announced total, the pairs are known to be in
		 * the file: read_fn() checked room for all of them. */
		if ((uint32_t)k > fn->narcs - listed)
			return arcov_rd_fail(r, ARCOV_EFORMAT, at,
					     "arc count %ld of block %lu exceeds the %lu left of the %lu announced",
					     (long)k, (unsigned long)b,
					     (unsigned long)(fn->narcs - listed),
					     (unsigned long)fn->narcs);
		for (j = 0; j < k; j++) {
			rc = read_arc(r, fn, b, &fn->arcs[listed++]);
			if (rc)
				return rc;
		}
	}
	fn->first_arc[fn->nblocks] = listed;
	if (listed != fn->narcs)
		return arcov_rd_fail(r, ARCOV_EFORMAT, narcs_at,
				     "%lu arcs announced, but the blocks list %lu",
				     (unsigned long)fn->narcs,
				     (unsigned long)listed);
	return 0;
}

/*
 * One function record.  Both counts are checked against the bytes left
 * before anything is allocated: each block needs at least its count word
 * and each arc its two words, so a lying count fails here, not in malloc.
 */
static int read_fn(struct arcov_rd *r, struct arcov_bbg_fn *fn)
{
	size_t at = r->pos, counts_at, narcs_at;
	int32_t checksum, nblocks, narcs;
	uint64_t need;
	char *name;
	int rc;

	rc = arcov_rd_counted_string(r, &name, "function name");
	if (rc)
		return rc;
	rc = arcov_rd_word_range(r, &checksum, 0, ARCOV_WORD_MAX, "checksum");
	if (rc)
		goto free_name;
	counts_at = r->pos;
	rc = arcov_rd_word_range(r, &nblocks, 2, ARCOV_WORD_MAX, "block count");
	if (rc)
		goto free_name;
	/* arc count, one count word per block, separator */
	need = ARCOV_WORD + (uint64_t)nblocks * ARCOV_WORD + ARCOV_WORD;
	if (need > arcov_rd_left(r)) {
		rc = arcov_rd_fail(r, ARCOV_ETRUNC, counts_at,
				   "block count %ld needs %llu more bytes, %zu left",
				   (long)nblocks, (unsigned long long)need,
				   arcov_rd_left(r));
		goto free_name;
	}
	narcs_at = r->pos;
	rc = arcov_rd_word_range(r, &narcs, 0, ARCOV_WORD_MAX, "arc count");
	if (rc)
		goto free_name;
	need = (uint64_t)nblocks * ARCOV_WORD +
	       (uint64_t)narcs * 2 * ARCOV_WORD + ARCOV_WORD;
	if (need > arcov_rd_left(r)) {
		rc = arcov_rd_fail(r, ARCOV_ETRUNC, narcs_at,
				   "arc count %ld with %ld blocks needs %llu more bytes, %zu left",
				   (long)narcs, (long)nblocks,
				   (unsigned long long)need, arcov_rd_left(r));
		goto free_name;
	}
	rc = arcov_bbg_fn_init(fn, name, (uint32_t)checksum,
			       (uint32_t)nblocks, (uint32_t)narcs);
	free(name);
	if (rc)
		return arcov_rd_fail(r, rc, at, "out of memory");
	fn->offset = at;
	rc = read_blocks(r, fn, narcs_at);
	if (rc)
		return rc;
	return arcov_rd_expect(r, ARCOV_SEP_FILE, "record separator");

free_name:
	free(name);
	return rc;
}

int arcov_bbg_read(struct arcov_bbg *bbg, const void *data, size_t size,
		   const char *name, struct arcov_err *err)
{
	struct arcov_rd r;
	size_t cap = 0;
	int rc;

	arcov_rd_init(&r, data, size, name, err);
	while (arcov_rd_left(&r)) {
		/* Each record is at least 40 bytes, so doubling the array
		 * keeps it within a small multiple of the file's size. */
		if (bbg->nfns == cap) {
			size_t n = cap ? 2 * cap : 4;
			struct arcov_bbg_fn *fns;

			fns = realloc(bbg->fns, n * sizeof *fns);
			if (!fns)
				return arcov_rd_fail(&r, ARCOV_ENOMEM, r.pos,
						     "out of memory");
			bbg->fns = fns;
			cap = n;
		}
		memset(&bbg->fns[bbg->nfns], 0, sizeof *bbg->fns);
		rc = read_fn(&r, &bbg->fns[bbg->nfns++]);
		if (rc)
			return rc;
	}
	return 0;
}

static int write_fn(struct arcov_wr *w, const struct arcov_bbg_fn *fn)
{
	uint32_t b, i;

	/* Only what the reader would accept, so the two stay inverses. */
	if (fn->nblocks < 2 || fn->first_arc[0])
		return ARCOV_EFORMAT;
	arcov_wr_counted_string(w, fn->name);
	arcov_wr_word(w, fn->checksum);
	arcov_wr_word(w, fn->nblocks);
	arcov_wr_word(w, fn->narcs);
	for (b = 0; b < fn->nblocks; b++) {
		uint32_t lo = fn->first_arc[b], hi = fn->first_arc[b + 1];

		if (hi < lo || hi > fn->narcs)
			return ARCOV_EFORMAT;
		arcov_wr_word(w, hi - lo);
		for (i = lo; i < hi; i++) {
			const struct arcov_bbg_arc *a = &fn->arcs[i];

			if (a->src != b || a->dest >= fn->nblocks ||
			    (a->flags & ~ARCOV_ARC_FLAGS_KNOWN))
				return ARCOV_EFORMAT;
			arcov_wr_word(w, a->dest);
			arcov_wr_word(w, a->flags);
		}
	}
	if (fn->first_arc[fn->nblocks] != fn->narcs)
		return ARCOV_EFORMAT;
	arcov_wr_word(w, ARCOV_SEP_FILE);
	return 0;
}

ssize_t arcov_bbg_write(const struct arcov_bbg *bbg, void *buf, size_t cap)
{
	struct arcov_wr w;
	size_t f;
	int rc;

	arcov_wr_init(&w, buf, cap);
	for (f = 0; f < bbg->nfns; f++) {
		rc = write_fn(&w, &bbg->fns[f]);
		if (rc)
			return rc;
	}
	return arcov_wr_result(&w);
}
