/* lines.c -- per-source line tables as gcov 12 counts them (doc/formats.md
 * §5.9): attached-block counts; gcov 3.x's are in legacy-lines.c.
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
#include "util.h"

/* ---- gcov 12 ---- */


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

/* @name joined to @dir (when relative) and canonicalized, then mapped by
 * the first --path-map whose FROM it starts with. */
static char *resolve_path(const struct arcov_modern *m, const char *name,
			  const char *dir)
{
	char *joined, *canon;
	size_t i, nd, nn = strlen(name);

	if (name[0] == '/' || !dir || !dir[0]) {
		joined = strdup(name);
	} else {
		nd = strlen(dir);
		joined = malloc(nd + nn + 2);
		if (joined) {
			memcpy(joined, dir, nd);
			joined[nd] = '/';
			memcpy(joined + nd + 1, name, nn + 1);
		}
	}
	if (!joined)
		return NULL;
	canon = canonicalize(joined);
	free(joined);
	for (i = 0; canon && i < m->npath_maps; i++) {
		const struct arcov_path_map *pm = &m->path_maps[i];
		size_t nf = strlen(pm->from), nt = strlen(pm->to);
		char *mapped;

		if (strncmp(canon, pm->from, nf) ||
		    (canon[nf] && canon[nf] != '/' && nf &&
		     pm->from[nf - 1] != '/'))
			continue;
		mapped = malloc(nt + strlen(canon + nf) + 1);
		if (mapped) {
			memcpy(mapped, pm->to, nt);
			strcpy(mapped + nt, canon + nf);
		}
		free(canon);
		canon = mapped;
		break;
	}
	return canon;
}

/* Where @obj's relative source names are relative to: the directory it
 * was compiled in when its notes say, else the current one (gcov 3.3). */
static const char *compile_dir(const struct arcov_modern *m,
			       const struct arcov_obj *obj)
{
	if (obj->notes_rc == 0 && obj->notes.directory)
		return obj->notes.directory;
	return m->cwd;
}

char *arcov_modern_resolve(const struct arcov_modern *m, const char *name,
			   const struct arcov_obj *obj)
{
	return resolve_path(m, name, compile_dir(m, obj));
}

/* gcov 12's find_source(): the source named @name, created if new, and
 * the once-per-source note when it is newer than the notes.  Sources are
 * told apart by the file they are, so the same relative name compiled in
 * two directories is two sources, and one file named two ways is one. */
static ssize_t find_source(struct arcov_modern *m, const char *name,
			   const struct arcov_obj *obj)
{
	struct arcov_msrc *src, *bigger;
	struct stat st;
	char *canon, *path;
	size_t i, n;

	canon = canonicalize(name);
	path = resolve_path(m, name, compile_dir(m, obj));
	if (!canon || !path) {
		free(canon);
		free(path);
		return ARCOV_ENOMEM;
	}
	for (i = 0; i < m->nsrcs; i++)
		if (!strcmp(m->srcs[i].path, path))
			break;
	if (i < m->nsrcs) {
		free(canon);
		free(path);
	} else {
		bigger = realloc(m->srcs, (m->nsrcs + 1) * sizeof *bigger);
		if (!bigger) {
			free(canon);
			free(path);
			return ARCOV_ENOMEM;
		}
		m->srcs = bigger;
		src = &m->srcs[m->nsrcs++];
		memset(src, 0, sizeof *src);
		src->name = canon;
		src->path = path;
		src->display = canon;
		n = m->source_prefix ? strlen(m->source_prefix) : 0;
		if (n && !strncmp(m->source_prefix, canon, n) &&
		    canon[n] == '/')
			src->display = canon + n + 1;
		n = m->root ? strlen(m->root) : 0;
		if (n && !strncmp(m->root, path, n) &&
		    (path[n] == '/' || (n == 1 && path[0] == '/')))
			src->display = path + n + (n > 1);
		if (!stat(path, &st))
			src->file_time = st.st_mtime;
	}
	src = &m->srcs[i];
	if (src->file_time > obj->bb_mtime) {
		arcov_logf(m->log, "%s:source file is newer than notes file "
			   "'%s'\n", name, obj->bb_path);
		if (!m->newer_note_given)
			arcov_logf(m->log, "(the message is displayed only "
				   "once per source file)\n");
		m->newer_note_given = 1;
		src->file_time = 0;
	}
	return (ssize_t)i;
}

/* Append arc @a to the successors of @blk; 1 when it makes @blk a call
 * site (whose other non-fall-through arcs are then throws). */
static int add_succ(struct arcov_mfn *fn, struct arcov_mblock *blk,
		    uint32_t a)
{
	struct arcov_marc *arc = &fn->arcs[a];

	blk->succ[blk->nsucc++] = a;
	if (!arc->fake)
		return 0;
	if (blk != fn->blocks) {
		blk->is_call_site = 1;
		arc->is_call_non_return = 1;
		return 1;
	}
	arc->is_nonlocal_return = 1;
	fn->blocks[arc->dst].is_nonlocal_return = 1;
	return 0;
}

/* Whether @e is an exception edge of the notes between real blocks of
 * @g, which gcov 12's graph has as an arc. */
static int eh_arc_p(const struct arcov_bbg_fn *g,
		    const struct arcov_notes_dropped *e)
{
	return e->kind == ARCOV_NOTES_EH && e->src > 0 &&
	       e->src < g->nblocks - 1 && e->dest > 0 &&
	       e->dest < g->nblocks - 1;
}

/* The fake arc of @g from @src to @dst, or UINT32_MAX. */
static uint32_t fake_arc(const struct arcov_bbg_fn *g, uint32_t src,
			 uint32_t dst)
{
	uint32_t a;

	for (a = g->first_arc[src]; a < g->first_arc[src + 1]; a++)
		if ((g->arcs[a].flags & ARCOV_ARC_FAKE) &&
		    g->arcs[a].dest == dst)
			return a;
	return UINT32_MAX;
}

