/* test-bbg.c -- the .bbg flow-graph reader and writer (doc/formats.md §3). */
#include <config.h>

#include "unit.h"
#include "bbg.h"

/* §3.6: function f of §2.4, 88 bytes. */
#define EXAMPLE_36 \
	"01000080 01000000 66000000 01000080" \
	"10040000 04000000 05000000 01000000" \
	"01000000 04000000 02000000 02000000" \
	"04000000 03000000 01000000 01000000" \
	"03000000 05000000 01000000 00000000" \
	"01000000 01000080"

/* A second record, at offset 88 after EXAMPLE_36: "main", one real block
 * returning to exit; checksum 12 is §3.5's value for that graph. */
#define MAIN_RECORD \
	"01000080 04000000 6d61696e 00000000 01000080"	/*  88: "main" */ \
	"0c000000 03000000 03000000"		/* 108: 12, 3 blocks, 3 arcs */ \
	"01000000 01000000 04000000"		/* 120: ->1 fall-through */ \
	"01000000 02000000 05000000"		/* 132: ->2 on tree */ \
	"01000000 00000000 01000000"		/* 144: loopback */ \
	"01000080"				/* 156 */

static int read_bbg(const void *data, size_t size, struct arcov_err *err)
{
	struct arcov_bbg bbg = { 0 };
	int rc = arcov_bbg_read(&bbg, data, size, "t.bbg", err);

	arcov_bbg_free(&bbg);
	return rc;
}

static void load(struct arcov_bbg *bbg, const char *hex)
{
	struct arcov_err err = { 0, "" };
	size_t n;
	unsigned char *b = unit_unhex(hex, &n);
	int rc;

	memset(bbg, 0, sizeof *bbg);
	rc = arcov_bbg_read(bbg, b, n, "t.bbg", &err);
	free(b);
	if (rc)
		fail_msg("%s", err.msg);
}

/* Serialize @bbg, checking that sizing and filling agree. */
static unsigned char *store(const struct arcov_bbg *bbg, size_t *len)
{
	ssize_t need = arcov_bbg_write(bbg, NULL, 0);
	unsigned char *buf;

	assert_true(need >= 0);
	buf = malloc(need ? (size_t)need : 1);
	assert_non_null(buf);
	assert_int_equal(arcov_bbg_write(bbg, buf, (size_t)need), need);
	*len = (size_t)need;
	return buf;
}

static void check_arc(const struct arcov_bbg_fn *fn, uint32_t i,
		      uint32_t src, uint32_t dest, uint32_t flags)
{
	assert_true(i < fn->narcs);
	assert_int_equal(fn->arcs[i].src, src);
	assert_int_equal(fn->arcs[i].dest, dest);
	assert_int_equal(fn->arcs[i].flags, flags);
}

static void check_example_fn(const struct arcov_bbg_fn *fn)
{
	static const uint32_t first[] = { 0, 1, 3, 4, 5 };
	static const size_t at[] = { 28, 40, 60, 72 };
	uint32_t b;

	assert_string_equal(fn->name, "f");
	assert_int_equal(fn->offset, 0);
	assert_int_equal(fn->checksum, 1040);
	assert_int_equal(fn->nblocks, 4);
	assert_int_equal(fn->narcs, 5);
	assert_int_equal(fn->ncounters, 2);
	check_arc(fn, 0, 0, 1, ARCOV_ARC_FALLTHROUGH);
	check_arc(fn, 1, 1, 2, ARCOV_ARC_FALLTHROUGH);
	check_arc(fn, 2, 1, 3, ARCOV_ARC_ON_TREE);
	check_arc(fn, 3, 2, 3, ARCOV_ARC_ON_TREE | ARCOV_ARC_FALLTHROUGH);
	check_arc(fn, 4, 3, 0, ARCOV_ARC_ON_TREE);
	for (b = 0; b <= fn->nblocks; b++)
		assert_int_equal(fn->first_arc[b], first[b]);
	for (b = 0; b < fn->nblocks; b++)
		assert_int_equal(fn->block_offset[b], at[b]);
}

