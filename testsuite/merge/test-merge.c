/* test-merge.c -- arcov_merge_da() and arcov_merge_finish() on random .da
 * contents: every order and grouping of the same inputs must serialize to
 * the same bytes, and the sums must be the saturating sums of the inputs.
 */
#include <config.h>

#include "unit.h"

#include "da-ext.h"
#include "merge.h"
#include "sm.h"

#define ROUNDS 300
#define MAX_INPUTS 6

/* A small deterministic generator, so a failure can be replayed. */
static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(rng_state >> 33) % n;
}

/* Three objects, the second a rebuilt first (other checksum). */
static const struct {
	uint32_t nfns;
	const char *names[2];
	uint32_t checksums[2];
	uint32_t ncounters[2];
} objects[] = {
	{ 2, { "f", "main" }, { 1040, 77 }, { 2, 1 } },
	{ 1, { "f" }, { 1041 }, { 2 } },
	{ 2, { "g", "h" }, { 5, 6 }, { 0, 3 } },
};

static const char *const labels[] = { NULL, "a", "nightly" };

/* A counter: mostly small, sometimes close enough to 2^63 to saturate. */
static uint64_t rnd_counter(void)
{
	if (!rnd(8))
		return ARCOV_COUNTER_MAX - rnd(1000);
	return rnd(100);
}

/* A zeroed block of objects[@o] with tail @l: a label index, or 3 for a
 * tail that is no entry sequence (it merges with nothing). */
static void make_block(struct arcov_da_block *blk, uint32_t o, uint32_t l)
{
	size_t ncounters = 0, names = 0;
	uint64_t *counters;
	char *name;
	uint32_t i;

	memset(blk, 0, sizeof *blk);
	if (l == 3) {
		blk->ext_tail = malloc(4);
		assert_non_null(blk->ext_tail);
		memcpy(blk->ext_tail, "\1\2\3\4", 4);
		blk->ext_tail_len = 4;
	} else if (labels[l]) {
		assert_int_equal(arcov_ext_label_tail(labels[l], &blk->ext_tail,
						      &blk->ext_tail_len), 0);
	}
	blk->nfns = objects[o].nfns;
	blk->fns = calloc(blk->nfns, sizeof *blk->fns);
	assert_non_null(blk->fns);
	/* As arcov_da_read() leaves a block: its names and counters in one
	 * allocation, the block's store, counters first. */
	for (i = 0; i < blk->nfns; i++) {
		ncounters += objects[o].ncounters[i];
		names += strlen(objects[o].names[i]) + 1;
	}
	blk->store = calloc(1, ncounters * sizeof (uint64_t) + names);
	assert_non_null(blk->store);
	counters = blk->store;
	name = (char *)(counters + ncounters);
	for (i = 0; i < blk->nfns; i++) {
		struct arcov_da_fn *fn = &blk->fns[i];

		fn->name = strcpy(name, objects[o].names[i]);
		name += strlen(name) + 1;
		fn->checksum = objects[o].checksums[i];
		fn->ncounters = objects[o].ncounters[i];
		fn->counters = counters;
		counters += fn->ncounters;
	}
}

static void random_block(struct arcov_da_block *blk)
{
	uint32_t i, j;

	make_block(blk, rnd(3), rnd(4));
	for (i = 0; i < blk->nfns; i++)
		for (j = 0; j < blk->fns[i].ncounters; j++)
			blk->fns[i].counters[j] = rnd_counter();
	blk->program.arcs = rnd(10);
	blk->program.sum = rnd_counter();
	blk->program.max = rnd_counter();
	arcov_da_block_summarize(blk);
	if (blk->object.sum > ARCOV_COUNTER_MAX)
		blk->object.sum = ARCOV_COUNTER_MAX;
}

/* A serialized file, as arcov-merge would read it. */
struct image {
	unsigned char *data;
	size_t size;
};

static struct image serialize(const struct arcov_da *da)
{
	struct image im;
	ssize_t n = arcov_da_write(da, NULL, 0);

	assert_true(n > 0);
	im.data = malloc((size_t)n);
	assert_non_null(im.data);
	assert_int_equal(arcov_da_write(da, im.data, (size_t)n), n);
	im.size = (size_t)n;
	return im;
}

static struct image random_file(void)
{
	struct arcov_da da;
	struct image im;
	size_t i;

	da.nblocks = 1 + rnd(3);
	da.blocks = calloc(da.nblocks, sizeof *da.blocks);
	assert_non_null(da.blocks);
	for (i = 0; i < da.nblocks; i++)
		random_block(&da.blocks[i]);
	im = serialize(&da);
	arcov_da_free(&da);
	return im;
}

