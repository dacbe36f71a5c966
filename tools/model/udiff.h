/* udiff.h -- a unified diff (git diff, diff -u) as differential coverage
 * reads it: per file, which new lines were added, which old lines were
 * deleted (with their text), and where every other new line was before.
 */
#ifndef ARCOV_UDIFF_H
#define ARCOV_UDIFF_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A line present on both sides: new line @new was old line @old, and so
 * are the lines after it up to the next anchor, one for one. */
struct udiff_anchor {
	uint32_t old;
	uint32_t new;
};

struct udiff_file {
	char *old_name;		/* "a/" and "b/" taken off; NULL: created */
	char *new_name;		/* NULL: deleted */
	size_t nadded;
	uint32_t *added;	/* new line numbers, ascending */
	size_t ndeleted;
	uint32_t *deleted;	/* old line numbers, ascending */
	uint32_t *deleted_at;	/* the new line each stood before */
	char **deleted_text;
	size_t nanchors;
	struct udiff_anchor *anchors;	/* ascending */
};

struct udiff {
	size_t nfiles;
	struct udiff_file *files;
};

/**
 * udiff_read - read the unified diff @path into @d.  Lines other than
 * file headers and hunks (git's "diff --git", "index", mode lines) are
 * skipped.  Returns 0, or a negative ARCOV_E* with "PATH: line N: what"
 * in @err; @d is released with udiff_free() whatever the result.
 */
int udiff_read(struct udiff *d, const char *path, struct arcov_err *err);

/* udiff_old_line - the old number of new line @n of @f; 0 when it was
 * added. */
uint32_t udiff_old_line(const struct udiff_file *f, uint32_t n);

/* udiff_new_line - the new number of old line @o of @f; 0 when it was
 * deleted. */
uint32_t udiff_new_line(const struct udiff_file *f, uint32_t o);

/* udiff_free - release everything @d holds; @d is zeroed. */
void udiff_free(struct udiff *d);

#ifdef __cplusplus
}
#endif

#endif
