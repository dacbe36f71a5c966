/* html-page.c -- the page frame and the figures every page
 * of the HTML site prints (html.h).
 *
 * A share is printed as gcov prints it (arcov_format_gcov(), two
 * decimals), so the site and the text report agree to the digit.  A bar
 * never says anything alone: the percentage and the counts stand beside
 * it as text.
 */
#include <config.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "percent.h"

const char *html_label(const struct html_site *s, size_t i)
{
	return s->runs->labels[i] ? s->runs->labels[i] : "(unlabelled)";
}

struct html_tally html_tally_source(const struct arcov_msrc *src)
{
	struct html_tally t = { 0 };

	t.lines = src->cov.lines;
	t.lines_hit = src->cov.lines_executed;
	t.branches = src->cov.branches;
	t.branches_hit = src->cov.branches_taken;
	arcov_fn_tally(src, &t.fns, &t.fns_hit);
	return t;
}

void html_tally_add(struct html_tally *t, const struct html_tally *u)
{
	t->lines += u->lines;
	t->lines_hit += u->lines_hit;
	t->fns += u->fns;
	t->fns_hit += u->fns_hit;
	t->branches += u->branches;
	t->branches_hit += u->branches_hit;
}

/* One figure: a cell whose sort key is the share (-1: nothing to count),
 * with a bar, the percentage, and "hit of total". */
static void cell(FILE *f, const char *what, long hit, long total)
{
	char buf[ARCOV_PERCENT_MAX];
	double share = total ? 100.0 * (double)hit / (double)total : -1;
	const char *level = share < 0 ? "none" : share >= 90 ? "hi" :
			    share >= 75 ? "mid" : "lo";

	if (!total) {
		fprintf(f, "<td class=\"fig none\" data-v=\"-1\" "
			"data-what=\"%s\">no %s</td>", what, what);
		return;
	}
	arcov_format_gcov(hit, total, 2, buf);
	fprintf(f, "<td class=\"fig %s\" data-v=\"%.4f\" data-what=\"%s\" "
		"data-hit=\"%ld\" data-total=\"%ld\"><span class=\"bar\" "
		"aria-hidden=\"true\"><span style=\"width:%.0f%%\"></span>"
		"</span> <span class=\"pct\">%s</span> <span class=\"of\">"
		"%ld of %ld</span></td>", level, share, what, hit, total,
		share, buf, hit, total);
}

void html_cells(FILE *f, const struct html_tally *t)
{
	cell(f, "lines", t->lines_hit, t->lines);
	cell(f, "functions", t->fns_hit, t->fns);
	cell(f, "branches", t->branches_hit, t->branches);
}

void html_totals(FILE *f, const struct html_tally *t)
{
	fputs("<table class=\"totals\">\n<thead><tr><th scope=\"col\">"
	      "</th><th scope=\"col\">Lines</th><th scope=\"col\">Functions"
	      "</th><th scope=\"col\">Branches</th></tr></thead>\n<tbody><tr>"
	      "<th scope=\"row\">Total</th>", f);
	html_cells(f, t);
	fputs("</tr></tbody>\n</table>\n", f);
}

void html_cell_heads(FILE *f)
{
	fputs("<th scope=\"col\"><button type=\"button\">Lines</button></th>"
	      "<th scope=\"col\"><button type=\"button\">Functions</button>"
	      "</th><th scope=\"col\"><button type=\"button\">Branches"
	      "</button></th>", f);
}

const char *html_up(const struct html_node *n)
{
	static char up[4096];
	const char *c;
	size_t k = 0;

	for (c = n->page; *c && k + 4 < sizeof up; c++)
		if (*c == '/') {
			memcpy(up + k, "../", 3);
			k += 3;
		}
	up[k] = 0;
	return up;
}

/* The path from the index to @n, each step a link but the last. */
static void crumbs(FILE *f, const struct html_site *s,
		   const struct html_node *n, const char *up)
{
	const struct html_node *chain[256];
	size_t k = 0;

	for (; k < 256; n = &s->nodes[n->parent]) {
		chain[k++] = n;
		if (n->parent == SIZE_MAX)
			break;
	}
	fputs("<nav class=\"crumbs\" aria-label=\"Path\">", f);
	while (k--) {
		if (k) {
			fprintf(f, "<a href=\"%s", up);
			arcov_xml_text(f, chain[k]->page);
			fputs("\">", f);
		} else {
			fputs("<span aria-current=\"page\">", f);
		}
		arcov_xml_text(f, chain[k]->parent == SIZE_MAX ? s->base :
			  chain[k]->name);
		fputs(k ? "</a> / " : "</span>", f);
	}
	fputs("</nav>\n", f);
}