/*
 * Arc @a of @fn: the exception edge @e, which the .bbg replaces by a fake
 * arc from its source to EXIT and one from ENTRY to its landing pad
 * (doc/formats.md §3.3 step 5).  gcov 12's graph keeps it, and reports it
 * as a branch "(throw)" of the call that throws.  It gets the throws the
 * two fake arcs have in common, which they, ENTRY and EXIT no longer
 * count: a landing pad is entered only by exceptions, and a call that
 * may throw to one leaves its block otherwise only by longjmp or exit,
 * which C++ code seldom mixes with exceptions.  When several calls throw
 * to one landing pad, each is given its own non-returns in turn.
 */
static void add_eh_arc(struct arcov_mfn *fn, const struct arcov_bbg_fn *g,
		       const struct arcov_notes_fn *nf,
		       const struct arcov_notes_dropped *e, uint32_t a,
		       unsigned char *skip)
{
	uint32_t out = fake_arc(g, e->src, g->nblocks - 1);
	uint32_t in = fake_arc(g, 0, e->dest);
	struct arcov_marc *arc = &fn->arcs[a];
	int64_t x = 0;

	arc->src = e->src;
	arc->dst = e->dest;
	if (out != UINT32_MAX && in != UINT32_MAX) {
		x = fn->arcs[out].count < fn->arcs[in].count ?
		    fn->arcs[out].count : fn->arcs[in].count;
		fn->arcs[out].count = fn->arcs[out].total -= x;
		fn->arcs[in].count = fn->arcs[in].total -= x;
		fn->blocks[0].count = fn->blocks[0].total -= x;
		fn->blocks[g->nblocks - 1].count =
			fn->blocks[g->nblocks - 1].total -= x;
	}
	arc->count = arc->total = x;
	/* A fake arc to EXIT that only stood for the edge (a "resx" passing
	 * an exception on to an outer handler, no call) is no arc of gcov
	 * 12's graph, and no call. */
	if (out != UINT32_MAX && fn->arcs[out].total == 0) {
		size_t c;

		for (c = 0; c < nf->ncalls; c++)
			if (nf->calls[c].block == e->src)
				return;
		skip[out] = 1;
	}
}

/* Build @fn's graph the way gcov 12's read_graph_file() and
 * solve_flow_graph() leave it. */
static int build_graph(struct arcov_mfn *fn)
{
	const struct arcov_obj_fn *of = &fn->obj->fns[fn->index];
	const struct arcov_bbg_fn *g = of->graph;
	const struct arcov_notes_fn *nf = fn->obj->notes_rc == 0 ?
		&fn->obj->notes.fns[fn->index] : NULL;
	uint32_t n = g->nblocks, a, b, i, j, used = 0, p = 0;
	uint32_t nproved = nf ? (uint32_t)nf->nproved : 0;
	uint32_t neh = 0, first_eh;
	unsigned char *skip;
	size_t d;

	/* A call proved to return has no fake arc in the .bbg (GCC 3.3 gave
	 * it none); the notes list its block, and it gets one here, counting
	 * 0, so that it is reported as the call it is ("call N returned"). */
	for (d = 0; nf && d < nf->ndropped; d++)
		neh += eh_arc_p(g, &nf->dropped[d]);
	fn->nblocks = n;
	first_eh = g->narcs + nproved;
	fn->narcs = first_eh + neh;
	fn->blocks = calloc(n ? n : 1, sizeof *fn->blocks);
	fn->arcs = calloc(fn->narcs ? fn->narcs : 1, sizeof *fn->arcs);
	fn->links = calloc(2 * (size_t)fn->narcs + 1, sizeof *fn->links);
	if (!fn->blocks || !fn->arcs || !fn->links)
		return ARCOV_ENOMEM;
	for (a = g->narcs; a < first_eh; a++) {
		fn->arcs[a].src = nf->proved[a - g->narcs];
		fn->arcs[a].dst = n - 1;
		fn->arcs[a].fake = 1;
	}

	for (b = 0; b < n; b++)
		fn->blocks[b].count = fn->blocks[b].total =
			(int64_t)of->counts.block[b];
	for (a = 0; a < g->narcs; a++) {
		struct arcov_marc *arc = &fn->arcs[a];

		arc->src = g->arcs[a].src;
		arc->dst = g->arcs[a].dest;
		arc->count = arc->total = (int64_t)of->counts.arc[a];
		arc->fake = !!(g->arcs[a].flags & ARCOV_ARC_FAKE);
		arc->fall_through = !!(g->arcs[a].flags &
				       ARCOV_ARC_FALLTHROUGH);
	}

	skip = calloc(fn->narcs ? fn->narcs : 1, 1);
	if (!skip)
		return ARCOV_ENOMEM;
	if (neh) {
		a = first_eh;
		for (d = 0; d < nf->ndropped; d++)
			if (eh_arc_p(g, &nf->dropped[d]))
				add_eh_arc(fn, g, nf, &nf->dropped[d], a++,
					   skip);
	}

	/* Successor lists, in file order for now, then the proved call and
	 * the exception edges. */
	for (b = 0; b < n; b++) {
		struct arcov_mblock *blk = &fn->blocks[b];
		int mark_catches = 0;

		blk->succ = fn->links + used;
		if (b == n - 1)
			continue;	/* the loopback: not in a .gcno */
		for (a = g->first_arc[b]; a < g->first_arc[b + 1]; a++)
			if (!skip[a])
				mark_catches |= add_succ(fn, blk, a);
		if (p < nproved && nf->proved[p] == b)
			mark_catches |= add_succ(fn, blk, g->narcs + p++);
		for (a = first_eh; a < fn->narcs; a++)
			if (fn->arcs[a].src == b)
				mark_catches |= add_succ(fn, blk, a);
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
	for (a = 0; a < fn->narcs; a++)
		if (fn->arcs[a].src != n - 1 && !skip[a])
			fn->blocks[fn->arcs[a].dst].npred++;
	for (b = 0; b < n; b++) {
		fn->blocks[b].pred = fn->links + used;
		used += fn->blocks[b].npred;
		fn->blocks[b].npred = 0;
	}
	for (a = 0; a < fn->narcs; a++) {
		struct arcov_mblock *dst = &fn->blocks[fn->arcs[a].dst];

		if (fn->arcs[a].src != n - 1 && !skip[a])
			dst->pred[dst->npred++] = a;
	}
	free(skip);

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
			uint32_t key = arcov_gcc_index(fn->arcs[t].dst, n);

			for (j = i; j > 0 &&
			     arcov_gcc_index(fn->arcs[blk->succ[j - 1]].dst, n) > key;
			     j--)
				blk->succ[j] = blk->succ[j - 1];
			blk->succ[j] = t;
		}
	}

	/* What the notes know to run only for an exception, such as the
	 * cleanups a call's unwinding runs, is exceptional too: a line of
	 * such a block that never ran takes no "*". */
	for (j = 0; nf && j < nf->neh_only; j++)
		fn->blocks[nf->eh_only[j]].exceptional = 1;
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

