/* profile.c -- the time model (profile.h): trace files read through
 * lib/trace.c and merged; functions keyed by name and file, arcs by
 * caller, callee and call site, one context per thread of each file.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "names.h"
#include "profile.h"
#include "strmap.h"
#include "util.h"

static void span_merge(struct arcov_trace_span *s,
		       const struct arcov_trace_span *a)
{
	if (!a->count)
		return;
	if (!s->count || a->min < s->min)
		s->min = a->min;
	if (a->max > s->max)
		s->max = a->max;
	s->count += a->count;
	s->total = arcov_uadd_sat(s->total, a->total);
}

static void span_add(struct arcov_trace_span *s, uint64_t v)
{
	struct arcov_trace_span one = { 1, v, v, v };

	span_merge(s, &one);
}

static void stat_merge(struct arcov_pf_stat *s, const struct arcov_pf_stat *a)
{
	s->hits += a->hits;
	span_merge(&s->net, &a->net);
	span_merge(&s->gross, &a->gross);
	span_merge(&s->period, &a->period);
	span_merge(&s->outside, &a->outside);
	s->outer = arcov_uadd_sat(s->outer, a->outer);
}

/* One open activation while walking a timeline. */
struct open_call {
	size_t fn;
	uint64_t start, child;
};

void arcov_pf_stats_from_events(struct arcov_pf_stat *stats, size_t nfns,
				const struct arcov_pf_event *ev, size_t n)
{
	struct open_call *stack = malloc((n / 2 + 1) * sizeof *stack);
	uint64_t *last_entry = calloc(nfns + 1, sizeof *last_entry);
	uint64_t *last_exit = calloc(nfns + 1, sizeof *last_exit);
	uint32_t *active = calloc(nfns + 1, sizeof *active);
	unsigned char *exited = calloc(nfns + 1, 1);
	size_t depth = 0, i;

	if (!stack || !last_entry || !last_exit || !active || !exited)
		goto out;
	for (i = 0; i < n; i++) {
		struct arcov_pf_stat *s = &stats[ev[i].fn];
		size_t f = ev[i].fn;
		uint64_t t = ev[i].time;

		if (ev[i].kind == ARCOV_TRACE_RESUME) {
			/* Running before the context began: not a hit. */
			active[f]++;
			stack[depth].fn = f;
			stack[depth].start = t;
			stack[depth++].child = 0;
		} else if (ev[i].kind == ARCOV_TRACE_ENTRY) {
			if (s->hits)
				span_add(&s->period, t - last_entry[f]);
			if (exited[f] && !active[f])
				span_add(&s->outside, t - last_exit[f]);
			s->hits++;
			active[f]++;
			last_entry[f] = t;
			stack[depth].fn = f;
			stack[depth].start = t;
			stack[depth++].child = 0;
		} else if (depth) {
			struct open_call *c = &stack[--depth];
			uint64_t dt = t - c->start;

			span_add(&s->gross, dt);
			span_add(&s->net, dt - c->child);
			if (depth)
				stack[depth - 1].child += dt;
			if (!--active[f])
				s->outer += dt;
			last_exit[f] = t;
			exited[f] = 1;
		}
	}
out:
	free(stack);
	free(last_entry);
	free(last_exit);
	free(active);
	free(exited);
}

struct loader {
	struct arcov_profile *p;
	struct strmap fn_keys;	/* "file\nname" -> index */
	size_t fns_cap, arcs_cap, ctx_cap;
	int demangle;
};

