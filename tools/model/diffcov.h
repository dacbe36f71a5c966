/* diffcov.h -- differential coverage: each line of each source in one of
 * lcov 2's categories, from the project model, a baseline (an lcov
 * tracefile of the old build's run, or a saved tree of its notes and
 * data, baseline.h) and the change between the two (a
 * unified diff).  Built once per run; the text summary, the JSON, the
 * HTML site and the --fail-under-new gate read it.
 *
 * A line is new when the diff adds it, else unchanged, found in the
 * baseline at the line the diff says it was; old lines the diff removes
 * are deleted.  "Code" is a line with a count that no marker excludes.
 *
 *   new, code now:          GNC covered,  UNC not
 *   unchanged, code in both: CBC covered in both, GBC now only,
 *                            LBC before only, UBC in neither
 *   unchanged, code now only: GIC covered, UIC not
 *   unchanged, code before only (excluded now, or no code): ECB was
 *                            covered, EUB was not
 *   deleted, code before:   DCB was covered, DUB was not
 *
 * Without a baseline, only new lines are sorted (GNC, UNC); without a
 * diff, every line is unchanged and in place.
 */
#ifndef ARCOV_DIFFCOV_H
#define ARCOV_DIFFCOV_H

#include <stddef.h>
#include <stdint.h>

#include "project.h"
#include "tracefile.h"
#include "udiff.h"

#ifdef __cplusplus
extern "C" {
#endif

/* lcov 2's order (genhtml's legend). */
enum arcov_dcat {
	ARCOV_DC_NONE, ARCOV_DC_UNC, ARCOV_DC_LBC, ARCOV_DC_UIC,
	ARCOV_DC_UBC, ARCOV_DC_GBC, ARCOV_DC_GIC, ARCOV_DC_GNC,
	ARCOV_DC_CBC, ARCOV_DC_EUB, ARCOV_DC_ECB, ARCOV_DC_DUB,
	ARCOV_DC_DCB, ARCOV_DC_N
};

/* A deleted line of a source that was code in the baseline. */
struct arcov_ddel {
	uint32_t old;		/* its line in the baseline */
	uint32_t at;		/* the current line it stood before */
	enum arcov_dcat cat;	/* DCB or DUB */
	const char *text;	/* from the diff */
};

/* The categories of one source of the model. */
struct arcov_dsrc {
	uint32_t nlines;	/* cat[1..nlines]; cat[0] unused */
	unsigned char *cat;
	size_t ndel;
	struct arcov_ddel *del;
	long counts[ARCOV_DC_N];	/* lines per category, deleted too */
};

struct arcov_diffcov {
	int active;		/* a baseline or a diff was given */
	int baseline;		/* a baseline was */
	int base_tree;		/* a tree of notes and data, not a
				 * tracefile (baseline.h) */
	size_t nsrcs;
	struct arcov_dsrc *srcs;	/* one per p->lines.srcs */
	struct tracefile base;
	struct udiff diff;
	long gone[ARCOV_DC_N];	/* deleted files' lines: DCB, DUB */
};

/* arcov_dcat_name - "UNC" ... "DCB", "" for ARCOV_DC_NONE. */
const char *arcov_dcat_name(enum arcov_dcat c);

/* arcov_dcat_what - a few words on category @c ("uncovered new code"). */
const char *arcov_dcat_what(enum arcov_dcat c);

/**
 * arcov_diffcov_build - the categories of @p's sources (loaded with @o)
 * from the baseline tracefile or tree @baseline and the unified diff @diff (either may be NULL).
 * Sources are matched to the diff's files by path suffix ("b/src/x.c"
 * is any source ending in "/src/x.c"), and to the baseline's by path,
 * or by the diff's old name when the diff renamed them.  Returns 0, or
 * a negative ARCOV_E* with the reason in @err; @dc is released with
 * arcov_diffcov_free() whatever the result.
 */
int arcov_diffcov_build(struct arcov_diffcov *dc,
			const struct arcov_project *p,
			const struct arcov_project_opts *o,
			const char *baseline, const char *diff,
			struct arcov_err *err);

/* arcov_diffcov_free - release everything @dc holds; @dc is zeroed. */
void arcov_diffcov_free(struct arcov_diffcov *dc);

#ifdef __cplusplus
}
#endif

#endif