/* Whether any counter of @f counted. */
static int fn_ran(const struct arcov_obj_fn *f)
{
	uint32_t i;

	for (i = 0; i < f->graph->ncounters; i++)
		if (f->counters && f->counters[i])
			return 1;
	return 0;
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
		fn->leader = fn;
		fn->artificial = obj->notes_rc == 0 &&
				 obj->notes.fns[k].artificial;
		fn->absent = obj->notes_rc == 0 && obj->notes.fns[k].absent;
		fn->inlined = obj->notes_rc == 0 && obj->notes.fns[k].inlined;
		/* Counts prove code in the object: an inlined body whose own
		 * statements GCC all folded away (f(7) becoming 7) leaves no
		 * trace the plugin sees, but its increments stayed. */
		if (fn->absent && fn_ran(&obj->fns[k])) {
			fn->absent = 0;
			fn->inlined = 1;
		}
		fn->ncopies = 1;
		fn->inexact = obj->fns[k].counts.inexact;
		fn->index = k;
		fn->name = obj->fns[k].graph->name;
		fn->file_src = map;
		fn->bb_file = file;
		fn->src = SIZE_MAX;
		r = build_graph(fn);
		if (r < 0)
			return r;
		/* An artificial function's lines are not the source's, an
		 * absent one's not the object's, but their file markers
		 * still set the file of what follows. */
		for (b = 0; bfn && b < bfn->nblocks; b++) {
			const struct arcov_bb_block *blk = &bfn->blocks[b];

			for (i = 0; i < blk->nitems; i++) {
				uint32_t line = blk->items[i].line;
				struct arcov_msrc *src;

				if (!line) {
					file = blk->items[i].file;
					continue;
				}
				if (file < 0 || b >= fn->nblocks ||
				    fn->artificial || fn->absent)
					continue;
				s = file_source(m, fn, file);
				if (s < 0)
					return (int)s;
				src = &m->srcs[s];
				if (arcov_grow((void **)&src->lnum, &src->cap_lnum,
					       src->nlnum_seen + 1,
					       sizeof *src->lnum))
					return ARCOV_ENOMEM;
				src->lnum[src->nlnum_seen++] = line;
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

/* What makes two functions copies of one: see struct arcov_mfn. */
static int same_function(const struct arcov_mfn *a, const struct arcov_mfn *b)
{
	const struct arcov_bbg_fn *ga = a->obj->fns[a->index].graph;
	const struct arcov_bbg_fn *gb = b->obj->fns[b->index].graph;
	uint32_t k;

	if (ga->checksum != gb->checksum || a->nblocks != b->nblocks ||
	    a->narcs != b->narcs || a->src != b->src ||
	    a->start_line != b->start_line || strcmp(a->name, b->name))
		return 0;
	for (k = 0; k < a->narcs; k++)
		if (a->arcs[k].src != b->arcs[k].src ||
		    a->arcs[k].dst != b->arcs[k].dst)
			return 0;
	return 1;
}

static size_t name_hash(const char *s, uint32_t salt)
{
	size_t h = 5381u + salt;

	while (*s)
		h = h * 33u + (unsigned char)*s++;
	return h;
}

/* Fold copy @fn into its leader's totals. */
static void fold_copy(struct arcov_mfn *lead, struct arcov_mfn *fn)
{
	uint32_t k;

	fn->leader = lead;
	lead->ncopies++;
	lead->inexact |= fn->inexact;
	/* Listed when some object emitted it. */
	lead->inlined &= fn->inlined;
	for (k = 0; k < fn->nblocks; k++)
		lead->blocks[k].total = arcov_add_sat(lead->blocks[k].total,
						      fn->blocks[k].count);
	for (k = 0; k < fn->narcs; k++)
		lead->arcs[k].total = arcov_add_sat(lead->arcs[k].total,
						    fn->arcs[k].count);
}

/* Keeps in each source's function list those @keep accepts, in order. */
static void keep_src_fns(struct arcov_modern *m,
			 int (*keep)(const struct arcov_mfn *))
{
	size_t s, i, k;

	for (s = 0; s < m->nsrcs; s++) {
		struct arcov_msrc *src = &m->srcs[s];

		for (i = k = 0; i < src->nfns; i++)
			if (keep(src->fns[i]))
				src->fns[k++] = src->fns[i];
		src->nfns = k;
	}
}

int arcov_modern_group(struct arcov_modern *m)
{
	size_t nslots = 1, i, j, s, k;
	struct arcov_mfn **slots;

	while (nslots < 2 * m->nfns)
		nslots *= 2;
	slots = calloc(nslots, sizeof *slots);
	if (!slots)
		return ARCOV_ENOMEM;
	/* Open addressing, first copy loaded first: it leads. */
	for (i = 0; i < m->nfns; i++) {
		struct arcov_mfn *fn = m->fns[i];

		if (fn->artificial || fn->absent)
			continue;
		j = name_hash(fn->name, fn->start_line) & (nslots - 1);
		for (; slots[j]; j = (j + 1) & (nslots - 1))
			if (same_function(slots[j], fn))
				break;
		if (slots[j])
			fold_copy(slots[j], fn);
		else
			slots[j] = fn;
	}
	free(slots);
	keep_src_fns(m, arcov_mfn_shown);
	/* gcov 12's function groups: functions of a source that start on
	 * the same line (different functions: copies are one). */
	for (s = 0; s < m->nsrcs; s++) {
		struct arcov_msrc *src = &m->srcs[s];

		for (i = 0; i < src->nfns; i++)
			for (k = i + 1; k < src->nfns; k++)
				if (src->fns[i]->start_line ==
				    src->fns[k]->start_line)
					src->fns[i]->is_group =
						src->fns[k]->is_group = 1;
	}
	for (i = 0; i < m->nfns; i++) {
		struct arcov_mfn *fn = m->fns[i];
		uint32_t b;

		fn->is_group = fn->leader->is_group;
		if (!arcov_mfn_shown(fn))
			continue;
		/* gcov 12 skips index 0 and its highest index (§ top). */
		for (b = 1; b + 2 < fn->nblocks; b++)
			fn->blocks_executed += fn->blocks[b].total != 0;
		if (fn->nblocks > 1 && fn->blocks[fn->nblocks - 1].total)
			fn->blocks_executed++;
	}
	/* A function only inlined is in its group (its lines are counted
	 * apart, then added), but not listed. */
	keep_src_fns(m, arcov_mfn_listed);
	return 0;
}

int64_t arcov_modern_calls(const struct arcov_mfn *fn)
{
	const struct arcov_bbg_fn *g = fn->obj->fns[fn->index].graph;
	int64_t calls = fn->blocks[0].total;
	uint32_t a;

	/* As arcov_obj_fn_calls(): the clamp only keeps any graph >= 0. */
	for (a = g->first_arc[0]; a < g->first_arc[1]; a++)
		if (fn->arcs[a].fake)
			calls -= calls < fn->arcs[a].total ? calls :
							     fn->arcs[a].total;
	return calls;
}

int64_t arcov_modern_returns(const struct arcov_mfn *fn)
{
	const struct arcov_mblock *exit_blk = &fn->blocks[fn->nblocks - 1];
	int64_t returned = exit_blk->total;
	uint32_t i;

	for (i = 0; i < exit_blk->npred; i++)
		if (fn->arcs[exit_blk->pred[i]].fake)
			returned -= fn->arcs[exit_blk->pred[i]].total;
	return returned;
}

/* @src's line table, made on first use from the lines met while its
 * objects were added (sorted, each once). */
static int ensure_lines(struct arcov_msrc *src)
{
	if (src->lines)
		return 0;
	if (!src->lnum_borrowed) {
		src->nlnum_seen = arcov_sort_unique(src->lnum,
						    src->nlnum_seen);
		src->nlines = (uint32_t)src->nlnum_seen;
	}
	src->lines = calloc(src->nlines ? src->nlines : 1,
			    sizeof *src->lines);
	return src->lines ? 0 : ARCOV_ENOMEM;
}

/* What a block tells its line besides its count: whether it is ordinary
 * code, and ordinary code that never ran (gcov 12's "*"). */
static void mark_block(struct arcov_mline *line,
		       const struct arcov_mblock *blk)
{
	if (!blk->exceptional) {
		line->unexceptional = 1;
		if (!blk->count)
			line->has_unexecuted_block = 1;
	}
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
	arcov_sort_u32(run, nrun);
	for (j = 0; j < nrun; j++) {
		int64_t k = arcov_msrc_find(src, run[j]);
		struct arcov_mline *line;

		if (k < 0)
			continue;	/* an artificial or absent one's */
		line = &src->lines[k];
		if (src->touched_lo >= src->touched_hi) {
			src->touched_lo = (size_t)k;
			src->touched_hi = (size_t)k + 1;
		} else if ((size_t)k < src->touched_lo) {
			src->touched_lo = (size_t)k;
		} else if ((size_t)k >= src->touched_hi) {
			src->touched_hi = (size_t)k + 1;
		}

		if (cov && !arcov_excl_line(&src->excl, run[j])) {
			if (!line->exists)
				cov->lines++;
			if (!line->count && blk->count)
				cov->lines_executed++;
		}
		line->exists = 1;
		line->inexact |= fn->inexact;
		mark_block(line, blk);
		line->count = arcov_add_sat(line->count, blk->count);
		*last = line;
	}
	return 0;
}

/* Whether the .bb lists a line for @blk. */
static int blk_lines(const struct arcov_bb_block *blk)
{
	uint32_t i;

	for (i = 0; blk && i < blk->nitems; i++)
		if (blk->items[i].line)
			return 1;
	return 0;
}

/*
 * Make room for @need entries in a line's list @v of @n: its capacity is
 * the smallest power of two >= @n, so none is stored.  Most lines have a
 * block or two, and a list that started at four entries (as arcov_grow()
 * starts) was most of the line model.  Returns 0 or ARCOV_ENOMEM.
 */
static int mref_room(struct arcov_mref **v, size_t n, size_t need)
{
	size_t cap = 1, want = 1;
	void *p;

	if (need <= n)
		return 0;
	if (need > UINT32_MAX)
		return ARCOV_ENOMEM;	/* the sizes are uint32_t */
	while (n && cap < n)
		cap *= 2;
	if (n && need <= cap)
		return 0;
	while (want < need)
		want *= 2;
	if (want > SIZE_MAX / sizeof **v)
		return ARCOV_ENOMEM;
	p = realloc(*v, want * sizeof **v);
	if (!p)
		return ARCOV_ENOMEM;
	*v = p;
	return 0;
}

static int attach(struct arcov_mfn *fn, uint32_t b, struct arcov_mline *line,
		  int branches)
{
	struct arcov_mblock *blk = &fn->blocks[b];
	uint32_t i;

	if (mref_room(&line->blocks, line->nblocks, line->nblocks + 1))
		return ARCOV_ENOMEM;
	line->blocks[line->nblocks].fn = fn;
	line->blocks[line->nblocks].passed = 0;
	line->blocks[line->nblocks++].idx = b;
	if (!branches)
		return 0;
	if (mref_room(&line->branches, line->nbranches,
		      line->nbranches + blk->nsucc))
		return ARCOV_ENOMEM;
	for (i = 0; i < blk->nsucc; i++) {
		line->branches[line->nbranches].fn = fn;
		line->branches[line->nbranches].passed = 0;
		line->branches[line->nbranches++].idx = blk->succ[i];
	}
	return 0;
}

/* The line that every way into block @b of @fn from an earlier block
 * comes from, when @b is code run only for an exception: a cleanup's
 * loop over an array's elements (the initializer list of a call's
 * argument) starts at a block that its own latch enters again, within
 * the cleanup of one line.  gcov 12 lists the line there as GCC gives
 * it, and shows the loop's branches under it.  NULL when the earlier
 * blocks' lines differ, or none is known. */
static struct arcov_mline *joined_line(const struct arcov_mfn *fn,
				       uint32_t b, struct arcov_mline **at)
{
	const struct arcov_mblock *blk = &fn->blocks[b];
	struct arcov_mline *line = NULL;
	uint32_t i;

	/* A block whose one statement passes the exception on out of the
	 * function (a "resx", which GCC gives no place: after a handler's
	 * type test that does not match) has no line in gcov 12 either. */
	if (fn->obj->notes.fns[fn->index].statements[b] <= 1) {
		for (i = 0; i < blk->nsucc; i++)
			if (!fn->arcs[blk->succ[i]].fake)
				break;
		if (i == blk->nsucc)
			return NULL;
	}
	for (i = 0; i < blk->npred; i++) {
		const struct arcov_marc *arc = &fn->arcs[blk->pred[i]];

		if (arc->fake || arc->src >= b)
			continue;
		if (!fn->blocks[arc->src].exceptional ||
		    !at[arc->src] || (line && at[arc->src] != line))
			return NULL;
		line = at[arc->src];
	}
	return line;
}

/* The line block @b of @fn continues, when it lists none of its own: the
 * plugin lists a statement in the first block it spans only (so that gcov
 * 3.x's sums count it once), where GCC lists it in every block holding a
 * part of it.  Such a block has statements (the notes say), and one
 * predecessor, @at[p], whose only real successor it is.  NULL otherwise. */
static struct arcov_mline *continued_line(const struct arcov_mfn *fn,
					  uint32_t b, struct arcov_mline **at)
{
	const struct arcov_obj *obj = fn->obj;
	const struct arcov_mblock *blk = &fn->blocks[b];
	const struct arcov_marc *arc;
	struct arcov_mline *line;
	uint32_t i;

	if (obj->notes_rc)
		return NULL;
	/* Code run only for an exception thrown from one call: the plugin
	 * does not list the call's line there (doc/notes-format.md §4), gcov
	 * 12 does, and shows its calls and branches under it.  A landing
	 * pad the plugin split after its labels passes the line on. */
	for (i = 0; blk->exceptional && i < blk->npred; i++) {
		arc = &fn->arcs[blk->pred[i]];
		if (arc->is_throw && arc->src < b && at[arc->src])
			return at[arc->src];
	}
	if (blk->exceptional && (line = joined_line(fn, b, at)))
		return line;
	if (!obj->notes.fns[fn->index].statements[b] || blk->npred != 1)
		return NULL;
	arc = &fn->arcs[blk->pred[0]];
	if (arc->src >= b)
		return NULL;
	/* Within code run only for an exception, a block jumped to from
	 * the one before (a handler after its landing pad: "try { f (); }
	 * catch (...) { n++; }" on one line) goes on with its line too. */
	if (blk->exceptional && fn->blocks[arc->src].exceptional &&
	    (!arc->fall_through ||
	     !obj->notes.fns[fn->index].statements[arc->src]))
		return at[arc->src];
	if (!arc->fall_through)
		return NULL;
	/* Its only way on but fake and throw arcs: a call that may throw
	 * to a handler of the function goes on here as well. */
	for (i = 0; i < fn->blocks[arc->src].nsucc; i++) {
		const struct arcov_marc *other =
			&fn->arcs[fn->blocks[arc->src].succ[i]];

		if (other != arc && !other->fake && !other->is_throw)
			return NULL;
	}
	return at[arc->src];
}

/* Attach to @line the blocks without statements that passed it on to
 * block @b (continued_line()): the arcs through them are no entries of
 * the line, or each exception that a landing pad's empty first block
 * passed to the rest would enter the throwing call's line again. */
static int attach_passed(struct arcov_mfn *fn, uint32_t b,
			 struct arcov_mline *line, struct arcov_mline **at)
{
	const uint32_t *stmts = fn->obj->notes.fns[fn->index].statements;

	while (fn->blocks[b].npred == 1) {
		b = fn->arcs[fn->blocks[b].pred[0]].src;
		if (b == 0 || at[b] != line || stmts[b] ||
		    arcov_mline_has_block(line, fn, b))
			break;
		if (attach(fn, b, line, 0) < 0)
			return ARCOV_ENOMEM;
		line->blocks[line->nblocks - 1].passed = 1;
	}
	return 0;
}

int arcov_modern_line_counts(struct arcov_modern *m, struct arcov_mfn *fn,
			     int branches, struct arcov_cov *cov)
{
	const struct arcov_obj *obj = fn->obj;
	const struct arcov_bb_fn *bfn;
	struct arcov_mline **at;
	uint32_t *run = NULL;
	size_t cap = 0, nrun;
	int64_t file = fn->bb_file;
	uint32_t b;
	size_t i;
	int r = 0, any_line = 0;

	bfn = fn->index < obj->bb.nfns ? &obj->bb.fns[fn->index] : NULL;
	at = calloc(fn->nblocks ? fn->nblocks : 1, sizeof *at);
	if (!at)
		return ARCOV_ENOMEM;

	for (b = 0; b < fn->nblocks; b++) {
		const struct arcov_bb_block *blk =
			bfn && b < bfn->nblocks ? &bfn->blocks[b] : NULL;
		/* gcov 12 skips index 0 and its highest index (§ top). */
		int edge = b == 0 || b + 2 == fn->nblocks;
		struct arcov_mline *line = NULL;
		int64_t loc_file = -1;

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
					r = attach(fn, b, line, branches &&
						   arcov_mfn_shown(fn));
					if (r < 0)
						goto out;
				}
				loc_file = -1;
				nrun = 0;
			}
			if (i == blk->nitems || file < 0)
				continue;
			loc_file = file;
			if (arcov_grow((void **)&run, &cap, nrun + 1, sizeof *run)) {
				r = ARCOV_ENOMEM;
				goto out;
			}
			run[nrun++] = l;
		}
		if (!line && !edge)
			line = continued_line(fn, b, at);
		at[b] = line;
		/* A block without statements only passes a line on. */
		if (line && !blk_lines(blk) && !obj->notes_rc &&
		    obj->notes.fns[fn->index].statements[b]) {
			mark_block(line, &fn->blocks[b]);
			r = attach(fn, b, line, branches &&
				   arcov_mfn_shown(fn));
			if (r < 0)
				goto out;
			r = attach_passed(fn, b, line, at);
			if (r < 0)
				goto out;
		}
	}
out:
	free(at);
	free(run);
	if (r < 0)
		return r;
	fn->has_lines = any_line;
	return any_line;
}


