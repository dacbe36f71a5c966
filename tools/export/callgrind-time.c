/* callgrind-time.c -- the time profile as a callgrind file in xdebug's
 * shape (doc/formats.md §6.3: events "Time_(10ns)" or "Time_(ns)", one cost
 * line per function block, every callee's block before a call to it) and
 * as webgrind's preprocessed model of that file, which webgrind.c writes.
 *
 * Functions are written callees first (depth-first, post-order over the
 * arcs); a callee met again through recursion before its block is
 * declared by a zero-cost block first, as callgraph.c's steps do.
 */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profile-export.h"
#include "strmap.h"

struct layout {
	const struct arcov_profile *p;
	size_t *order;		/* blocks: fn index, or ~fn for a declaration */
	size_t nblocks;
	size_t *first_arc;	/* per caller, into p->arcs; ROOT arcs last */
	size_t nfiles;
	size_t *file_of;	/* per fn, its file number */
	char **files;
	struct strmap file_map;
};

static void layout_free(struct layout *l)
{
	free(l->order);
	free(l->first_arc);
	free(l->file_of);
	free(l->files);
	strmap_free(&l->file_map);
}

/* Post-order from @fn: its callees' blocks, then its own. */
static void visit(struct layout *l, size_t fn, unsigned char *state,
		  size_t *stack)
{
	const struct arcov_profile *p = l->p;
	size_t depth = 0;

	state[fn] = 1;
	stack[depth++] = fn;
	/* stack holds fn, and each frame's next arc in stack[depth] pairs. */
	while (depth) {
		size_t cur = stack[depth - 1], k;
		int pushed = 0;

		for (k = l->first_arc[cur]; k < l->first_arc[cur + 1]; k++) {
			size_t callee = p->arcs[k].callee;

			if (!state[callee]) {
				state[callee] = 1;
				stack[depth++] = callee;
				pushed = 1;
				break;
			}
		}
		if (pushed)
			continue;
		for (k = l->first_arc[cur]; k < l->first_arc[cur + 1]; k++) {
			size_t callee = p->arcs[k].callee;

			if (state[callee] == 1 && callee != cur) {
				l->order[l->nblocks++] = ~callee;
				state[callee] = 3;	/* declared */
			}
		}
		l->order[l->nblocks++] = cur;
		state[cur] = 2;
		depth--;
	}
}

static int layout_build(struct layout *l, const struct arcov_profile *p)
{
	unsigned char *state = calloc(p->nfns + 1, 1);
	size_t *stack = malloc((p->nfns + 1) * sizeof *stack);
	size_t i, k;
	int rc = ARCOV_ENOMEM;

	memset(l, 0, sizeof *l);
	l->p = p;
	l->order = malloc((2 * p->nfns + 1) * sizeof *l->order);
	l->first_arc = calloc(p->nfns + 2, sizeof *l->first_arc);
	l->file_of = malloc((p->nfns + 1) * sizeof *l->file_of);
	l->files = malloc((p->nfns + 1) * sizeof *l->files);
	if (!state || !stack || !l->order || !l->first_arc || !l->file_of ||
	    !l->files)
		goto out;
	/* Arcs are sorted by caller, ROOT (SIZE_MAX) last. */
	for (i = 0, k = 0; i <= p->nfns; i++) {
		while (k < p->narcs && p->arcs[k].caller < i)
			k++;
		l->first_arc[i] = k;
	}
	l->first_arc[p->nfns + 1] = p->narcs;
	for (i = 0; i < p->nfns; i++) {
		if (!strmap_get(&l->file_map, p->fns[i].file, &k)) {
			k = l->nfiles;
			if (strmap_put(&l->file_map, p->fns[i].file, k))
				goto out;
			l->files[l->nfiles++] = p->fns[i].file;
		}
		l->file_of[i] = k;
	}
	/* Roots first (what threads start in), then anything left. */
	for (k = l->first_arc[p->nfns]; k < p->narcs; k++)
		if (!state[p->arcs[k].callee])
			visit(l, p->arcs[k].callee, state, stack);
	for (i = 0; i < p->nfns; i++)
		if (!state[i])
			visit(l, i, state, stack);
	rc = 0;
out:
	free(state);
	free(stack);
	if (rc)
		layout_free(l);
	return rc;
}

static uint64_t cost(uint64_t ns, int unit)
{
	return unit == 1 ? ns : (ns + (uint64_t)unit / 2) / (uint64_t)unit;
}

static void name_line(FILE *f, const char *key, size_t id, const char *name,
		      unsigned char *done)
{
	fprintf(f, "%s=(%zu)", key, id + 1);
	if (!done[id])
		fprintf(f, " %s", name);
	done[id] = 1;
	fputc('\n', f);
}

