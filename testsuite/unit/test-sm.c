/* test-sm.c -- sign-magnitude integers and gcov strings (doc/formats.md §1). */
#include <config.h>

#include "unit.h"
#include "sm.h"

static void check_word(int64_t v, int width, const char *hex)
{
	unsigned char b[8];

	assert_int_equal(arcov_sm_encode(b, v, width), 0);
	assert_bytes_hex(b, (size_t)width, hex);
	assert_true(arcov_sm_decode(b, width) == v);
}

/* The table of §1.1. */
static void test_golden_table(void **state)
{
	check_word(0, 4, "00000000");
	check_word(40, 4, "28000000");
	check_word(-1, 4, "01000080");
	check_word(-2, 4, "02000080");
	check_word(-123, 4, "7b000080");
	check_word(2147483647, 4, "ffffff7f");
	check_word(5, 8, "0500000000000000");
	check_word(-1, 8, "0100000000000080");
	check_word(INT64_MAX, 8, "ffffffffffffff7f");
	check_word(-INT64_MAX, 8, "ffffffffffffffff");
}

/* Values whose magnitude needs the sign bit are refused, not mangled
 * (the historical writer stored 0x80000000 as zero, §1.1 quirks). */
static void test_overflow_rejected(void **state)
{
	unsigned char b[8];

	assert_int_equal(arcov_sm_encode(b, 0x80000000LL, 4), ARCOV_ERANGE);
	assert_int_equal(arcov_sm_encode(b, -0x80000000LL, 4), ARCOV_ERANGE);
	assert_int_equal(arcov_sm_encode(b, 1LL << 32, 4), ARCOV_ERANGE);
	assert_int_equal(arcov_sm_encode(b, INT64_MIN, 8), ARCOV_ERANGE);
	assert_int_equal(arcov_sm_encode(b, INT32_MIN, 4), ARCOV_ERANGE);
}

static void test_negative_zero(void **state)
{
	static const unsigned char nz4[4] = { 0, 0, 0, 0x80 };
	static const unsigned char nz8[8] = { 0, 0, 0, 0, 0, 0, 0, 0x80 };

	struct arcov_err err = { 0, "" };
	struct arcov_rd r;
	int32_t w;
	uint64_t c;

	assert_true(arcov_sm_decode(nz4, 4) == 0);
	assert_true(arcov_sm_decode(nz8, 8) == 0);

	/* The cursor refuses it: it could not be written back as read. */
	arcov_rd_init(&r, nz4, sizeof nz4, "nz.bbg", &err);
	assert_int_equal(arcov_rd_word(&r, &w, "block count"), ARCOV_EFORMAT);
	assert_string_equal(err.msg,
			    "nz.bbg: offset 0: block count written as negative zero");
	assert_int_equal(r.pos, 0);
	arcov_rd_init(&r, nz8, sizeof nz8, "nz.da", &err);
	assert_int_equal(arcov_rd_counter(&r, &c, "counter"), ARCOV_EFORMAT);
	assert_string_equal(err.msg,
			    "nz.da: offset 0: counter written as negative zero");
}

static void check_counted(const char *s, const char *hex)
{
	unsigned char buf[64];
	struct arcov_wr w;
	struct arcov_rd r;
	char *back = NULL;

	arcov_wr_init(&w, NULL, 0);
	arcov_wr_counted_string(&w, s);
	assert_int_equal(w.status, 0);
	assert_true(w.len <= sizeof buf);
	{
		size_t need = w.len;

		arcov_wr_init(&w, buf, sizeof buf);
		arcov_wr_counted_string(&w, s);
		assert_int_equal(w.status, 0);
		assert_int_equal(w.len, need);
	}
	assert_bytes_hex(buf, w.len, hex);
	arcov_rd_init(&r, buf, w.len, "t", NULL);
	assert_int_equal(arcov_rd_counted_string(&r, &back, "name"), 0);
	assert_string_equal(back, s);
	assert_int_equal(r.pos, w.len);
	free(back);
}

/* The counted-string examples of §1.4(b). */
static void test_counted_strings(void **state)
{
	check_counted("f", "01000080 01000000 66000000 01000080");
	check_counted("main",
		      "01000080 04000000 6d61696e 00000000 01000080");
	check_counted("foo", "01000080 03000000 666f6f00 01000080");
	check_counted("", "01000080 00000000 00000000 01000080");
}

static void check_delimited(int32_t delim, const char *s, const char *hex)
{
	unsigned char buf[64];
	struct arcov_wr w;
	struct arcov_rd r;
	int32_t first;
	char *back = NULL;

	arcov_wr_init(&w, buf, sizeof buf);
	arcov_wr_delimited_string(&w, delim, s);
	assert_int_equal(w.status, 0);
	assert_bytes_hex(buf, w.len, hex);
	arcov_rd_init(&r, buf, w.len, "t", NULL);
	assert_int_equal(arcov_rd_word(&r, &first, "marker"), 0);
	assert_int_equal(first, delim);
	assert_int_equal(arcov_rd_delimited_tail(&r, delim, &back, "name"), 0);
	assert_string_equal(back, s);
	assert_int_equal(r.pos, w.len);
	free(back);
}

