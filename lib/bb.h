/* bb.h -- the .bb file: basic block -> source lines (doc/formats.md §2).
 *
 * In-memory model, symmetric with the bytes: a function is a name and one
 * item list per gcov block number.  The list of block 0 holds whatever
 * stands between the function marker and the first 0 word (nothing, in
 * every file GCC or arcov writes); list k >= 1 holds the items after the
 * k-th 0 word.  So a function whose .bb has Z zero words has Z+1 lists,
 * which equals the .bbg block count (entry + real blocks + exit), and the
 * last list (the exit block) is empty in well-formed files.
 *
 * Items are kept in file order, file markers included, because a file
 * marker is written only when the file changes and that state runs on
 * across blocks and functions (§2.2 rule 2).
 */
#ifndef ARCOV_BB_H
#define ARCOV_BB_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

struct arcov_bb_item {
	uint32_t line;		/* > 0: a line number; 0: a file marker */
	uint32_t file;		/* file marker: index into arcov_bb.files */
};

struct arcov_bb_block {
	size_t offset;		/* byte offset of the 0 word (block 0: of the marker) */
	uint32_t nitems;
	struct arcov_bb_item *items;
};

struct arcov_bb_fn {
	size_t offset;		/* byte offset of the function marker */
	char *name;
	uint32_t nblocks;	/* number of zero words + 1 */
	struct arcov_bb_block *blocks;
};

struct arcov_bb {
	size_t nfns;
	struct arcov_bb_fn *fns;
	size_t nfiles;		/* distinct file names, in first-seen order */
	char **files;
};

/**
 * arcov_bb_read - parse a .bb image.
 * @bb:   zeroed model to fill; freed with arcov_bb_free() even on error
 * @data: the file's bytes, @size of them
 * @name: file name used in error messages
 * @err:  optional error detail
 *
 * Rejects truncated strings, unterminated markers, line numbers outside
 * any function, and negative words other than the two markers.
 */
int arcov_bb_read(struct arcov_bb *bb, const void *data, size_t size,
		  const char *name, struct arcov_err *err);

/**
 * arcov_bb_write - serialize @bb.
 * @buf: destination of at least arcov_bb_write(bb, NULL, 0) bytes, or NULL
 *       to only compute the size
 * Returns the size in bytes, or a negative ARCOV_E* code.
 */
ssize_t arcov_bb_write(const struct arcov_bb *bb, void *buf, size_t cap);

/* Index of @file in bb->files, adding it if new; negative on ENOMEM. */
int arcov_bb_intern_file(struct arcov_bb *bb, const char *file);

void arcov_bb_free(struct arcov_bb *bb);

#ifdef __cplusplus
}
#endif

#endif
