/* test-solve.c -- flow-graph solution (doc/formats.md §3, §5.2).
 *
 * Graphs are built by hand the way GCC 3.3 would lay them out: blocks
 * numbered entry 0 .. exit n-1, arcs sorted by source, the spanning tree
 * chosen by union-find with the exit->entry loopback joined first and arcs
 * into the exit next (§3.3).  Flags: 0x1 on tree, 0x2 fake, 0x4
 * fall-through.  Every test checks every block and arc count.
 */
#include <config.h>

#include "unit.h"
#include "solve.h"

#define ARCS(...) ((const struct arcov_bbg_arc[]){ __VA_ARGS__ })
#define U64S(...) ((const uint64_t[]){ __VA_ARGS__ })
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* Fill @fn with @narcs arcs (sorted by source) over @nblocks blocks. */
static void build(struct arcov_bbg_fn *fn, uint32_t nblocks,
		  const struct arcov_bbg_arc *arcs, uint32_t narcs)
{
	assert_int_equal(arcov_bbg_fn_init(fn, "f", 0, nblocks, narcs), 0);
	if (narcs)
		memcpy(fn->arcs, arcs, narcs * sizeof *arcs);
	assert_int_equal(arcov_bbg_fn_finish(fn), 0);
}

#define BUILD(fn, nblocks, arcs) build((fn), (nblocks), (arcs), NELEM(arcs))

static struct arcov_bbg_arc arc(uint32_t src, uint32_t dest, uint32_t flags)
{
	return (struct arcov_bbg_arc){ src, dest, flags };
}

static void expect_counts(const struct arcov_counts *c,
			  const struct arcov_bbg_fn *fn, const uint64_t *blocks,
			  const uint64_t *arcs)
{
	uint32_t i;

	assert_int_equal(c->nblocks, fn->nblocks);
	assert_int_equal(c->narcs, fn->narcs);
	for (i = 0; i < fn->nblocks; i++)
		if (c->block[i] != blocks[i])
			fail_msg("block %u: got %ju, want %ju", i,
				 (uintmax_t)c->block[i], (uintmax_t)blocks[i]);
	for (i = 0; i < fn->narcs; i++)
		if (c->arc[i] != arcs[i])
			fail_msg("arc %u (%u->%u): got %ju, want %ju", i,
				 fn->arcs[i].src, fn->arcs[i].dest,
				 (uintmax_t)c->arc[i], (uintmax_t)arcs[i]);
}

/* Solve with @counters and require exactly @blocks and @arcs. */
static void expect_solution(const struct arcov_bbg_fn *fn,
			    const uint64_t *counters, size_t ncounters,
			    const uint64_t *blocks, const uint64_t *arcs)
{
	struct arcov_err err = { 0, "" };
	struct arcov_counts c;
	int rc;

	rc = arcov_solve(fn, counters, ncounters, &c, "t.bbg", &err);
	if (rc)
		fail_msg("arcov_solve: %d: %s", rc, err.msg);
	expect_counts(&c, fn, blocks, arcs);
	arcov_counts_free(&c);
}

/* Solve and require failure @code with message @msg. */
static void expect_failure(const struct arcov_bbg_fn *fn,
			   const uint64_t *counters, size_t ncounters,
			   int code, const char *msg)
{
	struct arcov_err err = { 0, "" };
	struct arcov_counts c;

	assert_int_equal(arcov_solve(fn, counters, ncounters, &c, "t.bbg",
				     &err), code);
	assert_int_equal(err.code, code);
	assert_string_equal(err.msg, msg);
	arcov_counts_free(&c);
}

/* §3.6: 0->1 and 1->2 counted; 1->3 (return 1) and 2->3 on the tree. */
static const struct arcov_bbg_arc example_arcs[] = {
	{ 0, 1, 4 }, { 1, 2, 4 }, { 1, 3, 1 }, { 2, 3, 5 }, { 3, 0, 1 },
};

static void test_example_3_6(void **state)
{
	struct arcov_bbg_fn fn;

	BUILD(&fn, 4, example_arcs);
	assert_int_equal(fn.ncounters, 2);
	/* f(1): the jump to the exit is taken. */
	expect_solution(&fn, U64S(1, 0), 2, U64S(1, 1, 0, 1),
			U64S(1, 0, 1, 0, 1));
	/* f(0), f(1) */
	expect_solution(&fn, U64S(2, 1), 2, U64S(2, 2, 1, 2),
			U64S(2, 1, 1, 1, 2));
	arcov_bbg_fn_free(&fn);
}

