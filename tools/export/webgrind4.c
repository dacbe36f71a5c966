/* webgrind4.c -- webgrind's preprocessed format version 4 (doc/formats.md
 * §7.3), the invocation tree, from the time model's timeline.
 *
 * The seed's grammar is ambiguous; arcov reads it as (doc/profile.md):
 *   u32 version=4, u32 header_address, u32 N, N × u32 function_address
 *   function: u32 total_self, u32 total_inclusive, u32 total_call_cost
 *             (total_inclusive - total_self), u32 invocation_count I,
 *             I × { u32 self, u32 inclusive,
 *                   called_from { u32 call_cost, u32 function,
 *                                 u32 invocation, u32 line },
 *                   u32 subcall_count, u32 subcall_address },
 *             file "\n", name "\n"
 *   subcalls: per invocation with callees, { u32 function,
 *             u32 invocation, u32 line, u32 call_cost } each
 *   headers:  "key: value\n" lines to the end
 * A thread's first call is called from function 0xffffffff, invocation
 * 0xffffffff, line 0.  Costs are Time_(10ns), saturated at 2^32 - 1;
 * invocations are numbered per function in the order they began.  A call
 * open when its context began (a forked child's) is an invocation of its
 * own there.
 */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profile-export.h"
#include "sm.h"

#define NONE UINT32_MAX

struct inv {
	size_t fn;
	uint32_t number;	/* among fn's invocations */
	size_t parent;		/* index in inv[], SIZE_MAX for a root */
	uint64_t start, incl, child;
	size_t first_sub, nsubs;	/* its callees, in subs[] */
};

