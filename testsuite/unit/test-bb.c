/* test-bb.c -- the .bb block-to-line reader and writer (doc/formats.md §2). */
#include <config.h>

#include <limits.h>
#include <stdio.h>

#include "unit.h"
#include "bb.h"

/* §2.4: function f, t.c, block 1 = lines 3 4, block 2 = line 5. */
#define EXAMPLE_24 \
	"02000080 66000000 02000080 00000000" \
	"01000080 742e6300 01000080 03000000" \
	"04000000 00000000 05000000 00000000"

/*
 * Two functions sharing the "last file written" state (§2.2 rule 2): g's
 * first line 7 is in a.c without a marker of its own, then b.h, then a.c
 * again, which must map back to file 0.
 */
#define TWO_FNS \
	"02000080 66000000 02000080"	/*  0: -2 "f" -2 */ \
	"00000000"			/* 12: 0 */ \
	"01000080 612e6300 01000080"	/* 16: -1 "a.c" -1 */ \
	"01000000 00000000 02000000"	/* 28: 1 | 0 | 2 */ \
	"00000000"			/* 40: 0 */ \
	"02000080 67000000 02000080"	/* 44: -2 "g" -2 */ \
	"00000000 07000000"		/* 56: 0 | 7 */ \
	"01000080 622e6800 01000080"	/* 64: -1 "b.h" -1 */ \
	"09000000"			/* 76: 9 */ \
	"01000080 612e6300 01000080"	/* 80: -1 "a.c" -1 */ \
	"08000000 00000000 00000000"	/* 92: 8 | 0 | 0 */

static int read_bb(const void *data, size_t size, struct arcov_err *err)
{
	struct arcov_bb bb = { 0 };
	int rc = arcov_bb_read(&bb, data, size, "t.bb", err);

	arcov_bb_free(&bb);
	return rc;
}

static void load(struct arcov_bb *bb, const char *hex)
{
	struct arcov_err err = { 0, "" };
	size_t n;
	unsigned char *b = unit_unhex(hex, &n);
	int rc;

	memset(bb, 0, sizeof *bb);
	rc = arcov_bb_read(bb, b, n, "t.bb", &err);
	free(b);
	if (rc)
		fail_msg("%s", err.msg);
}

/* Serialize @bb, checking that sizing and filling agree. */
static unsigned char *store(const struct arcov_bb *bb, size_t *len)
{
	ssize_t need = arcov_bb_write(bb, NULL, 0);
	unsigned char *buf;

	assert_true(need >= 0);
	buf = malloc(need ? (size_t)need : 1);
	assert_non_null(buf);
	assert_int_equal(arcov_bb_write(bb, buf, (size_t)need), need);
	*len = (size_t)need;
	return buf;
}

static void check_item(const struct arcov_bb_block *blk, uint32_t i,
		       uint32_t line, uint32_t file)
{
	assert_true(i < blk->nitems);
	assert_int_equal(blk->items[i].line, line);
	if (!line)
		assert_int_equal(blk->items[i].file, file);
}

static void test_example_read(void **state)
{
	struct arcov_bb bb;
	const struct arcov_bb_fn *fn;

	load(&bb, EXAMPLE_24);
	assert_int_equal(bb.nfns, 1);
	assert_int_equal(bb.nfiles, 1);
	assert_string_equal(bb.files[0], "t.c");
	fn = &bb.fns[0];
	assert_string_equal(fn->name, "f");
	assert_int_equal(fn->offset, 0);
	assert_int_equal(fn->nblocks, 4);
	assert_int_equal(fn->blocks[0].offset, 0);
	assert_int_equal(fn->blocks[0].nitems, 0);
	assert_int_equal(fn->blocks[1].offset, 12);
	assert_int_equal(fn->blocks[1].nitems, 3);
	check_item(&fn->blocks[1], 0, 0, 0);
	check_item(&fn->blocks[1], 1, 3, 0);
	check_item(&fn->blocks[1], 2, 4, 0);
	assert_int_equal(fn->blocks[2].offset, 36);
	assert_int_equal(fn->blocks[2].nitems, 1);
	check_item(&fn->blocks[2], 0, 5, 0);
	assert_int_equal(fn->blocks[3].offset, 44);
	assert_int_equal(fn->blocks[3].nitems, 0);
	arcov_bb_free(&bb);
	assert_int_equal(bb.nfns, 0);
	assert_null(bb.fns);
}

