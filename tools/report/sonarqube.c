/* sonarqube.c -- --sonarqube FILE: SonarQube's generic test coverage
 * format (sonar.coverageReportPaths; docs.sonarsource.com, "Generic test
 * data"):
 *
 *   <coverage version="1">
 *     <file path="src/x.c">
 *       <lineToCover lineNumber="6" covered="true"
 *                    branchesToCover="2" coveredBranches="1"/>
 *
 * One <file> per reported source, its path from the --root (else from
 * the current directory, else absolute: arcov_report_rel()); a line to cover per line with code,
 * covered when it ran; its branches the ones the summary counts (a
 * group's once per position, excluded ones left out).
 */
#include <config.h>

#include "common.h"

static void sonar_file(FILE *f, const struct arcov_project *p,
		       const struct arcov_msrc *src)
{
	size_t k;
	int valid, covered;

	fputs("  <file path=\"", f);
	arcov_xml_text(f, arcov_report_rel(p, src));
	fputs("\">\n", f);
	for (k = 0; k < src->nlines; k++) {
		uint32_t ln = src->lnum[k];

		if (!src->lines[k].exists || arcov_excl_line(&src->excl, ln))
			continue;
		fprintf(f, "    <lineToCover lineNumber=\"%u\" covered=\"%s\"",
			ln, src->lines[k].count ? "true" : "false");
		arcov_line_branches(src, k, &valid, &covered);
		if (valid)
			fprintf(f, " branchesToCover=\"%d\" "
				"coveredBranches=\"%d\"", valid, covered);
		fputs("/>\n", f);
	}
	fputs("  </file>\n", f);
}

int arcov_sonarqube_write(const struct arcov_report_opts *o,
			  const struct arcov_project *p, FILE *out,
			  FILE *diag)
{
	const struct arcov_modern *m = &p->lines;
	struct arcov_output w;
	struct arcov_err err = { 0 };
	size_t i;

	if (arcov_output_open(&w, o->sonarqube, out, &err) < 0) {
		fprintf(diag, "arcov: %s\n", err.msg);
		return 1;
	}
	fputs("<coverage version=\"1\">\n", w.f);
	for (i = 0; i < m->nsrcs; i++)
		if (!arcov_report_skips(o, &m->srcs[i]) && m->srcs[i].lines)
			sonar_file(w.f, p, &m->srcs[i]);
	fputs("</coverage>\n", w.f);
	if (arcov_output_close(&w, &err) < 0) {
		fprintf(diag, "arcov: %s\n", err.msg);
		return 1;
	}
	return 0;
}