static void test_example_read(void **state)
{
	struct arcov_bbg bbg;

	load(&bbg, EXAMPLE_36);
	assert_int_equal(bbg.nfns, 1);
	check_example_fn(&bbg.fns[0]);
	arcov_bbg_free(&bbg);
	assert_int_equal(bbg.nfns, 0);
	assert_null(bbg.fns);
}

/* The model a writer builds (fn_init, arcs, fn_finish) gives §3.6. */
static void test_example_write(void **state)
{
	static const struct arcov_bbg_arc arcs[] = {
		{ 0, 1, 4 }, { 1, 2, 4 }, { 1, 3, 1 }, { 2, 3, 5 }, { 3, 0, 1 },
	};
	struct arcov_bbg_fn fn;
	struct arcov_bbg bbg = { 1, &fn };
	unsigned char buf[96], *out;
	size_t len;

	assert_int_equal(arcov_bbg_fn_init(&fn, "f", 1040, 4, 5), 0);
	memcpy(fn.arcs, arcs, sizeof arcs);
	assert_int_equal(arcov_bbg_fn_finish(&fn), 0);
	assert_int_equal(fn.ncounters, 2);
	out = store(&bbg, &len);
	assert_bytes_hex(out, len, EXAMPLE_36);
	free(out);
	assert_int_equal(arcov_bbg_write(&bbg, buf, sizeof buf), 88);
	assert_bytes_hex(buf, 88, EXAMPLE_36);
	assert_int_equal(arcov_bbg_write(&bbg, buf, 87), ARCOV_ERANGE);
	arcov_bbg_fn_free(&fn);
}

/* §3.5: successors (2, 3) of block 1 and (3) of block 2 give 1040. */
static void test_checksum(void **state)
{
	static const uint32_t start[] = { 0, 2, 3 }, succ[] = { 2, 3, 3 };
	static const uint32_t start1[] = { 0, 1 }, succ1[] = { 2 };
	struct arcov_bbg bbg;

	load(&bbg, EXAMPLE_36);
	assert_int_equal(arcov_bbg_checksum(2, start, succ), 1040);
	assert_int_equal(arcov_bbg_checksum(2, start, succ),
			 bbg.fns[0].checksum);
	assert_int_equal(arcov_bbg_checksum(1, start1, succ1), 12);
	assert_int_equal(arcov_bbg_checksum(0, start, succ), 0);
	arcov_bbg_free(&bbg);
}

static void test_two_functions(void **state)
{
	static const uint32_t first[] = { 0, 1, 2, 3 };
	static const size_t at[] = { 120, 132, 144 };
	struct arcov_bbg bbg;
	const struct arcov_bbg_fn *fn;
	uint32_t b;

	load(&bbg, EXAMPLE_36 MAIN_RECORD);
	assert_int_equal(bbg.nfns, 2);
	check_example_fn(&bbg.fns[0]);
	fn = &bbg.fns[1];
	assert_string_equal(fn->name, "main");
	assert_int_equal(fn->offset, 88);
	assert_int_equal(fn->checksum, 12);
	assert_int_equal(fn->nblocks, 3);
	assert_int_equal(fn->narcs, 3);
	assert_int_equal(fn->ncounters, 1);
	check_arc(fn, 0, 0, 1, ARCOV_ARC_FALLTHROUGH);
	check_arc(fn, 1, 1, 2, ARCOV_ARC_ON_TREE | ARCOV_ARC_FALLTHROUGH);
	check_arc(fn, 2, 2, 0, ARCOV_ARC_ON_TREE);
	for (b = 0; b <= fn->nblocks; b++)
		assert_int_equal(fn->first_arc[b], first[b]);
	for (b = 0; b < fn->nblocks; b++)
		assert_int_equal(fn->block_offset[b], at[b]);
	arcov_bbg_free(&bbg);
}