static int fn_index(struct loader *l, const struct arcov_trace_fn *f,
		    size_t *idx)
{
	struct arcov_profile *p = l->p;
	size_t n = strlen(f->file) + strlen(f->name) + 2;
	char *key = malloc(n);
	struct arcov_pf_fn *fn;
	int rc = ARCOV_ENOMEM;

	if (!key)
		return rc;
	snprintf(key, n, "%s\n%s", f->file, f->name);
	if (strmap_get(&l->fn_keys, key, idx)) {
		free(key);
		return 0;
	}
	if (arcov_grow((void **)&p->fns, &l->fns_cap, p->nfns + 1,
		       sizeof *p->fns) ||
	    strmap_put(&l->fn_keys, key, p->nfns))
		goto out;
	fn = &p->fns[p->nfns];
	memset(fn, 0, sizeof *fn);
	fn->name = strdup(f->name);
	fn->file = strdup(f->file);
	fn->display = l->demangle ? arcov_demangle(f->name) : strdup(f->name);
	fn->line = f->line;
	*idx = p->nfns++;
	fn->handle = (uint32_t)p->nfns;
	rc = fn->name && fn->file && fn->display ? 0 : ARCOV_ENOMEM;
out:
	free(key);
	return rc;
}

static int arc_cmp(const void *pa, const void *pb)
{
	const struct arcov_pf_arc *a = pa, *b = pb;

	if (a->caller != b->caller)
		return a->caller < b->caller ? -1 : 1;	/* ROOT last */
	if (a->callee != b->callee)
		return a->callee < b->callee ? -1 : 1;
	return a->site < b->site ? -1 : a->site > b->site;
}

/* Sort the arcs and add up the duplicates (same caller, callee, site). */
static void arcs_fold(struct arcov_profile *p)
{
	size_t i, k = 0;

	if (!p->narcs)
		return;
	qsort(p->arcs, p->narcs, sizeof *p->arcs, arc_cmp);
	for (i = 1; i < p->narcs; i++) {
		struct arcov_pf_arc *a = &p->arcs[k], *b = &p->arcs[i];

		if (arc_cmp(a, b)) {
			p->arcs[++k] = *b;
			continue;
		}
		if (b->calls && (!a->min || b->min < a->min))
			a->min = b->min;
		if (b->max > a->max)
			a->max = b->max;
		a->calls += b->calls;
		a->incl += b->incl;
		a->self += b->self;
	}
	p->narcs = k + 1;
}

/* The events of @th as a nested list: open calls closed at the end. */
static int ctx_events(struct arcov_pf_ctx *c, const struct arcov_trace_thread *th,
		      const size_t *map, uint64_t origin)
{
	size_t *stack = malloc((th->nevents + 1) * sizeof *stack);
	size_t depth = 0, n = 0;
	uint64_t i, end = th->end;

	c->events = malloc((2 * th->nevents + 1) * sizeof *c->events);
	if (!stack || !c->events) {
		free(stack);
		return ARCOV_ENOMEM;
	}
	for (i = 0; i < th->nevents; i++) {
		const struct arcov_trace_event *e = &th->events[i];
		struct arcov_pf_event *o = &c->events[n];

		if (e->kind == ARCOV_TRACE_EXIT &&
		    (!depth || stack[depth - 1] != map[e->fn]))
			continue;	/* not the innermost open call */
		o->time = e->time - origin;
		o->fn = map[e->fn];
		o->core = e->core;
		o->kind = e->kind;
		if (e->kind != ARCOV_TRACE_EXIT)
			stack[depth++] = o->fn;
		else
			depth--;
		n++;
		if (e->time > end)
			end = e->time;
	}
	while (depth) {
		struct arcov_pf_event *o = &c->events[n++];

		o->time = end - origin;
		o->fn = stack[--depth];
		o->core = -1;
		o->kind = ARCOV_TRACE_EXIT;
	}
	c->nevents = n;
	free(stack);
	return 0;
}

