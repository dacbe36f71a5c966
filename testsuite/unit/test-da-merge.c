/* test-da-merge.c -- matching, adding and folding .da blocks
 * (lib/da-merge.c), with golden numbers and the one clamp. */
#include <config.h>

#include "unit.h"
#include "da.h"
#include "da-ext.h"
#include "da-merge.h"
#include "sm.h"

#define MAX ARCOV_COUNTER_MAX

/* A block of two functions, f (checksum 1040, 2 counters) and main
 * (77, 1 counter), over @c, as doc/formats.md §4.2's example object. */
static void two_fn_block(struct arcov_da_block *blk, struct arcov_da_fn *fns,
			 uint64_t *c)
{
	memset(blk, 0, sizeof *blk);
	memset(fns, 0, 2 * sizeof *fns);
	fns[0].name = (char *)"f";
	fns[0].checksum = 1040;
	fns[0].ncounters = 2;
	fns[0].counters = c;
	fns[1].name = (char *)"main";
	fns[1].checksum = 77;
	fns[1].ncounters = 1;
	fns[1].counters = c + 2;
	blk->nfns = 2;
	blk->fns = fns;
}

static void check_summary(const struct arcov_da_summary *s, uint32_t arcs,
			  uint64_t sum, uint64_t max)
{
	assert_int_equal(s->arcs, arcs);
	assert_true(s->sum == sum);
	assert_true(s->max == max);
}

static void test_add_saturates(void **state)
{
	uint64_t to[] = { 1, MAX - 1, MAX, UINT64_MAX };
	const uint64_t from[] = { 2, 2, 1, 0 };

	(void)state;
	assert_true(arcov_da_add(3, 4) == 7);
	assert_true(arcov_da_add(MAX, 0) == MAX);
	assert_true(arcov_da_add(MAX - 5, 5) == MAX);
	assert_true(arcov_da_add(MAX - 5, 6) == MAX);
	assert_true(arcov_da_add(UINT64_MAX, UINT64_MAX) == MAX);
	arcov_da_counters_add(to, from, 4);
	assert_true(to[0] == 3 && to[1] == MAX && to[2] == MAX &&
		    to[3] == MAX);
}

static void test_summaries(void **state)
{
	struct arcov_da_summary s = { 0, 0, 0 };
	const struct arcov_da_summary a = { 3, 2, 1 }, b = { 3, 8, 5 },
		big = { ARCOV_WORD_MAX, MAX, MAX };
	const uint64_t c[] = { 1, 5, 0, MAX };

	(void)state;
	arcov_da_summary_counters(&s, c, 3);
	check_summary(&s, 3, 6, 5);
	arcov_da_summary_counters(&s, c + 3, 1);
	check_summary(&s, 4, MAX, MAX);

	/* doc/formats.md §4.4's two runs: (3, 2, 1) then (3, 8, 5). */
	s = a;
	arcov_da_summary_fold(&s, &b);
	check_summary(&s, 3, 10, 6);
	s = b;
	arcov_da_summary_fold(&s, &a);
	check_summary(&s, 3, 10, 6);
	arcov_da_summary_fold(&s, &big);
	check_summary(&s, ARCOV_WORD_MAX, MAX, MAX);

	/* Objects of one run: arcs and sums add, max is the larger. */
	s = a;
	arcov_da_summary_add(&s, &b);
	check_summary(&s, 6, 10, 5);
	arcov_da_summary_add(&s, &big);
	check_summary(&s, ARCOV_WORD_MAX, MAX, MAX);
}

static void test_fn_cmp(void **state)
{
	struct arcov_da_fn rec = { 0, (char *)"f", 1040, 2, NULL };

	(void)state;
	assert_int_equal(arcov_da_fn_cmp(&rec, "f", 1040, 2), 0);
	assert_true(arcov_da_fn_cmp(&rec, "g", 1040, 2) < 0);
	assert_true(arcov_da_fn_cmp(&rec, "f", 1041, 2) < 0);
	assert_true(arcov_da_fn_cmp(&rec, "f", 1039, 2) > 0);
	assert_true(arcov_da_fn_cmp(&rec, "f", 1040, 3) < 0);
	assert_true(arcov_da_fn_cmp(&rec, "f", 1040, 1) > 0);
}

