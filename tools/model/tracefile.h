/* tracefile.h -- an lcov tracefile (arcov --lcov, lcov --capture) read
 * back as a baseline for differential coverage: each source's lines with
 * code and their counts.  Records of one source (one per test, TN:) are
 * summed, as lcov -a sums them.
 */
#ifndef ARCOV_TRACEFILE_H
#define ARCOV_TRACEFILE_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

struct tracefile_src {
	char *path;		/* SF:, as written */
	size_t n;
	size_t cap;
	uint32_t *lnum;		/* ascending once read */
	int64_t *count;
};

struct tracefile {
	size_t nsrcs;
	struct tracefile_src *srcs;
};

/**
 * tracefile_read - the DA: records of the tracefile @path into @t.
 * Returns 0, or a negative ARCOV_E* with "PATH: line N: what" in @err;
 * @t is released with tracefile_free() whatever the result.
 */
int tracefile_read(struct tracefile *t, const char *path,
		   struct arcov_err *err);

/* tracefile_count - the count of line @ln of @s, or -1 when it is no
 * line with code there. */
int64_t tracefile_count(const struct tracefile_src *s, uint32_t ln);

/* tracefile_free - release everything @t holds; @t is zeroed. */
void tracefile_free(struct tracefile *t);

#ifdef __cplusplus
}
#endif

#endif
