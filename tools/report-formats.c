/* report-formats.c -- what the machine-readable reports share, and the
 * --fail-under-line / --fail-under-branch gates.
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plugin-notes.h"
#include "report-formats.h"

/* libstdc++'s demangler (the plugin already needs a C++ toolchain). */
char *__cxa_demangle(const char *mangled, char *buf, size_t *len,
		     int *status);

struct arcov_mfn **arcov_sorted_fns(const struct arcov_msrc *src)
{
	struct arcov_mfn **fns = malloc((src->nfns ? src->nfns : 1) *
					sizeof *fns);
	size_t i, j;

	if (!fns)
		return NULL;
	/* Insertion sort: stable, and sources hold few functions. */
	for (i = 0; i < src->nfns; i++) {
		struct arcov_mfn *fn = src->fns[i];
		uint32_t key = arcov_fn_first_line(fn);

		for (j = i; j > 0 && arcov_fn_first_line(fns[j - 1]) > key; j--)
			fns[j] = fns[j - 1];
		fns[j] = fn;
	}
	return fns;
}

char *arcov_demangle(const char *name)
{
	int status = -1;
	char *d;

	/* Only mangled names: the demangler reads "g" as __float128. */
	if (strncmp(name, "_Z", 2))
		return strdup(name);
	d = __cxa_demangle(name, NULL, NULL, &status);
	if (d && !status)
		return d;
	free(d);
	return strdup(name);
}

char *arcov_cwd(void)
{
	size_t size = 256;
	char *buf = NULL, *bigger;

	for (;;) {
		bigger = realloc(buf, size);
		if (!bigger)
			break;
		buf = bigger;
		if (getcwd(buf, size))
			return buf;
		if (errno != ERANGE)
			break;
		size *= 2;
	}
	free(buf);
	return NULL;
}

FILE *arcov_output_open(const char *path, FILE *out, FILE *diag)
{
	FILE *f;

	if (!strcmp(path, "-"))
		return out;
	f = fopen(path, "w");
	if (!f)
		fprintf(diag, "arcov: %s: cannot create: %s\n", path,
			strerror(errno));
	return f;
}

int arcov_output_close(FILE *f, const char *path, FILE *out, FILE *diag)
{
	int bad;

	if (f == out)
		bad = fflush(f) || ferror(f);
	else
		bad = ferror(f) | fclose(f);
	if (bad)
		fprintf(diag, "arcov: %s: error writing: %s\n", path,
			strerror(errno));
	return bad ? 1 : 0;
}

int arcov_report_prepare(const struct arcov_report_opts *o,
			 struct arcov_modern *m, FILE *diag)
{
	size_t i;
	int r;

	for (i = 0; i < m->nsrcs; i++) {
		r = arcov_excl_load(&m->srcs[i].excl, m->srcs[i].name, diag);
		if (r < 0)
			return r;
	}
	return arcov_pnotes_apply(m, o->exclude_eh, diag);
}

int arcov_report_exports(const struct arcov_report_opts *o,
			 const struct arcov_modern *m, FILE *out, FILE *diag)
{
	int rc = 0;

	if (o->lcov)
		rc |= arcov_lcov_write(o, m, out, diag);
	if (o->cobertura)
		rc |= arcov_cobertura_write(o, m, out, diag);
	return rc;
}

/* Whether @covered of @total is below @percent (nothing to cover is not). */
static int below(int covered, int total, double percent)
{
	return total && covered * 100.0 < percent * total;
}

int arcov_report_gates(const struct arcov_report_opts *o,
		       const struct arcov_modern *m, FILE *diag)
{
	struct arcov_cov t = { 0 };
	int rc = 0;
	size_t i;

	for (i = 0; i < m->nsrcs; i++) {
		const struct arcov_cov *c = &m->srcs[i].cov;

		if (arcov_report_skips(o, &m->srcs[i]))
			continue;
		t.lines += c->lines;
		t.lines_executed += c->lines_executed;
		t.branches += c->branches;
		t.branches_taken += c->branches_taken;
	}
	if (below(t.lines_executed, t.lines, o->fail_under_line)) {
		fprintf(diag, "arcov: line coverage %.2f%% (%d of %d) is "
			"below --fail-under-line %g\n",
			t.lines_executed * 100.0 / t.lines, t.lines_executed,
			t.lines, o->fail_under_line);
		rc = ARCOV_GATE_LINE;
	}
	if (below(t.branches_taken, t.branches, o->fail_under_branch)) {
		fprintf(diag, "arcov: branch coverage %.2f%% (%d of %d taken) "
			"is below --fail-under-branch %g\n",
			t.branches_taken * 100.0 / t.branches,
			t.branches_taken, t.branches, o->fail_under_branch);
		rc = rc ? ARCOV_GATE_BOTH : ARCOV_GATE_BRANCH;
	}
	return rc;
}
