/* solve.c -- every block and arc count of a flow graph (doc/formats.md §5.2).
 *
 * gcov 3.3 repeats full passes over the blocks until a pass changes nothing,
 * which is quadratic when counts must travel along a long chain against the
 * visiting order.  Here a block is looked at again only when one of its arcs
 * becomes known, so the work is linear in blocks plus arcs.  The rules are
 * gcov's: a block whose out- (or in-) arcs are all known gets their sum, and
 * a known block with exactly one unknown out- (or in-) arc determines it.
 *
 * All counts stay within 0 .. INT64_MAX, the range a .da counter can hold:
 * a subtraction that would go below zero is reported, never wrapped, and a
 * sum that would pass INT64_MAX is ARCOV_ERANGE.
 *
 * A contradiction (a counter that lost increments, as plain increments
 * racing between threads do, or a .da of another build) does not stop
 * the solution: the first is reported, a negative derived arc is taken as
 * 0, and once every count is known each block is raised to what its arcs
 * imply (bound_counts()); the result is marked inexact.
 *
 * Messages name the function and block but carry no byte offset (offset -1):
 * a contradiction lies between the .bbg and the .da, not at one byte of
 * either, and fn->offset means nothing for graphs built in memory.
 */
#include <config.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"

struct solver {
	const struct arcov_bbg_fn *fn;
	struct arcov_counts *out;
	const char *file;
	struct arcov_err *err;
	/* Block b's in-arcs are in_arc[first_in[b] .. first_in[b+1]-1]. */
	uint32_t *first_in;
	uint32_t *in_arc;
	uint32_t *unknown_out;	/* arcs leaving b with unknown count */
	uint32_t *unknown_in;
	uint64_t *sum_out;	/* total of the known arcs leaving b */
	uint64_t *sum_in;
	bool *arc_known;
	bool *block_known;
	bool *queued;
	uint32_t *stack;	/* blocks to look at again, none twice */
	uint32_t depth;
	int contradicted;	/* the first contradiction is in err */
};

/* calloc() that returns a unique pointer for zero elements too. */
static void *zalloc(size_t n, size_t size)
{
	return calloc(n ? n : 1, size);
}

/* first_arc[] rises from 0 to narcs, so every block's slice is in arcs[]. */
static bool first_arc_ok(const struct arcov_bbg_fn *fn)
{
	uint32_t b;

	if (!fn->first_arc || (fn->narcs && !fn->arcs) ||
	    fn->first_arc[0] != 0 || fn->first_arc[fn->nblocks] != fn->narcs)
		return false;
	for (b = 0; b < fn->nblocks; b++)
		if (fn->first_arc[b + 1] < fn->first_arc[b])
			return false;
	return true;
}

/*
 * The solver indexes arrays with first_arc[] and the arc endpoints and
 * reads fn->ncounters values, so a hand-built function that skipped
 * arcov_bbg_fn_finish() must be refused rather than trusted.
 */
static int check_graph(const struct arcov_bbg_fn *fn, const char *file,
		       struct arcov_err *err)
{
	uint32_t b, i, counted = 0;

	if (!first_arc_ok(fn))
		return arcov_errf(err, ARCOV_EFORMAT, file, -1,
				  "function %s: first_arc[] does not span its %"
				  PRIu32 " arcs", fn->name, fn->narcs);
	for (b = 0; b < fn->nblocks; b++) {
		for (i = fn->first_arc[b]; i < fn->first_arc[b + 1]; i++) {
			const struct arcov_bbg_arc *a = &fn->arcs[i];

			if (a->src != b || a->dest >= fn->nblocks)
				return arcov_errf(err, ARCOV_EFORMAT, file, -1,
						  "function %s: arc %" PRIu32
						  " (%" PRIu32 "->%" PRIu32
						  ") is not an arc of block %"
						  PRIu32, fn->name, i, a->src,
						  a->dest, b);
			if (!(a->flags & ARCOV_ARC_ON_TREE))
				counted++;
		}
	}
	if (counted != fn->ncounters)
		return arcov_errf(err, ARCOV_EFORMAT, file, -1,
				  "function %s: %" PRIu32 " counted arcs but "
				  "ncounters is %" PRIu32, fn->name, counted,
				  fn->ncounters);
	return 0;
}

