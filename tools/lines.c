/* lines.c -- per-source line tables: gcov 3.x's per-occurrence sums
 * (FORMATS.md §2.3, §5.3) and gcov 12's attached-block counts (§5.9).
 *
 * For the modern semantics the reporter behaves as gcov 12 would on the
 * .gcno GCC writes for the same graph.  GCC numbers the exit block 1 and
 * real blocks from 2, where the .bbg puts exit last; so arcs are sorted by
 * that numbering (exit first), and gcov 12's test for "entry or exit block"
 * -- index 0 or the highest index -- really skips the entry block and the
 * last real block.  That quirk is reproduced: the last real block is never
 * attached to a line, and the exit block counts in "blocks executed" in its
 * place.  The .bbg's exit->entry loopback has no counterpart in a .gcno and
 * is left out of the successor and predecessor lists.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lines.h"

static int64_t add_sat(int64_t a, int64_t b)
{
	if (b > 0 && a > INT64_MAX - b)
		return INT64_MAX;
	if (b < 0 && a < INT64_MIN - b)
		return INT64_MIN;
	return a + b;
}

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 4;
	void *q;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	q = realloc(*p, n * size);
	if (!q)
		return ARCOV_ENOMEM;
	*p = q;
	*cap = n;
	return 0;
}

/* ---- gcov 3.x ---- */

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