static int add_trace(struct loader *l, const struct arcov_trace *t)
{
	struct arcov_profile *p = l->p;
	size_t *map = calloc(t->nfns + 1, sizeof *map);
	uint32_t i, k;
	int rc = ARCOV_ENOMEM;

	if (!map)
		return rc;
	for (i = 0; i < t->nfns; i++) {
		rc = fn_index(l, &t->fns[i], &map[i + 1]);
		if (rc)
			goto out;
	}
	map[0] = ARCOV_PF_ROOT;
	if (!p->cmd) {
		p->cmd = strdup(t->cmd ? t->cmd : "");
		if (!p->cmd)
			goto out;
	}
	p->lost_threads += t->lost_threads;
	p->timeline |= (t->flags & ARCOV_TRACE_TIMELINE) != 0;
	p->tsc &= (t->flags & ARCOV_TRACE_TSC) != 0;
	for (i = 0; i < t->nthreads; i++) {
		const struct arcov_trace_thread *th = &t->threads[i];
		struct arcov_pf_ctx *c;

		rc = arcov_grow((void **)&p->ctx, &l->ctx_cap, p->nctx + 1,
				sizeof *p->ctx);
		if (!rc)
			rc = arcov_grow((void **)&p->arcs, &l->arcs_cap,
					p->narcs + th->nedges, sizeof *p->arcs);
		if (rc)
			goto out;
		c = &p->ctx[p->nctx++];
		memset(c, 0, sizeof *c);
		c->pid = t->pid;
		c->tid = th->tid;
		if (t->label && *t->label) {
			c->label = strdup(t->label);
			if (!c->label) {
				rc = ARCOV_ENOMEM;
				goto out;
			}
		}
		c->start = th->start - p->origin;
		c->end = th->end - p->origin;
		c->lost = th->lost;
		p->lost_events += th->lost;
		for (k = 0; k < th->nedges; k++) {
			const struct arcov_trace_edge *e = &th->edges[k];
			struct arcov_pf_arc *a = &p->arcs[p->narcs++];

			a->caller = map[e->caller];
			a->callee = map[e->callee];
			a->site = e->site;
			a->calls = e->calls;
			a->incl = e->incl;
			a->self = e->self;
			a->min = e->min;
			a->max = e->max;
		}
		/* Statistics come once every file is in (ctx_stats). */
		rc = ctx_events(c, th, map, p->origin);
		if (rc)
			goto out;
	}
	rc = 0;
out:
	free(map);
	return rc;
}

/* Statistics of context @c: from its timeline when complete, else from
 * what the runtime aggregated (@th, with @map its function numbers). */
static int ctx_stats(struct arcov_profile *p, struct arcov_pf_ctx *c,
		     const struct arcov_trace_thread *th, const size_t *map,
		     uint32_t flags)
{
	uint32_t k;

	c->stats = calloc(p->nfns + 1, sizeof *c->stats);
	if (!c->stats)
		return ARCOV_ENOMEM;
	if ((flags & ARCOV_TRACE_TIMELINE) && !c->lost) {
		arcov_pf_stats_from_events(c->stats, p->nfns, c->events,
					   c->nevents);
		return 0;
	}
	if ((flags & ARCOV_TRACE_NOSPANS) && th->nstats)
		p->nospans = 1;
	for (k = 0; k < th->nstats; k++) {
		const struct arcov_trace_stat *s = &th->stats[k];
		struct arcov_pf_stat *o = &c->stats[map[s->fn]];

		o->hits += s->hits;
		span_merge(&o->net, &s->net);
		span_merge(&o->gross, &s->gross);
		span_merge(&o->period, &s->period);
		span_merge(&o->outside, &s->outside);
		o->outer += s->outer;
	}
	return 0;
}

/* Every run of the files @paths, in order, into *@out (*@n of them) and
 * the file each came from into *@from. */
static int load_runs(char *const *paths, size_t npaths,
		     struct arcov_trace **out, size_t **from, size_t *n,
		     struct arcov_err *err)
{
	size_t i, k, cap = 0;
	int rc = 0;