int arcov_mline_merge(const struct arcov_mline *line, int64_t *sum,
		      unsigned char *ran, int64_t *from)
{
	size_t n = line->nbranches, i, k, *pos;
	int group = 0;

	for (i = 0; i < n; i++) {
		const struct arcov_mfn *fn = line->branches[i].fn;
		const struct arcov_marc *arc = &fn->arcs[line->branches[i].idx];

		sum[i] = arcov_arc_is_branch(arc) ? arc->total : -1;
		ran[i] = fn->blocks[arc->src].total != 0;
		if (from)
			from[i] = fn->blocks[arc->src].total;
		group |= fn != line->branches[0].fn;
	}
	/* Only the functions of one group: a lambda and the function
	 * around it have one record of the line in gcov 12's JSON. */
	for (i = 0; group && i < n; i++)
		if (!line->branches[i].fn->is_group ||
		    arcov_fn_first_line(line->branches[i].fn) !=
		    arcov_fn_first_line(line->branches[0].fn))
			group = 0;
	if (!group)
		return 0;
	pos = malloc(n * sizeof *pos);
	if (!pos)
		return ARCOV_ENOMEM;
	for (i = 0; i < n; i++) {
		pos[i] = 0;
		for (k = 0; k < i; k++)
			pos[i] += line->branches[k].fn ==
				  line->branches[i].fn && sum[k] >= 0;
	}
	/* Later arcs first, so that each sum is still the arc's own. */
	for (i = n; i-- > 0;) {
		if (sum[i] < 0)
			continue;
		for (k = 0; k < i && (sum[k] < 0 || pos[k] != pos[i]); k++)
			;
		if (k == i)
			continue;
		sum[k] += sum[i];
		ran[k] |= ran[i];
		if (from)
			from[k] += from[i];
		sum[i] = -1;
	}
	free(pos);
	return 0;
}

