/* export-callgrind.c -- the callgrind profile (doc/formats.md §6.2): per
 * function its self cost per line and, per call site, the callee, the
 * real call count and the inclusive cost the call graph gives the site.
 *
 * Written in the shape webgrind's preprocessor needs (§6.3), which
 * Valgrind's tools and KCachegrind also read: a callee's block before any
 * call to it (callgraph.c's steps), "fl=" before every "fn=", a cost line
 * right after every "fn=", "cfl=" before every "cfn=", absolute line
 * numbers only.  File and function names are compressed, "(N) name" on
 * first use and "(N)" after.
 */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>

#include "export.h"

struct names {
	FILE *f;
	const struct arcov_callgraph *cg;
	unsigned char *file_done;	/* file name written once */
	unsigned char *fn_done;		/* function name written once */
};

static void file_name(struct names *w, const char *key, uint32_t file)
{
	fprintf(w->f, "%s=(%" PRIu32 ")", key, file + 1);
	if (!w->file_done[file])
		fprintf(w->f, " %s", w->cg->files[file]);
	w->file_done[file] = 1;
	fputc('\n', w->f);
}

static void fn_name(struct names *w, const char *key, size_t node)
{
	fprintf(w->f, "%s=(%zu)", key, node + 1);
	if (!w->fn_done[node])
		fprintf(w->f, " %s", w->cg->nodes[node].display);
	w->fn_done[node] = 1;
	fputc('\n', w->f);
}

static void cost_line(FILE *f, uint32_t line, const struct arcov_cg_cost *c)
{
	int e;

	fprintf(f, "%" PRIu32, line);
	for (e = 0; e < ARCOV_CG_NEVENTS; e++)
		fprintf(f, " %" PRIu64, c ? c->ev[e] : 0);
	fputc('\n', f);
}

/* Does @l come before @c?  A line's own cost comes before the calls
 * made on it. */
static int line_first(const struct arcov_cg_line *l,
		      const struct arcov_cg_call *c, uint32_t home)
{
	return arcov_cg_place_cmp(home, l->file, l->line, c->file,
				  c->line) <= 0;
}

static void node_block(struct names *w, size_t node, int declare)
{
	const struct arcov_callgraph *cg = w->cg;
	const struct arcov_cg_node *n = &cg->nodes[node];
	const struct arcov_cg_call *calls = cg->calls + n->first_call;
	uint32_t cur = n->file;
	size_t l = 0, c = 0;

	fputc('\n', w->f);
	file_name(w, "fl", n->file);
	fn_name(w, "fn", node);
	/* webgrind takes the line after "fn=" for a cost line. */
	if (declare || !n->nlines || n->lines[0].file != n->file ||
	    n->lines[0].line != n->first_line)
		cost_line(w->f, n->first_line, NULL);
	if (declare)
		return;
	while (l < n->nlines || c < n->ncalls) {
		int take_line = c == n->ncalls ||
			(l < n->nlines && line_first(&n->lines[l], &calls[c],
						     n->file));
		uint32_t file = take_line ? n->lines[l].file : calls[c].file;

		if (file != cur) {
			file_name(w, "fi", file);
			cur = file;
		}
		if (take_line) {
			cost_line(w->f, n->lines[l].line, &n->lines[l].self);
			l++;
			continue;
		}
		file_name(w, "cfl", cg->nodes[calls[c].callee].file);
		fn_name(w, "cfn", calls[c].callee);
		fprintf(w->f, "calls=%" PRIu64 " %" PRIu32 "\n", calls[c].calls,
			cg->nodes[calls[c].callee].first_line);
		cost_line(w->f, calls[c].line, &calls[c].cost);
		c++;
	}
}

int arcov_callgrind_write(const struct arcov_callgraph *cg, const char *cmd,
			  FILE *f)
{
	struct names w = { f, cg, NULL, NULL };
	size_t i;
	int e;

	w.file_done = calloc(cg->nfiles + 1, 1);
	w.fn_done = calloc(cg->nnodes + 1, 1);
	if (!w.file_done || !w.fn_done) {
		free(w.file_done);
		free(w.fn_done);
		return ARCOV_ENOMEM;
	}
	fprintf(f, "# callgrind format\nversion: 1\ncreator: arcov %s\n"
		"cmd: %s\npositions: line\n", PACKAGE_VERSION, cmd);
	fprintf(f, "event: %s : Line executions (as gcov counts them)\n",
		arcov_cg_event_names[ARCOV_CG_LINES]);
	fprintf(f, "event: %s : Statements executed (estimate)\n",
		arcov_cg_event_names[ARCOV_CG_STMTS]);
	fputs("events:", f);
	for (e = 0; e < ARCOV_CG_NEVENTS; e++)
		fprintf(f, " %s", arcov_cg_event_names[e]);
	fputs("\nsummary:", f);
	for (e = 0; e < ARCOV_CG_NEVENTS; e++)
		fprintf(f, " %" PRIu64, cg->total.ev[e]);
	fputc('\n', f);

	for (i = 0; i < cg->nsteps; i++)
		node_block(&w, cg->steps[i].node, cg->steps[i].declare);

	fputs("\ntotals:", f);
	for (e = 0; e < ARCOV_CG_NEVENTS; e++)
		fprintf(f, " %" PRIu64, cg->total.ev[e]);
	fputc('\n', f);
	free(w.file_done);
	free(w.fn_done);
	return ferror(f) ? ARCOV_EIO : 0;
}