int html_page_open(const struct html_site *s, const struct html_node *n,
		   struct arcov_output *w)
{
	const char *up = html_up(n);
	struct arcov_err err = { 0 };
	char *path = malloc(strlen(s->o->html) + strlen(n->page) + 2);

	if (!path) {
		fprintf(s->diag, "arcov: out of memory\n");
		return 1;
	}
	sprintf(path, "%s/%s", s->o->html, n->page);
	if (arcov_output_open(w, path, NULL, &err) < 0) {
		fprintf(s->diag, "arcov: %s\n", err.msg);
		free(path);
		return 1;
	}
	/* w->path is @path until html_page_close() frees it. */
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset="
	      "\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-"
	      "width\">\n<title>", w->f);
	arcov_xml_text(w->f, n->parent == SIZE_MAX ? s->base : n->rel);
	fprintf(w->f, " - arcov</title>\n<link rel=\"stylesheet\" href=\"%s"
		"arcov.css\">\n<script src=\"%sarcov.js\" defer></script>\n"
		"</head>\n<body class=\"%s\">\n<header>\n", up, up,
		n->is_dir ? "dir" : "source");
	crumbs(w->f, s, n, up);
	if (s->cg || s->prof) {
		fputs("<nav class=\"links\" aria-label=\"Pictures\">", w->f);
		if (s->cg)
			fprintf(w->f, "<a href=\"%scallgraph.html\">Call "
				"graph</a>", up);
		if (s->prof)
			fprintf(w->f, "%s<a href=\"%sflame.html\">Flame "
				"graph</a>", s->cg ? " &#xB7; " : "", up);
		if (s->prof && s->prof->timeline)
			fprintf(w->f, " &#xB7; <a href=\"%stimeline.html\">"
				"Timeline</a>", up);
		fputs("</nav>\n", w->f);
	}
	fputs("</header>\n<main>\n", w->f);
	return 0;
}

int html_page_close(const struct html_site *s, struct arcov_output *w)
{
	struct arcov_err err = { 0 };
	char *path = (char *)w->path;
	int rc = 0;

	fprintf(w->f, "</main>\n<footer>arcov %s</footer>\n</body>\n</html>\n",
		PACKAGE_VERSION);
	if (arcov_output_close(w, &err) < 0) {
		fprintf(s->diag, "arcov: %s\n", err.msg);
		rc = 1;
	}
	free(path);
	return rc;
}

void html_runs_table(FILE *f, const struct html_site *s,
		     const struct html_node *n)
{
	size_t i;

	if (!s->runs->n)
		return;
	fputs("<h2 id=\"tests\">Tests</h2>\n<table class=\"tests sortable\">"
	      "\n<thead><tr><th scope=\"col\"><button type=\"button\">Test"
	      "</button></th>", f);
	html_cell_heads(f);
	fputs("</tr></thead>\n<tbody>\n", f);
	for (i = 0; i < s->runs->n; i++) {
		fputs("<tr><th scope=\"row\" data-v=\"", f);
		arcov_xml_text(f, html_label(s, i));
		fputs("\">", f);
		arcov_xml_text(f, html_label(s, i));
		fputs("</th>", f);
		html_cells(f, &n->rt[i]);
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n", f);
}

void html_dc_table(FILE *f, const struct html_site *s,
		   const struct html_node *n)
{
	int c;

	if (!s->dc->active)
		return;
	fputs("<h2 id=\"differential\">Differential coverage</h2>\n<table "
	      "class=\"dc\">\n<thead><tr><th scope=\"col\">Category</th>"
	      "<th scope=\"col\">Lines</th><th scope=\"col\">Meaning</th>"
	      "</tr></thead>\n<tbody>\n", f);
	for (c = ARCOV_DC_NONE + 1; c < ARCOV_DC_N; c++)
		fprintf(f, "<tr class=\"dc-%s\"><th scope=\"row\"><span "
			"class=\"cat %s\">%s</span></th><td data-cat=\"%s\">"
			"%ld</td><td>%s</td></tr>\n", arcov_dcat_name(c),
			arcov_dcat_name(c), arcov_dcat_name(c),
			arcov_dcat_name(c), n->dc[c], arcov_dcat_what(c));
	fputs("</tbody>\n</table>\n", f);
}

const char *html_time(uint64_t ns)
{
	static char buf[32];

	if (ns < 10000)
		snprintf(buf, sizeof buf, "%" PRIu64 " ns", ns);
	else if (ns < 10000000)
		snprintf(buf, sizeof buf, "%.2f \xC2\xB5s", (double)ns / 1e3);
	else if (ns < UINT64_C(10000000000))
		snprintf(buf, sizeof buf, "%.2f ms", (double)ns / 1e6);
	else
		snprintf(buf, sizeof buf, "%.2f s", (double)ns / 1e9);
	return buf;
}