/* The model a writer builds by hand gives the §2.4 bytes. */
static void test_example_write(void **state)
{
	struct arcov_bb_item b1[] = { { 0, 0 }, { 3, 0 }, { 4, 0 } };
	struct arcov_bb_item b2[] = { { 5, 0 } };
	struct arcov_bb_block blocks[] = {
		{ 0, 0, NULL }, { 0, 3, b1 }, { 0, 1, b2 }, { 0, 0, NULL },
	};
	struct arcov_bb_fn fn = { 0, (char *)"f", 4, blocks };
	char *files[] = { (char *)"t.c" };
	struct arcov_bb bb = { 1, &fn, 1, files };
	unsigned char buf[64];
	size_t len;
	unsigned char *out = store(&bb, &len);

	assert_bytes_hex(out, len, EXAMPLE_24);
	free(out);
	assert_int_equal(arcov_bb_write(&bb, buf, sizeof buf), 48);
	assert_bytes_hex(buf, 48, EXAMPLE_24);
	assert_int_equal(arcov_bb_write(&bb, buf, 47), ARCOV_ERANGE);
}

static void check_round_trip(const char *hex)
{
	struct arcov_bb bb;
	size_t n, len;
	unsigned char *want = unit_unhex(hex, &n), *got;

	load(&bb, hex);
	got = store(&bb, &len);
	assert_int_equal(len, n);
	assert_memory_equal(got, want, n);
	free(got);
	free(want);
	arcov_bb_free(&bb);
}

static void test_round_trips(void **state)
{
	check_round_trip(EXAMPLE_24);
	check_round_trip(TWO_FNS);
	check_round_trip("");
	/* a 4-character name takes 8 bytes, a 3-character one 4 */
	check_round_trip("02000080 6d61696e 00000000 02000080 00000000"
			 "01000080 61626300 01000080 01000000 00000000");
	/* empty names; a block 0 list; a function with a single list */
	check_round_trip("02000080 00000000 02000080 01000080 00000000"
			 "01000080 05000000 00000000 02000080 68000000"
			 "02000080");
	/* the same line repeated, and in several lists */
	check_round_trip("02000080 66000000 02000080 00000000 03000000"
			 "03000000 00000000 03000000 00000000");
	/* the largest line number */
	check_round_trip("02000080 66000000 02000080 00000000 ffffff7f"
			 "00000000");
}

static void test_empty_file(void **state)
{
	struct arcov_bb bb;
	unsigned char b[1];

	load(&bb, "");
	assert_int_equal(bb.nfns, 0);
	assert_int_equal(bb.nfiles, 0);
	assert_int_equal(arcov_bb_write(&bb, NULL, 0), 0);
	assert_int_equal(arcov_bb_write(&bb, b, 0), 0);
	arcov_bb_free(&bb);
}

static void test_file_state_across_functions(void **state)
{
	struct arcov_bb bb;
	const struct arcov_bb_fn *f, *g;

	load(&bb, TWO_FNS);
	assert_int_equal(bb.nfns, 2);
	assert_int_equal(bb.nfiles, 2);
	assert_string_equal(bb.files[0], "a.c");
	assert_string_equal(bb.files[1], "b.h");

	f = &bb.fns[0];
	assert_string_equal(f->name, "f");
	assert_int_equal(f->nblocks, 4);
	assert_int_equal(f->blocks[1].nitems, 2);
	check_item(&f->blocks[1], 0, 0, 0);
	check_item(&f->blocks[1], 1, 1, 0);
	assert_int_equal(f->blocks[2].nitems, 1);
	check_item(&f->blocks[2], 0, 2, 0);
	assert_int_equal(f->blocks[3].offset, 40);
	assert_int_equal(f->blocks[3].nitems, 0);

	g = &bb.fns[1];
	assert_string_equal(g->name, "g");
	assert_int_equal(g->offset, 44);
	assert_int_equal(g->nblocks, 4);
	assert_int_equal(g->blocks[0].offset, 44);
	assert_int_equal(g->blocks[0].nitems, 0);
	assert_int_equal(g->blocks[1].offset, 56);
	assert_int_equal(g->blocks[1].nitems, 5);
	check_item(&g->blocks[1], 0, 7, 0);
	check_item(&g->blocks[1], 1, 0, 1);
	check_item(&g->blocks[1], 2, 9, 0);
	check_item(&g->blocks[1], 3, 0, 0);
	check_item(&g->blocks[1], 4, 8, 0);
	assert_int_equal(g->blocks[2].offset, 96);
	assert_int_equal(g->blocks[2].nitems, 0);
	assert_int_equal(g->blocks[3].offset, 100);
	assert_int_equal(g->blocks[3].nitems, 0);
	arcov_bb_free(&bb);
}

