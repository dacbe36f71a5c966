/* da-ext.h -- arcov's tagged entries in the .da extension tail.
 *
 * GCC 3.3 writes a 40-byte extension block and its readers skip whatever
 * the block's length field says, so arcov stores its own per-block data
 * after those 40 bytes (struct arcov_da_block.ext_tail).  The tail is a
 * sequence of entries: tag word, length word L, L payload bytes, zero
 * padding to a multiple of 4 (words are sign-magnitude, doc/formats.md §1).
 * doc/da-extension.md is the specification.
 */
#ifndef ARCOV_DA_EXT_H
#define ARCOV_DA_EXT_H

#include <stddef.h>
#include <stdint.h>

/* Entry tags. */
#define ARCOV_EXT_LABEL 1	/* run label: the characters, no NUL */
#define ARCOV_EXT_STAMP 2	/* build stamp of the object: one word */

/**
 * arcov_ext_label_tail - build the extension tail holding @label.
 * Stores a malloc'd tail in *@tail and its size in *@len.
 * Returns 0 or ARCOV_ENOMEM / ARCOV_ERANGE (label longer than a word).
 */
int arcov_ext_label_tail(const char *label, unsigned char **tail,
			 uint32_t *len);

/**
 * arcov_ext_run_tail - build the extension tail of a run: the label
 * entry when @label is not NULL, then the stamp entry when @stamp is not
 * 0 (1 .. 2^31-1: the build the counters come from, which the extension
 * notes of that build name too).  *@tail is NULL and *@len 0 when there
 * is neither.  Returns 0 or ARCOV_ENOMEM / ARCOV_ERANGE.
 */
int arcov_ext_run_tail(const char *label, uint32_t stamp,
		       unsigned char **tail, uint32_t *len);

/**
 * arcov_ext_stamp - the build stamp of the extension tail @tail (@len
 * bytes): 0 when it names none (or is malformed).
 */
uint32_t arcov_ext_stamp(const unsigned char *tail, uint32_t len);

/**
 * arcov_ext_find - locate the first entry tagged @tag in @tail.
 * On success *@payload and *@size describe its payload (inside @tail).
 * Returns 0 when found, 1 when the tail has no such entry, or
 * ARCOV_EFORMAT when the tail is not a well-formed entry sequence.
 */
int arcov_ext_find(const unsigned char *tail, uint32_t len, int32_t tag,
		   const unsigned char **payload, uint32_t *size);

#endif