int arcov_legacy_check(const struct arcov_obj *obj, struct arcov_err *err)
{
	size_t k;

	for (k = 0; k < obj->bb.nfns; k++) {
		const struct arcov_bb_fn *fn = &obj->bb.fns[k];
		uint32_t nblocks;

		if (k >= obj->nfns)
			return arcov_errf(err, ARCOV_EMISMATCH, obj->bb_path,
					  (long)fn->offset,
					  "function %s has no flow graph in %s",
					  fn->name, obj->bbg_path);
		nblocks = obj->fns[k].graph->nblocks;
		/* gcov 3.x aborts on a 0 word past the exit block's list, and
		 * would read past the graph for lines after the last one. */
		if (fn->nblocks > (uint64_t)nblocks + 1 ||
		    (fn->nblocks == (uint64_t)nblocks + 1 &&
		     fn->blocks[nblocks].nitems))
			return arcov_errf(err, ARCOV_EMISMATCH, obj->bb_path,
					  (long)fn->blocks[nblocks].offset,
					  "function %s: more block lists than "
					  "the %u blocks of its flow graph",
					  fn->name, nblocks);
	}
	return 0;
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
		if (grow((void **)&l->branches, &l->cap, l->nbranches + 1,
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

/* ---- gcov 12 ---- */

/* GCC's number for block @b of a graph of @n blocks: exit is 1. */
static uint32_t gcc_index(uint32_t b, uint32_t n)
{
	if (b == 0)
		return 0;
	return b == n - 1 ? 1 : b + 1;
}

/* gcov 12's canonicalize_name(): drop "." components, fold "dir/.." when
 * dir exists, squeeze repeated slashes. */
static char *canonicalize(const char *name)
{
	char *result = malloc(strlen(name) + 1);
	char *ptr = result, *dd_base = result;
	const char *base, *probe;
	int slash = 0;

	if (!result)
		return NULL;
	for (base = name; *base; base = probe) {
		size_t len;
		struct stat st;

		for (probe = base; *probe && *probe != '/'; probe++)
			;
		len = (size_t)(probe - base);
		if (len == 1 && base[0] == '.') {
			/* elided */
		} else if (len == 2 && base[0] == '.' && base[1] == '.') {
			*ptr = 0;
			if (dd_base == ptr || stat(result, &st)) {
				dd_base = ptr + 2 + slash;
				goto regular;
			}
			while (ptr != dd_base && *ptr != '/')
				ptr--;
			slash = ptr != result;
		} else {
regular:
			if (slash)
				*ptr++ = '/';
			memcpy(ptr, base, len);
			ptr += len;
			slash = 1;
		}
		while (*probe == '/')
			probe++;
	}
	*ptr = 0;
	return result;
}

/* gcov 12's find_source(): the source named @name, created if new, and
 * the once-per-source note when it is newer than the notes. */
static ssize_t find_source(struct arcov_modern *m, const char *name,
			   const struct arcov_obj *obj)
{
	struct arcov_msrc *src, *bigger;
	struct stat st;
	char *canon;
	size_t i, n;

	canon = canonicalize(name);
	if (!canon)
		return ARCOV_ENOMEM;
	for (i = 0; i < m->nsrcs; i++)
		if (!strcmp(m->srcs[i].name, canon))
			break;
	if (i < m->nsrcs) {
		free(canon);
	} else {
		bigger = realloc(m->srcs, (m->nsrcs + 1) * sizeof *bigger);
		if (!bigger) {
			free(canon);
			return ARCOV_ENOMEM;
		}
		m->srcs = bigger;
		src = &m->srcs[m->nsrcs++];
		memset(src, 0, sizeof *src);
		src->name = canon;
		src->display = canon;
		n = m->source_prefix ? strlen(m->source_prefix) : 0;
		if (n && !strncmp(m->source_prefix, canon, n) &&
		    canon[n] == '/')
			src->display = canon + n + 1;
		if (!stat(canon, &st))
			src->file_time = st.st_mtime;
	}
	src = &m->srcs[i];
	if (src->file_time > obj->bb_mtime) {
		fprintf(m->diag, "%s:source file is newer than notes file "
			"'%s'\n", name, obj->bb_path);
		if (!m->newer_note_given)
			fprintf(m->diag, "(the message is displayed only once "
				"per source file)\n");
		m->newer_note_given = 1;
		src->file_time = 0;
	}
	return (ssize_t)i;
}

/* Build @fn's graph the way gcov 12's read_graph_file() and
 * solve_flow_graph() leave it. */
static int build_graph(struct arcov_mfn *fn)
{
	const struct arcov_obj_fn *of = &fn->obj->fns[fn->index];
	const struct arcov_bbg_fn *g = of->graph;
	uint32_t n = g->nblocks, a, b, i, j, used = 0;

	fn->nblocks = n;
	fn->narcs = g->narcs;
	fn->blocks = calloc(n ? n : 1, sizeof *fn->blocks);
	fn->arcs = calloc(g->narcs ? g->narcs : 1, sizeof *fn->arcs);
	fn->links = calloc(2 * (size_t)g->narcs + 1, sizeof *fn->links);
	if (!fn->blocks || !fn->arcs || !fn->links)
		return ARCOV_ENOMEM;

	for (b = 0; b < n; b++)
		fn->blocks[b].count = (int64_t)of->counts.block[b];
	for (a = 0; a < g->narcs; a++) {
		struct arcov_marc *arc = &fn->arcs[a];

		arc->src = g->arcs[a].src;
		arc->dst = g->arcs[a].dest;
		arc->count = (int64_t)of->counts.arc[a];
		arc->fake = !!(g->arcs[a].flags & ARCOV_ARC_FAKE);
		arc->fall_through = !!(g->arcs[a].flags &
				       ARCOV_ARC_FALLTHROUGH);
	}

	/* Successor lists, in file order for now. */
	for (b = 0; b < n; b++) {
		struct arcov_mblock *blk = &fn->blocks[b];
		int mark_catches = 0;

		blk->succ = fn->links + used;
		if (b == n - 1)
			continue;	/* the loopback: not in a .gcno */
		for (a = g->first_arc[b]; a < g->first_arc[b + 1]; a++) {
			struct arcov_marc *arc = &fn->arcs[a];

			blk->succ[blk->nsucc++] = a;
			if (arc->fake) {
				if (b) {
					blk->is_call_site = 1;
					arc->is_call_non_return = 1;
					mark_catches = 1;
				} else {
					arc->is_nonlocal_return = 1;
					fn->blocks[arc->dst].is_nonlocal_return
						= 1;
				}
			}
		}
		used += blk->nsucc;
		if (mark_catches) {
			for (i = 0; i < blk->nsucc; i++) {
				struct arcov_marc *arc = &fn->arcs[blk->succ[i]];

				if (!arc->fake && !arc->fall_through) {
					arc->is_throw = 1;
					fn->has_catch = 1;
				}
			}
		}
	}
	/* Predecessor lists in file order. */
	for (a = 0; a < g->narcs; a++)
		if (fn->arcs[a].src != n - 1)
			fn->blocks[fn->arcs[a].dst].npred++;
	for (b = 0; b < n; b++) {
		fn->blocks[b].pred = fn->links + used;
		used += fn->blocks[b].npred;
		fn->blocks[b].npred = 0;
	}
	for (a = 0; a < g->narcs; a++) {
		struct arcov_mblock *dst = &fn->blocks[fn->arcs[a].dst];

		if (fn->arcs[a].src != n - 1)
			dst->pred[dst->npred++] = a;
	}

	for (b = 0; b < n; b++) {
		struct arcov_mblock *blk = &fn->blocks[b];
		int non_fake = 0;

		for (i = 0; i < blk->nsucc; i++)
			non_fake += !fn->arcs[blk->succ[i]].fake;
		if (non_fake == 1) {
			for (i = 0; i < blk->nsucc; i++) {
				struct arcov_marc *arc = &fn->arcs[blk->succ[i]];
				struct arcov_mblock *dst;

				if (arc->fake)
					continue;
				arc->is_unconditional = 1;
				dst = &fn->blocks[arc->dst];
				if (blk->is_call_site && arc->fall_through &&
				    dst->npred == 1 &&
				    dst->pred[0] == blk->succ[i])
					dst->is_call_return = 1;
			}
		}
		/* Stable sort into ascending GCC block number. */
		for (i = 1; i < blk->nsucc; i++) {
			uint32_t t = blk->succ[i];
			uint32_t key = gcc_index(fn->arcs[t].dst, n);

			for (j = i; j > 0 &&
			     gcc_index(fn->arcs[blk->succ[j - 1]].dst, n) > key;
			     j--)
				blk->succ[j] = blk->succ[j - 1];
			blk->succ[j] = t;
		}
	}

	if (fn->has_catch) {
		/* find_exception_blocks(): reachable without fake or throw
		 * arcs means unexceptional. */
		uint32_t *queue = malloc((n ? n : 1) * sizeof *queue);
		uint32_t top = 0;

		if (!queue)
			return ARCOV_ENOMEM;
		for (b = 0; b < n; b++)
			fn->blocks[b].exceptional = 1;
		fn->blocks[0].exceptional = 0;
		queue[top++] = 0;
		while (top) {
			struct arcov_mblock *blk = &fn->blocks[queue[--top]];

			for (i = 0; i < blk->nsucc; i++) {
				struct arcov_marc *arc = &fn->arcs[blk->succ[i]];

				if (!arc->fake && !arc->is_throw &&
				    fn->blocks[arc->dst].exceptional) {
					fn->blocks[arc->dst].exceptional = 0;
					queue[top++] = arc->dst;
				}
			}
		}
		free(queue);
	}
	return 0;
}

/* The source of file @f of @fn's .bb, found (and date-checked) on first
 * use as gcov 12's find_source() would be. */
static ssize_t file_source(struct arcov_modern *m, struct arcov_mfn *fn,
			   int64_t f)
{
	ssize_t s;

	if (fn->file_src[f] != SIZE_MAX)
		return (ssize_t)fn->file_src[f];
	s = find_source(m, fn->obj->bb.files[f], fn->obj);
	if (s >= 0)
		fn->file_src[f] = (size_t)s;
	return s;
}

int arcov_modern_add(struct arcov_modern *m, const struct arcov_obj *obj)
{
	size_t *map, **maps;
	int64_t file = -1;
	size_t k, b, i;
	ssize_t s;
	int r;

	map = malloc((obj->bb.nfiles ? obj->bb.nfiles : 1) * sizeof *map);
	maps = realloc(m->maps, (m->nmaps + 1) * sizeof *maps);
	if (!map || !maps) {
		free(map);
		if (maps)
			m->maps = maps;
		return ARCOV_ENOMEM;
	}
	m->maps = maps;
	m->maps[m->nmaps++] = map;
	for (i = 0; i < obj->bb.nfiles; i++)
		map[i] = SIZE_MAX;

	for (k = 0; k < obj->nfns; k++) {
		struct arcov_mfn *fn, **bigger;
		const struct arcov_bb_fn *bfn =
			k < obj->bb.nfns ? &obj->bb.fns[k] : NULL;

		fn = calloc(1, sizeof *fn);
		if (!fn)
			return ARCOV_ENOMEM;
		bigger = realloc(m->fns, (m->nfns + 1) * sizeof *bigger);
		if (!bigger) {
			free(fn);
			return ARCOV_ENOMEM;
		}
		m->fns = bigger;
		m->fns[m->nfns++] = fn;
		fn->obj = obj;
		fn->index = k;
		fn->name = obj->fns[k].graph->name;
		fn->file_src = map;
		fn->bb_file = file;
		fn->src = SIZE_MAX;
		r = build_graph(fn);
		if (r < 0)
			return r;
		for (b = 0; bfn && b < bfn->nblocks; b++) {
			const struct arcov_bb_block *blk = &bfn->blocks[b];
			int64_t loc_file = -1;
			uint32_t loc_max = 0;

			for (i = 0; i <= blk->nitems; i++) {
				uint32_t line = i < blk->nitems ?
						blk->items[i].line : 0;
				struct arcov_msrc *src;

				if (i < blk->nitems && !line) {
					file = blk->items[i].file;
					continue;
				}
				/* A run ends at the block's end or when a
				 * line of another file starts. */
				if (loc_file >= 0 &&
				    (i == blk->nitems || file != loc_file)) {
					s = file_source(m, fn, loc_file);
					if (s < 0)
						return (int)s;
					src = &m->srcs[s];
					if (src->nlines <= loc_max)
						src->nlines = loc_max + 1;
					loc_file = -1;
					loc_max = 0;
				}
				if (i == blk->nitems || file < 0 ||
				    b >= fn->nblocks)
					continue;
				loc_file = file;
				if (line > loc_max)
					loc_max = line;
				s = file_source(m, fn, file);
				if (s < 0)
					return (int)s;
				if (fn->src == SIZE_MAX)
					fn->src = (size_t)s;
				if (fn->src != (size_t)s)
					continue;
				if (!fn->start_line || line < fn->start_line)
					fn->start_line = line;
				if (line > fn->end_line)
					fn->end_line = line;
			}
		}
		if (fn->src != SIZE_MAX) {
			struct arcov_msrc *src = &m->srcs[fn->src];
			struct arcov_mfn **more;

			more = realloc(src->fns, (src->nfns + 1) * sizeof *more);
			if (!more)
				return ARCOV_ENOMEM;
			src->fns = more;
			src->fns[src->nfns++] = fn;
		}
	}
	return 0;
}

static int ensure_lines(struct arcov_msrc *src)
{
	if (src->lines || !src->nlines)
		return 0;
	src->lines = calloc(src->nlines, sizeof *src->lines);
	return src->lines ? 0 : ARCOV_ENOMEM;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Count one sorted run of lines of block @b into @src; returns the last
 * line's entry through @last. */
static int count_run(struct arcov_modern *m, struct arcov_mfn *fn, uint32_t b,
		     size_t s, uint32_t *run, size_t nrun,
		     struct arcov_cov *cov, struct arcov_mline **last)
{
	struct arcov_msrc *src = &m->srcs[s];
	struct arcov_mblock *blk = &fn->blocks[b];
	size_t j;
	int r;

	r = ensure_lines(src);
	if (r < 0)
		return r;
	qsort(run, nrun, sizeof *run, cmp_u32);
	for (j = 0; j < nrun; j++) {
		struct arcov_mline *line = &src->lines[run[j]];

		if (cov && !arcov_excl_line(&src->excl, run[j])) {
			if (!line->exists)
				cov->lines++;
			if (!line->count && blk->count)
				cov->lines_executed++;
		}
		line->exists = 1;
		if (!blk->exceptional) {
			line->unexceptional = 1;
			if (!blk->count)
				line->has_unexecuted_block = 1;
		}
		line->count = add_sat(line->count, blk->count);
		*last = line;
	}
	return 0;
}

static int attach(struct arcov_mfn *fn, uint32_t b, struct arcov_mline *line,
		  int branches)
{
	struct arcov_mblock *blk = &fn->blocks[b];
	uint32_t i;

	if (grow((void **)&line->blocks, &line->capb, line->nblocks + 1,
		 sizeof *line->blocks))
		return ARCOV_ENOMEM;
	line->blocks[line->nblocks].fn = fn;
	line->blocks[line->nblocks++].idx = b;
	if (!branches)
		return 0;
	if (grow((void **)&line->branches, &line->capr,
		 line->nbranches + blk->nsucc, sizeof *line->branches))
		return ARCOV_ENOMEM;
	for (i = 0; i < blk->nsucc; i++) {
		line->branches[line->nbranches].fn = fn;
		line->branches[line->nbranches++].idx = blk->succ[i];
	}
	return 0;
}

int arcov_modern_line_counts(struct arcov_modern *m, struct arcov_mfn *fn,
			     int branches, struct arcov_cov *cov)
{
	const struct arcov_obj *obj = fn->obj;
	const struct arcov_bb_fn *bfn;
	uint32_t *run = NULL;
	size_t cap = 0, nrun;
	int64_t file = fn->bb_file;
	uint32_t b;
	size_t i;
	int r = 0, any_line = 0;

	bfn = fn->index < obj->bb.nfns ? &obj->bb.fns[fn->index] : NULL;

	for (b = 0; b < fn->nblocks; b++) {
		const struct arcov_bb_block *blk =
			bfn && b < bfn->nblocks ? &bfn->blocks[b] : NULL;
		/* gcov 12 skips index 0 and its highest index (§ top). */
		int edge = b == 0 || b + 2 == fn->nblocks;
		struct arcov_mline *line = NULL;
		int64_t loc_file = -1;

		if (fn->blocks[b].count && !edge)
			fn->blocks_executed++;
		nrun = 0;
		for (i = 0; blk && i <= blk->nitems; i++) {
			uint32_t l = i < blk->nitems ? blk->items[i].line : 0;

			if (i < blk->nitems && !l) {
				file = blk->items[i].file;
				continue;
			}
			if (loc_file >= 0 && (i == blk->nitems ||
					      file != loc_file)) {
				ssize_t s = file_source(m, fn, loc_file);

				if (s < 0) {
					r = (int)s;
					goto out;
				}
				r = count_run(m, fn, b, (size_t)s, run, nrun,
					      cov, &line);
				if (r < 0)
					goto out;
				any_line = 1;
				if (!edge && line) {
					r = attach(fn, b, line, branches);
					if (r < 0)
						goto out;
				}
				loc_file = -1;
				nrun = 0;
			}
			if (i == blk->nitems || file < 0)
				continue;
			loc_file = file;
			if (grow((void **)&run, &cap, nrun + 1, sizeof *run)) {
				r = ARCOV_ENOMEM;
				goto out;
			}
			run[nrun++] = l;
		}
	}
out:
	free(run);
	return r < 0 ? r : any_line;
}

static int line_has_block(const struct arcov_mline *line,
			  const struct arcov_mfn *fn, uint32_t b)
{
	size_t i;

	for (i = 0; i < line->nblocks; i++)
		if (line->blocks[i].fn == fn && line->blocks[i].idx == b)
			return 1;
	return 0;
}

/* Workspace of the Hawick-James circuit search of one start block. */
struct circuit {
	const struct arcov_mline *line;
	struct arcov_mfn *fn;
	uint32_t start;
	uint32_t *path;		/* arc indices */
	size_t npath;
	uint32_t *blocked;	/* blocked blocks, in blocking order */
	uint32_t **lists;	/* lists[i]: blocks that blocked[i] holds */
	size_t *nlist;
	size_t nblocked;
	int64_t count;
};

static int arc_in_scope(const struct circuit *c, const struct arcov_marc *arc)
{
	return gcc_index(arc->dst, c->fn->nblocks) >=
		       gcc_index(c->start, c->fn->nblocks) &&
	       arc->cs_count > 0 && line_has_block(c->line, c->fn, arc->dst);
}

static ssize_t blocked_at(const struct circuit *c, uint32_t b)
{
	size_t i;

	for (i = 0; i < c->nblocked; i++)
		if (c->blocked[i] == b)
			return (ssize_t)i;
	return -1;
}

static void unblock(struct circuit *c, uint32_t u)
{
	ssize_t at = blocked_at(c, u);
	uint32_t *list;
	size_t n, i;

	if (at < 0)
		return;
	list = c->lists[at];
	n = c->nlist[at];
	memmove(&c->blocked[at], &c->blocked[at + 1],
		(c->nblocked - (size_t)at - 1) * sizeof *c->blocked);
	memmove(&c->lists[at], &c->lists[at + 1],
		(c->nblocked - (size_t)at - 1) * sizeof *c->lists);
	memmove(&c->nlist[at], &c->nlist[at + 1],
		(c->nblocked - (size_t)at - 1) * sizeof *c->nlist);
	c->nblocked--;
	for (i = 0; i < n; i++)
		unblock(c, list[i]);
	free(list);
}

static void handle_cycle(struct circuit *c)
{
	int64_t min = INT64_MAX;
	size_t i;

	for (i = 0; i < c->npath; i++)
		if (c->fn->arcs[c->path[i]].cs_count < min)
			min = c->fn->arcs[c->path[i]].cs_count;
	if (min <= 0)
		return;		/* gcov 12 asserts this away */
	c->count = add_sat(c->count, min);
	for (i = 0; i < c->npath; i++)
		c->fn->arcs[c->path[i]].cs_count -= min;
}

static int path_has_dead_arc(const struct circuit *c)
{
	size_t i;

	for (i = 0; i < c->npath; i++)
		if (c->fn->arcs[c->path[i]].cs_count <= 0)
			return 1;
	return 0;
}

static int circuit(struct circuit *c, uint32_t v)
{
	struct arcov_mblock *blk = &c->fn->blocks[v];
	int found = 0;
	uint32_t i;

	c->blocked[c->nblocked] = v;
	c->lists[c->nblocked] = NULL;
	c->nlist[c->nblocked++] = 0;

	for (i = 0; i < blk->nsucc; i++) {
		struct arcov_marc *arc = &c->fn->arcs[blk->succ[i]];

		if (!arc_in_scope(c, arc))
			continue;
		c->path[c->npath++] = blk->succ[i];
		if (arc->dst == c->start) {
			handle_cycle(c);
			found = 1;
		} else if (!path_has_dead_arc(c) &&
			   blocked_at(c, arc->dst) < 0) {
			found |= circuit(c, arc->dst);
		}
		c->npath--;
	}

	if (found) {
		unblock(c, v);
		return 1;
	}
	for (i = 0; i < blk->nsucc; i++) {
		struct arcov_marc *arc = &c->fn->arcs[blk->succ[i]];
		ssize_t at;
		size_t j;
		uint32_t *more;

		if (!arc_in_scope(c, arc))
			continue;
		at = blocked_at(c, arc->dst);
		if (at < 0)
			continue;	/* gcov 12 asserts this away */
		for (j = 0; j < c->nlist[at]; j++)
			if (c->lists[at][j] == v)
				break;
		if (j < c->nlist[at])
			continue;
		more = realloc(c->lists[at], (c->nlist[at] + 1) * sizeof *more);
		if (!more)
			continue;	/* only loses a later unblocking */
		more[c->nlist[at]++] = v;
		c->lists[at] = more;
	}
	return 0;
}

/* gcov 12's get_cycles_count(): the flow around elementary cycles made of
 * the blocks attached to @line. */
static int64_t cycles_count(const struct arcov_mline *line)
{
	int64_t total = 0;
	size_t i, j;

	for (i = 0; i < line->nblocks; i++) {
		struct circuit c;
		size_t n = line->blocks[i].fn->nblocks + 1;

		memset(&c, 0, sizeof c);
		c.line = line;
		c.fn = line->blocks[i].fn;
		c.start = line->blocks[i].idx;
		c.path = malloc((c.fn->narcs + 1) * sizeof *c.path);
		c.blocked = malloc(n * sizeof *c.blocked);
		c.lists = malloc(n * sizeof *c.lists);
		c.nlist = malloc(n * sizeof *c.nlist);
		if (c.path && c.blocked && c.lists && c.nlist) {
			circuit(&c, c.start);
			total = add_sat(total, c.count);
		}
		for (j = 0; c.lists && j < c.nblocked; j++)
			free(c.lists[j]);
		free(c.path);
		free(c.blocked);
		free(c.lists);
		free(c.nlist);
	}
	return total;
}

static void add_branch_counts(struct arcov_cov *cov, const struct arcov_mref *r)
{
	const struct arcov_marc *arc = &r->fn->arcs[r->idx];
	int64_t src_count = r->fn->blocks[arc->src].count;

	if (arc->hidden)
		return;
	if (arc->is_call_non_return) {
		cov->calls++;
		if (src_count)
			cov->calls_executed++;
	} else if (!arc->is_unconditional) {
		cov->branches++;
		if (src_count)
			cov->branches_executed++;
		if (arc->count)
			cov->branches_taken++;
	}
}

void arcov_modern_accumulate(struct arcov_msrc *src)
{
	uint32_t ln;
	size_t i, j;

	for (ln = 0; ln < src->nlines && src->lines; ln++) {
		struct arcov_mline *line = &src->lines[ln];

		for (i = 0; i < line->nbranches; i++) {
			if (!arcov_excl_branch(&src->excl, ln))
				add_branch_counts(&src->cov,
						  &line->branches[i]);
		}
		if (line->nblocks) {
			int64_t count = 0;

			for (i = 0; i < line->nblocks; i++) {
				struct arcov_mfn *fn = line->blocks[i].fn;
				struct arcov_mblock *blk =
					&fn->blocks[line->blocks[i].idx];

				for (j = 0; j < blk->npred; j++) {
					struct arcov_marc *arc =
						&fn->arcs[blk->pred[j]];

					if (!line_has_block(line, fn, arc->src))
						count = add_sat(count,
								arc->count);
				}
				for (j = 0; j < blk->nsucc; j++)
					fn->arcs[blk->succ[j]].cs_count =
						fn->arcs[blk->succ[j]].count;
			}
			count = add_sat(count, cycles_count(line));
			line->count = count;
			if (line->count > (int64_t)src->maximum_count)
				src->maximum_count = (uint32_t)line->count;
		}
		if (line->exists && !arcov_excl_line(&src->excl, ln)) {
			src->cov.lines++;
			if (line->count)
				src->cov.lines_executed++;
		}
	}
}

void arcov_modern_clear(struct arcov_msrc *src)
{
	uint32_t ln;

	for (ln = 0; src->lines && ln < src->nlines; ln++) {
		free(src->lines[ln].blocks);
		free(src->lines[ln].branches);
	}
	free(src->lines);
	src->lines = NULL;
	memset(&src->cov, 0, sizeof src->cov);
	src->maximum_count = 0;
}

void arcov_modern_free(struct arcov_modern *m)
{
	size_t i;

	for (i = 0; i < m->nsrcs; i++) {
		struct arcov_msrc *src = &m->srcs[i];

		arcov_modern_clear(src);
		free(src->fns);
		free(src->name);
		arcov_excl_free(&src->excl);
	}
	free(m->srcs);
	for (i = 0; i < m->nfns; i++) {
		free(m->fns[i]->blocks);
		free(m->fns[i]->arcs);
		free(m->fns[i]->links);
		free(m->fns[i]);
	}
	free(m->fns);
	for (i = 0; i < m->nmaps; i++)
		free(m->maps[i]);
	free(m->maps);
	memset(m, 0, sizeof *m);
}