static void check_round_trip(const char *hex)
{
	struct arcov_bbg bbg;
	size_t n, len;
	unsigned char *want = unit_unhex(hex, &n), *got;

	load(&bbg, hex);
	got = store(&bbg, &len);
	assert_int_equal(len, n);
	assert_memory_equal(got, want, n);
	free(got);
	free(want);
	arcov_bbg_free(&bbg);
}

static void test_round_trips(void **state)
{
	check_round_trip(EXAMPLE_36);
	check_round_trip(EXAMPLE_36 MAIN_RECORD);
	check_round_trip(MAIN_RECORD EXAMPLE_36);
	check_round_trip("");
	/* empty name, zero checksum, an exit block with no arcs, fake arc */
	check_round_trip("01000080 00000000 00000000 01000080"
			 "00000000 02000000 01000000"
			 "01000000 01000000 03000000 00000000 01000080");
	/* no arcs at all, the largest checksum */
	check_round_trip("01000080 01000000 67000000 01000080"
			 "ffffff7f 02000000 00000000"
			 "00000000 00000000 01000080");
}

static void test_empty_file(void **state)
{
	struct arcov_bbg bbg;
	unsigned char b[1];

	load(&bbg, "");
	assert_int_equal(bbg.nfns, 0);
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), 0);
	assert_int_equal(arcov_bbg_write(&bbg, b, 0), 0);
	arcov_bbg_free(&bbg);
}

/*
 * Every proper prefix of a one-record file fails; in a two-record file
 * the cut between the records leaves a valid one-record file, so each
 * record is swept on its own and that cut is checked separately.
 */
static void test_truncations(void **state)
{
	struct arcov_err err = { 0, "" };
	struct arcov_bbg bbg = { 0 };
	size_t n;
	unsigned char *b = unit_unhex(EXAMPLE_36, &n), *copy;

	unit_check_truncations(read_bbg, b, n, 1, "t.bbg: offset ");
	free(b);
	b = unit_unhex(MAIN_RECORD, &n);
	unit_check_truncations(read_bbg, b, n, 1, "t.bbg: offset ");
	free(b);

	b = unit_unhex(EXAMPLE_36 MAIN_RECORD, &n);
	assert_int_equal(n, 160);
	copy = malloc(88);
	assert_non_null(copy);
	memcpy(copy, b, 88);
	assert_int_equal(arcov_bbg_read(&bbg, copy, 88, "t.bbg", &err), 0);
	assert_int_equal(bbg.nfns, 1);
	arcov_bbg_free(&bbg);
	free(copy);
	copy = malloc(89);
	assert_non_null(copy);
	memcpy(copy, b, 89);
	assert_int_equal(arcov_bbg_read(&bbg, copy, 89, "t.bbg", &err),
			 ARCOV_ETRUNC);
	assert_string_equal(err.msg,
			    "t.bbg: offset 88: truncated string delimiter: need 4 bytes, 1 left");
	arcov_bbg_free(&bbg);
	free(copy);
	free(b);
}

/* Read @hex with the word at byte @at replaced by @word (unless @at < 0),
 * from an exact-size copy, and require error @code with message @msg. */
static void expect_error_at(const char *hex, long at, const char *word,
			    int code, const char *msg)
{
	struct arcov_err err = { 0, "" };
	size_t n, wn;
	unsigned char *b = unit_unhex(hex, &n), *copy = malloc(n ? n : 1);

	assert_non_null(copy);
	memcpy(copy, b, n);
	if (at >= 0) {
		unsigned char *w = unit_unhex(word, &wn);

		assert_int_equal(wn, 4);
		assert_true((size_t)at + 4 <= n);
		memcpy(copy + at, w, 4);
		free(w);
	}
	assert_int_equal(read_bbg(copy, n, &err), code);
	assert_int_equal(err.code, code);
	assert_string_equal(err.msg, msg);
	free(copy);
	free(b);
}

static void expect_error(long at, const char *word, int code, const char *msg)
{
	expect_error_at(EXAMPLE_36, at, word, code, msg);
}