static void add_branch_counts(struct arcov_cov *cov, const struct arcov_mref *r)
{
	const struct arcov_marc *arc = &r->fn->arcs[r->idx];
	int64_t src_count = r->fn->blocks[arc->src].total;

	switch (arcov_arc_kind(arc)) {
	case ARCOV_ARC_CALL:
		cov->calls++;
		if (src_count)
			cov->calls_executed++;
		break;
	case ARCOV_ARC_BRANCH:
		cov->branches++;
		if (src_count)
			cov->branches_executed++;
		if (arc->total)
			cov->branches_taken++;
		break;
	default:
		break;
	}
}

/* arcov_modern_accumulate() over lines[@lo, @hi) of @src. */
static void accumulate_range(struct arcov_msrc *src, size_t lo, size_t hi)
{
	size_t k, i, j;

	for (k = lo; k < hi && k < src->nlines && src->lines; k++) {
		struct arcov_mline *line = &src->lines[k];
		int64_t count = 0;

		if (!line->nblocks)
			continue;
		for (i = 0; i < line->nblocks; i++) {
			struct arcov_mfn *fn = line->blocks[i].fn;
			struct arcov_mblock *blk =
				&fn->blocks[line->blocks[i].idx];

			for (j = 0; j < blk->npred; j++) {
				struct arcov_marc *arc = &fn->arcs[blk->pred[j]];

				if (!arcov_mline_has_block(line, fn, arc->src))
					count = arcov_add_sat(count, arc->count);
			}
			for (j = 0; j < blk->nsucc; j++)
				fn->arcs[blk->succ[j]].cs_count =
					fn->arcs[blk->succ[j]].count;
		}
		line->count = arcov_add_sat(count, arcov_mline_cycles(line));
		/* gcov keeps it in an unsigned int. */
		if (line->count > (int64_t)src->maximum_count)
			src->maximum_count = (uint32_t)line->count;
	}
}