/* i = 0; while (i < n) i++;  with n = 10: 1 init, 2 body, 3 condition. */
static void test_while_loop(void **state)
{
	static const struct arcov_bbg_arc arcs[] = {
		{ 0, 1, 5 }, { 1, 3, 0 }, { 2, 3, 5 }, { 3, 2, 0 },
		{ 3, 4, 5 }, { 4, 0, 1 },
	};
	struct arcov_bbg_fn fn;

	BUILD(&fn, 5, arcs);
	/* counters: the jump into the condition, the back edge */
	expect_solution(&fn, U64S(1, 10), 2, U64S(1, 1, 10, 11, 1),
			U64S(1, 1, 10, 10, 1, 1));
	arcov_bbg_fn_free(&fn);
}

/*
 * for (i = 0; i < 3; i++) for (j = 0; j < 4; j++) body;  called twice.
 * 1 i=0, 2 j=0, 3 inner body, 4 inner condition, 5 i++, 6 outer
 * condition, 7 return.
 */
static const struct arcov_bbg_arc nested_arcs[] = {
	{ 0, 1, 5 }, { 1, 6, 1 }, { 2, 4, 1 }, { 3, 4, 5 }, { 4, 3, 0 },
	{ 4, 5, 5 }, { 5, 6, 5 }, { 6, 2, 0 }, { 6, 7, 4 }, { 7, 8, 5 },
	{ 8, 0, 1 },
};

static void test_nested_for(void **state)
{
	struct arcov_bbg_fn fn;

	BUILD(&fn, 9, nested_arcs);
	assert_int_equal(fn.ncounters, 3);
	/* counters: inner back edge 4->3, outer back edge 6->2, 6->7 */
	expect_solution(&fn, U64S(24, 6, 2), 3,
			U64S(2, 2, 6, 24, 30, 6, 8, 2, 2),
			U64S(2, 2, 6, 24, 24, 6, 6, 6, 2, 2, 2));
	arcov_bbg_fn_free(&fn);
}

/* if (c) then; else other;  1 condition, 2 then, 3 else, 4 join. */
static const struct arcov_bbg_arc diamond_arcs[] = {
	{ 0, 1, 5 }, { 1, 2, 5 }, { 1, 3, 1 }, { 2, 4, 0 }, { 3, 4, 4 },
	{ 4, 5, 5 }, { 5, 0, 1 },
};

static void test_diamond(void **state)
{
	struct arcov_bbg_fn fn;

	BUILD(&fn, 6, diamond_arcs);
	expect_solution(&fn, U64S(3, 2), 2, U64S(5, 5, 3, 2, 5, 5),
			U64S(5, 3, 2, 3, 2, 5, 5));
	arcov_bbg_fn_free(&fn);
}

/* switch with cases in blocks 2..5, all joining at 6. */
static void test_switch(void **state)
{
	static const struct arcov_bbg_arc arcs[] = {
		{ 0, 1, 5 }, { 1, 2, 1 }, { 1, 3, 1 }, { 1, 4, 1 },
		{ 1, 5, 1 }, { 2, 6, 0 }, { 3, 6, 0 }, { 4, 6, 0 },
		{ 5, 6, 4 }, { 6, 7, 5 }, { 7, 0, 1 },
	};
	struct arcov_bbg_fn fn;

	BUILD(&fn, 8, arcs);
	expect_solution(&fn, U64S(4, 3, 2, 1), 4,
			U64S(10, 10, 4, 3, 2, 1, 10, 10),
			U64S(10, 4, 3, 2, 1, 4, 3, 2, 1, 10, 10));
	arcov_bbg_fn_free(&fn);
}

/* h(); x++;  block 1 ends in the call, with a fake arc to the exit: three
 * calls of which one exits the process inside h(). */
static void test_call_may_not_return(void **state)
{
	static const struct arcov_bbg_arc arcs[] = {
		{ 0, 1, 4 }, { 1, 2, 4 }, { 1, 3, 3 }, { 2, 3, 5 },
		{ 3, 0, 1 },
	};
	struct arcov_bbg_fn fn;

	BUILD(&fn, 4, arcs);
	expect_solution(&fn, U64S(3, 2), 2, U64S(3, 3, 2, 3),
			U64S(3, 2, 1, 2, 3));
	arcov_bbg_fn_free(&fn);
}

/* while (--n); as one block that jumps to itself: both an in- and an
 * out-arc of block 1.  Two calls, seven extra trips. */
