/* html-flame.c -- the HTML site's flame graph of a time profile
 * (flame.html, with --trace): each call path a bar as wide as the time
 * spent in it, its callees stacked on it, drawn as SVG.
 *
 * With a timeline (ARCOV_TIMELINE=1) the paths are the real stacks: every
 * entry and exit of every thread, nested, so a bar is exactly the time of
 * its path.  Without one, the paths are unfolded from the call arcs (a
 * callee's time shared among its callers by their arcs' inclusive times),
 * which is what a call graph can say, and the page says so.  A bar shows
 * its name when wide enough and always carries its figures as a title.
 */
#include <config.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"

#define WIDTH 1160.0
#define ROW 18
#define MAX_DEPTH 64		/* arcs unfolded no deeper */

struct frame {
	size_t fn;		/* profile function, SIZE_MAX for the root */
	size_t parent, child, next;	/* SIZE_MAX: none */
	uint64_t ns;
	int depth;
};

struct flame {
	size_t n, cap;
	struct frame *v;
	int nomem;
};

/* The frame for @fn under @parent, made when first met. */
static size_t child_of(struct flame *fl, size_t parent, size_t fn)
{
	size_t k;

	for (k = fl->v[parent].child; k != SIZE_MAX; k = fl->v[k].next)
		if (fl->v[k].fn == fn)
			return k;
	if (arcov_grow((void **)&fl->v, &fl->cap, fl->n + 1, sizeof *fl->v)) {
		fl->nomem = 1;
		return SIZE_MAX;
	}
	k = fl->n++;
	fl->v[k].fn = fn;
	fl->v[k].parent = parent;
	fl->v[k].child = SIZE_MAX;
	fl->v[k].ns = 0;
	fl->v[k].depth = fl->v[parent].depth + 1;
	/* Appended, so bars keep the order paths were first met. */
	fl->v[k].next = SIZE_MAX;
	if (fl->v[parent].child == SIZE_MAX) {
		fl->v[parent].child = k;
	} else {
		size_t last = fl->v[parent].child;

		while (fl->v[last].next != SIZE_MAX)
			last = fl->v[last].next;
		fl->v[last].next = k;
	}
	return k;
}

/* The real stacks of every context's timeline. */
static void from_timeline(struct flame *fl, const struct arcov_profile *p)
{
	size_t c, e, *stack = NULL, depth;
	uint64_t *since = NULL;

	for (c = 0; c < p->nctx && !fl->nomem; c++) {
		const struct arcov_pf_ctx *ctx = &p->ctx[c];

		free(stack);
		free(since);
		stack = malloc((ctx->nevents + 1) * sizeof *stack);
		since = malloc((ctx->nevents + 1) * sizeof *since);
		if (!stack || !since) {
			fl->nomem = 1;
			break;
		}
		depth = 0;
		for (e = 0; e < ctx->nevents && !fl->nomem; e++) {
			const struct arcov_pf_event *ev = &ctx->events[e];
			size_t top = depth ? stack[depth - 1] : 0, k;

			if (ev->kind != ARCOV_TRACE_EXIT) {
				k = child_of(fl, top, ev->fn);
				stack[depth] = k;
				since[depth++] = ev->time;
			} else if (depth) {
				depth--;
				fl->v[stack[depth]].ns += ev->time -
							  since[depth];
			}
		}
	}
	free(stack);
	free(since);
}

/* Whether @fn is on the path from @k up. */
static int on_path(const struct flame *fl, size_t k, size_t fn)
{
	for (; k != 0 && k != SIZE_MAX; k = fl->v[k].parent)
		if (fl->v[k].fn == fn)
			return 1;
	return 0;
}

/* The arcs out of @fn, unfolded under frame @k, which took @ns. */
static void unfold(struct flame *fl, const struct arcov_profile *p, size_t k,
		   size_t fn, uint64_t ns)
{
	uint64_t whole = 0;
	size_t a;

	/* What all of @fn's activations took, to share out among paths. */
	for (a = 0; a < p->narcs; a++)
		if (p->arcs[a].callee == fn)
			whole += p->arcs[a].incl;
	if (!whole || fl->v[k].depth >= MAX_DEPTH)
		return;
	for (a = 0; a < p->narcs && !fl->nomem; a++) {
		const struct arcov_pf_arc *arc = &p->arcs[a];
		uint64_t share;
		size_t c;

		if (arc->caller != fn || on_path(fl, k, arc->callee))
			continue;
		share = (uint64_t)((double)arc->incl * (double)ns /
				   (double)whole);
		c = child_of(fl, k, arc->callee);
		if (c == SIZE_MAX)
			return;
		fl->v[c].ns += share;
		unfold(fl, p, c, arc->callee, share);
	}
}

