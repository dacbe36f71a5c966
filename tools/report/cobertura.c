/* cobertura.c -- --cobertura FILE: Cobertura XML as gcovr 5.2
 * writes it (writer/cobertura.py), valid against coverage-04.dtd, for
 * GitLab, Jenkins and Codecov.
 *
 * One package per directory (relative to the current directory, '/' as
 * '.'), one class per source named after its file ('.' as '_'), sorted by
 * name; a line's branches are gcov's conditional arcs, covered when taken.
 * Rates are covered/valid printed as Python prints a float, "0.0" when
 * there is nothing to cover, as gcovr does.  Where gcovr leaves <methods>
 * empty, each function is a method holding the lines of its extent.
 * Excluded lines and branches and hidden exception branches count nowhere.
 * The timestamp is SOURCE_DATE_EPOCH when that is set.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common.h"

struct tally {
	long covered;
	long valid;
};

struct cls {
	const struct arcov_msrc *src;
	char *filename;		/* relative to the current directory */
	char *package;
	char *name;
	struct tally lines;
	struct tally branches;
};

static void add(struct tally *t, const struct tally *u)
{
	t->covered += u->covered;
	t->valid += u->valid;
}

/* Python's str() of covered / valid. */
static void rate(FILE *f, const char *attr, const struct tally *t)
{
	double v = t->valid ? (double)t->covered / (double)t->valid : 0.0;
	char buf[32];
	int p;

	for (p = 1; p < 17; p++) {
		snprintf(buf, sizeof buf, "%.*g", p, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	if (!strpbrk(buf, ".e"))
		strcat(buf, ".0");
	fprintf(f, " %s=\"%s\"", attr, buf);
}

/* The branches of line @k of @src that count. */
static struct tally line_branches(const struct arcov_msrc *src, size_t k)
{
	struct tally t = { 0, 0 };
	int valid, covered;

	arcov_line_branches(src, k, &valid, &covered);
	t.valid = valid;
	t.covered = covered;
	return t;
}

static int line_counts(const struct arcov_msrc *src, size_t k)
{
	return src->lines[k].exists &&
	       !arcov_excl_line(&src->excl, src->lnum[k]);
}

/* Tallies of lines @first..@last of @src. */
static void tally_lines(const struct arcov_msrc *src, uint32_t first,
			uint32_t last, struct tally *lines,
			struct tally *branches)
{
	size_t k;

	for (k = arcov_msrc_from(src, first);
	     k < src->nlines && src->lnum[k] <= last; k++) {
		struct tally b;

		if (!line_counts(src, k))
			continue;
		lines->valid++;
		lines->covered += src->lines[k].count != 0;
		b = line_branches(src, k);
		add(branches, &b);
	}
}

static void write_lines(FILE *f, const struct arcov_msrc *src, uint32_t first,
			uint32_t last, int indent)
{
	size_t k, from = arcov_msrc_from(src, first);
	uint32_t n = 0;

	for (k = from; k < src->nlines && src->lnum[k] <= last; k++)
		n += line_counts(src, k);
	if (!n) {
		fprintf(f, "%*s<lines/>\n", indent, "");
		return;
	}
	fprintf(f, "%*s<lines>\n", indent, "");
	for (k = from; k < src->nlines && src->lnum[k] <= last; k++) {
		struct tally b;

		if (!line_counts(src, k))
			continue;
		b = line_branches(src, k);
		/* The DTD has no attribute for it: a comment, which
		 * consumers skip. */
		if (src->lines[k].inexact)
			fprintf(f, "%*s<!-- arcov: inexact -->\n", indent + 2,
				"");
		fprintf(f, "%*s<line number=\"%u\" hits=\"%lld\"", indent + 2,
			"", src->lnum[k], (long long)src->lines[k].count);
		if (!b.valid) {
			fputs(" branch=\"false\"/>\n", f);
			continue;
		}
		fprintf(f, " branch=\"true\" condition-coverage=\"%ld%% "
			"(%ld/%ld)\">\n", b.covered * 100 / b.valid, b.covered,
			b.valid);
		fprintf(f, "%*s<conditions>\n", indent + 4, "");
		fprintf(f, "%*s<condition number=\"0\" type=\"jump\" "
			"coverage=\"%ld%%\"/>\n", indent + 6, "",
			b.covered * 100 / b.valid);
		fprintf(f, "%*s</conditions>\n", indent + 4, "");
		fprintf(f, "%*s</line>\n", indent + 2, "");
	}
	fprintf(f, "%*s</lines>\n", indent, "");
}

static int write_methods(FILE *f, const struct arcov_msrc *src)
{
	struct arcov_mfn **fns = arcov_sorted_fns(src);
	size_t k;
	int any = 0;

	if (!fns)
		return ARCOV_ENOMEM;
	for (k = 0; k < src->nfns; k++) {
		uint32_t first = arcov_fn_first_line(fns[k]);
		uint32_t last = arcov_fn_last_line(fns[k]);
		struct tally lines = { 0, 0 }, branches = { 0, 0 };
		char *name;

		if (arcov_excl_line(&src->excl, first))
			continue;
		name = arcov_demangle(fns[k]->name);
		if (!name) {
			free(fns);
			return ARCOV_ENOMEM;
		}
		if (!any++)
			fputs("          <methods>\n", f);
		tally_lines(src, first, last, &lines, &branches);
		fputs("            <method name=\"", f);
		arcov_xml_text(f, name);
		fputs("\" signature=\"\"", f);
		rate(f, "line-rate", &lines);
		rate(f, "branch-rate", &branches);
		fputs(" complexity=\"0.0\">\n", f);
		write_lines(f, src, first, last, 14);
		fputs("            </method>\n", f);
		free(name);
	}
	fputs(any ? "          </methods>\n" : "          <methods/>\n", f);
	free(fns);
	return 0;
}

static int cmp_cls(const void *a, const void *b)
{
	const struct cls *x = a, *y = b;
	int c = strcmp(x->package, y->package);

	return c ? c : strcmp(x->name, y->name);
}

/* Fill @c for @src: names and tallies.  Returns 0 or ARCOV_ENOMEM. */
static int make_class(struct cls *c, const struct arcov_msrc *src,
		      const struct arcov_project *proj)
{
	const char *name = arcov_report_rel(proj, src), *slash;
	char *p;

	slash = strrchr(name, '/');
	c->src = src;
	c->filename = strdup(name);
	c->package = strndup(name, slash ? (size_t)(slash - name) : 0);
	c->name = strdup(slash ? slash + 1 : name);
	if (!c->filename || !c->package || !c->name)
		return ARCOV_ENOMEM;
	for (p = c->package; *p; p++)
		if (*p == '/')
			*p = '.';
	for (p = c->name; *p; p++)
		if (*p == '.')
			*p = '_';
	tally_lines(src, 1, UINT32_MAX, &c->lines, &c->branches);
	return 0;
}

static int write_report(FILE *f, struct cls *cls, size_t n, const char *cwd)
{
	struct tally lines = { 0, 0 }, branches = { 0, 0 };
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	size_t i, j;

	for (i = 0; i < n; i++) {
		add(&lines, &cls[i].lines);
		add(&branches, &cls[i].branches);
	}
	fputs("<?xml version='1.0' encoding='UTF-8'?>\n<!DOCTYPE coverage "
	      "SYSTEM 'http://cobertura.sourceforge.net/xml/coverage-04.dtd'"
	      ">\n<coverage", f);
	rate(f, "line-rate", &lines);
	rate(f, "branch-rate", &branches);
	fprintf(f, " lines-covered=\"%ld\" lines-valid=\"%ld\" "
		"branches-covered=\"%ld\" branches-valid=\"%ld\" "
		"complexity=\"0.0\" timestamp=\"%lld\" version=\"arcov %s\">\n",
		lines.covered, lines.valid, branches.covered, branches.valid,
		epoch && *epoch ? strtoll(epoch, NULL, 10) :
				  (long long)time(NULL),
		PACKAGE_VERSION);
	fputs("  <sources>\n    <source>", f);
	arcov_xml_text(f, cwd);
	fputs("</source>\n  </sources>\n", f);
	fputs(n ? "  <packages>\n" : "  <packages/>\n", f);
	for (i = 0; i < n; i = j) {
		struct tally pl = { 0, 0 }, pb = { 0, 0 };

		for (j = i; j < n && !strcmp(cls[j].package, cls[i].package);
		     j++) {
			add(&pl, &cls[j].lines);
			add(&pb, &cls[j].branches);
		}
		fputs("    <package name=\"", f);
		arcov_xml_text(f, cls[i].package);
		fputc('"', f);
		rate(f, "line-rate", &pl);
		rate(f, "branch-rate", &pb);
		fputs(" complexity=\"0.0\">\n      <classes>\n", f);
		for (; i < j; i++) {
			fputs("        <class name=\"", f);
			arcov_xml_text(f, cls[i].name);
			fputs("\" filename=\"", f);
			arcov_xml_text(f, cls[i].filename);
			fputc('"', f);
			rate(f, "line-rate", &cls[i].lines);
			rate(f, "branch-rate", &cls[i].branches);
			fputs(" complexity=\"0.0\">\n", f);
			if (write_methods(f, cls[i].src) < 0)
				return ARCOV_ENOMEM;
			write_lines(f, cls[i].src, 1, UINT32_MAX, 10);
			fputs("        </class>\n", f);
		}
		fputs("      </classes>\n    </package>\n", f);
	}
	if (n)
		fputs("  </packages>\n", f);
	fputs("</coverage>\n", f);
	return 0;
}

int arcov_cobertura_write(const struct arcov_report_opts *o,
			  const struct arcov_project *p, FILE *out,
			  FILE *diag)
{
	const struct arcov_modern *m = &p->lines;
	struct cls *cls = calloc(m->nsrcs ? m->nsrcs : 1, sizeof *cls);
	const char *cwd = m->root ? m->root : m->cwd;
	size_t i, n = 0;
	struct arcov_output w = { 0 };
	struct arcov_err err = { 0 };
	int rc = 1;

	if (!cls || !cwd) {
		fprintf(diag, "arcov: out of memory\n");
		goto free_classes;
	}
	for (i = 0; i < m->nsrcs; i++) {
		if (arcov_report_skips(o, &m->srcs[i]) || !m->srcs[i].lines)
			continue;
		if (make_class(&cls[n++], &m->srcs[i], p) < 0) {
			fprintf(diag, "arcov: out of memory\n");
			goto free_classes;
		}
	}
	qsort(cls, n, sizeof *cls, cmp_cls);
	if (arcov_output_open(&w, o->cobertura, out, &err) < 0) {
		fprintf(diag, "arcov: %s\n", err.msg);
		goto free_classes;
	}
	if (write_report(w.f, cls, n, cwd) < 0) {
		fprintf(diag, "arcov: out of memory\n");
		arcov_output_discard(&w);
		goto free_classes;
	}
	rc = 0;
	if (arcov_output_close(&w, &err) < 0) {
		fprintf(diag, "arcov: %s\n", err.msg);
		rc = 1;
	}
free_classes:
	for (i = 0; i < n; i++) {
		free(cls[i].filename);
		free(cls[i].package);
		free(cls[i].name);
	}
	free(cls);

	return rc;
}
