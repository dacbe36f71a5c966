/* test-util.c -- the model's sort of line numbers (tools/model/util.c):
 * arcov_sort_u32() by insertion for a block's few lines and by radix
 * passes for a source's many, against qsort(), and arcov_sort_unique().
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "unit.h"
#include "util.h"

/* arcov_sort_u32() on @n values from @next() equals qsort()'s order. */
static void against_qsort(size_t n, uint32_t (*next)(uint32_t *),
			  uint32_t seed)
{
	uint32_t *v = malloc((n ? n : 1) * sizeof *v);
	uint32_t *ref = malloc((n ? n : 1) * sizeof *ref);
	size_t i;

	assert_non_null(v);
	assert_non_null(ref);
	for (i = 0; i < n; i++)
		v[i] = ref[i] = next(&seed);
	arcov_sort_u32(v, n);
	qsort(ref, n, sizeof *ref, arcov_cmp_u32);
	assert_memory_equal(v, ref, n * sizeof *v);
	free(v);
	free(ref);
}

/* A linear congruential generator: the whole 32-bit range. */
static uint32_t any(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s;
}

/* Line numbers of a source file, with many repeats. */
static uint32_t small(uint32_t *s)
{
	return any(s) % 3000 + 1;
}

/* Line numbers past 2^22, where a third radix pass is needed. */
static uint32_t wide(uint32_t *s)
{
	return any(s) % 9000000;
}

static void test_sizes(void **state)
{
	static const size_t sizes[] = { 0, 1, 2, 63, 64, 65, 1000, 100000 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		against_qsort(sizes[i], any, 1);
		against_qsort(sizes[i], small, 2);
		against_qsort(sizes[i], wide, 3);
	}
}

static void test_sorted_and_extremes(void **state)
{
	uint32_t v[200], i;

	(void)state;
	for (i = 0; i < 200; i++)
		v[i] = i % 2 ? UINT32_MAX - i : i;
	arcov_sort_u32(v, 200);
	for (i = 1; i < 200; i++)
		assert_true(v[i - 1] <= v[i]);
	assert_int_equal(v[0], 0);
	assert_int_equal(v[199], UINT32_MAX - 1);
	/* Already sorted stays sorted. */
	arcov_sort_u32(v, 200);
	assert_int_equal(v[0], 0);
	assert_int_equal(v[100], UINT32_MAX - 199);
}

static void test_sort_unique(void **state)
{
	uint32_t v[100], i;

	(void)state;
	for (i = 0; i < 100; i++)
		v[i] = 7 - i % 8;	/* 7..0, twelve and a half times */
	assert_int_equal(arcov_sort_unique(v, 100), 8);
	for (i = 0; i < 8; i++)
		assert_int_equal(v[i], i);
	assert_int_equal(arcov_sort_unique(v, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_sorted_and_extremes),
		cmocka_unit_test(test_sort_unique),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
