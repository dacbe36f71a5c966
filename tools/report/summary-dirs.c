/* summary-dirs.c -- --summary=dirs: the text report's totals per
 * directory, after the run's closing total:
 *
 *   Directory 'src/util': lines 63.64% of 11, functions 50.00% of 2,
 *     branches 75.00% of 8
 *
 * (one line each), directories named from the --root (else from the
 * current directory, else absolute: arcov_report_rel()), sorted by name;
 * "." for the root itself.  Lines and branches are the summary's ("Lines
 * executed", "Taken at least once"), functions lcov's FNH of FNF.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "percent.h"

struct dir {
	char *name;
	long lines, lines_hit, fns, fns_hit, branches, branches_hit;
};

static int cmp_dir(const void *a, const void *b)
{
	return strcmp(((const struct dir *)a)->name,
		      ((const struct dir *)b)->name);
}

static void figure(FILE *out, const char *what, long hit, long total,
		   const char *sep)
{
	char buf[ARCOV_PERCENT_MAX];

	if (total)
		fprintf(out, "%s %s of %ld%s", what,
			arcov_format_gcov(hit, total, 2, buf), total, sep);
	else
		fprintf(out, "no %s%s", what, sep);
}

void arcov_report_dirs(const struct arcov_report_opts *o,
		       const struct arcov_project *p, FILE *out)
{
	const struct arcov_modern *m = &p->lines;
	struct dir *v = calloc(m->nsrcs + 1, sizeof *v);
	size_t i, k, n = 0;

	if (!v) {
		fputs("arcov: out of memory\n", out);
		return;
	}
	for (i = 0; i < m->nsrcs; i++) {
		const struct arcov_msrc *src = &m->srcs[i];
		const char *rel = arcov_report_rel(p, src);
		const char *slash = strrchr(rel, '/');
		char *name;
		long fns, called;

		if (arcov_report_skips(o, src) || !src->lines)
			continue;
		name = slash ? strndup(rel, (size_t)(slash - rel)) :
			       strdup(".");
		if (!name)
			break;
		if (!*name) {
			free(name);
			name = strdup("/");
			if (!name)
				break;
		}
		for (k = 0; k < n && strcmp(v[k].name, name); k++)
			;
		if (k == n)
			v[n++].name = name;
		else
			free(name);
		arcov_fn_tally(src, &fns, &called);
		v[k].lines += src->cov.lines;
		v[k].lines_hit += src->cov.lines_executed;
		v[k].fns += fns;
		v[k].fns_hit += called;
		v[k].branches += src->cov.branches;
		v[k].branches_hit += src->cov.branches_taken;
	}
	qsort(v, n, sizeof *v, cmp_dir);
	for (k = 0; k < n; k++) {
		fprintf(out, "Directory '%s': ", v[k].name);
		figure(out, "lines", v[k].lines_hit, v[k].lines, ", ");
		figure(out, "functions", v[k].fns_hit, v[k].fns, ", ");
		figure(out, "branches", v[k].branches_hit, v[k].branches,
		       "\n");
		free(v[k].name);
	}
	free(v);
}
