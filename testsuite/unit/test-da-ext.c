/* test-da-ext.c -- the tagged .da extension tail (lib/da-ext.c,
 * doc/da-extension.md). */
#include <config.h>

#include "unit.h"
#include "da.h"
#include "da-ext.h"

/* Build the tail for @label and compare it with the hex @want. */
static void check_label(const char *label, const char *want)
{
	const unsigned char *payload;
	unsigned char *tail;
	uint32_t len, size;

	assert_int_equal(arcov_ext_label_tail(label, &tail, &len), 0);
	assert_bytes_hex(tail, len, want);
	assert_int_equal(arcov_ext_find(tail, len, ARCOV_EXT_LABEL, &payload,
					&size), 0);
	assert_int_equal(size, strlen(label));
	assert_memory_equal(payload, label, size);
	free(tail);
}

static void test_label_golden(void **state)
{
	(void)state;
	check_label("", "01000000 00000000");
	check_label("a", "01000000 01000000 61000000");
	check_label("abc", "01000000 03000000 61626300");
	check_label("abcd", "01000000 04000000 61626364");
	check_label("first", "01000000 05000000 66697273 74000000");
}

/* A run's tail: the label, then the build stamp (one word); either alone;
 * neither gives no tail. */
static void test_run_tail(void **state)
{
	unsigned char *tail;
	uint32_t len;

	(void)state;
	assert_int_equal(arcov_ext_run_tail("ab", 0x12345678, &tail, &len), 0);
	assert_bytes_hex(tail, len, "01000000 02000000 61620000 "
				    "02000000 04000000 78563412");
	assert_int_equal(arcov_ext_stamp(tail, len), 0x12345678);
	free(tail);
	assert_int_equal(arcov_ext_run_tail(NULL, 7, &tail, &len), 0);
	assert_bytes_hex(tail, len, "02000000 04000000 07000000");
	assert_int_equal(arcov_ext_stamp(tail, len), 7);
	free(tail);
	assert_int_equal(arcov_ext_run_tail(NULL, 0, &tail, &len), 0);
	assert_null(tail);
	assert_int_equal(len, 0);
	assert_int_equal(arcov_ext_run_tail("x", 0x80000000u, &tail, &len),
			 ARCOV_ERANGE);
	/* a label alone, or a stamp entry of the wrong size, has no stamp */
	assert_int_equal(arcov_ext_label_tail("abcd", &tail, &len), 0);
	assert_int_equal(arcov_ext_stamp(tail, len), 0);
	free(tail);
	{
		size_t n;
		unsigned char *bad = unit_unhex("02000000 03000000 01020300",
						&n);

		assert_int_equal(arcov_ext_stamp(bad, (uint32_t)n), 0);
		free(bad);
	}
}

static void test_find_skips_other_tags(void **state)
{
	size_t n;
	unsigned char *tail = unit_unhex("07000000 02000000 ffff0000"
					 "01000000 02000000 68690000", &n);
	const unsigned char *payload;
	uint32_t size;

	(void)state;
	assert_int_equal(arcov_ext_find(tail, (uint32_t)n, ARCOV_EXT_LABEL,
					&payload, &size), 0);
	assert_int_equal(size, 2);
	assert_memory_equal(payload, "hi", 2);
	assert_int_equal(arcov_ext_find(tail, (uint32_t)n, 9, &payload,
					&size), 1);
	assert_int_equal(arcov_ext_find(NULL, 0, ARCOV_EXT_LABEL, &payload,
					&size), 1);
	free(tail);
}

static void test_find_malformed(void **state)
{
	static const char *const bad[] = {
		"00000000 00000000",		/* tag 0 */
		"01000080 00000000",		/* negative tag */
		"01000000 01000080",		/* negative length */
		"01000000 05000000 61626364",	/* payload past the end */
		"01000000 00000000 00",		/* trailing byte */
	};
	const unsigned char *payload;
	unsigned char *tail;
	uint32_t size;
	size_t i, n;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		tail = unit_unhex(bad[i], &n);
		assert_int_equal(arcov_ext_find(tail, (uint32_t)n, 9,
						&payload, &size),
				 ARCOV_EFORMAT);
		free(tail);
	}
}

static void test_find_truncations(void **state)
{
	const unsigned char *payload;
	unsigned char *tail, *copy;
	uint32_t len, size, cut;

	(void)state;
	assert_int_equal(arcov_ext_label_tail("label", &tail, &len), 0);
	for (cut = 1; cut < len; cut++) {
		copy = malloc(cut);
		assert_non_null(copy);
		memcpy(copy, tail, cut);
		assert_int_equal(arcov_ext_find(copy, cut, ARCOV_EXT_LABEL,
						&payload, &size),
				 ARCOV_EFORMAT);
		free(copy);
	}
	free(tail);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_label_golden),
		cmocka_unit_test(test_run_tail),
		cmocka_unit_test(test_find_skips_other_tags),
		cmocka_unit_test(test_find_malformed),
		cmocka_unit_test(test_find_truncations),
	};

	return cmocka_run_group_tests_name("ext", tests, NULL, NULL);
}
