/* legacy-lines.c -- per-source line tables as gcov 3.x counts them
 * (FORMATS.md §2.3, §5.3): walk the .bb word stream once per source; a
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
	int64_t cur = -1;
	size_t k, b, i;

	out = calloc(bb->nfiles ? bb->nfiles : 1, sizeof *out);
	if (!out)
		return ARCOV_ENOMEM;
	for (k = 0; k < bb->nfns; k++) {
		const struct arcov_bb_fn *fn = &bb->fns[k];

		for (b = 0; b < fn->nblocks; b++) {
			const struct arcov_bb_block *blk = &fn->blocks[b];

			for (i = 0; i < blk->nitems; i++) {
				uint32_t line = blk->items[i].line;

				if (!line)
					cur = blk->items[i].file;
				else if (cur >= 0 && out[cur].maxline <= line)
					out[cur].maxline = line + 1;
			}
		}
	}
	/* gcov prepends each new source: last seen first. */
	for (k = 0; k < bb->nfiles / 2; k++) {
		struct arcov_legacy_src t = out[k];

		out[k] = out[bb->nfiles - 1 - k];
		out[bb->nfiles - 1 - k] = t;
	}
	for (k = 0; k < bb->nfiles; k++)
		out[k].file = (uint32_t)(bb->nfiles - 1 - k);
	*srcs = out;
	return (ssize_t)bb->nfiles;
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
			   uint32_t last, uint32_t maxline,
			   struct arcov_legacy_line *lines,
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
		if (!last || last >= maxline)
			continue;
		l = &lines[last];
		if (arcov_grow((void **)&l->branches, &l->cap, l->nbranches + 1,
			 sizeof *l->branches))
			return ARCOV_ENOMEM;
		l->branches[l->nbranches++] = br;
	}
	return 0;
}

int arcov_legacy_lines(const struct arcov_obj *obj,
		       const struct arcov_legacy_src *src,
		       struct arcov_legacy_walk *walk,
		       struct arcov_legacy_line *lines,
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
							    last, src->maxline,
							    lines, &fcov);
					if (r < 0)
						return r;
				}
			} else {
				fprintf(walk->diag, "didn't use all bb entries "
					"of graph, function %s\n", fname);
				fprintf(walk->diag, "block_num = %ld, "
					"num_blocks = %d\n", (long)block_num,
					(int)nb);
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
							    last, src->maxline,
							    lines, &fcov);
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
				l = &lines[line];
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

	for (line = 1; line < src->maxline; line++) {
		struct arcov_legacy_line *l = &lines[line];

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

void arcov_legacy_lines_free(struct arcov_legacy_line *lines, uint32_t n)
{
	uint32_t i;

	for (i = 0; lines && i < n; i++)
		free(lines[i].branches);
	free(lines);
}

