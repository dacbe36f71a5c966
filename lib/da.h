/* da.h -- the .da file: arc counters (doc/formats.md §4, GCC 3.3).
 *
 * A .da is one or more blocks laid end to end (the runtime appends a block
 * when the object changed, or per run on request).  Each block carries the
 * program and object summaries of its 40-byte extension block and one record
 * per function: name, checksum, counters.  Extension bytes past the first 40
 * (arcov's own additions, which gcov 3.3 skips) are kept verbatim in
 * ext_tail so reading and writing are exact inverses.
 */
#ifndef ARCOV_DA_H
#define ARCOV_DA_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ARCOV_DA_EXT_STD 40	/* extension length written by GCC 3.3 */

struct arcov_da_summary {
	uint32_t arcs;		/* instrumented arcs */
	uint64_t sum;		/* sum of counters */
	uint64_t max;		/* largest counter */
};

struct arcov_da_fn {
	size_t offset;		/* byte offset of the record */
	char *name;
	uint32_t checksum;
	uint32_t ncounters;
	uint64_t *counters;
};

struct arcov_da_block {
	size_t offset;		/* byte offset of the magic */
	struct arcov_da_summary program;
	struct arcov_da_summary object;
	uint32_t ext_tail_len;	/* extension bytes beyond the standard 40 */
	unsigned char *ext_tail;
	uint32_t nfns;
	struct arcov_da_fn *fns;
	/* What arcov_da_read() allocated for the names and counters of fns,
	 * all in one; NULL in a block built by hand, whose names and
	 * counters are borrowed. */
	void *store;
};

struct arcov_da {
	size_t nblocks;
	struct arcov_da_block *blocks;
};

/**
 * arcov_da_read - parse a .da image of one or more blocks.
 * An empty image is an error (a .da always holds at least one block).
 * Rejects bad magic, extension lengths below 40 or past the end, counts
 * that cannot fit in the bytes left, bad string separators, and negative
 * counters.
 */
int arcov_da_read(struct arcov_da *da, const void *data, size_t size,
		  const char *name, struct arcov_err *err);

/* Serialize all blocks; same convention as arcov_bb_write(). */
ssize_t arcov_da_write(const struct arcov_da *da, void *buf, size_t cap);

/* Serialize all blocks in one pass into a malloc'd buffer (*@buf) that
 * starts at @hint bytes and grows as needed. */
ssize_t arcov_da_write_alloc(const struct arcov_da *da, size_t hint,
			     unsigned char **buf);

/* Serialize one block. */
ssize_t arcov_da_block_write(const struct arcov_da_block *blk, void *buf,
			     size_t cap);

/* Recompute blk->object from its counters (arcs, sum, max). */
void arcov_da_block_summarize(struct arcov_da_block *blk);

/* Free what @blk owns (fns, ext_tail, store) and zero it. */
void arcov_da_block_free(struct arcov_da_block *blk);
void arcov_da_free(struct arcov_da *da);

#ifdef __cplusplus
}
#endif

#endif