void arcov_modern_accumulate(struct arcov_msrc *src)
{
	accumulate_range(src, 0, src->nlines);
}

/* Empty the lines a count touched in @src's table, and its tallies, for
 * the next function counted alone; the table itself is kept. */
static void reset_touched(struct arcov_msrc *src)
{
	size_t k;

	for (k = src->touched_lo; src->lines && k < src->touched_hi; k++) {
		free(src->lines[k].blocks);
		free(src->lines[k].branches);
		memset(&src->lines[k], 0, sizeof src->lines[k]);
	}
	src->touched_lo = src->touched_hi = 0;
	memset(&src->cov, 0, sizeof src->cov);
	src->maximum_count = 0;
}

int arcov_modern_tally(struct arcov_msrc *src)
{
	size_t k, i, cap = 0;
	int64_t *sum = NULL;
	unsigned char *ran = NULL;

	memset(&src->cov, 0, sizeof src->cov);
	memset(&src->gcov_cov, 0, sizeof src->gcov_cov);
	for (k = 0; k < src->nlines && src->lines; k++) {
		struct arcov_mline *line = &src->lines[k];
		uint32_t ln = src->lnum[k];

		if (line->nbranches > cap) {
			int64_t *s2 = realloc(sum, line->nbranches *
						   sizeof *sum);
			unsigned char *r2 = s2 ? realloc(ran,
						 line->nbranches) : NULL;

			if (s2)
				sum = s2;
			if (r2)
				ran = r2;
			if (!s2 || !r2) {
				free(sum);
				free(ran);
				return ARCOV_ENOMEM;
			}
			cap = line->nbranches;
		}
		if (line->nbranches && !arcov_excl_branch(&src->excl, ln) &&
		    arcov_mline_merge(line, sum, ran, NULL) < 0) {
			free(sum);
			free(ran);
			return ARCOV_ENOMEM;
		}
		for (i = 0; i < line->nbranches; i++) {
			const struct arcov_mref *r = &line->branches[i];

			if (arcov_excl_branch(&src->excl, ln))
				continue;
			/* gcov 12 adds a group's lines to its source, not
			 * their branches and calls. */
			if (!r->fn->is_group)
				add_branch_counts(&src->gcov_cov, r);
			if (!arcov_arc_is_branch(&r->fn->arcs[r->idx])) {
				add_branch_counts(&src->cov, r);
				continue;
			}
			if (sum[i] < 0)
				continue;	/* merged into an earlier one */
			src->cov.branches++;
			src->cov.branches_executed += ran[i];
			src->cov.branches_taken += sum[i] > 0;
		}
		if (line->exists && !arcov_excl_line(&src->excl, ln)) {
			src->cov.lines++;
			if (line->count)
				src->cov.lines_executed++;
		}
		src->gcov_cov.lines = src->cov.lines;
		src->gcov_cov.lines_executed = src->cov.lines_executed;
	}
	free(sum);
	free(ran);
	return 0;
}

