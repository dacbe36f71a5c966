/* html-callgraph.c -- the HTML site's picture of the call graph
 * (callgraph.html): every function the run's call graph knows (callgraph.h,
 * built once for the exports and the site), its callers above it, the
 * calls between them labelled with their counts, drawn as SVG by arcov's
 * own layout, and the same graph as callgraph.dot for Graphviz.
 *
 * The layout is a layered drawing: a function's layer is its distance from
 * the nearest root (a function no drawn function calls), each layer ordered
 * by the mean place of its callers above, so most arcs go down and cross
 * little.  Arcs that go up or across (recursion, cycles) are dashed.  A
 * large program shows its most costly functions (inclusive line
 * executions) and says how many it leaves out.  Every box links to the
 * function's line and carries its figures as text, so the picture needs
 * neither colour nor a mouse to be read.
 */
#include <config.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "strmap.h"

#define MAX_NODES 120		/* the most a readable picture holds */
#define BOX_H 42
#define GAP_X 28
#define GAP_Y 90
#define MARGIN 20
#define CHAR_W 7.2		/* 12px monospace */

struct box {
	size_t node;		/* in cg->nodes */
	char *label;		/* demangled, shortened */
	const struct html_node *page;	/* its source's page, or NULL */
	int layer;
	double key;		/* its order within the layer */
	double x, y, w;
};

struct edge {
	size_t from, to;	/* in boxes */
	uint64_t calls;
};

struct drawing {
	size_t nboxes;
	struct box *boxes;
	size_t nedges;
	struct edge *edges;
	size_t *box_of;		/* cg node -> box + 1, 0 when not drawn */
	double width, height;
};

