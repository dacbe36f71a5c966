/* html-timeline.c -- the HTML site's timeline of a time profile
 * (timeline.html, with --trace of a run with ARCOV_TIMELINE): per thread,
 * every call as a bar on a time axis, at the depth it ran, drawn as SVG.
 * The threads of one process share their axis, from the first one's
 * start to the last one's end; each process (each run appended to the
 * trace) has its own, so the time between runs takes no room.  Each bar carries its function, start and
 * duration as a title (hover) and as data attributes.
 *
 * The page stays bounded however long the trace: calls narrower than a
 * pixel of the unzoomed axis are not drawn one by one but gathered, per
 * depth, into an aggregate bar over the pixels they cover, whose title
 * gives how many calls of which functions it holds.  So a depth of a
 * thread draws at most about two elements per pixel, and depths beyond
 * MAX_DEPTH are counted, not drawn.  Zooming (arcov.js) widens the axis;
 * the aggregates stay what they are.
 */
#include <config.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "trace.h"
#include "util.h"

#define WIDTH 1160.0
#define ROW 18
#define AXIS 20			/* the tick labels above the lanes */
#define MAX_DEPTH 48		/* deeper calls are counted, not drawn */
#define LABEL_MIN 40.0		/* a bar this wide shows its name */

/* What an aggregate bar holds of one function. */
struct agg_fn {
	size_t fn;
	uint64_t calls, ns;
};

/* The calls gathered at one depth, not yet drawn. */
struct agg {
	uint64_t t0, t1;	/* from the first's start to the last's end */
	size_t nfns, cap;
	struct agg_fn *fns;
};

struct lane {
	FILE *f;
	const struct arcov_profile *p;
	size_t ctx;
	uint64_t origin;	/* where the axis starts, ns */
	uint64_t length;	/* how long it is */
	double scale;		/* px per ns */
	struct agg agg[MAX_DEPTH];
	uint64_t spans, aggs, deep;
	int nomem;
};

static void bar_text(struct lane *l, const char *name, double x, double y,
		     double w)
{
	size_t fit = (size_t)(w / 7.2);

	if (w < LABEL_MIN)
		return;
	fprintf(l->f, "<text x=\"%.2f\" y=\"%.1f\">", x + 3, y + 13);
	if (strlen(name) > fit) {
		char *cut = strndup(name, fit - 2);

		arcov_xml_text(l->f, cut ? cut : "");
		fputs("..", l->f);
		free(cut);
	} else {
		arcov_xml_text(l->f, name);
	}
	fputs("</text>", l->f);
}

/* Draw and empty the aggregate of depth @d. */
static void flush(struct lane *l, int d)
{
	struct agg *a = &l->agg[d];
	double x = (double)(a->t0 - l->origin) * l->scale;
	double y = AXIS + d * ROW;
	double w = (double)(a->t1 - a->t0) * l->scale;
	uint64_t calls = 0, ns = 0;
	size_t i;

	if (!a->nfns)
		return;
	for (i = 0; i < a->nfns; i++) {
		calls += a->fns[i].calls;
		ns += a->fns[i].ns;
	}
	fprintf(l->f, "<g class=\"agg\" data-depth=\"%d\" data-calls=\"%"
		PRIu64 "\" data-ns=\"%" PRIu64 "\" data-fns=\"", d, calls, ns);
	for (i = 0; i < a->nfns; i++) {
		fputs(i ? ";" : "", l->f);
		arcov_xml_text(l->f, l->p->fns[a->fns[i].fn].display);
		fprintf(l->f, " %" PRIu64 " %" PRIu64, a->fns[i].calls,
			a->fns[i].ns);
	}
	fprintf(l->f, "\"><title>%" PRIu64 " calls too short to draw, ",
		calls);
	fprintf(l->f, "%s in all, from %s:", html_time(ns),
		html_time(a->t0));
	for (i = 0; i < a->nfns; i++) {
		fprintf(l->f, "%s ", i ? "," : "");
		arcov_xml_text(l->f, l->p->fns[a->fns[i].fn].display);
		fprintf(l->f, " %" PRIu64 "x", a->fns[i].calls);
	}
	fprintf(l->f, "</title><rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" "
		"height=\"%d\" class=\"agg\"/></g>\n", x, (int)y,
		w < 1 ? 1.0 : w, ROW - 1);
	l->aggs++;
	a->nfns = 0;
}