int arcov_modern_tables(struct arcov_modern *m)
{
	size_t i;
	int r;

	for (i = 0; i < m->nsrcs; i++) {
		r = ensure_lines(&m->srcs[i]);
		if (r < 0)
			return r;
	}
	return 0;
}

/* Add @fl, line @ln of group function @fn counted alone, to its leader's
 * own lines (struct arcov_mfn.group_lines). */
static int add_own_line(struct arcov_mfn *fn, uint32_t ln,
			const struct arcov_mline *fl)
{
	struct arcov_mfn *lead = fn->leader;
	struct arcov_mline *gl;
	uint32_t k, n = lead->ngroup_lines;
	void *p;

	k = (uint32_t)arcov_lower_bound(lead->group_lnum, n, ln);
	if (k == n || lead->group_lnum[k] != ln) {
		p = realloc(lead->group_lnum, (n + 1) * sizeof *lead->group_lnum);
		if (!p)
			return ARCOV_ENOMEM;
		lead->group_lnum = p;
		p = realloc(lead->group_lines, (n + 1) * sizeof *lead->group_lines);
		if (!p)
			return ARCOV_ENOMEM;
		lead->group_lines = p;
		memmove(&lead->group_lnum[k + 1], &lead->group_lnum[k],
			(n - k) * sizeof *lead->group_lnum);
		memmove(&lead->group_lines[k + 1], &lead->group_lines[k],
			(n - k) * sizeof *lead->group_lines);
		memset(&lead->group_lines[k], 0, sizeof *lead->group_lines);
		lead->group_lnum[k] = ln;
		lead->ngroup_lines = n + 1;
	}
	gl = &lead->group_lines[k];
	gl->exists = 1;
	gl->count = arcov_add_sat(gl->count, fl->count);
	gl->unexceptional |= fl->unexceptional;
	gl->has_unexecuted_block |= fl->has_unexecuted_block;
	if (mref_room(&gl->branches, gl->nbranches,
		      gl->nbranches + fl->nbranches) ||
	    mref_room(&gl->blocks, gl->nblocks, gl->nblocks + fl->nblocks))
		return ARCOV_ENOMEM;
	if (fl->nbranches)
		memcpy(gl->branches + gl->nbranches, fl->branches,
		       fl->nbranches * sizeof *fl->branches);
	gl->nbranches += fl->nbranches;
	if (fl->nblocks)
		memcpy(gl->blocks + gl->nblocks, fl->blocks,
		       fl->nblocks * sizeof *fl->blocks);
	gl->nblocks += fl->nblocks;
	return 0;
}

int arcov_modern_add_group_fn(struct arcov_modern *m,
			      struct arcov_modern *scratch,
			      struct arcov_mfn *fn)
{
	size_t s, k, i;
	int r, own;