static int cmp_cost(const void *a, const void *b, void *ctx)
{
	const struct arcov_callgraph *cg = ctx;
	uint64_t x = cg->nodes[*(const size_t *)a].inclusive.ev[ARCOV_CG_LINES];
	uint64_t y = cg->nodes[*(const size_t *)b].inclusive.ev[ARCOV_CG_LINES];

	if (x != y)
		return x > y ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static int cmp_key(const void *a, const void *b)
{
	const struct box *x = a, *y = b;

	if (x->layer != y->layer)
		return x->layer < y->layer ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return strcmp(x->label, y->label);
}

/* The boxes: the MAX_NODES most costly nodes. */
static int pick_boxes(struct drawing *d, const struct arcov_callgraph *cg,
		      const struct html_site *s, const struct strmap *pages)
{
	size_t *order = malloc((cg->nnodes + 1) * sizeof *order), i, v;

	d->box_of = calloc(cg->nnodes + 1, sizeof *d->box_of);
	if (!order || !d->box_of) {
		free(order);
		return ARCOV_ENOMEM;
	}
	for (i = 0; i < cg->nnodes; i++)
		order[i] = i;
	qsort_r(order, cg->nnodes, sizeof *order, cmp_cost, (void *)cg);
	d->nboxes = cg->nnodes < MAX_NODES ? cg->nnodes : MAX_NODES;
	d->boxes = calloc(d->nboxes + 1, sizeof *d->boxes);
	if (!d->boxes) {
		free(order);
		return ARCOV_ENOMEM;
	}
	for (i = 0; i < d->nboxes; i++) {
		const struct arcov_cg_node *n = &cg->nodes[order[i]];
		char *name = arcov_demangle(n->name);
		struct box *b = &d->boxes[i];

		b->node = order[i];
		b->label = name ? name : strdup(n->display);
		if (!b->label) {
			free(order);
			return ARCOV_ENOMEM;
		}
		if (strlen(b->label) > 48)
			strcpy(b->label + 45, "...");
		b->layer = -1;
		b->w = CHAR_W * (double)strlen(b->label) + 16;
		if (b->w < 110)
			b->w = 110;
		if (n->kind == ARCOV_CG_DEFINED &&
		    strmap_get(pages, cg->files[n->file], &v))
			b->page = &s->nodes[v];
		d->box_of[order[i]] = i + 1;
	}
	free(order);
	return 0;
}

/* The arcs between drawn boxes, calls summed per caller and callee. */
static int pick_edges(struct drawing *d, const struct arcov_callgraph *cg)
{
	size_t i, k;

	d->edges = malloc((cg->ncalls + 1) * sizeof *d->edges);
	if (!d->edges)
		return ARCOV_ENOMEM;
	for (i = 0; i < cg->ncalls; i++) {
		const struct arcov_cg_call *c = &cg->calls[i];
		size_t from = d->box_of[c->caller], to = d->box_of[c->callee];

		if (!from || !to)
			continue;
		for (k = 0; k < d->nedges; k++)
			if (d->edges[k].from == from - 1 &&
			    d->edges[k].to == to - 1)
				break;
		if (k == d->nedges) {
			d->edges[k].from = from - 1;
			d->edges[k].to = to - 1;
			d->edges[k].calls = 0;
			d->nedges++;
		}
		d->edges[k].calls += c->calls;
	}
	return 0;
}

/* Layers: distance from the nearest root, breadth first; a cycle no root
 * reaches starts from its most costly box. */
static int layer_boxes(struct drawing *d)
{
	size_t *queue = malloc((d->nboxes + 1) * sizeof *queue);
	size_t head = 0, tail = 0, i, k;
	int *called = calloc(d->nboxes + 1, sizeof *called);

	if (!queue || !called) {
		free(queue);
		free(called);
		return ARCOV_ENOMEM;
	}
	for (k = 0; k < d->nedges; k++)
		if (d->edges[k].from != d->edges[k].to)
			called[d->edges[k].to] = 1;
	for (;;) {
		for (i = 0; i < d->nboxes; i++)
			if (d->boxes[i].layer < 0 && !called[i]) {
				d->boxes[i].layer = 0;
				queue[tail++] = i;
			}
		/* Boxes are by cost: the first unplaced is the costliest. */
		if (tail == head) {
			for (i = 0; i < d->nboxes && d->boxes[i].layer >= 0;
			     i++)
				;
			if (i == d->nboxes)
				break;
			d->boxes[i].layer = 0;
			queue[tail++] = i;
		}
		while (head < tail) {
			size_t b = queue[head++];

			for (k = 0; k < d->nedges; k++) {
				size_t to = d->edges[k].to;

				if (d->edges[k].from != b ||
				    d->boxes[to].layer >= 0)
					continue;
				d->boxes[to].layer = d->boxes[b].layer + 1;
				queue[tail++] = to;
			}
		}
		for (i = 0; i < d->nboxes; i++)
			called[i] = 1;	/* the next round: cycles only */
	}
	free(queue);
	free(called);
	return 0;
}

/* Order each layer by its callers' places, then place the boxes. */
static void place_boxes(struct drawing *d)
{
	int layer, top = 0;
	size_t i, k, first;
	double *x = NULL;

	for (i = 0; i < d->nboxes; i++) {
		if (d->boxes[i].layer > top)
			top = d->boxes[i].layer;
		d->boxes[i].key = (double)i;	/* by cost at first */
	}
	for (layer = 1; layer <= top; layer++) {
		for (i = 0; i < d->nboxes; i++) {
			double sum = 0;
			int n = 0;

			if (d->boxes[i].layer != layer)
				continue;
			for (k = 0; k < d->nedges; k++) {
				const struct box *from =
					&d->boxes[d->edges[k].from];

				if (d->edges[k].to == i && from->layer < layer) {
					sum += from->key;
					n++;
				}
			}
			if (n)
				d->boxes[i].key = sum / n;
		}
	}
	/* Edges hold box indices: sort a copy's order, not the boxes. */
	{
		struct box *sorted = malloc((d->nboxes + 1) * sizeof *sorted);
		size_t *where = malloc((d->nboxes + 1) * sizeof *where);

		if (sorted && where) {
			memcpy(sorted, d->boxes, d->nboxes * sizeof *sorted);
			for (i = 0; i < d->nboxes; i++)
				sorted[i].key = d->boxes[i].key +
					1e-9 * (double)i;
			qsort(sorted, d->nboxes, sizeof *sorted, cmp_key);
			for (i = 0; i < d->nboxes; i++)
				where[i] = d->box_of[sorted[i].node] - 1;
			x = malloc((size_t)(top + 1) * sizeof *x);
		}
		d->width = 0;
		for (first = 0; x && first < d->nboxes; first = i) {
			double w = 0;

			layer = d->boxes[where[first]].layer;
			for (i = first; i < d->nboxes &&
			     d->boxes[where[i]].layer == layer; i++)
				w += d->boxes[where[i]].w + GAP_X;
			x[layer] = w - GAP_X;
			if (x[layer] > d->width)
				d->width = x[layer];
		}
		for (first = 0; x && first < d->nboxes; first = i) {
			double at;

			layer = d->boxes[where[first]].layer;
			at = MARGIN + (d->width - x[layer]) / 2;
			for (i = first; i < d->nboxes &&
			     d->boxes[where[i]].layer == layer; i++) {
				struct box *b = &d->boxes[where[i]];

				b->x = at;
				b->y = MARGIN + layer * (BOX_H + GAP_Y);
				at += b->w + GAP_X;
			}
		}
		free(sorted);
		free(where);
		free(x);
	}
	d->width += 2 * MARGIN;
	d->height = 2 * MARGIN + (top + 1) * (BOX_H + GAP_Y) - GAP_Y;
}

static void draw_edge(FILE *f, const struct drawing *d, const struct edge *e)
{
	const struct box *a = &d->boxes[e->from], *b = &d->boxes[e->to];
	double x1 = a->x + a->w / 2, y1 = a->y + BOX_H;
	double x2 = b->x + b->w / 2, y2 = b->y, mx, my;
	int down = b->layer > a->layer;

	fputs("<g class=\"arc\" data-from=\"", f);
	arcov_xml_text(f, a->label);
	fputs("\" data-to=\"", f);
	arcov_xml_text(f, b->label);
	fprintf(f, "\" data-calls=\"%" PRIu64 "\">", e->calls);
	if (down) {
		fprintf(f, "<path class=\"call\" d=\"M%.1f %.1fC%.1f %.1f %.1f "
			"%.1f %.1f %.1f\" marker-end=\"url(#arrow)\"/>", x1, y1,
			x1, y1 + GAP_Y / 2.0, x2, y2 - GAP_Y / 2.0, x2, y2 - 2);
		mx = (x1 + x2) / 2;
		my = (y1 + y2) / 2;
	} else {
		/* Up or across: around the right-hand sides. */
		x1 = a->x + a->w;
		y1 = a->y + BOX_H / 2.0;
		x2 = b->x + b->w;
		y2 = b->y + BOX_H / 2.0 + (e->from == e->to ? 8 : 0);
		mx = (x1 > x2 ? x1 : x2) + 40;
		my = (y1 + y2) / 2;
		fprintf(f, "<path class=\"call back\" d=\"M%.1f %.1fC%.1f %.1f "
			"%.1f %.1f %.1f %.1f\" marker-end=\"url(#arrow)\"/>",
			x1, y1, mx + 10, y1, mx + 10, y2, x2 + 2, y2);
	}
	fprintf(f, "<text class=\"calls\" x=\"%.1f\" y=\"%.1f\">%" PRIu64
		"&#xD7;</text></g>\n", mx, my + 4, e->calls);
}

static void draw_box(FILE *f, const struct arcov_callgraph *cg,
		     const struct box *b)
{
	const struct arcov_cg_node *n = &cg->nodes[b->node];
	uint64_t incl = n->inclusive.ev[ARCOV_CG_LINES];
	uint64_t total = cg->total.ev[ARCOV_CG_LINES];
	double share = total ? 100.0 * (double)incl / (double)total : 0;
	const char *kind = n->kind == ARCOV_CG_DEFINED ? (share >= 50 ? "hot" :
			   share >= 10 ? "warm" : "cool") :
			   n->kind == ARCOV_CG_EXTERNAL ? "ext" : "ind";

	if (b->page) {
		fputs("<a href=\"", f);
		arcov_xml_text(f, b->page->page);
		fprintf(f, "#L%u\">", n->first_line);
	}
	fprintf(f, "<g class=\"fn %s\" data-name=\"", kind);
	arcov_xml_text(f, b->label);
	fprintf(f, "\" data-calls=\"%" PRIu64 "\"><title>", n->entries);
	arcov_xml_text(f, b->label);
	fprintf(f, ": entered %" PRIu64 " times", n->entries);
	if (n->kind == ARCOV_CG_DEFINED)
		fprintf(f, ", %" PRIu64 " line executions inclusive (%.1f%%), "
			"%" PRIu64 " self", incl, share,
			n->self.ev[ARCOV_CG_LINES]);
	else
		fputs(n->kind == ARCOV_CG_EXTERNAL ? ", not instrumented" :
		      ", calls through pointers", f);
	fprintf(f, "</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%d\" rx=\"4\"/><text x=\"%.1f\" y=\"%.1f\">",
		b->x, b->y, b->w, BOX_H, b->x + b->w / 2, b->y + 17);
	arcov_xml_text(f, b->label);
	fprintf(f, "</text><text class=\"fig\" x=\"%.1f\" y=\"%.1f\">",
		b->x + b->w / 2, b->y + 33);
	if (n->kind == ARCOV_CG_DEFINED)
		fprintf(f, "%" PRIu64 "&#xD7; &#xB7; %.1f%%", n->entries,
			share);
	else
		fputs(n->kind == ARCOV_CG_EXTERNAL ? "external" : "indirect",
		      f);
	fputs("</text></g>", f);
	if (b->page)
		fputs("</a>", f);
	fputc('\n', f);
}

/* callgraph.dot: the drawn graph for Graphviz. */
static int write_dot(const struct html_site *s, const struct drawing *d,
		     const struct arcov_callgraph *cg)
{
	struct arcov_output w;
	struct arcov_err err = { 0 };
	char *path = malloc(strlen(s->o->html) + sizeof "/callgraph.dot");
	size_t i;
	const char *c;

	if (!path)
		return 1;
	sprintf(path, "%s/callgraph.dot", s->o->html);
	if (arcov_output_open(&w, path, NULL, &err) < 0) {
		fprintf(s->diag, "arcov: %s\n", err.msg);
		free(path);
		return 1;
	}
	fputs("digraph calls {\n\tnode [shape=box, fontname=monospace];\n",
	      w.f);
	for (i = 0; i < d->nboxes; i++) {
		fprintf(w.f, "\tn%zu [label=\"", i);
		for (c = d->boxes[i].label; *c; c++)
			fprintf(w.f, *c == '"' || *c == '\\' ? "\\%c" : "%c",
				*c);
		fprintf(w.f, "\\n%" PRIu64 " calls\"];\n",
			cg->nodes[d->boxes[i].node].entries);
	}
	for (i = 0; i < d->nedges; i++)
		fprintf(w.f, "\tn%zu -> n%zu [label=\"%" PRIu64 "\"];\n",
			d->edges[i].from, d->edges[i].to, d->edges[i].calls);
	fputs("}\n", w.f);
	i = arcov_output_close(&w, &err) < 0;
	if (i)
		fprintf(s->diag, "arcov: %s\n", err.msg);
	free(path);
	return (int)i;
}

int html_callgraph_page(const struct html_site *s,
			const struct arcov_callgraph *cg)
{
	struct html_node page = { 0 };
	struct drawing d = { 0 };
	struct strmap pages = { 0 };
	struct arcov_output w;
	size_t i, v;
	int rc = 1;

	page.name = (char *)"call graph";
	page.rel = (char *)"call graph";
	page.page = (char *)"callgraph.html";
	page.parent = 0;
	page.is_dir = 1;
	for (i = 0; i < s->nnodes; i++)
		if (!s->nodes[i].is_dir &&
		    !strmap_get(&pages, s->nodes[i].src->name, &v) &&
		    strmap_put(&pages, s->nodes[i].src->name, i) < 0)
			goto nomem;
	if (pick_boxes(&d, cg, s, &pages) < 0 || pick_edges(&d, cg) < 0 ||
	    layer_boxes(&d) < 0)
		goto nomem;
	place_boxes(&d);
	if (html_page_open(s, &page, &w))
		goto free_all;
	fprintf(w.f, "<h1>Call graph</h1>\n<p class=\"note\">%zu functions, "
		"%zu calling arcs, from the run's counts (a box: entered "
		"N&#xD7;, and its share of all line executions, itself and "
		"what it calls; an arc: calls made).  Drawn by arcov's own "
		"layout; <a href=\"callgraph.dot\">callgraph.dot</a> is the "
		"same graph for Graphviz (<code>dot -Tsvg</code>).",
		d.nboxes, d.nedges);
	if (d.nboxes < cg->nnodes)
		fprintf(w.f, "  The %zu most costly of %zu functions are "
			"shown.", d.nboxes, cg->nnodes);
	fprintf(w.f, "</p>\n<p class=\"note\"><span id=\"only\"></span> "
		"<a href=\"callgraph.html\">The whole graph</a>.</p>\n<svg class=\"callgraph\" xmlns=\"http://www.w3.org/"
		"2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f "
		"%.0f\" role=\"img\" aria-label=\"Call graph\">\n<defs><marker "
		"id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
		"markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path "
		"d=\"M0 0L10 5L0 10z\"/></marker></defs>\n", d.width + 60,
		d.height, d.width + 60, d.height);
	for (i = 0; i < d.nedges; i++)
		draw_edge(w.f, &d, &d.edges[i]);
	for (i = 0; i < d.nboxes; i++)
		draw_box(w.f, cg, &d.boxes[i]);
	fputs("</svg>\n", w.f);
	rc = html_page_close(s, &w) | write_dot(s, &d, cg);
	goto free_all;
nomem:
	fprintf(s->diag, "arcov: out of memory\n");
free_all:
	for (i = 0; i < d.nboxes; i++)
		free(d.boxes[i].label);
	free(d.boxes);
	free(d.edges);
	free(d.box_of);
	strmap_free(&pages);
	return rc;
}