static void test_bad_separators(void **state)
{
	expect_error(84, "02000080", ARCOV_EFORMAT,
		     "t.bbg: offset 84: expected record separator (-1), found -2");
	expect_error(84, "00000000", ARCOV_EFORMAT,
		     "t.bbg: offset 84: expected record separator (-1), found 0");
	expect_error(0, "02000080", ARCOV_EFORMAT,
		     "t.bbg: offset 0: expected string delimiter (-1), found -2");
	expect_error(12, "00000000", ARCOV_EFORMAT,
		     "t.bbg: offset 12: expected string delimiter (-1), found 0");
	/* bytes after the last record must start another one */
	expect_error_at(EXAMPLE_36 "010000", -1, NULL, ARCOV_ETRUNC,
			"t.bbg: offset 88: truncated string delimiter: need 4 bytes, 3 left");
	expect_error_at(EXAMPLE_36 "00000000", -1, NULL, ARCOV_EFORMAT,
			"t.bbg: offset 88: expected string delimiter (-1), found 0");
}

static void test_bad_names(void **state)
{
	/* the length word lies in every direction */
	expect_error(4, "ffffff7f", ARCOV_ETRUNC,
		     "t.bbg: offset 8: truncated function name: need 2147483648 bytes, 80 left");
	expect_error(4, "02000000", ARCOV_EFORMAT,
		     "t.bbg: offset 8: function name contains a NUL byte");
	expect_error(4, "04000000", ARCOV_EFORMAT,
		     "t.bbg: offset 8: function name contains a NUL byte");
	expect_error(4, "00000000", ARCOV_EFORMAT,
		     "t.bbg: offset 8: function name: padding byte is not zero");
	expect_error(4, "01000080", ARCOV_ERANGE,
		     "t.bbg: offset 4: string length -1 out of range [0, 2147483647]");
	expect_error(4, "00000080", ARCOV_EFORMAT,
		     "t.bbg: offset 4: string length written as negative zero");
	expect_error(8, "66000100", ARCOV_EFORMAT,
		     "t.bbg: offset 10: function name: padding byte is not zero");
}

static void test_bad_counts(void **state)
{
	expect_error(16, "05000080", ARCOV_ERANGE,
		     "t.bbg: offset 16: checksum -5 out of range [0, 2147483647]");
	expect_error(20, "01000000", ARCOV_ERANGE,
		     "t.bbg: offset 20: block count 1 out of range [2, 2147483647]");
	expect_error(20, "ffffff7f", ARCOV_ETRUNC,
		     "t.bbg: offset 20: block count 2147483647 needs 8589934596 more bytes, 64 left");
	/* 17 blocks: 76 bytes of arc count, block counts and separator */
	expect_error(20, "11000000", ARCOV_ETRUNC,
		     "t.bbg: offset 20: block count 17 needs 76 more bytes, 64 left");
	expect_error(24, "ffffff7f", ARCOV_ETRUNC,
		     "t.bbg: offset 24: arc count 2147483647 with 4 blocks needs 17179869196 more bytes, 60 left");
	expect_error(24, "06000000", ARCOV_ETRUNC,
		     "t.bbg: offset 24: arc count 6 with 4 blocks needs 68 more bytes, 60 left");
	expect_error(24, "01000080", ARCOV_ERANGE,
		     "t.bbg: offset 24: arc count -1 out of range [0, 2147483647]");
	expect_error(28, "01000080", ARCOV_ERANGE,
		     "t.bbg: offset 28: block arc count -1 out of range [0, 2147483647]");
	expect_error(28, "00000080", ARCOV_EFORMAT,
		     "t.bbg: offset 28: block arc count written as negative zero");
}

