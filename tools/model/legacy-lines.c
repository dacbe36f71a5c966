/* legacy-lines.c -- per-source line tables as gcov 3.x counts them
 * (doc/formats.md §2.3, §5.3): walk the .bb word stream once per source; a
 * line's count is the sum of the counts of every block list it occurs in,
 * once per occurrence, and branch records hang on the last line seen.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "legacy-lines.h"
#include "util.h"

ssize_t arcov_legacy_sources(const struct arcov_bb *bb,
			     struct arcov_legacy_src **srcs)
{
	struct arcov_legacy_src *out;
	size_t *cap;
	int64_t cur = -1;
	size_t k, b, i, n = bb->nfiles;

	out = calloc(n ? n : 1, sizeof *out);
	cap = calloc(n ? n : 1, sizeof *cap);
	if (!out || !cap)
		goto nomem;
	for (k = 0; k < bb->nfns; k++) {
		const struct arcov_bb_fn *fn = &bb->fns[k];

		for (b = 0; b < fn->nblocks; b++) {
			const struct arcov_bb_block *blk = &fn->blocks[b];

			for (i = 0; i < blk->nitems; i++) {
				uint32_t line = blk->items[i].line;
				struct arcov_legacy_src *src;

				if (!line) {
					cur = blk->items[i].file;
					continue;
				}
				if (cur < 0)
					continue;
				src = &out[cur];
				if (src->maxline <= line)
					src->maxline = line + 1;
				if (arcov_grow((void **)&src->lnum, &cap[cur],
					       src->nlines + 1,
					       sizeof *src->lnum))
					goto nomem;
				src->lnum[src->nlines++] = line;
			}
		}
	}
	for (k = 0; k < n; k++) {
		struct arcov_legacy_src *src = &out[k];

		src->nlines = arcov_sort_unique(src->lnum, src->nlines);
	}
	/* gcov prepends each new source: last seen first. */
	for (k = 0; k < n / 2; k++) {
		struct arcov_legacy_src t = out[k];

		out[k] = out[n - 1 - k];
		out[n - 1 - k] = t;
	}
	for (k = 0; k < n; k++)
		out[k].file = (uint32_t)(n - 1 - k);
	free(cap);
	*srcs = out;
	return (ssize_t)n;

nomem:
	free(cap);
	arcov_legacy_sources_free(out, n);
	return ARCOV_ENOMEM;
}

void arcov_legacy_sources_free(struct arcov_legacy_src *srcs, size_t n)
{
	size_t k;

	for (k = 0; srcs && k < n; k++)
		free(srcs[k].lnum);
	free(srcs);
}

/* The entry of line @ln in @t, NULL when it has none; with @add, one is
 * made (a branch record may hang on a line the source does not list:
 * gcov 3.2 carries the last line over from the previous source). */
static struct arcov_legacy_line *table_line(struct arcov_legacy_table *t,
					    uint32_t ln, int add)
{
	size_t lo = arcov_lower_bound(t->lnum, t->n, ln);

	if (lo < t->n && t->lnum[lo] == ln)
		return &t->lines[lo];
	if (!add ||
	    arcov_grow((void **)&t->lnum, &t->cap, t->n + 1, sizeof *t->lnum) ||
	    arcov_grow((void **)&t->lines, &t->cap_lines, t->n + 1,
		       sizeof *t->lines))
		return NULL;
	memmove(t->lnum + lo + 1, t->lnum + lo, (t->n - lo) * sizeof *t->lnum);
	memmove(t->lines + lo + 1, t->lines + lo,
		(t->n - lo) * sizeof *t->lines);
	t->lnum[lo] = ln;
	memset(&t->lines[lo], 0, sizeof t->lines[lo]);
	t->n++;
	return &t->lines[lo];
}

static void tally_branch(struct arcov_cov *cov,
			 const struct arcov_legacy_branch *br)
{
	if (br->is_call) {
		cov->calls++;
		if (br->total)
			cov->calls_executed++;
	} else {
		cov->branches++;
		if (br->total)
			cov->branches_executed++;
		if (br->hits)
			cov->branches_taken++;
	}
}

/* gcov 3.x calculate_branch_probs(): records for the non-fall-through arcs
 * leaving block @b of function @k, tallied for the function and hung on
 * @last (dropped when there is no such line: gcov would crash or hide
 * them on line 0). */
static int legacy_branches(const struct arcov_obj *obj, size_t k, uint32_t b,
			   uint32_t last, struct arcov_legacy_table *t,
			   struct arcov_cov *fcov)
{
	const struct arcov_bbg_fn *g = obj->fns[k].graph;
	const struct arcov_counts *c = &obj->fns[k].counts;
	uint32_t a;

