/* merge.h -- arcov-merge: sum .da files, or whole trees of them (the .da
 * files of several CI shards, say), into one.
 *
 * Blocks written for the same object under the same run label -- same
 * function names, checksums and counter counts, and byte-identical
 * extension tails, which for the tails arcov writes means the same label
 * (doc/da-extension.md §2) -- are added into one block; every other block
 * is kept.  The result is put in a canonical order, so merging is
 * associative and commutative: any grouping and any order of the same
 * inputs gives the same bytes.
 *
 * Canonical order: blocks sorted by their function records (name, then
 * checksum, then counter count, record by record; a shorter list first),
 * then by extension tail (shorter first, so an unlabelled block precedes
 * the labelled ones, then bytewise); only blocks that can never be merged
 * (a malformed tail) can tie there, and they are ordered by counters and
 * summaries.  Merging also folds blocks of one input that match each other
 * (ARCOV_APPEND=1 runs): to keep runs apart, give them distinct run
 * labels, or concatenate files instead of merging them.
 *
 * Summaries: the object summary of every well-formed block is recomputed
 * from its counters, as the runtime writes it; program summaries of
 * blocks added together are folded.  Matching, adding, folding and the
 * one saturation clamp are lib/da-merge.h's, shared with the runtime, so
 * merging two runs' files gives the block the second run would have
 * written into the first one's file.  A block with a malformed tail
 * matches nothing and is kept verbatim.
 */
#ifndef ARCOV_MERGE_H
#define ARCOV_MERGE_H

#include <stdio.h>

#include "da.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * arcov_merge_da - move every block of @in into @acc.
 * A block that matches one already in @acc is added into it (counters and
 * program summary, as above) and freed; any other block is appended.
 * @in is left empty either way.  Returns 0 or ARCOV_ENOMEM.
 */
int arcov_merge_da(struct arcov_da *acc, struct arcov_da *in);

/**
 * arcov_merge_finish - make @acc canonical: object summaries recomputed
 * from the counters, blocks in the canonical order above.
 */
void arcov_merge_finish(struct arcov_da *acc);

/**
 * arcov_merge_run - the arcov-merge command: merge the files @ins (@nins
 * of them) into the file @out, or, when every input is a directory, each
 * relative path ending in .da below any of them into the same path below
 * @out.  Messages go to @diag as "arcov-merge: FILE: offset N: what".
 * Nothing is written unless every input was read.  With @fold, the live
 * files of continuous mode's dead processes beside each input .da are
 * folded into it before it is read (doc/live-file.md, "Folding"); an
 * output's interrupted fold is settled before it is replaced, always.
 *
 * Returns the exit status: 0 written; 1 some input unreadable or
 * malformed, or some output not written; 2 files and directories mixed.
 */
int arcov_merge_run(const char *out, char *const *ins, int nins, int fold,
		    FILE *diag);

/**
 * arcov_merge_stream - merge the counter stream in @file ("-": standard
 * input), binary or hex lines (doc/stream-format.md), into the .da files
 * its objects name, each dump one run, as the runtime merges one: under
 * ARCOV_PREFIX, ARCOV_PREFIX_STRIP, ARCOV_RUN_LABEL and ARCOV_APPEND.
 * Nothing is merged from a stream that does not parse.  Returns 0, or 1
 * after one line on @diag per failure.
 */
int arcov_merge_stream(const char *file, FILE *diag);

#ifdef __cplusplus
}
#endif

#endif
