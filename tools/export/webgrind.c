/* export-webgrind.c -- webgrind's preprocessed format (doc/formats.md §7),
 * versions 7, 6 and 5: the model built from the call graph, and the
 * writer, which sizes and fills through the same struct arcov_wr code.
 *
 * Written next to the callgrind export it stands for, it spares webgrind
 * its own preprocessor, which would take only the first cost line after
 * each "fn=" as the function's whole self cost (xdebug writes one).
 */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "sm.h"

static uint32_t sat32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/* Add @calls calls costing @cost at (@fn, @line) to @list, merged with
 * an entry of the same function and line as webgrind's preprocessor
 * merges them; the unsaturated sums are kept in @sums. */
static void add_call(struct arcov_wg_call *list, uint64_t (*sums)[2],
		     size_t *n, uint32_t fn, uint32_t line, uint64_t calls,
		     uint64_t cost)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (list[i].fn == fn && list[i].line == line)
			break;
	if (i == *n) {
		list[i].fn = fn;
		list[i].line = line;
		sums[i][0] = sums[i][1] = 0;
		(*n)++;
	}
	sums[i][0] += calls;
	sums[i][1] += cost;
	if (sums[i][0] < calls)
		sums[i][0] = UINT64_MAX;
	if (sums[i][1] < cost)
		sums[i][1] = UINT64_MAX;
	list[i].count = sat32(sums[i][0]);
	list[i].cost = sat32(sums[i][1]);
}

int arcov_webgrind_build(struct arcov_webgrind *wg,
			 const struct arcov_callgraph *cg, const char *cmd)
{
	size_t *number = malloc((cg->nnodes + 1) * sizeof *number);
	size_t *in_off = calloc(cg->nnodes + 2, sizeof *in_off);
	uint64_t (*out_sums)[2] = malloc((cg->ncalls + 1) * sizeof *out_sums);
	uint64_t (*in_sums)[2] = malloc((cg->ncalls + 1) * sizeof *in_sums);
	size_t i, k, nfn = 0;
	int r = ARCOV_ENOMEM;

	memset(wg, 0, sizeof *wg);
	if (!number || !in_off || !out_sums || !in_sums)
		goto free_work;
	wg->fns = calloc(cg->nnodes + 1, sizeof *wg->fns);
	wg->headers = calloc(4, sizeof *wg->headers);
	wg->storage = malloc(64);
	if (!wg->fns || !wg->headers || !wg->storage)
		goto free_work;

	/* Numbers in order of first appearance in the callgrind export. */
	for (i = 0; i < cg->nnodes; i++)
		number[i] = SIZE_MAX;
	for (i = 0; i < cg->nsteps; i++) {
		const struct arcov_cg_node *n = &cg->nodes[cg->steps[i].node];
		struct arcov_wg_fn *fn;

		if (number[cg->steps[i].node] != SIZE_MAX)
			continue;
		number[cg->steps[i].node] = nfn;
		fn = &wg->fns[nfn++];
		fn->line = n->first_line;
		fn->self = sat32(n->self.ev[0]);
		fn->inclusive = sat32(n->inclusive.ev[0]);
		fn->invocations = sat32(n->entries);
		fn->file = cg->files[n->file];
		fn->name = n->display;
	}
	wg->nfns = nfn;
	/* Each callee's share of in_sums, after the callers before it. */
	for (i = 0; i < cg->ncalls; i++)
		in_off[cg->calls[i].callee + 1]++;
	for (i = 1; i <= cg->nnodes; i++)
		in_off[i] += in_off[i - 1];
	for (i = 0; i < cg->nnodes; i++) {
		struct arcov_wg_fn *fn = &wg->fns[number[i]];

		fn->callers = calloc(in_off[i + 1] - in_off[i] + 1,
				     sizeof *fn->callers);
		fn->callees = calloc(cg->nodes[i].ncalls + 1,
				     sizeof *fn->callees);
		if (!fn->callers || !fn->callees)
			goto free_work;
	}

	/* Callees in each function's order; callers in the order the
	 * preprocessor meets the calls, which is the same walk. */
	for (i = 0; i < cg->nsteps; i++) {
		size_t node = cg->steps[i].node;
		const struct arcov_cg_node *n = &cg->nodes[node];
		struct arcov_wg_fn *fn = &wg->fns[number[node]];

		if (cg->steps[i].declare)
			continue;
		for (k = 0; k < n->ncalls; k++) {
			const struct arcov_cg_call *c =
				&cg->calls[n->first_call + k];
			struct arcov_wg_fn *to = &wg->fns[number[c->callee]];

			add_call(fn->callees, out_sums + n->first_call,
				 &fn->ncallees, (uint32_t)number[c->callee],
				 c->line, c->calls, c->cost.ev[0]);
			add_call(to->callers, in_sums + in_off[c->callee],
				 &to->ncallers, (uint32_t)number[node],
				 c->line, c->calls, c->cost.ev[0]);
		}
	}

	arcov_webgrind_headers(wg, cmd, arcov_cg_event_names[0],
			       cg->total.ev[0]);
	r = 0;
free_work:
	free(number);
	free(in_off);
	free(out_sums);
	free(in_sums);
	if (r < 0)
		arcov_webgrind_free(wg);
	return r;
}