/* Delimited strings of §1.4(a), as in the §2.4 example. */
static void test_delimited_strings(void **state)
{
	check_delimited(-2, "f", "02000080 66000000 02000080");
	check_delimited(-1, "t.c", "01000080 742e6300 01000080");
	check_delimited(-1, "abcd", "01000080 61626364 00000000 01000080");
	check_delimited(-2, "", "02000080 00000000 02000080");
}

static int read_counted(const void *data, size_t size, struct arcov_err *err)
{
	struct arcov_rd r;
	char *s = NULL;
	int rc;

	arcov_rd_init(&r, data, size, "str.bbg", err);
	rc = arcov_rd_counted_string(&r, &s, "name");
	free(s);
	return rc;
}

static void test_counted_truncations(void **state)
{
	size_t n;
	unsigned char *b = unit_unhex(
		"01000080 04000000 6d61696e 00000000 01000080", &n);

	unit_check_truncations(read_counted, b, n, 0, "str.bbg: offset ");
	free(b);
}

static void expect_counted_error(const char *hex, int code, const char *msg)
{
	struct arcov_err err = { 0, "" };
	size_t n;
	unsigned char *b = unit_unhex(hex, &n);

	assert_int_equal(read_counted(b, n, &err), code);
	assert_string_equal(err.msg, msg);
	free(b);
}

static void test_counted_malformed(void **state)
{
	expect_counted_error("02000080 01000000 66000000 01000080",
			     ARCOV_EFORMAT,
			     "str.bbg: offset 0: expected string delimiter (-1), found -2");
	expect_counted_error("01000080 01000080 66000000 01000080",
			     ARCOV_ERANGE,
			     "str.bbg: offset 4: string length -1 out of range [0, 2147483647]");
	expect_counted_error("01000080 ffffff7f 66000000 01000080",
			     ARCOV_ETRUNC,
			     "str.bbg: offset 8: truncated name: need 2147483648 bytes, 8 left");
	expect_counted_error("01000080 01000000 66000100 01000080",
			     ARCOV_EFORMAT,
			     "str.bbg: offset 10: name: padding byte is not zero");
	expect_counted_error("01000080 02000000 66006600 01000080",
			     ARCOV_EFORMAT,
			     "str.bbg: offset 8: name contains a NUL byte");
	expect_counted_error("01000080 01000000 66000000 02000080",
			     ARCOV_EFORMAT,
			     "str.bbg: offset 12: expected string delimiter (-1), found -2");
}

static void test_writer_sizing(void **state)
{
	unsigned char small[6];
	struct arcov_wr w;

	arcov_wr_init(&w, small, sizeof small);
	arcov_wr_word(&w, 1);
	arcov_wr_word(&w, 2);
	assert_int_equal(w.status, ARCOV_ERANGE);
	assert_int_equal(w.len, 8);

	arcov_wr_init(&w, NULL, 0);
	arcov_wr_word(&w, 1LL << 31);
	assert_int_equal(w.status, ARCOV_ERANGE);
	arcov_wr_init(&w, NULL, 0);
	arcov_wr_counter(&w, UINT64_MAX);
	assert_int_equal(w.status, ARCOV_ERANGE);
}

/* The array writer gives the bytes, size and errors of one call per value. */
static void test_counter_array(void **state)
{
	static const uint64_t v[3] = { 5, 0, INT64_MAX };
	const uint64_t bad[2] = { 1, (uint64_t)INT64_MAX + 1 };
	unsigned char buf[24];
	struct arcov_wr w;

	arcov_wr_init(&w, NULL, 0);
	arcov_wr_counters(&w, v, 3);
	assert_int_equal(w.status, 0);
	assert_int_equal(w.len, 24);
	arcov_wr_init(&w, buf, sizeof buf);
	arcov_wr_counters(&w, v, 3);
	assert_int_equal(arcov_wr_result(&w), 24);
	assert_bytes_hex(buf, 24, "0500000000000000 0000000000000000"
			 " ffffffffffffff7f");

	arcov_wr_init(&w, NULL, 0);
	arcov_wr_counters(&w, bad, 2);
	assert_int_equal(arcov_wr_result(&w), ARCOV_ERANGE);
	assert_int_equal(w.len, 16);

	arcov_wr_init(&w, buf, 23);
	arcov_wr_counters(&w, v, 3);
	assert_int_equal(arcov_wr_result(&w), ARCOV_ERANGE);

	arcov_wr_init(&w, buf, sizeof buf);
	arcov_wr_counters(&w, v, 0);
	assert_int_equal(arcov_wr_result(&w), 0);
}

/* Write the same mixed record with @w; used on fixed and growing writers. */
static void write_mixed(struct arcov_wr *w, const uint64_t *v, size_t n)
{
	arcov_wr_word(w, ARCOV_DA_MAGIC);
	arcov_wr_counted_string(w, "a_function_name_longer_than_the_hint");
	arcov_wr_counters(w, v, n);
	arcov_wr_delimited_string(w, ARCOV_SEP_FN, "main");
	arcov_wr_counter(w, 7);
}