static void test_intern_file(void **state)
{
	struct arcov_bb bb = { 0 };

	assert_int_equal(arcov_bb_intern_file(&bb, "t.c"), 0);
	assert_int_equal(arcov_bb_intern_file(&bb, "u.h"), 1);
	assert_int_equal(arcov_bb_intern_file(&bb, "t.c"), 0);
	assert_int_equal(arcov_bb_intern_file(&bb, ""), 2);
	assert_int_equal(bb.nfiles, 3);
	assert_string_equal(bb.files[1], "u.h");
	arcov_bb_free(&bb);
}

/*
 * Enough distinct file names to grow the reader's name index several
 * times; each name appears twice and both occurrences must share an index.
 * A read model must also accept further arcov_bb_intern_file() calls.
 */
static void test_many_files(void **state)
{
	enum { NFILES = 1000 };
	struct arcov_bb_item items[2 * NFILES];
	struct arcov_bb_block blocks[2] = { { 0, 0, NULL },
					    { 0, 2 * NFILES, items } };
	struct arcov_bb_fn fn = { 0, (char *)"f", 2, blocks };
	struct arcov_bb bb = { 1, &fn, 0, NULL }, back = { 0 };
	struct arcov_err err = { 0, "" };
	unsigned char *bytes, *again;
	size_t len, len2;
	char name[16];
	uint32_t i;

	for (i = 0; i < NFILES; i++) {
		snprintf(name, sizeof name, "f%u.c", (unsigned)i);
		assert_int_equal(arcov_bb_intern_file(&bb, name), (int)i);
		items[i].line = 0;
		items[i].file = i;
		items[NFILES + i].line = 0;
		items[NFILES + i].file = NFILES - 1 - i;
	}
	bytes = store(&bb, &len);
	assert_int_equal(arcov_bb_read(&back, bytes, len, "t.bb", &err), 0);
	assert_int_equal(back.nfiles, NFILES);
	assert_string_equal(back.files[NFILES - 1], "f999.c");
	for (i = 0; i < 2 * NFILES; i++)
		assert_int_equal(back.fns[0].blocks[1].items[i].file,
				 items[i].file);
	again = store(&back, &len2);
	assert_int_equal(len2, len);
	assert_memory_equal(again, bytes, len);
	assert_int_equal(arcov_bb_intern_file(&back, "f500.c"), 500);
	assert_int_equal(arcov_bb_intern_file(&back, "new.c"), NFILES);
	free(again);
	free(bytes);
	arcov_bb_free(&back);
	bb.nfns = 0;
	bb.fns = NULL;
	arcov_bb_free(&bb);
}

/*
 * A .bb has no counts and no terminator, so a prefix that ends right after
 * a complete function marker, 0 word, line or file marker is itself a
 * valid file.  Every cut of §2.4 is tried on an exact-size copy: exactly
 * those cuts are accepted (and written back unchanged), all others fail
 * cleanly.
 */
static void test_truncations(void **state)
{
	static const size_t ok[] = { 0, 12, 16, 28, 32, 36, 40, 44 };
	size_t n, cut, k = 0;
	unsigned char *b = unit_unhex(EXAMPLE_24, &n);

	unit_check_truncations(read_bb, b, 12, 1, "t.bb: offset ");
	for (cut = 0; cut < n; cut++) {
		struct arcov_err err = { 0, "" };
		struct arcov_bb bb = { 0 };
		unsigned char *copy = malloc(cut ? cut : 1), *out;
		size_t len;
		int rc;

		assert_non_null(copy);
		memcpy(copy, b, cut);
		rc = arcov_bb_read(&bb, copy, cut, "t.bb", &err);
		if (k < sizeof ok / sizeof ok[0] && cut == ok[k]) {
			k++;
			if (rc)
				fail_msg("cut %zu: %s", cut, err.msg);
			out = store(&bb, &len);
			assert_int_equal(len, cut);
			assert_memory_equal(out, copy, cut);
			free(out);
		} else {
			if (rc >= 0)
				fail_msg("prefix of %zu bytes was accepted", cut);
			assert_int_equal(err.code, rc);
			assert_non_null(strstr(err.msg, "t.bb: offset "));
		}
		arcov_bb_free(&bb);
		free(copy);
	}
	free(b);
}

static void expect_error(const char *hex, int code, const char *msg)
{
	struct arcov_err err = { 0, "" };
	size_t n;
	unsigned char *b = unit_unhex(hex, &n);
	unsigned char *copy = malloc(n ? n : 1);

	assert_non_null(copy);
	memcpy(copy, b, n);
	assert_int_equal(read_bb(copy, n, &err), code);
	assert_int_equal(err.code, code);
	assert_string_equal(err.msg, msg);
	free(copy);
	free(b);
}

