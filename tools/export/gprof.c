/* gprof.c -- the time profile as gprof prints it: a flat profile and a
 * call graph (doc/profile.md).  Times are measured at every call, not
 * sampled; "children" of a call are its inclusive time less its own.
 */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profile-export.h"

static double sec(uint64_t ns)
{
	return (double)ns / 1e9;
}

static double ms(uint64_t ns)
{
	return (double)ns / 1e6;
}

static uint64_t total_self(const struct arcov_profile *p)
{
	uint64_t t = 0;
	size_t i;

	for (i = 0; i < p->nfns; i++)
		t += p->fns[i].self;
	return t;
}

static const struct arcov_profile *order_profile;

/* By self time, then calls, then name, as gprof sorts. */
static int by_self(const void *pa, const void *pb)
{
	const struct arcov_pf_fn *a = &order_profile->fns[*(const size_t *)pa];
	const struct arcov_pf_fn *b = &order_profile->fns[*(const size_t *)pb];

	if (a->self != b->self)
		return a->self > b->self ? -1 : 1;
	if (a->stat.hits != b->stat.hits)
		return a->stat.hits > b->stat.hits ? -1 : 1;
	return strcmp(a->display, b->display);
}

static size_t *fn_order(const struct arcov_profile *p)
{
	size_t *o = malloc((p->nfns + 1) * sizeof *o), i;

	if (!o)
		return NULL;
	for (i = 0; i < p->nfns; i++)
		o[i] = i;
	order_profile = p;
	qsort(o, p->nfns, sizeof *o, by_self);
	return o;
}

int arcov_pf_flat_write(const struct arcov_profile *p, FILE *f)
{
	uint64_t total = total_self(p), cum = 0;
	size_t *o = fn_order(p), i;

	if (!o)
		return ARCOV_ENOMEM;
	fputs("Flat profile:\n\n"
	      "Each call timed at entry and exit (arcov), not sampled.\n"
	      "  %   cumulative   self              self     total           \n"
	      " time   seconds   seconds    calls  ms/call  ms/call  name    \n",
	      f);
	for (i = 0; i < p->nfns; i++) {
		const struct arcov_pf_fn *fn = &p->fns[o[i]];
		const struct arcov_pf_stat *s = &fn->stat;

		cum += s->net.total;
		fprintf(f, "%6.2f %9.4f %9.4f %8" PRIu64 " %8.4f %8.4f  %s\n",
			total ? 100.0 * (double)s->net.total / (double)total : 0,
			sec(cum), sec(s->net.total), s->hits,
			s->hits ? ms(s->net.total) / (double)s->hits : 0,
			s->hits ? ms(s->outer) / (double)s->hits : 0,
			fn->display);
	}
	if (p->lost_threads)
		fprintf(f, "\n%" PRIu64 " threads were still running at exit "
			"and are not counted.\n", p->lost_threads);
	free(o);
	return ferror(f) ? ARCOV_EIO : 0;
}

static void graph_line(FILE *f, const struct arcov_profile *p,
		       const struct arcov_pf_arc *a, size_t other,
		       const size_t *index, uint64_t of)
{
	fprintf(f, "%17s %7.4f %7.4f %7" PRIu64 "/%-7" PRIu64 "     %s [%zu]\n",
		"", sec(a->self), sec(a->incl - a->self), a->calls, of,
		p->fns[other].display, index[other]);
}

/*
 * The arcs into @fn (@parents) or out of it, call sites merged: one arc
 * per caller (or callee), in the order first met, as gprof prints one
 * line per caller whatever the number of places it calls from.  @out
 * has room for every arc.  Returns how many.
 */
static size_t merged_arcs(const struct arcov_profile *p, size_t fn,
			  int parents, struct arcov_pf_arc *out)
{
	size_t n = 0, k, j;

	for (k = 0; k < p->narcs; k++) {
		const struct arcov_pf_arc *a = &p->arcs[k];
		size_t other = parents ? a->caller : a->callee;

		if ((parents ? a->callee : a->caller) != fn)
			continue;
		for (j = 0; j < n; j++)
			if ((parents ? out[j].caller : out[j].callee) == other)
				break;
		if (j == n) {
			out[n++] = *a;
			continue;
		}
		out[j].calls += a->calls;
		out[j].incl += a->incl;
		out[j].self += a->self;
		if (a->min < out[j].min)
			out[j].min = a->min;
		if (a->max > out[j].max)
			out[j].max = a->max;
	}
	return n;
}

int arcov_pf_graph_write(const struct arcov_profile *p, FILE *f)
{
	uint64_t total = total_self(p);
	size_t *o = fn_order(p), *index, i, k, n;
	struct arcov_pf_arc *arcs;

	index = malloc((p->nfns + 1) * sizeof *index);
	arcs = malloc((p->narcs + 1) * sizeof *arcs);
	if (!o || !index || !arcs) {
		free(o);
		free(index);
		free(arcs);
		return ARCOV_ENOMEM;
	}
	for (i = 0; i < p->nfns; i++)
		index[o[i]] = i + 1;
	fputs("Call graph:\n\n"
	      "index % time    self  children    called     name\n", f);
	for (i = 0; i < p->nfns; i++) {
		size_t fn = o[i];
		const struct arcov_pf_stat *s = &p->fns[fn].stat;
		uint64_t incl = s->outer > s->net.total ? s->outer :
			s->net.total;

		n = merged_arcs(p, fn, 1, arcs);
		for (k = 0; k < n; k++) {
			if (arcs[k].caller == ARCOV_PF_ROOT)
				fprintf(f, "%50s<spontaneous>\n", "");
			else
				graph_line(f, p, &arcs[k], arcs[k].caller,
					   index, s->hits);
		}
		fprintf(f, "[%zu] %7.1f %7.4f %7.4f %7" PRIu64 "         %s [%zu]\n",
			i + 1, total ? 100.0 * (double)incl / (double)total : 0,
			sec(s->net.total), sec(incl - s->net.total), s->hits,
			p->fns[fn].display, i + 1);
		n = merged_arcs(p, fn, 0, arcs);
		for (k = 0; k < n; k++)
			graph_line(f, p, &arcs[k], arcs[k].callee, index,
				   p->fns[arcs[k].callee].stat.hits);
		fputs("-----------------------------------------------\n", f);
	}
	free(o);
	free(index);
	free(arcs);
	return ferror(f) ? ARCOV_EIO : 0;
}