static void test_self_loop(void **state)
{
	static const struct arcov_bbg_arc arcs[] = {
		{ 0, 1, 4 }, { 1, 1, 0 }, { 1, 2, 5 }, { 2, 0, 1 },
	};
	struct arcov_bbg_fn fn;

	BUILD(&fn, 3, arcs);
	expect_solution(&fn, U64S(2, 7), 2, U64S(2, 9, 2), U64S(2, 7, 2, 2));
	arcov_bbg_fn_free(&fn);
}

/* A self-loop left on the tree is the one arc the flow cannot fix. */
static void test_self_loop_uncounted(void **state)
{
	static const struct arcov_bbg_arc arcs[] = {
		{ 0, 1, 4 }, { 1, 1, 1 }, { 1, 2, 5 }, { 2, 0, 1 },
	};
	struct arcov_bbg_fn fn;

	BUILD(&fn, 3, arcs);
	expect_failure(&fn, U64S(2), 1, ARCOV_EUNSOLVABLE,
		       "t.bbg: function f: block 1: count cannot be "
		       "determined");
	arcov_bbg_fn_free(&fn);
}

/* No real block: entry->exit (counted, as the loopback joined them). */
static void test_two_blocks(void **state)
{
	static const struct arcov_bbg_arc arcs[] = {
		{ 0, 1, 4 }, { 1, 0, 1 },
	};
	struct arcov_bbg_fn fn;

	BUILD(&fn, 2, arcs);
	expect_solution(&fn, U64S(7), 1, U64S(7, 7), U64S(7, 7));
	arcov_bbg_fn_free(&fn);
}

static void test_empty_graph(void **state)
{
	struct arcov_bbg_fn fn;
	struct arcov_counts c;

	build(&fn, 0, NULL, 0);
	assert_int_equal(arcov_solve(&fn, NULL, 0, &c, NULL, NULL), 0);
	assert_int_equal(c.nblocks, 0);
	assert_int_equal(c.narcs, 0);
	arcov_counts_free(&c);
	arcov_bbg_fn_free(&fn);
}

/* Two switch cases sharing a target: one arc counted, one derived. */
static void test_parallel_arcs(void **state)
{
	static const struct arcov_bbg_arc arcs[] = {
		{ 0, 1, 0 }, { 1, 2, 0 }, { 1, 2, 1 }, { 2, 3, 5 },
		{ 3, 0, 1 },
	};
	struct arcov_bbg_fn fn;

	BUILD(&fn, 4, arcs);
	expect_solution(&fn, U64S(5, 3), 2, U64S(5, 5, 5, 5),
			U64S(5, 3, 2, 5, 5));
	arcov_bbg_fn_free(&fn);
}

/* Both parallel arcs on the tree: the blocks are known, the split is not. */
static void test_parallel_arcs_uncounted(void **state)
{
	static const struct arcov_bbg_arc arcs[] = {
		{ 0, 1, 0 }, { 1, 2, 1 }, { 1, 2, 1 }, { 2, 3, 5 },
		{ 3, 0, 1 },
	};
	struct arcov_bbg_fn fn;

	BUILD(&fn, 4, arcs);
	expect_failure(&fn, U64S(5), 1, ARCOV_EUNSOLVABLE,
		       "t.bbg: function f: block 1: arc 1->2 count cannot be "
		       "determined");
	arcov_bbg_fn_free(&fn);
}

/* Block 2 has no predecessor: its count and its arc are 0. */
static void test_unreachable_block(void **state)
{
	static const struct arcov_bbg_arc arcs[] = {
		{ 0, 1, 4 }, { 1, 3, 5 }, { 2, 3, 1 }, { 3, 0, 1 },
	};
	struct arcov_bbg_fn fn;

	BUILD(&fn, 4, arcs);
	expect_solution(&fn, U64S(4), 1, U64S(4, 4, 0, 4), U64S(4, 4, 0, 4));
	arcov_bbg_fn_free(&fn);
}

static void test_no_counters(void **state)
{
	static const uint64_t zeros[11];
	struct arcov_bbg_fn fn;

	BUILD(&fn, 9, nested_arcs);
	expect_solution(&fn, NULL, 3, zeros, zeros);
	arcov_bbg_fn_free(&fn);
}