	*out = NULL;
	*from = NULL;
	*n = 0;
	for (i = 0; i < npaths && !rc; i++) {
		struct arcov_trace_runs rs;
		unsigned char *data;
		size_t size;

		rc = arcov_file_slurp(paths[i], &data, &size, err);
		if (rc)
			break;
		rc = arcov_trace_read_runs(&rs, data, size, paths[i], err);
		free(data);
		if (!rc) {
			size_t *f = NULL;

			if (!arcov_grow((void **)out, &cap, *n + rs.n,
					sizeof **out))
				f = realloc(*from, (cap + 1) * sizeof *f);
			if (f)
				*from = f;
			else
				rc = arcov_errf(err, ARCOV_ENOMEM, paths[i],
						-1, "out of memory");
		}
		for (k = 0; !rc && k < rs.n; k++) {
			(*out)[*n] = rs.runs[k];
			(*from)[(*n)++] = i;
			memset(&rs.runs[k], 0, sizeof rs.runs[k]);
		}
		arcov_trace_runs_free(&rs);
	}
	return rc;
}

int arcov_profile_load(struct arcov_profile *p, char *const *paths,
		       size_t npaths, int demangle, struct arcov_err *err)
{
	struct loader l = { p, { 0 }, 0, 0, 0, demangle };
	struct arcov_trace *t;
	size_t i, k, c = 0, nt, *from;
	int rc;

	memset(p, 0, sizeof *p);
	p->tsc = 1;
	rc = load_runs(paths, npaths, &t, &from, &nt, err);
	if (rc)
		goto out;
	for (i = 0; i < nt; i++) {
		if (!i || t[i].start < p->origin)
			p->origin = t[i].start;
		for (k = 0; k < t[i].nthreads; k++)
			if (t[i].threads[k].start < p->origin)
				p->origin = t[i].threads[k].start;
	}
	for (i = 0; i < nt; i++) {
		rc = add_trace(&l, &t[i]);
		if (rc) {
			arcov_errf(err, rc, paths[from[i]], -1, "%s",
				   arcov_strerror(rc));
			goto out;
		}
	}
	for (i = 0; i < nt; i++) {
		size_t *map = calloc(t[i].nfns + 1, sizeof *map);

		rc = map ? 0 : ARCOV_ENOMEM;
		for (k = 0; !rc && k < t[i].nfns; k++)
			rc = fn_index(&l, &t[i].fns[k], &map[k + 1]);
		for (k = 0; !rc && k < t[i].nthreads; k++, c++)
			rc = ctx_stats(p, &p->ctx[c], &t[i].threads[k], map,
				       t[i].flags);
		free(map);
		if (rc) {
			arcov_errf(err, rc, paths[from[i]], -1, "%s",
				   arcov_strerror(rc));
			goto out;
		}
	}
	for (c = 0; c < p->nctx; c++) {
		if (p->ctx[c].end > p->length)
			p->length = p->ctx[c].end;
		for (k = 0; k < p->nfns; k++)
			stat_merge(&p->fns[k].stat, &p->ctx[c].stats[k]);
	}
	arcs_fold(p);
	for (k = 0; k < p->narcs; k++)
		p->fns[p->arcs[k].callee].self += p->arcs[k].self;
	rc = 0;
out:
	for (i = 0; i < nt; i++)
		arcov_trace_free(&t[i]);
	free(t);
	free(from);
	strmap_free(&l.fn_keys);
	return rc;
}

void arcov_profile_free(struct arcov_profile *p)
{
	size_t i;

	for (i = 0; i < p->nfns; i++) {
		free(p->fns[i].name);
		free(p->fns[i].display);
		free(p->fns[i].file);
	}
	for (i = 0; i < p->nctx; i++) {
		free(p->ctx[i].events);
		free(p->ctx[i].stats);
		free(p->ctx[i].label);
	}
	free(p->fns);
	free(p->arcs);
	free(p->ctx);
	free(p->cmd);
	memset(p, 0, sizeof *p);
}