static int solver_init(struct solver *s)
{
	const struct arcov_bbg_fn *fn = s->fn;
	uint32_t nb = fn->nblocks, na = fn->narcs, b, a;

	s->out->nblocks = nb;
	s->out->narcs = na;
	s->out->block = zalloc(nb, sizeof *s->out->block);
	s->out->arc = zalloc(na, sizeof *s->out->arc);
	s->first_in = zalloc((size_t)nb + 1, sizeof *s->first_in);
	s->in_arc = zalloc(na, sizeof *s->in_arc);
	s->unknown_out = zalloc(nb, sizeof *s->unknown_out);
	s->unknown_in = zalloc(nb, sizeof *s->unknown_in);
	s->sum_out = zalloc(nb, sizeof *s->sum_out);
	s->sum_in = zalloc(nb, sizeof *s->sum_in);
	s->arc_known = zalloc(na, sizeof *s->arc_known);
	s->block_known = zalloc(nb, sizeof *s->block_known);
	s->queued = zalloc(nb, sizeof *s->queued);
	s->stack = zalloc(nb, sizeof *s->stack);
	if (!s->out->block || !s->out->arc || !s->first_in || !s->in_arc ||
	    !s->unknown_out || !s->unknown_in || !s->sum_out || !s->sum_in ||
	    !s->arc_known || !s->block_known || !s->queued || !s->stack)
		return arcov_errf(s->err, ARCOV_ENOMEM, s->file, -1,
				  "function %s: out of memory", fn->name);

	/* Bucket the arcs by destination; unknown_in[] doubles as the fill
	 * cursor and ends up holding each block's in-degree. */
	for (a = 0; a < na; a++)
		s->first_in[fn->arcs[a].dest + 1]++;
	for (b = 0; b < nb; b++)
		s->first_in[b + 1] += s->first_in[b];
	for (a = 0; a < na; a++) {
		uint32_t d = fn->arcs[a].dest;

		s->in_arc[s->first_in[d] + s->unknown_in[d]++] = a;
	}
	for (b = 0; b < nb; b++)
		s->unknown_out[b] = fn->first_arc[b + 1] - fn->first_arc[b];
	return 0;
}

static void solver_free(struct solver *s)
{
	free(s->first_in);
	free(s->in_arc);
	free(s->unknown_out);
	free(s->unknown_in);
	free(s->sum_out);
	free(s->sum_in);
	free(s->arc_known);
	free(s->block_known);
	free(s->queued);
	free(s->stack);
}

static void push(struct solver *s, uint32_t b)
{
	if (!s->queued[b]) {
		s->queued[b] = true;
		s->stack[s->depth++] = b;
	}
}

/* Add @v to a running total, refusing to pass INT64_MAX. */
static int add_flow(struct solver *s, uint64_t *sum, uint32_t b, uint64_t v)
{
	if (v > INT64_MAX - *sum)
		return arcov_errf(s->err, ARCOV_ERANGE, s->file, -1,
				  "function %s: block %" PRIu32
				  ": total arc count exceeds INT64_MAX",
				  s->fn->name, b);
	*sum += v;
	return 0;
}

static int set_arc(struct solver *s, uint32_t a, uint64_t v)
{
	const struct arcov_bbg_arc *arc = &s->fn->arcs[a];
	int rc;

	s->out->arc[a] = v;
	s->arc_known[a] = true;
	rc = add_flow(s, &s->sum_out[arc->src], arc->src, v);
	if (rc)
		return rc;
	rc = add_flow(s, &s->sum_in[arc->dest], arc->dest, v);
	if (rc)
		return rc;
	s->unknown_out[arc->src]--;
	s->unknown_in[arc->dest]--;
	push(s, arc->src);
	push(s, arc->dest);
	return 0;
}

/* Known block @b's last unknown arc @a takes what its other arcs, which
 * total @known, leave of the block count. */
static int derive_arc(struct solver *s, uint32_t b, uint32_t a,
		      uint64_t known)
{
	const struct arcov_bbg_arc *arc = &s->fn->arcs[a];
	uint64_t count = s->out->block[b];

	if (known > count) {
		/* Keep the first contradiction's message; go on with the
		 * least the arc can be. */
		if (!s->contradicted)
			arcov_errf(s->err, ARCOV_EINCONSISTENT, s->file, -1,
				   "function %s: block %" PRIu32
				   ": derived arc %" PRIu32 "->%" PRIu32
				   " count is negative (-%" PRIu64 ")",
				   s->fn->name, b, arc->src, arc->dest,
				   known - count);
		s->contradicted = 1;
		return set_arc(s, a, 0);
	}
	return set_arc(s, a, count - known);
}

static int settle_block(struct solver *s, uint32_t b)
{
	const struct arcov_bbg_fn *fn = s->fn;
	uint32_t i;
	int rc;

	if (!s->block_known[b]) {
		if (s->unknown_out[b] == 0)
			s->out->block[b] = s->sum_out[b];
		else if (s->unknown_in[b] == 0)
			s->out->block[b] = s->sum_in[b];
		else
			return 0;
		s->block_known[b] = true;
	}
	if (s->unknown_out[b] == 1) {
		i = fn->first_arc[b];
		while (s->arc_known[i])
			i++;
		rc = derive_arc(s, b, i, s->sum_out[b]);
		if (rc)
			return rc;
	}
	/* Re-read: a self-loop just derived was also this in-arc. */
	if (s->unknown_in[b] == 1) {
		i = s->first_in[b];
		while (s->arc_known[s->in_arc[i]])
			i++;
		return derive_arc(s, b, s->in_arc[i], s->sum_in[b]);
	}
	return 0;
}