static void test_counter_count_mismatch(void **state)
{
	struct arcov_bbg_fn fn;

	BUILD(&fn, 9, nested_arcs);
	expect_failure(&fn, U64S(24, 6), 2, ARCOV_EMISMATCH,
		       "t.bbg: function f: 2 counters for 3 counted arcs");
	expect_failure(&fn, NULL, 0, ARCOV_EMISMATCH,
		       "t.bbg: function f: 0 counters for 3 counted arcs");
	arcov_bbg_fn_free(&fn);
}

/* 1->2->1 is a cycle of tree arcs: any amount could go round it. */
static void test_unsolvable_cycle(void **state)
{
	static const struct arcov_bbg_arc arcs[] = {
		{ 0, 1, 0 }, { 1, 2, 1 }, { 1, 3, 1 }, { 2, 1, 1 },
		{ 3, 0, 1 },
	};
	struct arcov_bbg_fn fn;

	BUILD(&fn, 4, arcs);
	expect_failure(&fn, U64S(6), 1, ARCOV_EUNSOLVABLE,
		       "t.bbg: function f: block 1: count cannot be "
		       "determined");
	arcov_bbg_fn_free(&fn);
}

/* Non-atomic counters that raced: the branch was seen taken more often
 * than the function was entered. */
static void test_negative_derived(void **state)
{
	struct arcov_bbg_fn fn;
	struct arcov_counts c;
	struct arcov_err err = { 0, "" };

	BUILD(&fn, 4, example_arcs);
	expect_failure(&fn, U64S(3, 5), 2, ARCOV_EINCONSISTENT,
		       "t.bbg: function f: block 1: derived arc 1->3 count "
		       "is negative (-2)");
	expect_failure(&fn, U64S(0, 1), 2, ARCOV_EINCONSISTENT,
		       "t.bbg: function f: block 1: derived arc 1->3 count "
		       "is negative (-1)");
	/* No file name: no prefix.  No err: still the code. */
	assert_int_equal(arcov_solve(&fn, U64S(0, 1), 2, &c, NULL, &err),
			 ARCOV_EINCONSISTENT);
	assert_string_equal(err.msg, "function f: block 1: derived arc 1->3 "
			    "count is negative (-1)");
	arcov_counts_free(&c);
	assert_int_equal(arcov_solve(&fn, U64S(0, 1), 2, &c, "t.bbg", NULL),
			 ARCOV_EINCONSISTENT);
	arcov_counts_free(&c);
	arcov_bbg_fn_free(&fn);
}

/* The same race, solved all the same: the counters kept as read, the
 * negative arc taken as 0, each block at least what its arcs say, and a
 * function that counted anything entered; marked inexact. */
static void test_negative_bounded(void **state)
{
	struct arcov_bbg_fn fn;
	struct arcov_counts c;
	uint32_t b;

	BUILD(&fn, 4, example_arcs);
	assert_int_equal(arcov_solve(&fn, U64S(0, 1), 2, &c, NULL, NULL),
			 ARCOV_EINCONSISTENT);
	assert_true(c.inexact);
	assert_int_equal(c.arc[0], 0);		/* 0->1, counted */
	assert_int_equal(c.arc[1], 1);		/* 1->2, counted */
	assert_int_equal(c.arc[2], 0);		/* 1->3, would be -1 */
	for (b = 0; b < 4; b++)
		assert_true(c.block[b] >= 1);
	arcov_counts_free(&c);
	/* Consistent counters are exact. */
	assert_int_equal(arcov_solve(&fn, U64S(2, 1), 2, &c, NULL, NULL), 0);
	assert_false(c.inexact);
	arcov_counts_free(&c);
	arcov_bbg_fn_free(&fn);
}

/* Block 1's arcs are both counted, so nothing absorbs a difference. */
static void test_unbalanced(void **state)
{
	static const struct arcov_bbg_arc arcs[] = {
		{ 0, 1, 4 }, { 1, 2, 4 }, { 2, 3, 5 }, { 3, 0, 1 },
	};
	struct arcov_bbg_fn fn;

	BUILD(&fn, 4, arcs);
	expect_solution(&fn, U64S(3, 3), 2, U64S(3, 3, 3, 3),
			U64S(3, 3, 3, 3));
	expect_failure(&fn, U64S(3, 4), 2, ARCOV_EINCONSISTENT,
		       "t.bbg: function f: block 0: inflow 4 does not equal "
		       "outflow 3");
	arcov_bbg_fn_free(&fn);
}

