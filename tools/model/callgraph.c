/* callgraph.c -- build the program model of callgraph.h from the report
 * model (project.h) and the objects' .arcov-notes, and give every call
 * site its share of the callee's inclusive cost.
 *
 * Self costs.  A function's Lines cost on a line is the count gcov 12
 * prints for that line, computed for the function alone (lines.c, one
 * function at a time), so per line and per file they add up to the .gcov
 * counts.  Its Stmts cost is, per block, the statements the plugin counted
 * in it times the block's count, spread evenly over the lines the block
 * lists (the remainder going to the last ones), or put on the function's
 * first line when the block lists none.
 *
 * Inclusive costs follow gprof: calls are grouped into cycles (strongly
 * connected components, a recursive function being a cycle of one), and a
 * cycle's inclusive cost -- its members' self costs plus what its calls
 * out of the cycle cost -- is shared among the calls that enter it from
 * outside, in proportion to their counts, against every entry into the
 * cycle (entries the data cannot place, such as main's or those through
 * function pointers, keep their share).  Calls inside a cycle get no cost,
 * so no cost is ever counted twice.  Shares are rounded down cumulatively,
 * so they never add up to more than the cycle's cost.
 */
#include <config.h>

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "arcov-notes.h"
#include "callgraph.h"
#include "lines.h"
#include "names.h"
#include "strmap.h"
#include "util.h"

const char *const arcov_cg_event_names[ARCOV_CG_NEVENTS] = {
	"Lines", "Stmts"
};

#define UNKNOWN_FILE "???"
#define INDIRECT_NAME "*"
#define INDIRECT_DISPLAY "(indirect call)"