/* Every arc is an out-arc of some block, so this finds any unknown left. */
static int check_solved(struct solver *s)
{
	const struct arcov_bbg_fn *fn = s->fn;
	uint32_t b, i;

	for (b = 0; b < fn->nblocks; b++) {
		if (!s->block_known[b])
			return arcov_errf(s->err, ARCOV_EUNSOLVABLE, s->file,
					  -1, "function %s: block %" PRIu32
					  ": count cannot be determined",
					  fn->name, b);
		for (i = fn->first_arc[b]; i < fn->first_arc[b + 1]; i++)
			if (!s->arc_known[i])
				return arcov_errf(s->err, ARCOV_EUNSOLVABLE,
						  s->file, -1,
						  "function %s: block %" PRIu32
						  ": arc %" PRIu32 "->%" PRIu32
						  " count cannot be determined",
						  fn->name, b, b,
						  fn->arcs[i].dest);
	}
	return 0;
}

/*
 * A block's count was taken from its in- or its out-arcs, and arcs derived
 * later keep it, so inflow == outflow is all that is left to check.  It can
 * fail only where counted arcs over-determine the graph, e.g. a block none
 * of whose arcs is on the spanning tree.
 */
static void check_balance(struct solver *s)
{
	uint32_t b;

	for (b = 0; b < s->fn->nblocks && !s->contradicted; b++) {
		if (s->sum_in[b] != s->sum_out[b]) {
			arcov_errf(s->err, ARCOV_EINCONSISTENT, s->file, -1,
				   "function %s: block %" PRIu32
				   ": inflow %" PRIu64
				   " does not equal outflow %" PRIu64,
				   s->fn->name, b, s->sum_in[b],
				   s->sum_out[b]);
			s->contradicted = 1;
		}
	}
}

/*
 * After a contradiction: a block ran at least as often as any of its arcs
 * says, in or out (a counter only ever loses increments, so what it read
 * happened), and a function with any count ran at all, entry and exit
 * included.  Only raises counts: what was consistent stays.
 */
static void bound_counts(struct solver *s)
{
	uint64_t *block = s->out->block, any = 0;
	uint32_t b, last = s->fn->nblocks - 1;

	for (b = 0; b < s->fn->nblocks; b++) {
		if (block[b] < s->sum_in[b])
			block[b] = s->sum_in[b];
		if (block[b] < s->sum_out[b])
			block[b] = s->sum_out[b];
		any |= block[b];
	}
	if (any && s->fn->nblocks) {
		if (!block[0])
			block[0] = 1;
		if (!block[last])
			block[last] = 1;
	}
	s->out->inexact = 1;
}

int arcov_solve(const struct arcov_bbg_fn *fn, const uint64_t *counters,
		size_t ncounters, struct arcov_counts *out, const char *file,
		struct arcov_err *err)
{
	struct solver s = { .fn = fn, .out = out, .file = file, .err = err };
	size_t k = 0;
	uint32_t a, b;
	int rc;

	memset(out, 0, sizeof *out);
	rc = check_graph(fn, file, err);
	if (rc)
		return rc;
	if (ncounters != fn->ncounters)
		return arcov_errf(err, ARCOV_EMISMATCH, file, -1,
				  "function %s: %zu counters for %" PRIu32
				  " counted arcs", fn->name, ncounters,
				  fn->ncounters);
	rc = solver_init(&s);
	if (rc)
		goto free_solver;

	/* Pushed low to high, so popped from the exit down like gcov. */
	for (b = 0; b < fn->nblocks; b++)
		push(&s, b);
	for (a = 0; a < fn->narcs; a++) {
		const struct arcov_bbg_arc *arc = &fn->arcs[a];
		uint64_t v;

		if (arc->flags & ARCOV_ARC_ON_TREE)
			continue;
		v = counters ? counters[k] : 0;
		if (v > INT64_MAX) {
			rc = arcov_errf(err, ARCOV_ERANGE, file, -1,
					"function %s: counter %zu (arc %" PRIu32
					"->%" PRIu32 ") exceeds INT64_MAX",
					fn->name, k, arc->src, arc->dest);
			goto free_solver;
		}
		k++;
		rc = set_arc(&s, a, v);
		if (rc)
			goto free_solver;
	}

	while (s.depth) {
		b = s.stack[--s.depth];
		s.queued[b] = false;
		rc = settle_block(&s, b);
		if (rc)
			goto free_solver;
	}
	rc = check_solved(&s);
	if (rc)
		goto free_solver;
	check_balance(&s);
	if (s.contradicted) {
		bound_counts(&s);
		rc = ARCOV_EINCONSISTENT;
	}
free_solver:
	solver_free(&s);
	return rc;
}

/**
 * arcov_counts_free - release what arcov_solve() allocated in @c.
 * Safe on a zeroed or already freed result.
 */
void arcov_counts_free(struct arcov_counts *c)
{
	free(c->block);
	free(c->arc);
	memset(c, 0, sizeof *c);
}