static void test_overflow(void **state)
{
	struct arcov_bbg_fn fn;

	BUILD(&fn, 6, diamond_arcs);
	/* The largest value a .da counter holds still solves. */
	expect_solution(&fn, U64S(INT64_MAX, 0), 2,
			U64S(INT64_MAX, INT64_MAX, INT64_MAX, 0, INT64_MAX,
			     INT64_MAX),
			U64S(INT64_MAX, INT64_MAX, 0, INT64_MAX, 0, INT64_MAX,
			     INT64_MAX));
	expect_failure(&fn, U64S(INT64_MAX, 1), 2, ARCOV_ERANGE,
		       "t.bbg: function f: block 4: total arc count exceeds "
		       "INT64_MAX");
	expect_failure(&fn, U64S(0, (uint64_t)INT64_MAX + 1), 2, ARCOV_ERANGE,
		       "t.bbg: function f: counter 1 (arc 3->4) exceeds "
		       "INT64_MAX");
	expect_failure(&fn, U64S(UINT64_MAX, 0), 2, ARCOV_ERANGE,
		       "t.bbg: function f: counter 0 (arc 2->4) exceeds "
		       "INT64_MAX");
	arcov_bbg_fn_free(&fn);
}

/* A hand-built function that skipped or broke arcov_bbg_fn_finish(). */
static void test_malformed_graph(void **state)
{
	struct arcov_bbg_fn fn;

	assert_int_equal(arcov_bbg_fn_init(&fn, "f", 0, 4, 5), 0);
	memcpy(fn.arcs, example_arcs, sizeof example_arcs);
	expect_failure(&fn, NULL, 0, ARCOV_EFORMAT,
		       "t.bbg: function f: first_arc[] does not span its 5 "
		       "arcs");
	assert_int_equal(arcov_bbg_fn_finish(&fn), 0);

	fn.first_arc[2] = 0;
	expect_failure(&fn, NULL, 2, ARCOV_EFORMAT,
		       "t.bbg: function f: first_arc[] does not span its 5 "
		       "arcs");
	fn.first_arc[2] = 3;

	fn.ncounters = 3;
	expect_failure(&fn, NULL, 3, ARCOV_EFORMAT,
		       "t.bbg: function f: 2 counted arcs but ncounters is 3");
	fn.ncounters = 2;

	fn.arcs[1].src = 0;
	expect_failure(&fn, NULL, 2, ARCOV_EFORMAT,
		       "t.bbg: function f: arc 1 (0->2) is not an arc of "
		       "block 1");
	fn.arcs[1].src = 1;

	fn.arcs[4].dest = 9;
	expect_failure(&fn, NULL, 2, ARCOV_EFORMAT,
		       "t.bbg: function f: arc 4 (3->9) is not an arc of "
		       "block 3");
	fn.arcs[4].dest = 0;

	expect_solution(&fn, NULL, 2, U64S(0, 0, 0, 0), U64S(0, 0, 0, 0, 0));
	arcov_bbg_fn_free(&fn);
}

/*
 * One loop over a chain of 100000 blocks, entered once and repeated nine
 * more times.  The count has to travel up the block numbers, against
 * gcov's visiting order, so a pass-until-stable solver would need a pass
 * per block.
 */
static void test_long_chain(void **state)
{
	const uint32_t n = 100000, exit_block = n - 1, k = 9;
	struct arcov_bbg_fn fn;
	uint64_t *blocks, *arcs;
	uint32_t b, a = 0;

	assert_int_equal(arcov_bbg_fn_init(&fn, "f", 0, n, n + 1), 0);
	for (b = 0; b + 1 < exit_block; b++)
		fn.arcs[a++] = arc(b, b + 1, b + 2 == exit_block ? 4 : 5);
	fn.arcs[a++] = arc(exit_block - 1, exit_block, 5);
	fn.arcs[a++] = arc(exit_block - 1, 1, 0);
	fn.arcs[a++] = arc(exit_block, 0, 1);
	assert_int_equal(a, n + 1);
	assert_int_equal(arcov_bbg_fn_finish(&fn), 0);
	assert_int_equal(fn.ncounters, 2);

	blocks = malloc(n * sizeof *blocks);
	arcs = malloc((n + 1) * sizeof *arcs);
	assert_non_null(blocks);
	assert_non_null(arcs);
	for (b = 0; b < n; b++)
		blocks[b] = b == 0 || b == exit_block ? 1 : k + 1;
	for (a = 0; a + 2 < n; a++)
		arcs[a] = a == 0 ? 1 : k + 1;
	arcs[n - 2] = 1;
	arcs[n - 1] = k;
	arcs[n] = 1;
	expect_solution(&fn, U64S(k + 1, k), 2, blocks, arcs);
	free(arcs);
	free(blocks);
	arcov_bbg_fn_free(&fn);
}