/* Merge the files @ims[@idx[0..n)] in that order, as one arcov-merge. */
static struct image merge_images(const struct image *ims, const size_t *idx,
				 size_t n)
{
	struct arcov_da acc = { 0 }, in;
	struct image out;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct image *im = &ims[idx[i]];

		assert_int_equal(arcov_da_read(&in, im->data, im->size, "in",
					       NULL), 0);
		assert_int_equal(arcov_merge_da(&acc, &in), 0);
		assert_int_equal(in.nblocks, 0);
	}
	arcov_merge_finish(&acc);
	out = serialize(&acc);
	arcov_da_free(&acc);
	return out;
}

/* Merge @idx[0..n) as a random binary tree of arcov-merge runs. */
static struct image merge_tree(const struct image *ims, const size_t *idx,
			       size_t n)
{
	struct image parts[2], out;
	size_t cut, two[2] = { 0, 1 };

	if (n == 1)
		return merge_images(ims, idx, 1);
	cut = 1 + rnd((uint32_t)n - 1);
	parts[0] = merge_tree(ims, idx, cut);
	parts[1] = merge_tree(ims, idx + cut, n - cut);
	if (rnd(2)) {
		two[0] = 1;
		two[1] = 0;
	}
	out = merge_images(parts, two, 2);
	free(parts[0].data);
	free(parts[1].data);
	return out;
}

static void test_order_and_grouping_do_not_matter(void **state)
{
	int round;

	(void)state;
	rng_state = 1;
	for (round = 0; round < ROUNDS; round++) {
		struct image ims[MAX_INPUTS], flat, other;
		size_t idx[MAX_INPUTS], n = 1 + rnd(MAX_INPUTS), i;

		for (i = 0; i < n; i++) {
			ims[i] = random_file();
			idx[i] = i;
		}
		flat = merge_images(ims, idx, n);
		/* A random permutation, merged as a random tree. */
		for (i = n - 1; i > 0; i--) {
			size_t j = rnd((uint32_t)i + 1), t = idx[i];

			idx[i] = idx[j];
			idx[j] = t;
		}
		other = merge_tree(ims, idx, n);
		assert_int_equal(other.size, flat.size);
		assert_memory_equal(other.data, flat.data, flat.size);
		free(other.data);
		free(flat.data);
		for (i = 0; i < n; i++)
			free(ims[i].data);
	}
}

/* One unlabelled block of object 0: f [@c0, @c1], main [@c2], program @p. */
static void fixed_block(struct arcov_da_block *blk, uint64_t c0, uint64_t c1,
			uint64_t c2, struct arcov_da_summary p)
{
	make_block(blk, 0, 0);
	blk->fns[0].counters[0] = c0;
	blk->fns[0].counters[1] = c1;
	blk->fns[1].counters[0] = c2;
	blk->program = p;
}

static void test_sums_saturate(void **state)
{
	struct arcov_da a = { 0 }, b = { 0 };
	struct arcov_da_summary pa = { 3, 10, 6 };
	struct arcov_da_summary pb = { 5, ARCOV_COUNTER_MAX - 1, 4 };

	(void)state;
	a.nblocks = b.nblocks = 1;
	a.blocks = calloc(1, sizeof *a.blocks);
	b.blocks = calloc(1, sizeof *b.blocks);
	assert_non_null(a.blocks);
	assert_non_null(b.blocks);
	fixed_block(&a.blocks[0], 1, ARCOV_COUNTER_MAX - 5, 7, pa);
	fixed_block(&b.blocks[0], 2, 6, 0, pb);
	assert_int_equal(arcov_merge_da(&a, &b), 0);
	arcov_merge_finish(&a);
	assert_int_equal(a.nblocks, 1);
	assert_int_equal(a.blocks[0].fns[0].counters[0], 3);
	assert_true(a.blocks[0].fns[0].counters[1] == ARCOV_COUNTER_MAX);
	assert_int_equal(a.blocks[0].fns[1].counters[0], 7);
	assert_int_equal(a.blocks[0].program.arcs, 5);
	assert_true(a.blocks[0].program.sum == ARCOV_COUNTER_MAX);
	assert_int_equal(a.blocks[0].program.max, 10);
	assert_int_equal(a.blocks[0].object.arcs, 3);
	assert_true(a.blocks[0].object.sum == ARCOV_COUNTER_MAX);
	assert_true(a.blocks[0].object.max == ARCOV_COUNTER_MAX);
	arcov_da_free(&a);
	arcov_da_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_and_grouping_do_not_matter),
		cmocka_unit_test(test_sums_saturate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