static void test_truncation_messages(void **state)
{
	expect_error("02000080", ARCOV_ETRUNC,
		     "t.bb: offset 4: function name is not NUL-terminated");
	expect_error("02000080 66000000", ARCOV_ETRUNC,
		     "t.bb: offset 8: truncated string delimiter: need 4 bytes, 0 left");
	expect_error("02000080 66000000 02000080 000000", ARCOV_ETRUNC,
		     "t.bb: offset 12: truncated line number or marker: need 4 bytes, 3 left");
	expect_error("02000080 66000000 02000080 00000000 01000080 742e",
		     ARCOV_ETRUNC,
		     "t.bb: offset 20: file name is not NUL-terminated");
	expect_error("02000080 66000000 02000080 00000000 01000080 742e6300",
		     ARCOV_ETRUNC,
		     "t.bb: offset 24: truncated string delimiter: need 4 bytes, 0 left");
}

static void test_malformed(void **state)
{
	expect_error("00000000", ARCOV_EFORMAT,
		     "t.bb: offset 0: block separator before the first function marker");
	expect_error("03000000 02000080 66000000 02000080", ARCOV_EFORMAT,
		     "t.bb: offset 0: line number 3 before the first function marker");
	expect_error("01000080 742e6300 01000080 02000080 66000000 02000080",
		     ARCOV_EFORMAT,
		     "t.bb: offset 0: file marker before the first function marker");
	expect_error("03000080", ARCOV_EFORMAT,
		     "t.bb: offset 0: invalid word -3: lines are positive, markers are -1 and -2");
	expect_error("02000080 66000000 02000080 00000000 03000080",
		     ARCOV_EFORMAT,
		     "t.bb: offset 16: invalid word -3: lines are positive, markers are -1 and -2");
	expect_error("02000080 66000000 02000080 ffffffff", ARCOV_EFORMAT,
		     "t.bb: offset 12: invalid word -2147483647: lines are positive, markers are -1 and -2");
	/* markers whose closing delimiter is wrong or missing */
	expect_error("02000080 66000000 01000080", ARCOV_EFORMAT,
		     "t.bb: offset 8: expected string delimiter (-2), found -1");
	expect_error("02000080 66000000 00000000 02000080", ARCOV_EFORMAT,
		     "t.bb: offset 8: expected string delimiter (-2), found 0");
	expect_error("02000080 66000000 02000080 00000000"
		     "01000080 742e6300 02000080", ARCOV_EFORMAT,
		     "t.bb: offset 24: expected string delimiter (-1), found -2");
	/* padding after the NUL must be zero */
	expect_error("02000080 66000100 02000080", ARCOV_EFORMAT,
		     "t.bb: offset 6: function name: padding byte is not zero");
	expect_error("02000080 66000000 02000080 00000000"
		     "01000080 61620001 01000080", ARCOV_EFORMAT,
		     "t.bb: offset 23: file name: padding byte is not zero");
	/* 00000080 reads as 0 but cannot be written back */
	expect_error("02000080 66000000 02000080 00000080", ARCOV_EFORMAT,
		     "t.bb: offset 12: line number or marker written as negative zero");
}

static void test_writer_rejects_bad_models(void **state)
{
	struct arcov_bb_item items[] = { { 0, 1 } };
	struct arcov_bb_block blocks[] = { { 0, 0, NULL }, { 0, 1, items } };
	struct arcov_bb_fn fn = { 0, (char *)"f", 2, blocks };
	char *files[] = { (char *)"t.c" };
	struct arcov_bb bb = { 1, &fn, 1, files };

	/* a file marker naming no file */
	assert_int_equal(arcov_bb_write(&bb, NULL, 0), ARCOV_EFORMAT);
	items[0].file = 0;
	assert_int_equal(arcov_bb_write(&bb, NULL, 0), 28);
	/* a line the 4-byte encoding cannot hold */
	items[0].line = (uint32_t)INT32_MAX + 1;
	assert_int_equal(arcov_bb_write(&bb, NULL, 0), ARCOV_ERANGE);
	/* a function without even its block 0 */
	items[0].line = 1;
	fn.nblocks = 0;
	assert_int_equal(arcov_bb_write(&bb, NULL, 0), ARCOV_EFORMAT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_example_read),
		cmocka_unit_test(test_example_write),
		cmocka_unit_test(test_round_trips),
		cmocka_unit_test(test_empty_file),
		cmocka_unit_test(test_file_state_across_functions),
		cmocka_unit_test(test_intern_file),
		cmocka_unit_test(test_many_files),
		cmocka_unit_test(test_truncations),
		cmocka_unit_test(test_truncation_messages),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_writer_rejects_bad_models),
	};

	return cmocka_run_group_tests_name("bb", tests, NULL, NULL);
}