static uint64_t rng = 88172645463325252ULL;

/* xorshift64: a fixed sequence, so a failure is reproducible. */
static uint32_t rnd(uint32_t bound)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % bound);
}

static uint32_t uf_find(uint32_t *parent, uint32_t x)
{
	while (parent[x] != x)
		x = parent[x] = parent[parent[x]];
	return x;
}

/*
 * A random graph with self-loops, back and parallel arcs; the true flow
 * comes from random walks entry -> exit, the spanning tree from GCC's
 * union-find, the counters from the flow on the remaining arcs.  The
 * solver must give back the whole flow.
 */
static void check_random_graph(uint32_t n)
{
	const uint32_t exit_block = n - 1, maxarcs = 4 * n;
	struct arcov_bbg_arc *list = calloc(maxarcs, sizeof *list);
	uint64_t *flow = calloc(maxarcs, sizeof *flow);
	uint64_t *counters = calloc(maxarcs, sizeof *counters);
	uint64_t *blocks = calloc(n, sizeof *blocks);
	uint32_t *parent = calloc(n, sizeof *parent);
	uint32_t *first = calloc(n + 1, sizeof *first);
	uint32_t b, a, na = 0, nc = 0, walks, w;
	struct arcov_bbg_fn fn;

	assert_true(list && flow && counters && blocks && parent && first);
	for (b = 0; b < exit_block; b++) {
		uint32_t extra = b ? rnd(4) : 0;

		first[b] = na;
		list[na++] = arc(b, b + 1, 4);
		while (extra--)
			list[na++] = arc(b, 1 + rnd(exit_block), 0);
	}
	first[exit_block] = na;
	list[na++] = arc(exit_block, 0, 1);
	first[n] = na;

	walks = 1 + rnd(5);
	for (w = 0; w < walks; w++) {
		uint32_t steps = 0;

		for (b = 0; b != exit_block; steps++) {
			uint32_t deg = first[b + 1] - first[b];

			/* Long walks fall through to the exit. */
			a = first[b] + (steps < 4 * n ? rnd(deg) : 0);
			flow[a]++;
			b = list[a].dest;
		}
		flow[na - 1]++;
	}

	for (b = 0; b < n; b++)
		parent[b] = b;
	parent[exit_block] = 0;
	for (a = 0; a + 1 < na; a++) {
		uint32_t x = uf_find(parent, list[a].src);
		uint32_t y = uf_find(parent, list[a].dest);

		if (x != y) {
			parent[x] = y;
			list[a].flags |= 1;
		} else {
			counters[nc++] = flow[a];
		}
		blocks[list[a].src] += flow[a];
	}
	blocks[exit_block] = walks;

	build(&fn, n, list, na);
	assert_int_equal(fn.ncounters, nc);
	expect_solution(&fn, counters, nc, blocks, flow);
	arcov_bbg_fn_free(&fn);
	free(first);
	free(parent);
	free(blocks);
	free(counters);
	free(flow);
	free(list);
}

static void test_random_graphs(void **state)
{
	uint32_t i;

	for (i = 0; i < 500; i++)
		check_random_graph(2 + rnd(60));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_example_3_6),
		cmocka_unit_test(test_while_loop),
		cmocka_unit_test(test_nested_for),
		cmocka_unit_test(test_diamond),
		cmocka_unit_test(test_switch),
		cmocka_unit_test(test_call_may_not_return),
		cmocka_unit_test(test_self_loop),
		cmocka_unit_test(test_self_loop_uncounted),
		cmocka_unit_test(test_two_blocks),
		cmocka_unit_test(test_empty_graph),
		cmocka_unit_test(test_parallel_arcs),
		cmocka_unit_test(test_parallel_arcs_uncounted),
		cmocka_unit_test(test_unreachable_block),
		cmocka_unit_test(test_no_counters),
		cmocka_unit_test(test_counter_count_mismatch),
		cmocka_unit_test(test_unsolvable_cycle),
		cmocka_unit_test(test_negative_derived),
		cmocka_unit_test(test_negative_bounded),
		cmocka_unit_test(test_unbalanced),
		cmocka_unit_test(test_overflow),
		cmocka_unit_test(test_malformed_graph),
		cmocka_unit_test(test_long_chain),
		cmocka_unit_test(test_random_graphs),
	};

	return cmocka_run_group_tests_name("solve", tests, NULL, NULL);
}