/* The announced arc count against the lists, both ways. */
static void test_arc_count_mismatch(void **state)
{
	expect_error(24, "04000000", ARCOV_EFORMAT,
		     "t.bbg: offset 72: arc count 1 of block 3 exceeds the 0 left of the 4 announced");
	expect_error(40, "05000000", ARCOV_EFORMAT,
		     "t.bbg: offset 40: arc count 5 of block 1 exceeds the 4 left of the 5 announced");
	expect_error(72, "00000000", ARCOV_EFORMAT,
		     "t.bbg: offset 24: 5 arcs announced, but the blocks list 4");
	/* more announced than listed, with enough bytes after the record
	 * for the announced count to pass the size check */
	expect_error_at(EXAMPLE_36 MAIN_RECORD, 24, "06000000", ARCOV_EFORMAT,
			"t.bbg: offset 24: 6 arcs announced, but the blocks list 5");
}

static void test_bad_arcs(void **state)
{
	expect_error(52, "04000000", ARCOV_ERANGE,
		     "t.bbg: offset 52: arc destination 4 out of range [0, 3]");
	expect_error(52, "01000080", ARCOV_ERANGE,
		     "t.bbg: offset 52: arc destination -1 out of range [0, 3]");
	expect_error(36, "08000000", ARCOV_EFORMAT,
		     "t.bbg: offset 36: arc flags 8 have bits outside 0x7");
	expect_error(36, "0f000000", ARCOV_EFORMAT,
		     "t.bbg: offset 36: arc flags 15 have bits outside 0x7");
	expect_error(36, "01000080", ARCOV_EFORMAT,
		     "t.bbg: offset 36: arc flags -1 have bits outside 0x7");
	expect_error(36, "00000080", ARCOV_EFORMAT,
		     "t.bbg: offset 36: arc flags written as negative zero");
	expect_error_at(EXAMPLE_36 MAIN_RECORD, 124, "03000000", ARCOV_ERANGE,
			"t.bbg: offset 124: arc destination 3 out of range [0, 2]");
}

static void test_writer_rejects_bad_models(void **state)
{
	struct arcov_bbg bbg;
	struct arcov_bbg_fn *fn;

	load(&bbg, EXAMPLE_36);
	fn = &bbg.fns[0];
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), 88);

	fn->arcs[2].dest = 4;
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), ARCOV_EFORMAT);
	fn->arcs[2].dest = 3;
	fn->arcs[2].flags = 8;
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), ARCOV_EFORMAT);
	fn->arcs[2].flags = 1;
	fn->arcs[2].src = 2;
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), ARCOV_EFORMAT);
	fn->arcs[2].src = 1;
	fn->first_arc[4] = 4;
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), ARCOV_EFORMAT);
	/* block 3's list would run past arcs[] */
	fn->first_arc[4] = 7;
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), ARCOV_EFORMAT);
	fn->first_arc[4] = 5;
	fn->first_arc[2] = 6;
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), ARCOV_EFORMAT);
	fn->first_arc[2] = 0;
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), ARCOV_EFORMAT);
	fn->first_arc[2] = 3;
	fn->first_arc[0] = 1;
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), ARCOV_EFORMAT);
	fn->first_arc[0] = 0;
	fn->checksum = 0x80000000u;
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), ARCOV_ERANGE);
	fn->checksum = 1040;
	fn->nblocks = 1;
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), ARCOV_EFORMAT);
	fn->nblocks = 4;
	assert_int_equal(arcov_bbg_write(&bbg, NULL, 0), 88);
	arcov_bbg_free(&bbg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_example_read),
		cmocka_unit_test(test_example_write),
		cmocka_unit_test(test_checksum),
		cmocka_unit_test(test_two_functions),
		cmocka_unit_test(test_round_trips),
		cmocka_unit_test(test_empty_file),
		cmocka_unit_test(test_truncations),
		cmocka_unit_test(test_bad_separators),
		cmocka_unit_test(test_bad_names),
		cmocka_unit_test(test_bad_counts),
		cmocka_unit_test(test_arc_count_mismatch),
		cmocka_unit_test(test_bad_arcs),
		cmocka_unit_test(test_writer_rejects_bad_models),
	};

	return cmocka_run_group_tests_name("bbg", tests, NULL, NULL);
}