int arcov_pf_callgrind_write(const struct arcov_profile *p, const char *cmd,
			     int unit_ns, FILE *f)
{
	struct layout l;
	unsigned char *fn_done, *file_done;
	uint64_t total = 0;
	size_t b, i, k;
	int rc = layout_build(&l, p);

	if (rc)
		return rc;
	fn_done = calloc(p->nfns + 1, 1);
	file_done = calloc(l.nfiles + 1, 1);
	if (!fn_done || !file_done) {
		rc = ARCOV_ENOMEM;
		goto out;
	}
	for (i = 0; i < p->nfns; i++)
		total += cost(p->fns[i].self, unit_ns);
	fprintf(f, "version: 1\ncreator: arcov %s\ncmd: %s\npart: 1\n"
		"positions: line\n\nevents: Time_(%sns)\nsummary: %" PRIu64
		"\n", PACKAGE_VERSION, cmd, unit_ns == 1 ? "" : "10", total);
	for (b = 0; b < l.nblocks; b++) {
		int declare = l.order[b] > p->nfns;
		size_t fn = declare ? ~l.order[b] : l.order[b];
		const struct arcov_pf_fn *x = &p->fns[fn];

		fputc('\n', f);
		name_line(f, "fl", l.file_of[fn], x->file, file_done);
		name_line(f, "fn", fn, x->display, fn_done);
		fprintf(f, "%" PRIu32 " %" PRIu64 "\n", x->line,
			declare ? 0 : cost(x->self, unit_ns));
		if (declare)
			continue;
		for (k = l.first_arc[fn]; k < l.first_arc[fn + 1]; k++) {
			const struct arcov_pf_arc *a = &p->arcs[k];
			const struct arcov_pf_fn *y = &p->fns[a->callee];

			name_line(f, "cfl", l.file_of[a->callee], y->file,
				  file_done);
			name_line(f, "cfn", a->callee, y->display, fn_done);
			fprintf(f, "calls=%" PRIu64 " %" PRIu32 "\n%" PRIu32
				" %" PRIu64 "\n", a->calls, y->line, x->line,
				cost(a->incl, unit_ns));
		}
	}
	rc = ferror(f) ? ARCOV_EIO : 0;
out:
	free(fn_done);
	free(file_done);
	layout_free(&l);
	return rc;
}

static uint32_t sat32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/* Add @c to @list, merged with an entry of the same function and line as
 * webgrind's preprocessor merges them. */
static void add_call(struct arcov_wg_call **list, size_t *n,
		     const struct arcov_wg_call *c)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if ((*list)[i].fn == c->fn && (*list)[i].line == c->line)
			break;
	if (i == *n) {
		(*list)[(*n)++] = *c;
		return;
	}
	(*list)[i].count = sat32((uint64_t)(*list)[i].count + c->count);
	(*list)[i].cost = sat32((uint64_t)(*list)[i].cost + c->cost);
}

int arcov_pf_webgrind_build(struct arcov_webgrind *wg,
			    const struct arcov_profile *p, const char *cmd)
{
	struct layout l;
	size_t *number, b, k, nfn = 0;
	uint64_t total = 0;
	int rc = layout_build(&l, p);

	memset(wg, 0, sizeof *wg);
	if (rc)
		return rc;
	rc = ARCOV_ENOMEM;
	number = malloc((p->nfns + 1) * sizeof *number);
	wg->fns = calloc(p->nfns + 1, sizeof *wg->fns);
	wg->headers = calloc(4, sizeof *wg->headers);
	wg->storage = malloc(64);
	if (!number || !wg->fns || !wg->headers || !wg->storage)
		goto out;
	/* Numbered as webgrind meets them in the callgrind file, its
	 * declaration blocks included. */
	for (k = 0; k < p->nfns; k++)
		number[k] = SIZE_MAX;
	for (b = 0; b < l.nblocks; b++) {
		size_t fn = l.order[b] > p->nfns ? ~l.order[b] : l.order[b];
		const struct arcov_pf_fn *x = &p->fns[fn];
		struct arcov_wg_fn *w;

		if (number[fn] != SIZE_MAX)
			continue;
		number[fn] = nfn;
		w = &wg->fns[nfn++];
		w->line = x->line;
		w->self = sat32(cost(x->self, 10));
		w->invocations = sat32(x->stat.hits);
		w->file = x->file;
		w->name = x->display;
		total += cost(x->self, 10);
	}
	wg->nfns = nfn;
	for (k = 0; k < p->nfns; k++) {
		struct arcov_wg_fn *w = &wg->fns[number[k]];
		size_t in = 0, j;

		for (j = 0; j < p->narcs; j++)
			in += p->arcs[j].callee == k &&
			      p->arcs[j].caller != ARCOV_PF_ROOT;
		w->callers = calloc(in + 1, sizeof *w->callers);
		w->callees = calloc(l.first_arc[k + 1] - l.first_arc[k] + 1,
				    sizeof *w->callees);
		if (!w->callers || !w->callees)
			goto out;
	}
	for (k = 0; k < p->narcs; k++) {
		const struct arcov_pf_arc *a = &p->arcs[k];
		struct arcov_wg_fn *to = &wg->fns[number[a->callee]];
		struct arcov_wg_call c;

		if (a->caller == ARCOV_PF_ROOT)
			continue;
		c.line = p->fns[a->caller].line;
		c.count = sat32(a->calls);
		c.cost = sat32(cost(a->incl, 10));
		c.fn = (uint32_t)number[a->callee];
		add_call(&wg->fns[number[a->caller]].callees,
			 &wg->fns[number[a->caller]].ncallees, &c);
		wg->fns[number[a->caller]].inclusive =
			sat32((uint64_t)wg->fns[number[a->caller]].inclusive +
			      c.cost);
		c.fn = (uint32_t)number[a->caller];
		add_call(&to->callers, &to->ncallers, &c);
	}
	for (k = 0; k < nfn; k++)
		wg->fns[k].inclusive = sat32((uint64_t)wg->fns[k].inclusive +
					     wg->fns[k].self);
	arcov_webgrind_headers(wg, cmd, "Time_(10ns)", total);
	rc = 0;
out:
	free(number);
	layout_free(&l);
	if (rc)
		arcov_webgrind_free(wg);
	return rc;
}