static uint32_t c10(uint64_t ns)
{
	uint64_t v = (ns + 5) / 10;

	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static void put(struct arcov_wr *w, uint32_t v)
{
	unsigned char *p = arcov_wr_reserve(w, 4);

	if (p)
		arcov_put_le32(p, v);
}

static void put_line(struct arcov_wr *w, const char *s)
{
	arcov_wr_bytes(w, s, strlen(s));
	arcov_wr_bytes(w, "\n", 1);
}

ssize_t arcov_pf_webgrind4_write(const struct arcov_profile *p,
				 const char *cmd, void *buf, size_t cap)
{
	struct arcov_pf_ref *refs;
	struct inv *inv = NULL;
	size_t nrefs, ninv = 0, i, k, c, *depth = NULL, **stack = NULL;
	size_t *subs = NULL, *by_fn = NULL, *fn_first = NULL, nsubs = 0;
	uint32_t *count = NULL;
	uint64_t addr, total = 0;
	struct arcov_wr w;
	char line[64];
	ssize_t rc = ARCOV_ENOMEM;

	refs = arcov_pf_timeline(p, &nrefs);
	if (!refs || strchr(cmd, '\n'))
		return refs ? ARCOV_EFORMAT : ARCOV_ENOMEM;
	inv = calloc(nrefs, sizeof *inv);
	depth = calloc(p->nctx, sizeof *depth);
	stack = calloc(p->nctx, sizeof *stack);
	count = calloc(p->nfns + 1, sizeof *count);
	subs = malloc(nrefs * sizeof *subs);
	by_fn = malloc(nrefs * sizeof *by_fn);
	fn_first = calloc(p->nfns + 2, sizeof *fn_first);
	if (!inv || !depth || !stack || !count || !subs || !by_fn || !fn_first)
		goto out;
	for (c = 0; c < p->nctx; c++) {
		stack[c] = malloc((p->ctx[c].nevents + 1) * sizeof **stack);
		if (!stack[c])
			goto out;
	}
	/* The tree: every invocation with its parent and times. */
	for (i = 0; i < nrefs; i++) {
		const struct arcov_pf_event *e =
			&p->ctx[refs[i].ctx].events[refs[i].ev];
		size_t cx = refs[i].ctx;

		if (e->kind != ARCOV_TRACE_EXIT) {
			struct inv *v = &inv[ninv];

			v->fn = e->fn;
			v->number = count[e->fn]++;
			v->parent = depth[cx] ? stack[cx][depth[cx] - 1] :
				SIZE_MAX;
			v->start = e->time;
			if (v->parent != SIZE_MAX)
				inv[v->parent].nsubs++;
			stack[cx][depth[cx]++] = ninv++;
		} else if (depth[cx]) {
			struct inv *v = &inv[stack[cx][--depth[cx]]];

			v->incl = e->time - v->start;
			if (v->parent != SIZE_MAX)
				inv[v->parent].child += v->incl;
		}
	}
	/* Each invocation's callees, in the order they began. */
	for (i = 0; i < ninv; i++) {
		inv[i].first_sub = nsubs;
		nsubs += inv[i].nsubs;
		inv[i].nsubs = 0;
	}
	for (i = 0; i < ninv; i++)
		if (inv[i].parent != SIZE_MAX) {
			struct inv *pa = &inv[inv[i].parent];

			subs[pa->first_sub + pa->nsubs++] = i;
		}
	/* Invocations grouped by function. */
	for (i = 0; i < ninv; i++)
		fn_first[inv[i].fn + 1]++;
	for (k = 1; k <= p->nfns; k++)
		fn_first[k] += fn_first[k - 1];
	for (i = 0; i < ninv; i++)
		by_fn[fn_first[inv[i].fn] + inv[i].number] = i;

	addr = 12 + 4 * (uint64_t)p->nfns;
	for (k = 0; k < p->nfns; k++)
		addr += 16 + 32 * (uint64_t)count[k] +
			strlen(p->fns[k].file) + strlen(p->fns[k].display) + 2;
	/* The subcall area follows the functions. */
	arcov_wr_init(&w, buf, cap);
	put(&w, 4);
	put(&w, (uint32_t)(addr + 16 * (uint64_t)nsubs));
	put(&w, (uint32_t)p->nfns);
	if (addr + 16 * (uint64_t)nsubs > UINT32_MAX) {
		rc = ARCOV_ERANGE;
		goto out;
	}
	{
		uint64_t a = 12 + 4 * (uint64_t)p->nfns;

		for (k = 0; k < p->nfns; k++) {
			put(&w, (uint32_t)a);
			a += 16 + 32 * (uint64_t)count[k] +
			     strlen(p->fns[k].file) + strlen(p->fns[k].display) + 2;
		}
	}
	for (k = 0; k < p->nfns; k++) {
		uint64_t self = 0, incl = 0;
		size_t j;

		for (j = fn_first[k]; j < fn_first[k + 1]; j++) {
			const struct inv *v = &inv[by_fn[j]];

			self += v->incl - v->child;
			if (v->parent == SIZE_MAX ||
			    !(inv[v->parent].fn == k))
				incl += v->incl;
		}
		total += self;
		put(&w, c10(self));
		put(&w, c10(incl));
		put(&w, c10(incl) > c10(self) ? c10(incl) - c10(self) : 0);
		put(&w, count[k]);
		for (j = fn_first[k]; j < fn_first[k + 1]; j++) {
			const struct inv *v = &inv[by_fn[j]];
			const struct inv *pa = v->parent == SIZE_MAX ? NULL :
				&inv[v->parent];

			put(&w, c10(v->incl - v->child));
			put(&w, c10(v->incl));
			put(&w, c10(v->incl));
			put(&w, pa ? (uint32_t)pa->fn : NONE);
			put(&w, pa ? pa->number : NONE);
			put(&w, pa ? p->fns[pa->fn].line : 0);
			put(&w, (uint32_t)v->nsubs);
			put(&w, (uint32_t)(addr + 16 * (uint64_t)v->first_sub));
		}
		put_line(&w, p->fns[k].file);
		put_line(&w, p->fns[k].display);
	}
	for (i = 0; i < nsubs; i++) {
		const struct inv *v = &inv[subs[i]];

		put(&w, (uint32_t)v->fn);
		put(&w, v->number);
		put(&w, p->fns[inv[v->parent].fn].line);
		put(&w, c10(v->incl));
	}
	snprintf(line, sizeof line, "%s", PACKAGE_VERSION);
	arcov_wr_bytes(&w, "creator: arcov ", 15);
	put_line(&w, line);
	arcov_wr_bytes(&w, "cmd: ", 5);
	put_line(&w, cmd);
	put_line(&w, "events: Time_(10ns)");
	snprintf(line, sizeof line, "summary: %" PRIu32, c10(total));
	put_line(&w, line);
	rc = arcov_wr_result(&w);
out:
	for (c = 0; stack && c < p->nctx; c++)
		free(stack[c]);
	free(stack);
	free(depth);
	free(inv);
	free(count);
	free(subs);
	free(by_fn);
	free(fn_first);
	free(refs);
	return rc;
}