/* Gather a call too short to draw into the aggregate of depth @d, which
 * first ends when the call starts a pixel or more after it. */
static void gather(struct lane *l, int d, size_t fn, uint64_t t0,
		   uint64_t t1)
{
	struct agg *a = &l->agg[d];
	size_t i;

	if (a->nfns && (double)(t0 - a->t1) * l->scale >= 1)
		flush(l, d);
	if (!a->nfns)
		a->t0 = t0;
	a->t1 = t1;
	for (i = 0; i < a->nfns && a->fns[i].fn != fn; i++)
		;
	if (i == a->nfns) {
		if (arcov_grow((void **)&a->fns, &a->cap, a->nfns + 1,
			       sizeof *a->fns)) {
			l->nomem = 1;
			return;
		}
		a->fns[a->nfns++] = (struct agg_fn){ fn, 0, 0 };
	}
	a->fns[i].calls++;
	a->fns[i].ns += t1 - t0;
}

/* The call of @fn at depth @d from @t0 to @t1 (ns since the profile's
 * start); @resumed: open when the thread's timeline began. */
static void span(struct lane *l, int d, size_t fn, uint64_t t0, uint64_t t1,
		 int resumed)
{
	const char *name = l->p->fns[fn].display;
	double x = (double)(t0 - l->origin) * l->scale;
	double w = (double)(t1 - t0) * l->scale;
	double y = AXIS + d * ROW;

	if (d >= MAX_DEPTH) {
		l->deep++;
		return;
	}
	if (w < 1) {
		gather(l, d, fn, t0, t1);
		return;
	}
	flush(l, d);
	fputs("<g class=\"span\" data-fn=\"", l->f);
	arcov_xml_text(l->f, name);
	fprintf(l->f, "\" data-t0=\"%" PRIu64 "\" data-ns=\"%" PRIu64 "\" "
		"data-depth=\"%d\"><title>", t0, t1 - t0, d);
	arcov_xml_text(l->f, name);
	fprintf(l->f, ": %s", html_time(t1 - t0));
	fprintf(l->f, " from %s%s</title><rect x=\"%.2f\" y=\"%d\" "
		"width=\"%.2f\" height=\"%d\" class=\"h%d\"/>",
		html_time(t0), resumed ? " (running when the thread's "
		"timeline began)" : "", x, (int)y, w, ROW - 1, (int)(fn % 5));
	bar_text(l, name, x, y, w);
	fputs("</g>\n", l->f);
	l->spans++;
}

/* The deepest level of context @c's calls, 0 for none. */
static int depth_of(const struct arcov_pf_ctx *c)
{
	int depth = 0, max = 0;
	size_t e;

	for (e = 0; e < c->nevents; e++) {
		if (c->events[e].kind == ARCOV_TRACE_EXIT)
			depth--;
		else if (++depth > max)
			max = depth;
	}
	return max;
}

/* The ticks of @l's time axis, across an SVG of @height, labelled with
 * the time since the axis starts. */
static void axis(const struct lane *l, int height)
{
	uint64_t step = 1, t;

	while (step * 10 < l->length / 8 + 1)
		step *= 10;
	if (l->length / step > 16)
		step *= l->length / step > 40 ? 5 : 2;
	for (t = 0; t <= l->length; t += step) {
		double x = (double)t * l->scale;
		FILE *f = l->f;

		fprintf(f, "<g class=\"tick\"><line x1=\"%.2f\" x2=\"%.2f\" "
			"y1=\"%d\" y2=\"%d\"/><text x=\"%.2f\" y=\"12\">%s"
			"</text></g>\n", x, x, AXIS - 4, height, x + 2,
			html_time(t));
	}
}

/* The axis of @l's context: its process's threads, first start to last
 * end. */
static void process_axis(struct lane *l)
{
	const struct arcov_profile *p = l->p;
	uint32_t pid = p->ctx[l->ctx].pid;
	uint64_t end = 0;
	size_t c;

	l->origin = UINT64_MAX;
	for (c = 0; c < p->nctx; c++) {
		if (p->ctx[c].pid != pid)
			continue;
		if (p->ctx[c].start < l->origin)
			l->origin = p->ctx[c].start;
		if (p->ctx[c].end > end)
			end = p->ctx[c].end;
	}
	l->length = end > l->origin ? end - l->origin : 0;
	l->scale = l->length ? WIDTH / (double)l->length : 0;
}