	for (a = g->first_arc[b]; a < g->first_arc[b + 1]; a++) {
		struct arcov_legacy_branch br;
		struct arcov_legacy_line *l;

		if (g->arcs[a].flags & ARCOV_ARC_FALLTHROUGH)
			continue;
		br.total = c->block[b];
		br.hits = br.total ? c->arc[a] : 0;
		br.is_call = !!(g->arcs[a].flags & ARCOV_ARC_FAKE);
		tally_branch(fcov, &br);
		if (!last || last >= t->maxline)
			continue;
		l = table_line(t, last, 1);
		if (!l || arcov_grow((void **)&l->branches, &l->cap, l->nbranches + 1,
			 sizeof *l->branches))
			return ARCOV_ENOMEM;
		l->branches[l->nbranches++] = br;
	}
	return 0;
}

int arcov_legacy_lines(const struct arcov_obj *obj,
		       const struct arcov_legacy_src *src,
		       struct arcov_legacy_walk *walk,
		       struct arcov_legacy_table *t,
		       struct arcov_cov *total)
{
	const struct arcov_bb *bb = &obj->bb;
	struct arcov_cov fcov;
	const char *fname = NULL;
	uint32_t last = walk->version == 32 ? walk->last_line : 0;
	int this_file = 0;
	int64_t block_num = 0;
	size_t k, b, i;
	uint32_t line;
	int r;

	t->maxline = src->maxline;
	t->lnum = malloc((src->nlines ? src->nlines : 1) * sizeof *t->lnum);
	t->lines = calloc(src->nlines ? src->nlines : 1, sizeof *t->lines);
	if (!t->lnum || !t->lines)
		return ARCOV_ENOMEM;
	if (src->nlines)
		memcpy(t->lnum, src->lnum, src->nlines * sizeof *t->lnum);
	t->n = t->cap = t->cap_lines = src->nlines ? src->nlines : 1;
	t->n = src->nlines;
	memset(&fcov, 0, sizeof fcov);
	for (k = 0; k < bb->nfns; k++) {
		const struct arcov_bb_fn *fn = &bb->fns[k];

		if (k > 0) {
			/* The function marker ends the previous function. */
			int64_t nb = obj->fns[k - 1].graph->nblocks;

			if (block_num == nb - 1) {
				/* normal: positioned on the exit block */
			} else if (block_num == nb - 2) {
				if (walk->branches && this_file) {
					r = legacy_branches(obj, k - 1,
							    (uint32_t)block_num,
							    last, t, &fcov);
					if (r < 0)
						return r;
				}
			} else {
				arcov_logf(walk->log, "didn't use all bb "
					   "entries of graph, function %s\n",
					   fname);
				arcov_logf(walk->log, "block_num = %ld, "
					   "num_blocks = %d\n",
					   (long)block_num, (int)nb);
			}
			if (walk->fn_summaries && this_file)
				walk->fn_summary(walk->ctx, fname, &fcov);
		}
		memset(&fcov, 0, sizeof fcov);
		fname = fn->name;
		block_num = 0;
		for (b = 0; b < fn->nblocks; b++) {
			const struct arcov_bb_block *blk = &fn->blocks[b];
			uint64_t count;

			if (b > 0) {
				/* A 0 word closes the current block. */
				if (walk->branches && this_file) {
					r = legacy_branches(obj, k,
							    (uint32_t)block_num,
							    last, t, &fcov);
					if (r < 0)
						return r;
				}
				block_num++;
			}
			/* Past the graph only when that list is empty. */
			count = block_num < obj->fns[k].counts.nblocks ?
				obj->fns[k].counts.block[block_num] : 0;
			for (i = 0; i < blk->nitems; i++) {
				struct arcov_legacy_line *l;

				line = blk->items[i].line;
				if (!line) {
					this_file = blk->items[i].file ==
						    src->file;
					continue;
				}
				if (!this_file)
					continue;
				l = table_line(t, line, 0);
				if (!l)
					continue;	/* cannot happen */
				if (!l->exists)
					fcov.lines++;
				if (!l->count && count)
					fcov.lines_executed++;
				l->count += count;
				l->exists = 1;
				last = line;
			}
		}
	}
	if (walk->fn_summaries && this_file && fname)
		walk->fn_summary(walk->ctx, fname, &fcov);
	walk->last_line = last;

	for (k = 0; k < t->n; k++) {
		struct arcov_legacy_line *l = &t->lines[k];

		if (l->exists) {
			total->lines++;
			if (l->count)
				total->lines_executed++;
		}
		for (i = 0; i < l->nbranches; i++)
			tally_branch(total, &l->branches[i]);
	}
	return 0;
}

void arcov_legacy_table_free(struct arcov_legacy_table *t)
{
	size_t i;

	for (i = 0; t->lines && i < t->n; i++)
		free(t->lines[i].branches);
	free(t->lines);
	free(t->lnum);
	memset(t, 0, sizeof *t);
}