static uint64_t mul_sat(uint64_t a, uint64_t b)
{
	uint64_t r;

	return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

static void cost_add(struct arcov_cg_cost *to, const struct arcov_cg_cost *c)
{
	int e;

	for (e = 0; e < ARCOV_CG_NEVENTS; e++)
		to->ev[e] = arcov_uadd_sat(to->ev[e], c->ev[e]);
}

/* "A\nB": newlines never occur in names (checked before any key is made). */
static char *key2(const char *a, const char *b)
{
	size_t n = strlen(a), k = strlen(b);
	char *s = malloc(n + k + 2);

	if (s) {
		memcpy(s, a, n);
		s[n] = '\n';
		memcpy(s + n + 1, b, k + 1);
	}
	return s;
}

/* ---- building ---- */

/* A call site as the notes give it, before its callee is resolved. */
struct pending {
	size_t caller;
	size_t obj;
	const char *callee;	/* NULL: through a pointer */
	uint32_t file;
	uint32_t line;
	uint64_t calls;
};

struct build {
	struct arcov_callgraph *cg;
	const struct arcov_project *p;
	int demangle;
	struct arcov_err *err;
	struct arcov_log *log;
	const struct arcov_modern *m;	/* the project's line model */
	struct arcov_modern scratch;	/* one function's lines at a time */
	uint32_t *src_file;	/* m->srcs index -> files index */
	struct strmap file_map;	/* name -> files index */
	struct strmap node_map;	/* "name\nfile" -> node */
	struct strmap local_map;	/* "object\nname" -> node */
	struct strmap name_map;	/* name -> first node of that name */
	uint32_t *decl_line;	/* per node: the notes' declarator line */
	size_t cap_files, cap_nodes, cap_calls, cap_pending;
	size_t *cap_lines;	/* per node */
	size_t npending;
	struct pending *pending;
};

static int oom(struct build *b)
{
	return arcov_errf(b->err, ARCOV_ENOMEM, NULL, -1, "out of memory");
}

/* A name or path must fit on one line of a text export. */
static int check_name(struct build *b, const char *s, const char *file,
		      size_t offset)
{
	if (!strpbrk(s, "\n\r"))
		return 0;
	return arcov_errf(b->err, ARCOV_EFORMAT, file, (long)offset,
			  "a name or path holds a line break, which no "
			  "profile format can carry");
}

static int file_index(struct build *b, const char *name, uint32_t *idx)
{
	struct arcov_callgraph *cg = b->cg;
	size_t v;

	if (strmap_get(&b->file_map, name, &v)) {
		*idx = (uint32_t)v;
		return 0;
	}
	if (cg->nfiles >= UINT32_MAX ||
	    arcov_grow((void **)&cg->files, &b->cap_files, cg->nfiles + 1,
		 sizeof *cg->files))
		return oom(b);
	cg->files[cg->nfiles] = strdup(name);
	if (!cg->files[cg->nfiles])
		return oom(b);
	if (strmap_put(&b->file_map, name, cg->nfiles))
		return oom(b);
	*idx = (uint32_t)cg->nfiles++;
	return 0;
}

/* The node called @name in file @file, made with @kind when new. */
static int node_for(struct build *b, const char *name, uint32_t file,
		    enum arcov_cg_kind kind, size_t *id)
{
	struct arcov_callgraph *cg = b->cg;
	struct arcov_cg_node *n;
	char *key = key2(name, cg->files[file]);
	size_t first, *more;
	uint32_t *decl;
	int r;

	if (!key)
		return oom(b);
	if (strmap_get(&b->node_map, key, id)) {
		free(key);
		return 0;
	}
	r = strmap_put(&b->node_map, key, cg->nnodes);
	free(key);
	if (r || arcov_grow((void **)&cg->nodes, &b->cap_nodes, cg->nnodes + 1,
		      sizeof *cg->nodes))
		return oom(b);
	more = realloc(b->cap_lines, b->cap_nodes * sizeof *more);
	if (!more)
		return oom(b);
	b->cap_lines = more;
	decl = realloc(b->decl_line, b->cap_nodes * sizeof *decl);
	if (!decl)
		return oom(b);
	b->decl_line = decl;

	*id = cg->nnodes++;
	n = &cg->nodes[*id];
	memset(n, 0, sizeof *n);
	b->cap_lines[*id] = 0;
	b->decl_line[*id] = 0;
	n->kind = kind;
	n->file = file;
	n->name = strdup(name);
	n->display = kind == ARCOV_CG_INDIRECT ? strdup(INDIRECT_DISPLAY) :
		     b->demangle ? arcov_demangle(name) : strdup(name);
	if (!n->name || !n->display)
		return oom(b);
	if (kind != ARCOV_CG_DEFINED || strmap_get(&b->name_map, name, &first))
		return 0;
	return strmap_put(&b->name_map, name, *id) ? oom(b) : 0;
}

static int add_line(struct build *b, size_t node, uint32_t file,
		    uint32_t line, int event, uint64_t v)
{
	struct arcov_cg_node *n = &b->cg->nodes[node];
	struct arcov_cg_line *l;

	/* A block's lines are often the previous block's (a condition's
	 * arms, a loop's test): add to that entry, as settle_lines() would
	 * (saturating sums), and keep one entry, not one per block. */
	if (n->nlines) {
		l = &n->lines[n->nlines - 1];
		if (l->file == file && l->line == line) {
			l->self.ev[event] = arcov_uadd_sat(l->self.ev[event], v);
			return 0;
		}
	}
	if (arcov_grow((void **)&n->lines, &b->cap_lines[node], n->nlines + 1,
		 sizeof *n->lines))
		return oom(b);
	l = &n->lines[n->nlines++];
	memset(l, 0, sizeof *l);
	l->file = file;
	l->line = line;
	l->self.ev[event] = v;
	return 0;
}

/* The index in the project of the object holding @obj. */
static size_t obj_index(const struct build *b, const struct arcov_obj *obj)
{
	const struct arcov_pobj *po = (const struct arcov_pobj *)
		((const char *)obj - offsetof(struct arcov_pobj, obj));

	return (size_t)(po - b->p->objs);
}

/* @obj's .arcov-notes (arcov_obj_load() read them and checked that they
 * describe the same functions), with the names the profile prints. */
static int check_notes(struct build *b, const struct arcov_obj *obj)
{
	const struct arcov_notes *notes = &obj->notes;
	size_t n = strlen(obj->stem), k, c;
	char *path;
	int r = obj->notes_rc;

	if (r < 0) {
		if (b->err)
			*b->err = obj->notes_err;
		return r;
	}
	path = malloc(n + sizeof ".arcov-notes");
	if (!path)
		return oom(b);
	memcpy(path, obj->stem, n);
	memcpy(path + n, ".arcov-notes", sizeof ".arcov-notes");
	for (k = 0; r == 0 && k < notes->nfns; k++) {
		const struct arcov_notes_fn *f = &notes->fns[k];

		r = check_name(b, f->source, path, f->offset);
		for (c = 0; r == 0 && c < f->ncalls; c++)
			if (f->calls[c].callee)
				r = check_name(b, f->calls[c].callee, path,
					       f->offset);
	}
	free(path);
	return r;
}

/* Everything that must hold before an object's data is used. */
static int check_object(struct build *b, const struct arcov_obj *obj)
{
	size_t k;
	int r;

	for (k = 0; k < obj->nfns; k++) {
		const struct arcov_obj_fn *fn = &obj->fns[k];

		if (fn->status < 0) {
			if (b->err)
				*b->err = *fn->err;
			return fn->status;
		}
		r = check_name(b, fn->graph->name, obj->bbg_path,
			       fn->graph->offset);
		if (r < 0)
			return r;
	}
	for (k = 0; k < obj->bb.nfiles; k++) {
		r = check_name(b, obj->bb.files[k], obj->bb_path, 0);
		if (r < 0)
			return r;
	}
	return 0;
}

struct line_cost {
	struct build *b;
	size_t node;
};

static int add_line_cost(void *ctx, size_t src, uint32_t line, int64_t count)
{
	struct line_cost *lc = ctx;

	return add_line(lc->b, lc->node, lc->b->src_file[src], line,
			ARCOV_CG_LINES, count > 0 ? (uint64_t)count : 0);
}

/* Lines costs of @fn: its gcov 12 line counts, as if alone in its files. */
static int lines_costs(struct build *b, struct arcov_mfn *fn, size_t node)
{
	struct line_cost lc = { b, node };
	int r = arcov_modern_fn_lines(&b->scratch, fn, add_line_cost, &lc);

	return r == ARCOV_ENOMEM ? oom(b) : r;
}

/* Where the line items of block @blk lead: its lines in order, with the
 * source file of each (none for a line before any file marker). */
static uint32_t block_items(const struct arcov_bb_block *blk, int64_t *file,
			    const struct arcov_mfn *fn,
			    const uint32_t *src_file, uint32_t *files,
			    uint32_t *lines)
{
	uint32_t n = 0, i;

	for (i = 0; i < blk->nitems; i++) {
		uint32_t line = blk->items[i].line;

		if (!line) {
			*file = blk->items[i].file;
			continue;
		}
		if (*file < 0 || fn->file_src[*file] == SIZE_MAX)
			continue;
		if (files) {
			files[n] = src_file[fn->file_src[*file]];
			lines[n] = line;
		}
		n++;
	}
	return n;
}

/* Stmts costs and call sites of @fn, a function of object @oi. */
static int block_costs(struct build *b, struct arcov_mfn *fn, size_t oi,
		       size_t node)
{
	const struct arcov_obj *obj = fn->obj;
	const struct arcov_obj_fn *of = &obj->fns[fn->index];
	const struct arcov_notes_fn *nf = &obj->notes.fns[fn->index];
	const struct arcov_bb_fn *bfn =
		fn->index < obj->bb.nfns ? &obj->bb.fns[fn->index] : NULL;
	struct arcov_cg_node *n = &b->cg->nodes[node];
	uint32_t *files = NULL, *lines = NULL, blk, i, c;
	uint32_t fallback = nf->first_line ? nf->first_line : fn->start_line;
	int64_t file = fn->bb_file;
	int r = 0;

	for (blk = 0; blk < of->graph->nblocks; blk++) {
		uint64_t cost = mul_sat(nf->statements[blk],
					of->counts.block[blk]);
		int64_t at = file;
		uint32_t nl = 0;

		if (bfn && blk < bfn->nblocks) {
			nl = block_items(&bfn->blocks[blk], &file, fn,
					 b->src_file, NULL, NULL);
			free(files);
			free(lines);
			files = malloc((nl ? nl : 1) * sizeof *files);
			lines = malloc((nl ? nl : 1) * sizeof *lines);
			if (!files || !lines) {
				r = oom(b);
				goto free_items;
			}
			block_items(&bfn->blocks[blk], &at, fn, b->src_file,
				    files, lines);
		}
		if (cost && !nl)
			r = add_line(b, node, n->file, fallback,
				     ARCOV_CG_STMTS, cost);
		for (i = 0; i < nl && r >= 0; i++) {
			/* The remainder goes to the last lines, away from
			 * the declarator the first block starts with. */
			uint64_t share = nf->statements[blk] / nl +
				(i >= nl - nf->statements[blk] % nl);

			r = add_line(b, node, files[i], lines[i],
				     ARCOV_CG_STMTS,
				     mul_sat(share, of->counts.block[blk]));
		}
		if (r < 0)
			goto free_items;

		for (c = 0; c < nf->ncalls; c++) {
			const struct arcov_notes_call *call = &nf->calls[c];
			uint32_t site_file = nl ? files[nl - 1] : n->file;
			uint32_t site_line = nl ? lines[nl - 1] : fallback;
			struct pending *p;

			if (call->block != blk)
				continue;
			/* The call's line in the block gives its file; a
			 * call without a line sits on the block's last. */
			for (i = 0; call->line && i < nl; i++) {
				if (lines[i] == call->line) {
					site_file = files[i];
					break;
				}
			}
			if (call->line)
				site_line = call->line;
			if (arcov_grow((void **)&b->pending, &b->cap_pending, b->npending + 1, sizeof *b->pending)) {
				r = oom(b);
				goto free_items;
			}
			p = &b->pending[b->npending++];
			p->caller = node;
			p->obj = oi;
			p->callee = call->callee;
			p->file = site_file;
			p->line = site_line;
			p->calls = of->counts.block[blk];
		}
	}
	n->entries = arcov_uadd_sat(n->entries, arcov_obj_fn_calls(of));
free_items:
	free(files);
	free(lines);
	return r;
}

/* The defined node @name resolves to from object @oi: that object's own
 * function first, else the first loaded one of that name. */
static int find_defined(struct build *b, size_t oi, const char *name,
			size_t *id)
{
	char num[24], *key;
	int found;

	snprintf(num, sizeof num, "%zu", oi);
	key = key2(num, name);
	if (!key)
		return oom(b);
	found = strmap_get(&b->local_map, key, id);
	free(key);
	if (!found)
		found = strmap_get(&b->name_map, name, id);
	return found;
}

/* The node a call to @name from object @oi goes to.  C++ complete-object
 * constructors and destructors (C1, D1) are usually emitted as aliases of
 * the base-object ones (C2, D2), which are then the only bodies with data;
 * so a call to a C1/D1 name without a body goes to its C2/D2 twin. */
static int resolve(struct build *b, size_t oi, const char *name, size_t *id)
{
	char *alt;
	size_t i, n = strlen(name);
	int r;

	r = find_defined(b, oi, name, id);
	if (r)
		return r < 0 ? r : 0;
	alt = strdup(name);
	if (!alt)
		return oom(b);
	for (i = 0; !strncmp(name, "_Z", 2) && i + 1 < n; i++) {
		if ((name[i] != 'C' && name[i] != 'D') || name[i + 1] != '1')
			continue;
		alt[i + 1] = '2';
		r = find_defined(b, oi, alt, id);
		alt[i + 1] = '1';
		if (r)
			break;
	}
	free(alt);
	if (r)
		return r < 0 ? r : 0;
	return node_for(b, name, 0 /* ??? */, ARCOV_CG_EXTERNAL, id);
}

static int cmp_line(const void *pa, const void *pb, void *arg)
{
	const struct arcov_cg_line *a = pa, *b = pb;

	return arcov_cg_place_cmp(*(const uint32_t *)arg, a->file, a->line,
				  b->file, b->line);
}

/* Sort @n's lines, merge repeats, total its self cost, find its first. */
static void settle_lines(struct arcov_cg_node *n, uint32_t decl_line)
{
	size_t i, k = 0;

	qsort_r(n->lines, n->nlines, sizeof *n->lines, cmp_line, &n->file);
	for (i = 0; i < n->nlines; i++) {
		if (k && n->lines[k - 1].file == n->lines[i].file &&
		    n->lines[k - 1].line == n->lines[i].line) {
			cost_add(&n->lines[k - 1].self, &n->lines[i].self);
			continue;
		}
		n->lines[k++] = n->lines[i];
	}
	n->nlines = k;
	for (i = 0; i < n->nlines; i++)
		cost_add(&n->self, &n->lines[i].self);
	if (n->nlines && n->lines[0].file == n->file)
		n->first_line = n->lines[0].line;
	else
		n->first_line = decl_line;
}

static int cmp_call(const void *pa, const void *pb, void *arg)
{
	const struct arcov_cg_call *a = pa, *b = pb;
	const struct arcov_cg_node *nodes = arg;
	int r;

	if (a->caller != b->caller)
		return a->caller < b->caller ? -1 : 1;
	r = arcov_cg_place_cmp(nodes[a->caller].file, a->file, a->line,
			       b->file, b->line);
	if (r)
		return r;
	return a->callee < b->callee ? -1 : a->callee > b->callee;
}

/* Resolve every pending call, then sort and merge them by caller. */
static int settle_calls(struct build *b)
{
	struct arcov_callgraph *cg = b->cg;
	size_t i, k = 0, indirect = SIZE_MAX;
	int r;

	cg->calls = calloc(b->npending ? b->npending : 1, sizeof *cg->calls);
	if (!cg->calls)
		return oom(b);
	for (i = 0; i < b->npending; i++) {
		const struct pending *p = &b->pending[i];
		struct arcov_cg_call *c = &cg->calls[i];

		if (!p->callee && indirect == SIZE_MAX) {
			r = node_for(b, INDIRECT_NAME, 0, ARCOV_CG_INDIRECT,
				     &indirect);
			if (r < 0)
				return r;
		}
		if (p->callee) {
			r = resolve(b, p->obj, p->callee, &c->callee);
			if (r < 0)
				return r;
		} else {
			c->callee = indirect;
		}
		c->caller = p->caller;
		c->file = p->file;
		c->line = p->line;
		c->calls = p->calls;
	}
	qsort_r(cg->calls, b->npending, sizeof *cg->calls, cmp_call,
		cg->nodes);
	for (i = 0; i < b->npending; i++) {
		struct arcov_cg_call *c = &cg->calls[i];

		if (k && cmp_call(&cg->calls[k - 1], c, cg->nodes) == 0) {
			cg->calls[k - 1].calls = arcov_uadd_sat(cg->calls[k - 1].calls,
							 c->calls);
			continue;
		}
		cg->calls[k++] = *c;
	}
	cg->ncalls = k;
	for (i = cg->ncalls; i-- > 0;) {
		struct arcov_cg_node *n = &cg->nodes[cg->calls[i].caller];

		n->first_call = i;
		n->ncalls++;
	}
	/* A callee without data is entered as often as it is called. */
	for (i = 0; i < cg->ncalls; i++) {
		struct arcov_cg_node *n = &cg->nodes[cg->calls[i].callee];

		if (n->kind != ARCOV_CG_DEFINED)
			n->entries = arcov_uadd_sat(n->entries, cg->calls[i].calls);
	}
	return 0;
}

/* ---- cycles and inclusive costs ---- */

/* Tarjan's algorithm without recursion.  Numbers each node's cycle and
 * fills @order with the nodes, cycles completed first (so callees first),
 * the members of a cycle by node number. */
static int find_cycles(struct arcov_callgraph *cg, size_t *order)
{
	size_t n = cg->nnodes, i, next = 0, top = 0, depth, done = 0;
	size_t ncycles = 0;
	size_t *index = malloc((n + 1) * sizeof *index);
	size_t *low = malloc((n + 1) * sizeof *low);
	size_t *stack = malloc((n + 1) * sizeof *stack);
	size_t *frame = malloc((n + 1) * sizeof *frame);
	size_t *edge = malloc((n + 1) * sizeof *edge);
	unsigned char *on = calloc(n + 1, 1);
	int r = 0;

	if (!index || !low || !stack || !frame || !edge || !on) {
		r = ARCOV_ENOMEM;
		goto free_all;
	}
	for (i = 0; i < n; i++)
		index[i] = SIZE_MAX;
	for (i = 0; i < n; i++) {
		if (index[i] != SIZE_MAX)
			continue;
		depth = 0;
		frame[depth] = i;
		edge[depth] = 0;
		index[i] = low[i] = next++;
		stack[top++] = i;
		on[i] = 1;
		while (depth != SIZE_MAX) {
			size_t v = frame[depth];
			const struct arcov_cg_node *nv = &cg->nodes[v];

			if (edge[depth] < nv->ncalls) {
				size_t w = cg->calls[nv->first_call +
						     edge[depth]++].callee;

				if (index[w] == SIZE_MAX) {
					depth++;
					frame[depth] = w;
					edge[depth] = 0;
					index[w] = low[w] = next++;
					stack[top++] = w;
					on[w] = 1;
				} else if (on[w] && index[w] < low[v]) {
					low[v] = index[w];
				}
				continue;
			}
			if (low[v] == index[v]) {
				size_t start = top, a, c;

				do {
					start--;
					on[stack[start]] = 0;
					cg->nodes[stack[start]].cycle =
						ncycles;
				} while (stack[start] != v);
				/* Members by node number: insertion sort. */
				for (a = start + 1; a < top; a++) {
					size_t t = stack[a];

					for (c = a; c > start &&
					     stack[c - 1] > t; c--)
						stack[c] = stack[c - 1];
					stack[c] = t;
				}
				memcpy(order + done, stack + start,
				       (top - start) * sizeof *order);
				done += top - start;
				top = start;
				ncycles++;
			}
			if (depth-- > 0 && low[v] < low[frame[depth]])
				low[frame[depth]] = low[v];
		}
	}
free_all:
	free(index);
	free(low);
	free(stack);
	free(frame);
	free(edge);
	free(on);
	return r;
}

/* floor(@a * @num / @den), with @num <= @den. */
static uint64_t share(uint64_t a, uint64_t num, uint64_t den)
{
	return (uint64_t)((unsigned __int128)a * num / den);
}

/* The writing order: @order (callees first); a callee of the same cycle
 * that comes later is declared before the first call to it. */
static int order_steps(struct arcov_callgraph *cg, const size_t *order)
{
	size_t n = cg->nnodes, i, k;
	unsigned char *seen = calloc(n + 1, 1);

	cg->steps = malloc((2 * n + 1) * sizeof *cg->steps);
	if (!cg->steps || !seen) {
		free(seen);
		return ARCOV_ENOMEM;
	}
	for (i = 0; i < n; i++) {
		const struct arcov_cg_node *v = &cg->nodes[order[i]];

		for (k = 0; k < v->ncalls; k++) {
			size_t w = cg->calls[v->first_call + k].callee;

			if (!seen[w] && w != order[i]) {
				seen[w] = 1;
				cg->steps[cg->nsteps].node = w;
				cg->steps[cg->nsteps++].declare = 1;
			}
		}
		seen[order[i]] = 1;
		cg->steps[cg->nsteps].node = order[i];
		cg->steps[cg->nsteps++].declare = 0;
	}
	free(seen);
	return 0;
}

/* Give each call site its cost, cycle by cycle, callees first. */
static int attribute(struct build *b)
{
	struct arcov_callgraph *cg = b->cg;
	size_t n = cg->nnodes, i, j, k, start, end;
	size_t *order = malloc((n + 1) * sizeof *order);
	size_t *in_start = calloc(n + 2, sizeof *in_start);
	size_t *in = malloc((cg->ncalls + 1) * sizeof *in);
	int r = ARCOV_ENOMEM, e;

	if (!order || !in_start || !in)
		goto free_all;
	r = find_cycles(cg, order);
	if (r < 0)
		goto free_all;
	/* Incoming calls of each node, in call order. */
	for (i = 0; i < cg->ncalls; i++)
		in_start[cg->calls[i].callee + 2]++;
	for (i = 2; i < n + 2; i++)
		in_start[i] += in_start[i - 1];
	for (i = 0; i < cg->ncalls; i++)
		in[in_start[cg->calls[i].callee + 1]++] = i;

	for (start = 0; start < n; start = end) {
		size_t cyc = cg->nodes[order[start]].cycle;
		struct arcov_cg_cost incl = { { 0 } }, cum_cost;
		uint64_t entries = 0, internal = 0, known = 0, den, cum;

		for (end = start; end < n && cg->nodes[order[end]].cycle == cyc;
		     end++) {
			struct arcov_cg_node *v = &cg->nodes[order[end]];

			cost_add(&incl, &v->self);
			entries = arcov_uadd_sat(entries, v->entries);
			for (k = 0; k < v->ncalls; k++) {
				struct arcov_cg_call *c =
					&cg->calls[v->first_call + k];

				if (cg->nodes[c->callee].cycle == cyc)
					internal = arcov_uadd_sat(internal, c->calls);
				else
					cost_add(&incl, &c->cost);
			}
			for (k = in_start[order[end]];
			     k < in_start[order[end] + 1]; k++) {
				const struct arcov_cg_call *c =
					&cg->calls[in[k]];

				if (cg->nodes[c->caller].cycle != cyc)
					known = arcov_uadd_sat(known, c->calls);
			}
		}
		/* Entries from outside: all entries but the calls made
		 * inside, and at least the calls seen coming in. */
		den = entries > internal ? entries - internal : 0;
		if (den < known)
			den = known;
		cum = 0;
		memset(&cum_cost, 0, sizeof cum_cost);
		for (j = start; j < end && den; j++) {
			for (k = in_start[order[j]]; k < in_start[order[j] + 1];
			     k++) {
				struct arcov_cg_call *c = &cg->calls[in[k]];

				if (cg->nodes[c->caller].cycle == cyc)
					continue;
				cum = arcov_uadd_sat(cum, c->calls);
				for (e = 0; e < ARCOV_CG_NEVENTS; e++) {
					uint64_t upto = share(incl.ev[e], cum,
							      den);

					c->cost.ev[e] = upto - cum_cost.ev[e];
					cum_cost.ev[e] = upto;
				}
			}
		}
	}
	for (i = 0; i < n; i++) {
		struct arcov_cg_node *v = &cg->nodes[i];

		v->inclusive = v->self;
		for (k = 0; k < v->ncalls; k++)
			cost_add(&v->inclusive,
				 &cg->calls[v->first_call + k].cost);
		cost_add(&cg->total, &v->self);
	}

	r = order_steps(cg, order);
free_all:
	free(order);
	free(in_start);
	free(in);
	return r < 0 ? arcov_errf(b->err, r, NULL, -1, "out of memory") : 0;
}

/* ---- the whole ---- */

static int add_objects(struct build *b)
{
	char msg[ARCOV_ERR_MAX];
	size_t i;
	int r;

	for (i = 0; i < b->p->nobjs; i++) {
		const struct arcov_obj *obj = &b->p->objs[i].obj;

		if (b->p->objs[i].duplicate)
			continue;
		if (b->p->objs[i].rc < 0) {
			if (b->err)
				*b->err = b->p->objs[i].err;
			return b->p->objs[i].rc;
		}
		r = check_object(b, obj);
		if (r < 0)
			return r;
		r = check_notes(b, obj);
		if (r < 0)
			return r;
		if (!obj->have_da)
			arcov_logf(b->log, "arcov: warning: %s: no data file, "
				   "exported as never executed\n",
				   obj->da_path);
		else if (!obj->selected)
			arcov_logf(b->log, "arcov: warning: %s: no such run, "
				   "exported as never executed\n",
				   obj->da_path);
		if (arcov_obj_stale_warning(obj, msg, sizeof msg))
			arcov_logf(b->log, "arcov: warning: %s\n", msg);
	}
	b->src_file = calloc(b->m->nsrcs + 1, sizeof *b->src_file);
	if (!b->src_file || arcov_modern_scratch(b->m, &b->scratch) < 0)
		return oom(b);
	for (i = 0; i < b->m->nsrcs; i++) {
		r = file_index(b, b->m->srcs[i].name, &b->src_file[i]);
		if (r < 0)
			return r;
	}
	return 0;
}

/* One node per function, its self costs and its call sites. */
static int add_functions(struct build *b)
{
	size_t j, k, node;
	int r;

	for (j = 0; j < b->m->nfns; j++) {
		struct arcov_mfn *fn = b->m->fns[j];
		size_t oi = obj_index(b, fn->obj);
		const struct arcov_notes_fn *nf =
			&fn->obj->notes.fns[fn->index];
		uint32_t home = 0;
		char num[24], *key;

		/* The scratch's line tables of one object's sources, not of
		 * the whole tree's at once. */
		if (j && fn->obj != b->m->fns[j - 1]->obj)
			arcov_modern_scratch_trim(&b->scratch);
		/* Filtered out: known to the profile only as a callee. */
		if (fn->src != SIZE_MAX && b->m->srcs[fn->src].filtered)
			continue;
		if (fn->src != SIZE_MAX)
			r = file_index(b, b->m->srcs[fn->src].name, &home);
		else
			r = file_index(b, nf->source[0] ? nf->source :
				       UNKNOWN_FILE, &home);
		if (r < 0)
			return r;
		r = node_for(b, fn->name, home, ARCOV_CG_DEFINED, &node);
		if (r < 0)
			return r;
		if (!b->decl_line[node])
			b->decl_line[node] = nf->first_line;
		snprintf(num, sizeof num, "%zu", oi);
		key = key2(num, fn->name);
		if (!key)
			return oom(b);
		if (!strmap_get(&b->local_map, key, &k) &&
		    strmap_put(&b->local_map, key, node)) {
			free(key);
			return oom(b);
		}
		free(key);

		r = lines_costs(b, fn, node);
		if (r < 0)
			return r;
		r = block_costs(b, fn, oi, node);
		if (r < 0)
			return r;
	}
	return 0;
}

int arcov_callgraph_build(struct arcov_callgraph *cg,
			  const struct arcov_project *p, int demangle,
			  struct arcov_log *log, struct arcov_err *err)
{
	struct build b;
	uint32_t unknown;
	size_t i, defined;
	int r;

	memset(&b, 0, sizeof b);
	b.cg = cg;
	b.p = p;
	b.m = &p->lines;
	b.demangle = demangle;
	b.err = err;
	b.log = log;
	r = file_index(&b, UNKNOWN_FILE, &unknown);
	if (r < 0)
		goto free_build;
	r = add_objects(&b);
	if (r < 0)
		goto free_build;
	r = add_functions(&b);
	if (r < 0)
		goto free_build;
	defined = cg->nnodes;
	for (i = 0; i < defined; i++)
		settle_lines(&cg->nodes[i], b.decl_line[i]);
	r = settle_calls(&b);
	if (r < 0)
		goto free_build;
	r = attribute(&b);
free_build:
	free(b.decl_line);
	arcov_modern_scratch_free(&b.scratch);
	free(b.src_file);
	strmap_free(&b.file_map);
	strmap_free(&b.node_map);
	strmap_free(&b.local_map);
	strmap_free(&b.name_map);
	free(b.cap_lines);
	free(b.pending);
	return r;
}

void arcov_callgraph_free(struct arcov_callgraph *cg)
{
	size_t i;

	for (i = 0; i < cg->nfiles; i++)
		free(cg->files[i]);
	free(cg->files);
	for (i = 0; i < cg->nnodes; i++) {
		free(cg->nodes[i].name);
		free(cg->nodes[i].display);
		free(cg->nodes[i].lines);
	}
	free(cg->nodes);
	free(cg->calls);
	free(cg->steps);
	memset(cg, 0, sizeof *cg);
}