void arcov_webgrind_headers(struct arcov_webgrind *wg, const char *cmd,
			    const char *events, uint64_t summary)
{
	snprintf(wg->storage, 32, "arcov %s", PACKAGE_VERSION);
	snprintf(wg->storage + 32, 32, "%" PRIu64, summary);
	wg->headers[0].key = "creator";
	wg->headers[0].value = wg->storage;
	wg->headers[1].key = "cmd";
	wg->headers[1].value = cmd;
	wg->headers[2].key = "events";
	wg->headers[2].value = events;
	wg->headers[3].key = "summary";
	wg->headers[3].value = wg->storage + 32;
	wg->nheaders = 4;
}

void arcov_webgrind_free(struct arcov_webgrind *wg)
{
	size_t i;

	for (i = 0; wg->fns && i <= wg->nfns; i++) {
		free(wg->fns[i].callers);
		free(wg->fns[i].callees);
	}
	free(wg->fns);
	free(wg->headers);
	free(wg->storage);
	memset(wg, 0, sizeof *wg);
}

/* ---- the writer ---- */

static void put_u32(struct arcov_wr *w, uint32_t v)
{
	unsigned char b[4] = { v & 0xff, v >> 8 & 0xff, v >> 16 & 0xff,
			       v >> 24 };

	arcov_wr_bytes(w, b, sizeof b);
}

static void put_line(struct arcov_wr *w, const char *s)
{
	arcov_wr_bytes(w, s, strlen(s));
	arcov_wr_bytes(w, "\n", 1);
}

static void put_calls(struct arcov_wr *w, const struct arcov_wg_call *c,
		      size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		put_u32(w, c[i].fn);
		put_u32(w, c[i].line);
		put_u32(w, c[i].count);
		put_u32(w, c[i].cost);
	}
}

static size_t record_size(const struct arcov_wg_fn *fn, int version)
{
	size_t n = version == 5 ? 4 : version == 6 ? 5 : 6;

	n += 4 * (fn->ncallers + (version == 5 ? 0 : fn->ncallees));
	return 4 * n + strlen(fn->file) + strlen(fn->name) + 2;
}

static int check(const struct arcov_webgrind *wg, int version)
{
	size_t i;

	if (version < 5 || version > 7 || !wg->nfns)
		return ARCOV_EFORMAT;
	for (i = 0; i < wg->nfns; i++)
		if (strchr(wg->fns[i].file, '\n') ||
		    strchr(wg->fns[i].name, '\n'))
			return ARCOV_EFORMAT;
	/* webgrind reads headers up to the first empty line. */
	for (i = 0; i < wg->nheaders; i++)
		if (!wg->headers[i].key[0] ||
		    strchr(wg->headers[i].key, '\n') ||
		    strchr(wg->headers[i].value, '\n'))
			return ARCOV_EFORMAT;
	return 0;
}

ssize_t arcov_webgrind_write(const struct arcov_webgrind *wg, int version,
			     void *buf, size_t cap)
{
	struct arcov_wr w;
	size_t addr, i;
	int r;

	r = check(wg, version);
	if (r < 0)
		return r;
	addr = 12 + 4 * wg->nfns;
	for (i = 0; i < wg->nfns; i++) {
		addr += record_size(&wg->fns[i], version);
		if (addr > UINT32_MAX)
			return ARCOV_ERANGE;
	}
	arcov_wr_init(&w, buf, cap);
	put_u32(&w, (uint32_t)version);
	put_u32(&w, (uint32_t)addr);
	put_u32(&w, (uint32_t)wg->nfns);
	addr = 12 + 4 * wg->nfns;
	for (i = 0; i < wg->nfns; i++) {
		put_u32(&w, (uint32_t)addr);
		addr += record_size(&wg->fns[i], version);
	}
	for (i = 0; i < wg->nfns; i++) {
		const struct arcov_wg_fn *fn = &wg->fns[i];

		if (version == 7)
			put_u32(&w, fn->line);
		put_u32(&w, fn->self);
		put_u32(&w, fn->inclusive);
		put_u32(&w, fn->invocations);
		put_u32(&w, (uint32_t)fn->ncallers);
		if (version > 5)
			put_u32(&w, (uint32_t)fn->ncallees);
		put_calls(&w, fn->callers, fn->ncallers);
		if (version > 5)
			put_calls(&w, fn->callees, fn->ncallees);
		put_line(&w, fn->file);
		put_line(&w, fn->name);
	}
	for (i = 0; i < wg->nheaders; i++) {
		arcov_wr_bytes(&w, wg->headers[i].key,
			       strlen(wg->headers[i].key));
		arcov_wr_bytes(&w, ": ", 2);
		put_line(&w, wg->headers[i].value);
	}
	return arcov_wr_result(&w);
}
