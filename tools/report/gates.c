/* gates.c -- --fail-under-line and --fail-under-branch: the totals of
 * every reported source against the thresholds.
 *
 * A gate with nothing to measure -- no line reported at all, as when
 * --filter matches nothing -- fails, saying so, as gcovr's does: a typo
 * in a filter must not pass a build.  Reported lines without a branch
 * pass the branch gate: straight-line code has none to miss.
 */
#include <config.h>

#include "common.h"

/* Whether @covered of @total is below @percent (nothing to cover is not). */
static int below(int covered, int total, double percent)
{
	return total && covered * 100.0 < percent * total;
}

/* --fail-under-new: the share of new lines run (GNC of GNC + UNC), which
 * one new line that never ran fails at 100.  A change without new lines
 * passes: there is nothing new to test. */
static int gate_new(const struct arcov_report_opts *o,
		    const struct arcov_project *p,
		    const struct arcov_diffcov *dc, FILE *diag)
{
	long t[ARCOV_DC_N];
	long lines;

	if (!o->fail_under_new || !dc->active)
		return 0;
	arcov_report_dc_totals(o, p, dc, t);
	lines = t[ARCOV_DC_GNC] + t[ARCOV_DC_UNC];
	if (!lines || t[ARCOV_DC_GNC] * 100.0 >= o->fail_under_new * lines)
		return 0;
	fprintf(diag, "arcov: new line coverage %.2f%% (%ld of %ld; %ld "
		"UNC) is below --fail-under-new %g\n",
		t[ARCOV_DC_GNC] * 100.0 / lines, t[ARCOV_DC_GNC], lines,
		t[ARCOV_DC_UNC], o->fail_under_new);
	return ARCOV_GATE_NEW;
}

int arcov_report_gates(const struct arcov_report_opts *o,
		       const struct arcov_project *p,
		       const struct arcov_diffcov *dc, FILE *diag)
{
	int new_rc = gate_new(o, p, dc, diag);

	const struct arcov_modern *m = &p->lines;
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
	if (!t.lines) {
		if (o->fail_under_line) {
			fprintf(diag, "arcov: --fail-under-line: no lines "
				"reported, nothing to measure\n");
			rc = ARCOV_GATE_LINE;
		}
		if (o->fail_under_branch) {
			fprintf(diag, "arcov: --fail-under-branch: no lines "
				"reported, nothing to measure\n");
			rc = rc ? ARCOV_GATE_BOTH : ARCOV_GATE_BRANCH;
		}
		return rc ? rc : new_rc;
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
	return rc ? rc : new_rc;
}