/* The lane of @l's context: its heading and its SVG. */
static void draw_lane(struct lane *l)
{
	const struct arcov_pf_ctx *c = &l->p->ctx[l->ctx];
	int depth = depth_of(c), rows = depth < MAX_DEPTH ? depth : MAX_DEPTH;
	int height = AXIS + (rows ? rows : 1) * ROW, d = 0;
	size_t *fn = malloc((c->nevents + 1) * sizeof *fn), e;
	uint64_t *since = malloc((c->nevents + 1) * sizeof *since);
	int *resumed = malloc((c->nevents + 1) * sizeof *resumed);

	if (!fn || !since || !resumed) {
		l->nomem = 1;
		goto free_stack;
	}
	fprintf(l->f, "<h2>Process %" PRIu32 ", thread %" PRIu64, c->pid,
		c->tid);
	fprintf(l->f, " <small>(the axis from %s into the trace)</small>",
		html_time(l->origin));
	if (c->label) {
		fputs(", test ", l->f);
		arcov_xml_text(l->f, c->label);
	}
	fprintf(l->f, "</h2>\n<div class=\"lane\"><svg class=\"timeline\" "
		"xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height="
		"\"%d\" data-width=\"%.0f\" role=\"img\" aria-label=\"Calls of "
		"thread %" PRIu64 " in time\">\n", WIDTH, height, WIDTH, c->tid);
	axis(l, height);
	for (e = 0; e < c->nevents && !l->nomem; e++) {
		const struct arcov_pf_event *ev = &c->events[e];

		if (ev->kind != ARCOV_TRACE_EXIT) {
			fn[d] = ev->fn;
			since[d] = ev->time;
			resumed[d++] = ev->kind == ARCOV_TRACE_RESUME;
		} else if (d) {
			d--;
			span(l, d, fn[d], since[d], ev->time, resumed[d]);
		}
	}
	for (d = 0; d < MAX_DEPTH; d++)
		flush(l, d);
	fputs("</svg></div>\n", l->f);
free_stack:
	free(fn);
	free(since);
	free(resumed);
}

int html_timeline_page(const struct html_site *s)
{
	const struct arcov_profile *p = s->prof;
	struct html_node page = { 0 };
	struct arcov_output w;
	struct lane l = { 0 };
	int rc, d;
	size_t c;

	page.name = page.rel = (char *)"timeline";
	page.page = (char *)"timeline.html";
	page.parent = 0;
	page.is_dir = 1;
	if (html_page_open(s, &page, &w))
		return 1;
	l.f = w.f;
	l.p = p;
	fputs("<h1>Timeline</h1>\n<p class=\"note\">Every call of each "
	      "thread in time, callers above their callees; a bar's title "
	      "gives its function, duration and start.  The threads of a "
	      "process share its time axis.  Calls shorter than a pixel are "
	      "gathered into grey bars whose titles say how many calls of "
	      "which functions they hold.</p>\n<p class=\"zoom\"><button "
	      "type=\"button\" data-zoom=\"0.5\">Zoom out</button> <button "
	      "type=\"button\" data-zoom=\"2\">Zoom in</button> <button "
	      "type=\"button\" data-zoom=\"0\">Fit</button> <span "
	      "class=\"note\">(keys + and -)</span></p>\n", w.f);
	for (c = 0; c < p->nctx && !l.nomem; c++) {
		if (!p->ctx[c].nevents)
			continue;
		l.ctx = c;
		process_axis(&l);
		draw_lane(&l);
	}
	fprintf(w.f, "<p class=\"note\" id=\"drawn\" data-spans=\"%" PRIu64
		"\" data-aggs=\"%" PRIu64 "\" data-deep=\"%" PRIu64 "\">%"
		PRIu64 " calls drawn, %" PRIu64 " gathered bars", l.spans,
		l.aggs, l.deep, l.spans, l.aggs);
	if (l.deep)
		fprintf(w.f, "; %" PRIu64 " calls deeper than %d levels not "
			"drawn", l.deep, MAX_DEPTH);
	if (p->lost_events)
		fprintf(w.f, "; the runtime could not keep %" PRIu64
			" events", p->lost_events);
	fputs(".</p>\n", w.f);
	for (d = 0; d < MAX_DEPTH; d++)
		free(l.agg[d].fns);
	rc = html_page_close(s, &w);
	if (l.nomem) {
		fprintf(s->diag, "arcov: out of memory\n");
		rc = 1;
	}
	return rc;
}