/* One context of arcov_pf_window(); @keep says which functions stay. */
static int window_ctx(struct arcov_pf_ctx *c, uint64_t from, uint64_t to,
		      const char *keep)
{
	struct arcov_pf_event *out = malloc((2 * c->nevents + 1) *
					    sizeof *out), e;
	size_t *stack = malloc((c->nevents + 1) * sizeof *stack);
	size_t i, depth = 0, n = 0, k;
	int started = 0;

	if (!out || !stack) {
		free(out);
		free(stack);
		return ARCOV_ENOMEM;
	}
	for (i = 0; i <= c->nevents; i++) {
		const struct arcov_pf_event *x = i < c->nevents ?
						 &c->events[i] : NULL;

		if (x && x->time > to)
			x = NULL;	/* past the window: close what is open */
		if (!started && (!x || x->time >= from) && from <= c->end) {
			/* The calls open at the window's start begin there. */
			for (k = 0; k < depth; k++) {
				e = c->events[stack[k]];
				e.time = from;
				e.kind = ARCOV_TRACE_RESUME;
				if (keep[e.fn])
					out[n++] = e;
			}
			started = 1;
		}
		if (!x)
			break;
		if (x->kind != ARCOV_TRACE_EXIT)
			stack[depth++] = i;
		else if (depth)
			depth--;
		if (started && keep[x->fn])
			out[n++] = *x;
	}
	while (started && depth) {
		e = c->events[stack[--depth]];
		e.time = to < c->end ? to : c->end;
		e.kind = ARCOV_TRACE_EXIT;
		if (keep[e.fn])
			out[n++] = e;
	}
	free(stack);
	free(c->events);
	c->events = out;
	c->nevents = n;
	if (c->start < from)
		c->start = from < c->end ? from : c->end;
	if (c->end > to)
		c->end = to > c->start ? to : c->start;
	return 0;
}

int arcov_pf_window(struct arcov_profile *p, uint64_t from, uint64_t to,
		    int (*keep)(const struct arcov_pf_fn *fn, void *ctx),
		    void *ctx)
{
	char *yes = malloc(p->nfns + 1);
	size_t i;
	int rc = 0;

	if (!yes)
		return ARCOV_ENOMEM;
	for (i = 0; i < p->nfns; i++)
		yes[i] = !keep || keep(&p->fns[i], ctx);
	for (i = 0; !rc && i < p->nctx; i++)
		rc = window_ctx(&p->ctx[i], from, to, yes);
	free(yes);
	return rc;
}

static const struct arcov_profile *sort_profile;	/* for ref_cmp */

static int ref_cmp(const void *pa, const void *pb)
{
	const struct arcov_pf_ref *a = pa, *b = pb;
	uint64_t ta = sort_profile->ctx[a->ctx].events[a->ev].time;
	uint64_t tb = sort_profile->ctx[b->ctx].events[b->ev].time;

	if (ta != tb)
		return ta < tb ? -1 : 1;
	if (a->ctx != b->ctx)
		return a->ctx < b->ctx ? -1 : 1;
	return a->ev < b->ev ? -1 : a->ev > b->ev;
}

struct arcov_pf_ref *arcov_pf_timeline(const struct arcov_profile *p,
				       size_t *n)
{
	struct arcov_pf_ref *r;
	size_t c, i, k = 0;

	*n = 0;
	for (c = 0; c < p->nctx; c++)
		*n += p->ctx[c].nevents;
	if (!*n)
		return NULL;
	r = malloc(*n * sizeof *r);
	if (!r) {
		*n = 0;
		return NULL;
	}
	for (c = 0; c < p->nctx; c++)
		for (i = 0; i < p->ctx[c].nevents; i++) {
			r[k].ctx = c;
			r[k++].ev = i;
		}
	sort_profile = p;
	qsort(r, *n, sizeof *r, ref_cmp);
	sort_profile = NULL;
	return r;
}