static void test_match(void **state)
{
	struct arcov_da_block a, b;
	struct arcov_da_fn fa[2], fb[2];
	uint64_t ca[3] = { 0 }, cb[3] = { 0 };
	unsigned char *la, *lb;
	uint32_t lena, lenb;
	unsigned char bad[8] = { 0 };	/* tag 0: malformed */

	(void)state;
	two_fn_block(&a, fa, ca);
	two_fn_block(&b, fb, cb);
	assert_true(arcov_da_blocks_match(&a, &b));
	fb[0].checksum = 1041;
	assert_false(arcov_da_blocks_match(&a, &b));
	fb[0].checksum = 1040;
	fb[1].name = (char *)"main2";
	assert_false(arcov_da_blocks_match(&a, &b));
	fb[1].name = (char *)"main";
	b.nfns = 1;
	assert_false(arcov_da_blocks_match(&a, &b));
	b.nfns = 2;

	/* Labels: same label matches, another label or none does not. */
	assert_int_equal(arcov_ext_label_tail("x", &la, &lena), 0);
	assert_int_equal(arcov_ext_label_tail("y", &lb, &lenb), 0);
	a.ext_tail = la;
	a.ext_tail_len = lena;
	assert_false(arcov_da_blocks_match(&a, &b));
	b.ext_tail = lb;
	b.ext_tail_len = lenb;
	assert_false(arcov_da_blocks_match(&a, &b));
	b.ext_tail = la;
	assert_true(arcov_da_blocks_match(&a, &b));

	/* A malformed tail matches nothing, not even itself. */
	a.ext_tail = b.ext_tail = bad;
	a.ext_tail_len = b.ext_tail_len = sizeof bad;
	assert_false(arcov_da_block_mergeable(&a));
	assert_false(arcov_da_blocks_match(&a, &b));
	free(la);
	free(lb);
}

/* doc/formats.md §4.4: f=[1,0], main=[1] then f=[2,5], main=[1] give
 * f=[3,5], main=[2], object (3, 10, 5); programs fold to (3, 10, 6). */
static void test_block_add_golden(void **state)
{
	struct arcov_da_block a, b;
	struct arcov_da_fn fa[2], fb[2];
	uint64_t ca[3] = { 1, 0, 1 }, cb[3] = { 2, 5, 1 };
	struct arcov_da da;

	(void)state;
	two_fn_block(&a, fa, ca);
	two_fn_block(&b, fb, cb);
	a.program = (struct arcov_da_summary){ 3, 2, 1 };
	b.program = (struct arcov_da_summary){ 3, 8, 5 };
	arcov_da_block_add(&a, &b);
	assert_true(ca[0] == 3 && ca[1] == 5 && ca[2] == 2);
	check_summary(&a.object, 3, 10, 5);
	check_summary(&a.program, 3, 10, 6);

	/* Saturation: counters, object and program summaries pin at the
	 * one clamp, and the block still encodes. */
	cb[0] = MAX;
	cb[1] = MAX - 4;
	b.program = (struct arcov_da_summary){ 3, MAX, MAX };
	arcov_da_block_add(&a, &b);
	assert_true(ca[0] == MAX && ca[1] == MAX && ca[2] == 3);
	check_summary(&a.object, 3, MAX, MAX);
	check_summary(&a.program, 3, MAX, MAX);
	assert_true(arcov_da_block_write(&a, NULL, 0) > 0);

	da.nblocks = 1;
	da.blocks = &a;
	assert_int_equal(arcov_da_find_block(&da, &b), 0);
	fb[1].checksum = 78;
	assert_int_equal(arcov_da_find_block(&da, &b), 1);
}

/* gcov 3.3 sums every matching record of every block (doc/formats.md §4.5). */
static void test_fn_total(void **state)
{
	struct arcov_da_block blks[3];
	struct arcov_da_fn f0[2], f1[2], f2[2];
	uint64_t c0[3] = { 1, 2, 3 }, c1[3] = { 10, 20, 30 },
		c2[3] = { MAX, 0, 7 };
	struct arcov_da da = { 3, blks };
	uint64_t out[2] = { 0, 0 };

	(void)state;
	two_fn_block(&blks[0], f0, c0);
	two_fn_block(&blks[1], f1, c1);
	two_fn_block(&blks[2], f2, c2);
	f2[0].checksum = 9;	/* a rebuilt f: not counted */
	assert_int_equal(arcov_da_fn_total(&da, "f", 1040, 2, out), 2);
	assert_true(out[0] == 11 && out[1] == 22);
	out[0] = 0;
	assert_int_equal(arcov_da_fn_total(&da, "main", 77, 1, out), 3);
	assert_true(out[0] == 40);
	f2[0].checksum = 1040;
	out[0] = out[1] = 0;
	assert_int_equal(arcov_da_fn_total(&da, "f", 1040, 2, out), 3);
	assert_true(out[0] == MAX && out[1] == 22);
	assert_int_equal(arcov_da_fn_total(&da, "g", 1, 0, out), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_add_saturates),
		cmocka_unit_test(test_summaries),
		cmocka_unit_test(test_fn_cmp),
		cmocka_unit_test(test_match),
		cmocka_unit_test(test_block_add_golden),
		cmocka_unit_test(test_fn_total),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
