/* bbg.h -- the .bbg file: per-function flow graphs (doc/formats.md §3, GCC 3.3).
 *
 * A function is its name, checksum and blocks (0 = entry, nblocks-1 = exit),
 * each with its successor arcs in file order.  All arcs of a function sit in
 * one array in file order (block 0's first); block b owns
 * arcs[first_arc[b] .. first_arc[b+1]-1].  Counter order (§3.3) is this
 * order restricted to arcs without ARCOV_ARC_ON_TREE.
 */
#ifndef ARCOV_BBG_H
#define ARCOV_BBG_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ARCOV_ARC_ON_TREE 0x1	/* no counter; count derived */
#define ARCOV_ARC_FAKE 0x2	/* not a real transfer (call may not return) */
#define ARCOV_ARC_FALLTHROUGH 0x4
#define ARCOV_ARC_FLAGS_KNOWN 0x7

struct arcov_bbg_arc {
	uint32_t src;		/* source block (implied by position in the file) */
	uint32_t dest;
	uint32_t flags;
};

struct arcov_bbg_fn {
	size_t offset;		/* byte offset of the record */
	char *name;
	uint32_t checksum;
	uint32_t nblocks;	/* entry and exit included */
	uint32_t narcs;		/* loopback arc included */
	uint32_t ncounters;	/* arcs without ARCOV_ARC_ON_TREE */
	struct arcov_bbg_arc *arcs;	/* narcs, in file order */
	uint32_t *first_arc;	/* nblocks + 1 entries */
	size_t *block_offset;	/* nblocks: offset of each block's arc count */
};

struct arcov_bbg {
	size_t nfns;
	struct arcov_bbg_fn *fns;
};

/**
 * arcov_bbg_read - parse a .bbg image (zero functions for an empty image).
 * Bounds every count by the bytes left, requires destinations < nblocks,
 * known flag bits only, the announced arc count, and the -1 separator.
 */
int arcov_bbg_read(struct arcov_bbg *bbg, const void *data, size_t size,
		   const char *name, struct arcov_err *err);

/* Serialize; same convention as arcov_bb_write(). */
ssize_t arcov_bbg_write(const struct arcov_bbg *bbg, void *buf, size_t cap);

/**
 * arcov_bbg_fn_init - allocate an empty function of @nblocks blocks and
 * @narcs arcs for a writer to fill (arcs[] then arcov_bbg_fn_finish()).
 */
int arcov_bbg_fn_init(struct arcov_bbg_fn *fn, const char *name,
		      uint32_t checksum, uint32_t nblocks, uint32_t narcs);

/**
 * arcov_bbg_fn_finish - derive first_arc[] and ncounters from arcs[],
 * which must be sorted by src.  Returns ARCOV_EFORMAT if they are not or a
 * block number is out of range.
 */
int arcov_bbg_fn_finish(struct arcov_bbg_fn *fn);

/**
 * arcov_bbg_checksum - GCC 3.3's CFG checksum (§3.5).
 * @nreal: number of real blocks; successors of real block i (0-based) are
 * succ[start[i] .. start[i+1]-1] given as gcov indices (exit = nreal + 1).
 */
uint32_t arcov_bbg_checksum(uint32_t nreal, const uint32_t *start,
			    const uint32_t *succ);

void arcov_bbg_fn_free(struct arcov_bbg_fn *fn);
void arcov_bbg_free(struct arcov_bbg *bbg);

#ifdef __cplusplus
}
#endif

#endif
