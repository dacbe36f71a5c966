/* test-percent.c -- gcov 3.3's and gcov 12's percentage formats against
 * the examples of doc/formats.md §5.4 and §5.9.
 */
#include <config.h>

#include "../unit/unit.h"
#include "percent.h"

static void hwint(uint64_t top, uint64_t bottom, int dp, const char *want)
{
	char buf[ARCOV_PERCENT_MAX];

	assert_string_equal(arcov_format_hwint(top, bottom, dp, buf), want);
}

static void gcov(int64_t top, int64_t bottom, int dp, const char *want)
{
	char buf[ARCOV_PERCENT_MAX];

	assert_string_equal(arcov_format_gcov(top, bottom, dp, buf), want);
}

static void test_hwint_spec_examples(void **state)
{
	hwint(6, 7, 2, "85.71%");
	hwint(0, 7, 2, "0.00%");
	hwint(7, 7, 2, "100.00%");
	hwint(1, 100000, 2, "0.01%");
	hwint(2, 3, 0, "67%");
	hwint(9999, 10000, 0, "99%");
	hwint(1, 1000, 0, "1%");
	hwint(0, 0, 2, "0.00%");
	hwint(2, 3, 2, "66.67%");
}

static void test_hwint_clamps(void **state)
{
	/* 99999/100000 rounds to 100.00 in float: held below 100%. */
	hwint(99999, 100000, 2, "99.99%");
	hwint(199999, 200000, 0, "99%");
	/* Tiny shares never show as zero, not even over a zero bottom
	 * (doc/formats.md's "(x,0,2) 0.00%" holds for x = 0 only). */
	hwint(1, 4000000000u, 2, "0.01%");
	hwint(5, 0, 2, "0.01%");
	hwint(0, 0, 0, "0%");
}

static void test_hwint_single_precision(void **state)
{
	/* 1/3 * 10000 + 0.5 is 3333.83 in float: 33.33%; and 2/3 gives
	 * 6667.17: 66.67%. */
	hwint(1, 3, 2, "33.33%");
	/* 16777217 is not a float: it rounds to 16777216 = the bottom, so
	 * the ratio is exactly 1 and only the clamp keeps it below 100%. */
	hwint(16777217, 16777218, 2, "99.99%");
}

static void test_hwint_counts(void **state)
{
	hwint(12345, 0, -1, "12345");
	hwint(0, 7, -1, "0");
	hwint(INT64_MAX, 1, -1, "9223372036854775807");
}

static void test_gcov(void **state)
{
	gcov(2, 3, 2, "66.67%");
	gcov(0, 3, 0, "0%");
	gcov(3, 3, 0, "100%");
	gcov(1, 1000, 0, "1%");		/* 0.1 is raised to 1 */
	gcov(1, 1000, 2, "0.10%");
	gcov(1, 300, 0, "1%");		/* 0.33 is raised too */
	gcov(1, 200, 0, "0%");		/* 0.5 is not, and prints as 0 */
	gcov(999, 1000, 0, "100%");	/* no clamp below 100% */
	gcov(10, 11, 0, "91%");
	gcov(1, 11, 0, "9%");
	gcov(5, 0, 2, "0.00%");
	gcov(42, 0, -1, "42");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hwint_spec_examples),
		cmocka_unit_test(test_hwint_clamps),
		cmocka_unit_test(test_hwint_single_precision),
		cmocka_unit_test(test_hwint_counts),
		cmocka_unit_test(test_gcov),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