/* The paths the call arcs give, from each thread's first calls. */
static void from_arcs(struct flame *fl, const struct arcov_profile *p)
{
	size_t a, c;

	for (a = 0; a < p->narcs && !fl->nomem; a++) {
		const struct arcov_pf_arc *arc = &p->arcs[a];

		if (arc->caller != ARCOV_PF_ROOT)
			continue;
		c = child_of(fl, 0, arc->callee);
		if (c == SIZE_MAX)
			return;
		fl->v[c].ns += arc->incl;
		unfold(fl, p, c, arc->callee, arc->incl);
	}
}

static void draw(FILE *f, const struct flame *fl,
		 const struct arcov_profile *p, size_t k, double x,
		 int height)
{
	const struct frame *fr = &fl->v[k];
	double w = fl->v[0].ns ? WIDTH * (double)fr->ns / (double)fl->v[0].ns :
				 0;
	double y = height - (fr->depth + 1) * ROW;
	const char *name = fr->fn == SIZE_MAX ? "all" :
			   p->fns[fr->fn].display;
	size_t c, fit = (size_t)(w / 7.2);
	double pct = fl->v[0].ns ? 100.0 * (double)fr->ns /
				   (double)fl->v[0].ns : 0;

	if (w < 0.3)
		return;
	fputs("<g class=\"frame\" data-fn=\"", f);
	arcov_xml_text(f, name);
	fprintf(f, "\" data-ns=\"%" PRIu64 "\" data-depth=\"%d\"><title>",
		fr->ns, fr->depth);
	arcov_xml_text(f, name);
	fprintf(f, ": %s, %.2f%%</title><rect x=\"%.2f\" y=\"%.1f\" "
		"width=\"%.2f\" height=\"%d\" class=\"h%d\"/>",
		html_time(fr->ns), pct, x, y, w, ROW - 1,
		(int)((fr->fn == SIZE_MAX ? 0 : fr->fn) % 5));
	if (fit > 3) {
		fprintf(f, "<text x=\"%.2f\" y=\"%.1f\">", x + 3, y + 13);
		if (strlen(name) > fit) {
			char *cut = strndup(name, fit - 2);

			arcov_xml_text(f, cut ? cut : "");
			fputs("..", f);
			free(cut);
		} else {
			arcov_xml_text(f, name);
		}
		fputs("</text>", f);
	}
	fputs("</g>\n", f);
	for (c = fr->child; c != SIZE_MAX; c = fl->v[c].next) {
		draw(f, fl, p, c, x, height);
		x += fl->v[0].ns ? WIDTH * (double)fl->v[c].ns /
			(double)fl->v[0].ns : 0;
	}
}

int html_flame_page(const struct html_site *s)
{
	const struct arcov_profile *p = s->prof;
	struct html_node page = { 0 };
	struct flame fl = { 0 };
	struct arcov_output w;
	int depth = 0, rc = 1, exact = p->timeline;
	size_t k, c;

	page.name = page.rel = (char *)"flame graph";
	page.page = (char *)"flame.html";
	page.parent = 0;
	page.is_dir = 1;
	fl.v = malloc(sizeof *fl.v);
	if (!fl.v)
		goto nomem;
	fl.cap = fl.n = 1;
	fl.v[0] = (struct frame){ SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, 0,
				  0 };
	if (exact)
		from_timeline(&fl, p);
	else
		from_arcs(&fl, p);
	if (fl.nomem)
		goto nomem;
	for (c = fl.v[0].child; c != SIZE_MAX; c = fl.v[c].next)
		fl.v[0].ns += fl.v[c].ns;
	for (k = 0; k < fl.n; k++)
		if (fl.v[k].depth > depth)
			depth = fl.v[k].depth;
	if (html_page_open(s, &page, &w))
		goto free_all;
	fprintf(w.f, "<h1>Flame graph</h1>\n<p class=\"note\">Time spent in "
		"each call path (%s in all), callers below their callees; a "
		"bar's title gives its time and share.  %s</p>\n",
		html_time(fl.v[0].ns), exact ? "From the trace's timeline: "
		"every bar is the exact time of its path." : "The trace holds "
		"no timeline (run with ARCOV_TIMELINE=1 for one), so the paths "
		"are unfolded from the call arcs: a function's time is shared "
		"among its callers as their arcs' inclusive times say.");
	fprintf(w.f, "<svg class=\"flame\" xmlns=\"http://www.w3.org/2000/svg\" "
		"width=\"%.0f\" height=\"%d\" viewBox=\"0 0 %.0f %d\" role="
		"\"img\" aria-label=\"Flame graph\">\n", WIDTH, (depth + 1) * ROW,
		WIDTH, (depth + 1) * ROW);
	draw(w.f, &fl, p, 0, 0, (depth + 1) * ROW);
	fputs("</svg>\n", w.f);
	rc = html_page_close(s, &w);
	goto free_all;
nomem:
	fprintf(s->diag, "arcov: out of memory\n");
free_all:
	free(fl.v);
	return rc;
}
