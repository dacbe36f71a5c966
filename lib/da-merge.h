/* da-merge.h -- what .da blocks mean when they meet: which block belongs
 * to which object, how two blocks add up, how summaries fold.
 *
 * One place for the rules the runtime (merging a run into a file),
 * arcov-merge (merging files) and the reporter (summing the records of a
 * function) apply, so they cannot drift apart.  doc/formats.md §4 is the byte
 * layout; doc/da-extension.md §2-3 the rules written out.
 *
 * The clamp: every counter, every sum of counters and every summary total
 * saturates at ARCOV_COUNTER_MAX (2^63-1), the largest value a .da field
 * holds (a counter is sign-magnitude, doc/formats.md §1, and readers reject a
 * negative one); arc counts saturate at ARCOV_WORD_MAX.  GCC's own
 * runtimes wrap instead; a wrapped count would read as a small plausible
 * number, a saturated one is recognisably pinned.
 *
 * Matching: a .da function record belongs to a function with the same
 * name, checksum and counter count (doc/formats.md §4.5: gcov 3.3 skips the
 * records that differ in any of the three).  Two blocks belong to the same
 * object and run label when their function lists match record by record
 * and their extension tails are byte for byte the same well-formed entry
 * sequence (doc/da-extension.md §1).
 *
 * Program summary folding: a block that holds several runs carries in its
 * program summary the fold of the runs' program summaries -- arcs: the
 * larger; sum: the sum; max: the sum of the maxima (an upper bound of the
 * merged program's largest counter, what GCC 3.3's compiler took over
 * several blocks, doc/formats.md §4.5, and what later GCCs keep as sum_max).
 * Each operation is associative and commutative, so any order or grouping
 * of the same runs gives the same block.
 */
#ifndef ARCOV_DA_MERGE_H
#define ARCOV_DA_MERGE_H

#include <stddef.h>
#include <stdint.h>

#include "da.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * arcov_da_add - @a + @b, saturating at ARCOV_COUNTER_MAX.
 */
uint64_t arcov_da_add(uint64_t a, uint64_t b);

/**
 * arcov_da_counters_add - add @n counters of @from into @to, saturating.
 */
void arcov_da_counters_add(uint64_t *to, const uint64_t *from, size_t n);

/**
 * arcov_da_summary_counters - fold @n counters into @s: arcs += @n,
 * sum += Σ, max = the larger; saturating.
 */
void arcov_da_summary_counters(struct arcov_da_summary *s, const uint64_t *c,
			       size_t n);

/**
 * arcov_da_summary_add - fold the disjoint summary @add into @s: arcs and
 * sums added, max the larger (objects of one run); saturating.
 */
void arcov_da_summary_add(struct arcov_da_summary *s,
			  const struct arcov_da_summary *add);

/**
 * arcov_da_summary_fold - fold the program summary of another run @run
 * into @s: arcs the larger, sum and max added (sum of run maxima);
 * saturating.
 */
void arcov_da_summary_fold(struct arcov_da_summary *s,
			   const struct arcov_da_summary *run);

/**
 * arcov_da_block_resum - recompute @blk's object summary from its
 * counters, clamped as every summary is.
 */
void arcov_da_block_resum(struct arcov_da_block *blk);

/**
 * arcov_da_fn_cmp - order @rec against the function (@name, @checksum,
 * @ncounters): by name, then checksum, then counter count.  0 means the
 * record belongs to that function.
 */
int arcov_da_fn_cmp(const struct arcov_da_fn *rec, const char *name,
		    uint32_t checksum, uint32_t ncounters);

/**
 * arcov_da_block_mergeable - whether counts may be added into @blk: its
 * extension tail is a well-formed entry sequence.  Other blocks are kept
 * verbatim and match nothing.
 */
int arcov_da_block_mergeable(const struct arcov_da_block *blk);

/**
 * arcov_da_blocks_match - whether @a and @b hold counts of the same object
 * under the same run label, so they may be added together.
 */
int arcov_da_blocks_match(const struct arcov_da_block *a,
			  const struct arcov_da_block *b);

/**
 * arcov_da_find_block - index of the first block of @da matching @blk,
 * or @da->nblocks when none does.
 */
size_t arcov_da_find_block(const struct arcov_da *da,
			   const struct arcov_da_block *blk);

/**
 * arcov_da_block_add - add the matching block @from into @to: counters
 * added, program summaries folded, object summary recomputed.
 */
void arcov_da_block_add(struct arcov_da_block *to,
			const struct arcov_da_block *from);

/**
 * arcov_da_fn_total - add into @out (@ncounters counters) every record of
 * every block of @da that belongs to the function (@name, @checksum,
 * @ncounters), as gcov 3.3 does (doc/formats.md §4.5).  Returns the number of
 * records added.
 */
size_t arcov_da_fn_total(const struct arcov_da *da, const char *name,
			 uint32_t checksum, uint32_t ncounters, uint64_t *out);

#ifdef __cplusplus
}
#endif

#endif
