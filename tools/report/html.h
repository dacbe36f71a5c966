/* html.h -- what the pages of the HTML site (--html DIR) share.
 *
 * The site is one leaf over the project model, split by page kind:
 * html-site.c lays out the tree of directories and sources and writes the
 * index and directory pages, html-source.c the annotated source pages,
 * html-assets.c the one stylesheet and the one script every page links,
 * html-page.c the page frame and the figures (totals, bars) all pages
 * print, html-callgraph.c, html-flame.c and html-timeline.c the
 * pictures.  Every text from
 * a source, a name or a label goes through arcov_xml_text() (common.h).
 * Pages link each other by relative paths, so the site opens from
 * file:// anywhere; it needs no server and no network.
 */
#ifndef ARCOV_REPORT_HTML_H
#define ARCOV_REPORT_HTML_H

#include <stdint.h>
#include <stdio.h>

#include "callgraph.h"
#include "common.h"
#include "run-models.h"

/* Executed of total for the three things the pages count. */
struct html_tally {
	long lines, lines_hit;
	long fns, fns_hit;		/* functions called at least once */
	long branches, branches_hit;	/* branches taken at least once */
};

/* A directory or a source of the site's tree. */
struct html_node {
	char *name;		/* the path component shown */
	char *rel;		/* the path below the site's base, "" root */
	char *page;		/* its page, relative to the site */
	size_t parent;		/* SIZE_MAX for the root */
	int is_dir;
	const struct arcov_msrc *src;	/* a source's model */
	size_t nkids;
	size_t *kids;		/* a directory's entries, by name */
	struct html_tally t;
	struct html_tally *rt;	/* per run model (struct arcov_run_models) */
	const struct arcov_msrc **rsrc;	/* a source in each run model, or
					 * NULL when that model lacks it */
	const struct arcov_dsrc *dsrc;	/* a source's categories, or NULL */
	long dc[ARCOV_DC_N];	/* lines per differential category */
};

struct html_site {
	const struct arcov_report_opts *o;
	const struct arcov_project *p;
	const struct arcov_run_models *runs;
	const struct arcov_diffcov *dc;
	const struct arcov_callgraph *cg;	/* or NULL: no picture */
	const struct arcov_profile *prof;	/* or NULL: no trace */
	FILE *diag;
	const char *base;	/* the directory the tree starts from */
	size_t nnodes;
	struct html_node *nodes;	/* [0] the root, parents first */
};

/* html_label - run model @i's name: its label, or "(unlabelled)". */
const char *html_label(const struct html_site *s, size_t i);

/**
 * html_tally_source - the totals of @src, as the text report and lcov
 * count them: lines and branches from the model's tallies, functions
 * whose first line is not excluded, called when their count is not 0.
 */
struct html_tally html_tally_source(const struct arcov_msrc *src);

/* html_tally_add - add @u to @t. */
void html_tally_add(struct html_tally *t, const struct html_tally *u);

/* html_cells - three table cells: lines, functions and branches of @t,
 * each with its bar, percentage and "hit of total". */
void html_cells(FILE *f, const struct html_tally *t);

/* html_totals - the table of @t's three totals. */
void html_totals(FILE *f, const struct html_tally *t);

/* html_cell_heads - the header cells matching html_cells(), sortable. */
void html_cell_heads(FILE *f);

/**
 * html_page_open - start the page of @n in @w: the document head, linking
 * the stylesheet and script, and the path from the index to @n, each
 * step a link.  Returns 0, or 1 after saying why on the diagnostics.
 */
int html_page_open(const struct html_site *s, const struct html_node *n,
		   struct arcov_output *w);

/* html_page_close - end and write the page @w; 0, or 1 said as above. */
int html_page_close(const struct html_site *s, struct arcov_output *w);

/* html_runs_table - the totals of each test of @n (none without runs). */
void html_runs_table(FILE *f, const struct html_site *s,
		     const struct html_node *n);

/* html_dc_table - @n's lines per differential category (none without a
 * baseline or diff), each category named and explained. */
void html_dc_table(FILE *f, const struct html_site *s,
		   const struct html_node *n);

/* html_up - the relative path from @n's page to the site's top, "" or a
 * run of "../" (in a static buffer). */
const char *html_up(const struct html_node *n);

/* html_source_page - the annotated page of the source node @n. */
int html_source_page(const struct html_site *s, const struct html_node *n);

/* html_callgraph_page - callgraph.html, the picture of @cg, and
 * callgraph.dot. */
int html_callgraph_page(const struct html_site *s,
			const struct arcov_callgraph *cg);

/* html_flame_page - flame.html, the flame graph of @s->prof. */
int html_flame_page(const struct html_site *s);

/* html_timeline_page - timeline.html, the calls of @s->prof's timeline
 * in time, per thread (only when it holds one). */
int html_timeline_page(const struct html_site *s);

/* html_time - @ns as a time to read ("1.25 ms"), in a static buffer. */
const char *html_time(uint64_t ns);

/* html_assets_write - arcov.css and arcov.js in the site @dir. */
int html_assets_write(const char *dir, FILE *diag);

#endif