/* A growing writer starting from any size gives the bytes of the two-pass
 * fixed writer, growing as often as it must. */
static void test_growing_writer(void **state)
{
	static const size_t hints[] = { 0, 1, 3, 64, 4096, 1 << 16 };
	uint64_t v[1000];
	unsigned char *fixed;
	struct arcov_wr w;
	size_t i, need;

	for (i = 0; i < 1000; i++)
		v[i] = i * 0x0101010101ULL;
	arcov_wr_init(&w, NULL, 0);
	write_mixed(&w, v, 1000);
	need = w.len;
	assert_int_equal(need, 4 + 12 + 40 + 8000 + 16 + 8);
	fixed = malloc(need);
	assert_non_null(fixed);
	arcov_wr_init(&w, fixed, need);
	write_mixed(&w, v, 1000);
	assert_int_equal(arcov_wr_result(&w), need);

	for (i = 0; i < sizeof hints / sizeof hints[0]; i++) {
		arcov_wr_init_alloc(&w, hints[i]);
		write_mixed(&w, v, 1000);
		assert_int_equal(arcov_wr_result(&w), need);
		assert_true(w.cap >= need);
		assert_memory_equal(w.data, fixed, need);
		free(w.data);
	}
	free(fixed);

	/* A range error still stops it; the buffer stays the caller's. */
	v[999] = (uint64_t)INT64_MAX + 1;
	arcov_wr_init_alloc(&w, 1);
	write_mixed(&w, v, 1000);
	assert_int_equal(arcov_wr_result(&w), ARCOV_ERANGE);
	assert_int_equal(w.len, need);
	free(w.data);
}

static void test_negative_counter_rejected(void **state)
{
	struct arcov_err err = { 0, "" };
	struct arcov_rd r;
	uint64_t v;
	static const unsigned char b[8] = { 5, 0, 0, 0, 0, 0, 0, 0x80 };

	arcov_rd_init(&r, b, sizeof b, "x.da", &err);
	assert_int_equal(arcov_rd_counter(&r, &v, "counter"), ARCOV_ERANGE);
	assert_string_equal(err.msg, "x.da: offset 0: negative counter -5");
}

/* arcov_rd_counters() reads what arcov_rd_counter() would, one by one,
 * and stops where it would, with its message at the same offset. */
static void test_counter_run(void **state)
{
	static const unsigned char b[32] = {
		1, 0, 0, 0, 0, 0, 0, 0,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
		5, 0, 0, 0, 0, 0, 0, 0x80,
		0, 0, 0, 0, 0, 0, 0, 0x80,
	};
	struct arcov_err err = { 0, "" };
	struct arcov_rd r;
	uint64_t v[4] = { 9, 9, 9, 9 };

	arcov_rd_init(&r, b, 16, "x.da", &err);
	assert_int_equal(arcov_rd_counters(&r, v, 2, "counter"), 0);
	assert_true(v[0] == 1 && v[1] == (uint64_t)INT64_MAX);
	assert_int_equal(r.pos, 16);
	assert_int_equal(arcov_rd_counters(&r, v, 0, "counter"), 0);

	/* The third is negative. */
	arcov_rd_init(&r, b, sizeof b, "x.da", &err);
	assert_int_equal(arcov_rd_counters(&r, v, 4, "counter"), ARCOV_ERANGE);
	assert_string_equal(err.msg, "x.da: offset 16: negative counter -5");

	/* Negative zero, then a run past the end. */
	arcov_rd_init(&r, b + 24, 8, "x.da", &err);
	assert_int_equal(arcov_rd_counters(&r, v, 1, "counter"), ARCOV_EFORMAT);
	assert_string_equal(err.msg,
			    "x.da: offset 0: counter written as negative zero");
	arcov_rd_init(&r, b, 20, "x.da", &err);
	assert_int_equal(arcov_rd_counters(&r, v, 3, "counter"), ARCOV_ETRUNC);
	assert_string_equal(err.msg,
			    "x.da: offset 16: truncated counter: need 8 bytes, 4 left");
	assert_true(v[0] == 1 && v[1] == (uint64_t)INT64_MAX);
}

static void test_strerror(void **state)
{
	assert_string_equal(arcov_strerror(0), "success");
	assert_string_equal(arcov_strerror(ARCOV_ETRUNC), "file truncated");
	assert_string_equal(arcov_strerror(-1000), "unknown error");
	assert_string_equal(arcov_strerror(7), "unknown error");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden_table),
		cmocka_unit_test(test_overflow_rejected),
		cmocka_unit_test(test_negative_zero),
		cmocka_unit_test(test_counted_strings),
		cmocka_unit_test(test_delimited_strings),
		cmocka_unit_test(test_counted_truncations),
		cmocka_unit_test(test_counted_malformed),
		cmocka_unit_test(test_writer_sizing),
		cmocka_unit_test(test_counter_array),
		cmocka_unit_test(test_growing_writer),
		cmocka_unit_test(test_negative_counter_rejected),
		cmocka_unit_test(test_counter_run),
		cmocka_unit_test(test_strerror),
	};

	return cmocka_run_group_tests_name("sm", tests, NULL, NULL);
}