	r = arcov_modern_line_counts(scratch, fn, 1, &fn->leader->cov);
	for (s = 0; s < scratch->nsrcs; s++) {
		struct arcov_msrc *from = &scratch->srcs[s];
		struct arcov_msrc *to = &m->srcs[s];

		if (!from->lines)
			continue;
		if (r >= 0)
			accumulate_range(from, from->touched_lo,
					 from->touched_hi);
		/* The tables share their line numbers: same indices. */
		for (k = from->touched_lo; r >= 0 && k < from->touched_hi; k++) {
			struct arcov_mline *fl = &from->lines[k];
			struct arcov_mline *tl = &to->lines[k];

			if (!fl->exists)
				continue;
			/* A function not listed (only inlined) has no
			 * records of its own to show its lines in: they are
			 * the source's (two instances of an always_inline
			 * template lost theirs in the JSON report). */
			own = s == fn->src && arcov_mfn_listed(fn->leader) &&
			      from->lnum[k] >= arcov_fn_first_line(fn) &&
			      from->lnum[k] <= arcov_fn_last_line(fn);
			if (own && add_own_line(fn, from->lnum[k], fl) < 0) {
				r = ARCOV_ENOMEM;
				break;
			}
			/* A line past the function's range (a lambda's body,
			 * which GCC ends on the line it starts on, in a
			 * template) is none of its own records: gcov 12 lists
			 * it among the source's lines. */
			if (!tl->exists || !own)
				tl->group_only = own;
			tl->exists = 1;
			tl->count = arcov_add_sat(tl->count, fl->count);
			if (own)
				tl->group_count = arcov_add_sat(tl->group_count,
								fl->count);
			if (fl->nblocks &&
			    fl->count > (int64_t)to->maximum_count)
				to->maximum_count = (uint32_t)fl->count;
			tl->unexceptional |= fl->unexceptional;
			tl->has_unexecuted_block |= fl->has_unexecuted_block;
			tl->inexact |= fl->inexact;
			/* The blocks only name the records (-a, lcov's block
			 * numbers): the counts are made. */
			if (mref_room(&tl->branches, tl->nbranches,
				      tl->nbranches + fl->nbranches) ||
			    mref_room(&tl->blocks, tl->nblocks,
				      tl->nblocks + fl->nblocks)) {
				r = ARCOV_ENOMEM;
				break;
			}
			for (i = 0; i < fl->nbranches; i++)
				tl->branches[tl->nbranches++] = fl->branches[i];
			for (i = 0; i < fl->nblocks; i++)
				tl->blocks[tl->nblocks++] = fl->blocks[i];
		}
		reset_touched(from);
	}
	return r;
}

void arcov_modern_clear(struct arcov_msrc *src)
{
	size_t i;

	for (i = 0; src->lines && i < src->nlines; i++) {
		free(src->lines[i].blocks);
		free(src->lines[i].branches);
	}
	free(src->lines);
	src->lines = NULL;
	src->touched_lo = src->touched_hi = 0;
	memset(&src->cov, 0, sizeof src->cov);
	src->maximum_count = 0;
}

int arcov_modern_scratch(const struct arcov_modern *m,
			 struct arcov_modern *scratch)
{
	size_t i;

	/* The line numbers are borrowed: @m's tables must be made. */
	memset(scratch, 0, sizeof *scratch);
	scratch->srcs = calloc(m->nsrcs ? m->nsrcs : 1, sizeof *scratch->srcs);
	if (!scratch->srcs)
		return ARCOV_ENOMEM;
	scratch->nsrcs = m->nsrcs;
	/* Names and sizes only: no exclusions, no functions. */
	for (i = 0; i < m->nsrcs; i++) {
		scratch->srcs[i].name = m->srcs[i].name;
		scratch->srcs[i].display = m->srcs[i].display;
		scratch->srcs[i].path = m->srcs[i].path;
		scratch->srcs[i].file_time = m->srcs[i].file_time;
		scratch->srcs[i].nlines = m->srcs[i].lines ?
					  m->srcs[i].nlines : 0;
		scratch->srcs[i].lnum = m->srcs[i].lnum;
		scratch->srcs[i].lnum_borrowed = 1;
	}
	scratch->source_prefix = m->source_prefix;
	return 0;
}

int arcov_modern_fn_lines(struct arcov_modern *scratch, struct arcov_mfn *fn,
			  int (*each)(void *ctx, size_t src, uint32_t line,
				      int64_t count),
			  void *ctx)
{
	size_t s;
	size_t k;
	int r;

	/* Every file of @fn was met when @m was built: nothing is added. */
	r = arcov_modern_line_counts(scratch, fn, 0, NULL);
	for (s = 0; s < scratch->nsrcs; s++) {
		struct arcov_msrc *src = &scratch->srcs[s];

		if (!src->lines)
			continue;
		if (r >= 0) {
			accumulate_range(src, src->touched_lo,
					 src->touched_hi);
			for (k = src->touched_lo; r >= 0 && k < src->touched_hi;
			     k++) {
				const struct arcov_mline *l = &src->lines[k];

				if (l->exists)
					r = each(ctx, s, src->lnum[k],
						 l->count);
			}
		}
		reset_touched(src);
	}
	return r < 0 ? r : 0;
}

void arcov_modern_scratch_trim(struct arcov_modern *scratch)
{
	size_t i;

	for (i = 0; i < scratch->nsrcs; i++)
		arcov_modern_clear(&scratch->srcs[i]);
}

void arcov_modern_scratch_free(struct arcov_modern *scratch)
{
	size_t i;

	for (i = 0; i < scratch->nsrcs; i++)
		arcov_modern_clear(&scratch->srcs[i]);
	free(scratch->srcs);
	memset(scratch, 0, sizeof *scratch);
}

void arcov_modern_free(struct arcov_modern *m)
{
	size_t i;
	uint32_t k;

	for (i = 0; i < m->nsrcs; i++) {
		struct arcov_msrc *src = &m->srcs[i];

		arcov_modern_clear(src);
		free(src->lnum);
		free(src->fns);
		free(src->name);
		free(src->path);
		arcov_excl_free(&src->excl);
	}
	free(m->srcs);
	for (i = 0; i < m->nfns; i++) {
		for (k = 0; k < m->fns[i]->ngroup_lines; k++) {
			free(m->fns[i]->group_lines[k].blocks);
			free(m->fns[i]->group_lines[k].branches);
		}
		free(m->fns[i]->group_lines);
		free(m->fns[i]->group_lnum);
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
