/* test-da.c -- the .da arc-counter file (doc/formats.md §4). */
#include <config.h>

#include "unit.h"
#include "da.h"

/* §4.2, one function: f = [1, 0], checksum 1040. */
#define T_DA \
	"7b000080 01000000 28000000 02000000" \
	"01000000 00000000 01000000 00000000" \
	"02000000 01000000 00000000 01000000" \
	"00000000 01000080 01000000 66000000" \
	"01000080 10040000 02000000 01000000" \
	"00000000 00000000 00000000"

/* §4.2, two functions: f = [1, 0], main = [1], checksums 1040 and 77. */
#define TWO_DA \
	"7b000080 02000000 28000000 03000000" \
	"02000000 00000000 01000000 00000000" \
	"03000000 02000000 00000000 01000000" \
	"00000000 01000080 01000000 66000000" \
	"01000080 10040000 02000000 01000000" \
	"00000000 00000000 00000000 01000080" \
	"04000000 6d61696e 00000000 01000080" \
	"4d000000 01000000 01000000 00000000"

/* One function with an empty name and no counters, all summaries zero. */
#define EMPTY_FN_DA \
	"7b000080 01000000 28000000 00000000" \
	"00000000 00000000 00000000 00000000" \
	"00000000 00000000 00000000 00000000" \
	"00000000 01000080 00000000 00000000" \
	"01000080 00000000 00000000"

static char name_f[] = "f";
static char name_main[] = "main";
static uint64_t counts_f[] = { 1, 0 };
static uint64_t counts_main[] = { 1 };

/* The two-function block of §4.2, built by hand rather than by the
 * reader, so the writer is checked independently. */
static void two_fn_model(struct arcov_da_block *blk, struct arcov_da_fn *fns)
{
	memset(blk, 0, sizeof *blk);
	memset(fns, 0, 2 * sizeof *fns);
	fns[0].name = name_f;
	fns[0].checksum = 1040;
	fns[0].ncounters = 2;
	fns[0].counters = counts_f;
	fns[1].name = name_main;
	fns[1].checksum = 77;
	fns[1].ncounters = 1;
	fns[1].counters = counts_main;
	blk->program = (struct arcov_da_summary){ 3, 2, 1 };
	blk->object = (struct arcov_da_summary){ 3, 2, 1 };
	blk->nfns = 2;
	blk->fns = fns;
}

static void read_hex(struct arcov_da *da, const char *hex)
{
	struct arcov_err err = { 0, "" };
	size_t n;
	unsigned char *b = unit_unhex(hex, &n);
	int rc = arcov_da_read(da, b, n, "t.da", &err);

	if (rc)
		fail_msg("read failed: %s", err.msg);
	free(b);
}

/* Write @da twice (sizing, then filling) and compare with @hex; then in
 * one pass into a growing buffer, from too small a hint and an exact one. */
static void check_write(const struct arcov_da *da, const char *hex)
{
	unsigned char buf[512], *grown;
	ssize_t need = arcov_da_write(da, NULL, 0);

	assert_true(need > 0 && (size_t)need <= sizeof buf);
	assert_int_equal(arcov_da_write(da, buf, sizeof buf), need);
	assert_bytes_hex(buf, (size_t)need, hex);
	assert_int_equal(arcov_da_write_alloc(da, 1, &grown), need);
	assert_bytes_hex(grown, (size_t)need, hex);
	free(grown);
	assert_int_equal(arcov_da_write_alloc(da, (size_t)need, &grown), need);
	assert_bytes_hex(grown, (size_t)need, hex);
	free(grown);
}

static void check_summary(const struct arcov_da_summary *s, uint32_t arcs,
			  uint64_t sum, uint64_t max)
{
	assert_int_equal(s->arcs, arcs);
	assert_int_equal(s->sum, sum);
	assert_int_equal(s->max, max);
}

static void check_fn(const struct arcov_da_fn *fn, size_t offset,
		     const char *name, uint32_t checksum,
		     const uint64_t *counters, uint32_t n)
{
	uint32_t i;

	assert_int_equal(fn->offset, offset);
	assert_string_equal(fn->name, name);
	assert_int_equal(fn->checksum, checksum);
	assert_int_equal(fn->ncounters, n);
	for (i = 0; i < n; i++)
		assert_int_equal(fn->counters[i], counters[i]);
}

static void test_read_one(void **state)
{
	struct arcov_da da;
	struct arcov_da_block *b;

	read_hex(&da, T_DA);
	assert_int_equal(da.nblocks, 1);
	b = &da.blocks[0];
	assert_int_equal(b->offset, 0);
	check_summary(&b->program, 2, 1, 1);
	check_summary(&b->object, 2, 1, 1);
	assert_int_equal(b->ext_tail_len, 0);
	assert_null(b->ext_tail);
	assert_int_equal(b->nfns, 1);
	check_fn(&b->fns[0], 0x34, "f", 1040, counts_f, 2);
	check_write(&da, T_DA);
	arcov_da_free(&da);
	assert_int_equal(da.nblocks, 0);
	assert_null(da.blocks);
}

static void test_write_one(void **state)
{
	struct arcov_da_block blk;
	struct arcov_da_fn fns[2];
	unsigned char buf[128];
	size_t n;
	unsigned char *want = unit_unhex(T_DA, &n);

	two_fn_model(&blk, fns);
	blk.nfns = 1;
	blk.program = (struct arcov_da_summary){ 2, 1, 1 };
	blk.object = blk.program;
	assert_int_equal(arcov_da_block_write(&blk, NULL, 0), n);
	assert_int_equal(arcov_da_block_write(&blk, buf, sizeof buf), n);
	assert_memory_equal(buf, want, n);
	free(want);
}

static void test_read_two(void **state)
{
	struct arcov_da da;
	struct arcov_da_block *b;

	read_hex(&da, TWO_DA);
	assert_int_equal(da.nblocks, 1);
	b = &da.blocks[0];
	assert_int_equal(b->offset, 0);
	check_summary(&b->program, 3, 2, 1);
	check_summary(&b->object, 3, 2, 1);
	assert_int_equal(b->ext_tail_len, 0);
	assert_int_equal(b->nfns, 2);
	check_fn(&b->fns[0], 0x34, "f", 1040, counts_f, 2);
	check_fn(&b->fns[1], 0x5c, "main", 77, counts_main, 1);
	arcov_da_free(&da);
}

static void test_write_two(void **state)
{
	struct arcov_da_block blk;
	struct arcov_da_fn fns[2];
	struct arcov_da da = { 1, &blk };

	two_fn_model(&blk, fns);
	check_write(&da, TWO_DA);
}

/* The runtime's append mode leaves blocks back to back (§4.4). */
static void test_two_blocks(void **state)
{
	struct arcov_da da;
	unsigned char buf[128];
	ssize_t n;

	read_hex(&da, T_DA TWO_DA);
	assert_int_equal(da.nblocks, 2);
	assert_int_equal(da.blocks[0].offset, 0);
	assert_int_equal(da.blocks[1].offset, 0x5c);
	check_fn(&da.blocks[0].fns[0], 0x34, "f", 1040, counts_f, 2);
	check_fn(&da.blocks[1].fns[0], 0x5c + 0x34, "f", 1040, counts_f, 2);
	check_fn(&da.blocks[1].fns[1], 0x5c + 0x5c, "main", 77,
		 counts_main, 1);
	check_summary(&da.blocks[1].program, 3, 2, 1);
	check_write(&da, T_DA TWO_DA);
	n = arcov_da_block_write(&da.blocks[1], buf, sizeof buf);
	assert_int_equal(n, 0x80);
	assert_bytes_hex(buf, (size_t)n, TWO_DA);
	arcov_da_free(&da);
}

/* Extension bytes past the standard 40 survive a round trip verbatim,
 * and the function records are found after them. */
#define EXT48_DA \
	"7b000080 01000000 30000000 02000000" \
	"01000000 00000000 01000000 00000000" \
	"02000000 01000000 00000000 01000000" \
	"00000000 deadbeef 01020304 01000080" \
	"01000000 66000000 01000080 10040000" \
	"02000000 01000000 00000000 00000000" \
	"00000000"

static void test_ext_tail(void **state)
{
	struct arcov_da da;
	const struct arcov_da_block *b;

	read_hex(&da, EXT48_DA);
	assert_int_equal(da.nblocks, 1);
	b = &da.blocks[0];
	check_summary(&b->program, 2, 1, 1);
	check_summary(&b->object, 2, 1, 1);
	assert_int_equal(b->ext_tail_len, 8);
	assert_bytes_hex(b->ext_tail, 8, "deadbeef 01020304");
	check_fn(&b->fns[0], 0x3c, "f", 1040, counts_f, 2);
	check_write(&da, EXT48_DA);
	arcov_da_free(&da);
}

static void test_empty_name_no_counters(void **state)
{
	struct arcov_da da;

	read_hex(&da, EMPTY_FN_DA);
	assert_int_equal(da.nblocks, 1);
	assert_int_equal(da.blocks[0].nfns, 1);
	check_fn(&da.blocks[0].fns[0], 0x34, "", 0, NULL, 0);
	assert_null(da.blocks[0].fns[0].counters);
	check_summary(&da.blocks[0].object, 0, 0, 0);
	check_write(&da, EMPTY_FN_DA);
	arcov_da_free(&da);
}

static int read_da(const void *data, size_t size, struct arcov_err *err)
{
	struct arcov_da da;
	int rc = arcov_da_read(&da, data, size, "t.da", err);

	/* A failed read leaves nothing behind. */
	if (rc)
		assert_int_equal(da.nblocks, 0);
	arcov_da_free(&da);
	return rc;
}

static void check_truncations(const char *hex)
{
	size_t n;
	unsigned char *b = unit_unhex(hex, &n);

	unit_check_truncations(read_da, b, n, 0, "t.da: offset ");
	free(b);
}

static void test_truncations(void **state)
{
	check_truncations(T_DA);
	check_truncations(TWO_DA);
	check_truncations(EXT48_DA);
}

static void expect_error(const unsigned char *b, size_t n, int code,
			 const char *msg)
{
	struct arcov_err err = { 0, "" };

	assert_int_equal(read_da(b, n, &err), code);
	assert_int_equal(err.code, code);
	assert_string_equal(err.msg, msg);
}

/* Read @hex with the bytes at @off replaced by @patch. */
static void expect_patched(const char *hex, size_t off, const char *patch,
			   int code, const char *msg)
{
	size_t n, pn;
	unsigned char *b = unit_unhex(hex, &n);
	unsigned char *p = unit_unhex(patch, &pn);

	assert_true(off + pn <= n);
	memcpy(b + off, p, pn);
	expect_error(b, n, code, msg);
	free(p);
	free(b);
}

static void expect_hex(const char *hex, int code, const char *msg)
{
	size_t n;
	unsigned char *b = unit_unhex(hex, &n);

	expect_error(b, n, code, msg);
	free(b);
}

static void test_empty(void **state)
{
	static const unsigned char none[1];

	expect_error(none, 0, ARCOV_ETRUNC, "t.da: offset 0: empty .da file");
}

static void test_bad_magic(void **state)
{
	expect_patched(T_DA, 0, "7a000080", ARCOV_EMAGIC,
		       "t.da: offset 0: bad magic number -122 (expected -123)");
	/* Trailing bytes of a longer old block (§4.4 step 6). */
	expect_hex(T_DA "00000000", ARCOV_EMAGIC,
		   "t.da: offset 92: bad magic number 0 (expected -123)");
	expect_hex(T_DA "7b00", ARCOV_ETRUNC,
		   "t.da: offset 92: truncated magic: need 4 bytes, 2 left");
}

static void test_bad_header(void **state)
{
	expect_patched(T_DA, 4, "01000080", ARCOV_ERANGE,
		       "t.da: offset 4: function count -1 out of range [0, 2147483647]");
	expect_patched(T_DA, 4, "ffffff7f", ARCOV_ETRUNC,
		       "t.da: offset 4: function count 2147483647 needs at least 51539607528 bytes, 40 left");
	/* Two records announced, room for one and a bit. */
	expect_patched(T_DA, 4, "02000000", ARCOV_ETRUNC,
		       "t.da: offset 4: function count 2 needs at least 48 bytes, 40 left");
	expect_patched(T_DA, 8, "27000000", ARCOV_ERANGE,
		       "t.da: offset 8: extension length 39 out of range [40, 2147483647]");
	expect_patched(T_DA, 8, "60000000", ARCOV_ETRUNC,
		       "t.da: offset 8: extension length 96 exceeds the 80 bytes left");
}

static void test_bad_summaries(void **state)
{
	expect_patched(T_DA, 12, "02000080", ARCOV_ERANGE,
		       "t.da: offset 12: program arc count -2 out of range [0, 2147483647]");
	expect_patched(T_DA, 16, "01000000 00000080", ARCOV_ERANGE,
		       "t.da: offset 16: negative program sum -1");
	expect_patched(T_DA, 24, "07000000 00000080", ARCOV_ERANGE,
		       "t.da: offset 24: negative program maximum -7");
	expect_patched(T_DA, 32, "02000080", ARCOV_ERANGE,
		       "t.da: offset 32: object arc count -2 out of range [0, 2147483647]");
	expect_patched(T_DA, 36, "01000000 00000080", ARCOV_ERANGE,
		       "t.da: offset 36: negative object sum -1");
	expect_patched(T_DA, 44, "01000000 00000080", ARCOV_ERANGE,
		       "t.da: offset 44: negative object maximum -1");
}

static void test_bad_records(void **state)
{
	expect_patched(T_DA, 52, "02000080", ARCOV_EFORMAT,
		       "t.da: offset 52: expected string delimiter (-1), found -2");
	expect_patched(T_DA, 64, "02000080", ARCOV_EFORMAT,
		       "t.da: offset 64: expected string delimiter (-1), found -2");
	/* String lengths that lie, too long and too short. */
	expect_patched(T_DA, 56, "40000000", ARCOV_ETRUNC,
		       "t.da: offset 60: truncated function name: need 68 bytes, 32 left");
	expect_patched(T_DA, 56, "00000000", ARCOV_EFORMAT,
		       "t.da: offset 60: function name: padding byte is not zero");
	expect_patched(T_DA, 68, "10040080", ARCOV_ERANGE,
		       "t.da: offset 68: checksum -1040 out of range [0, 2147483647]");
	expect_patched(T_DA, 72, "01000080", ARCOV_ERANGE,
		       "t.da: offset 72: counter count -1 out of range [0, 2147483647]");
	expect_patched(T_DA, 72, "ffffff7f", ARCOV_ETRUNC,
		       "t.da: offset 72: counter count 2147483647 needs at least 17179869176 bytes, 16 left");
	expect_patched(T_DA, 72, "03000000", ARCOV_ETRUNC,
		       "t.da: offset 72: counter count 3 needs at least 24 bytes, 16 left");
	expect_patched(T_DA, 76, "01000000 00000080", ARCOV_ERANGE,
		       "t.da: offset 76: negative counter -1");
	expect_patched(TWO_DA, 120, "05000000 00000080", ARCOV_ERANGE,
		       "t.da: offset 120: negative counter -5");
}

/* "Negative zero" reads as 0 but would be written back as plain 0, so it
 * is refused wherever a count or counter may hold 0. */
static void test_negative_zero(void **state)
{
	expect_patched(T_DA, 4, "00000080", ARCOV_EFORMAT,
		       "t.da: offset 4: function count written as negative zero");
	expect_patched(T_DA, 24, "00000000 00000080", ARCOV_EFORMAT,
		       "t.da: offset 24: program maximum written as negative zero");
	expect_patched(T_DA, 84, "00000000 00000080", ARCOV_EFORMAT,
		       "t.da: offset 84: counter written as negative zero");
	expect_patched(EMPTY_FN_DA, 56, "00000080", ARCOV_EFORMAT,
		       "t.da: offset 56: string length written as negative zero");
	expect_patched(EMPTY_FN_DA, 68, "00000080", ARCOV_EFORMAT,
		       "t.da: offset 68: checksum written as negative zero");
	expect_patched(EMPTY_FN_DA, 72, "00000080", ARCOV_EFORMAT,
		       "t.da: offset 72: counter count written as negative zero");
}

static void test_summarize(void **state)
{
	struct arcov_da da;

	read_hex(&da, TWO_DA);
	da.blocks[0].object = (struct arcov_da_summary){ 0, 0, 0 };
	arcov_da_block_summarize(&da.blocks[0]);
	check_summary(&da.blocks[0].object, 3, 2, 1);
	check_summary(&da.blocks[0].program, 3, 2, 1);
	check_write(&da, TWO_DA);
	arcov_da_free(&da);

	read_hex(&da, EMPTY_FN_DA);
	da.blocks[0].object = (struct arcov_da_summary){ 9, 9, 9 };
	arcov_da_block_summarize(&da.blocks[0]);
	check_summary(&da.blocks[0].object, 0, 0, 0);
	arcov_da_free(&da);
}

/* A sum past UINT64_MAX saturates, so the writer refuses it rather than
 * storing a wrapped value. */
static void test_summarize_saturates(void **state)
{
	uint64_t big[] = { INT64_MAX, INT64_MAX, 5 };
	struct arcov_da_block blk;
	struct arcov_da_fn fns[2];

	two_fn_model(&blk, fns);
	fns[0].counters = big;
	fns[0].ncounters = 3;
	arcov_da_block_summarize(&blk);
	check_summary(&blk.object, 4, UINT64_MAX, INT64_MAX);
	assert_int_equal(arcov_da_block_write(&blk, NULL, 0), ARCOV_ERANGE);
}

static void test_writer_overflow(void **state)
{
	uint64_t edge[] = { INT64_MAX };
	uint64_t over[] = { (uint64_t)INT64_MAX + 1 };
	unsigned char buf[256], *grown;
	struct arcov_da_block blk;
	struct arcov_da_fn fns[2];
	struct arcov_da da = { 1, &blk };

	two_fn_model(&blk, fns);
	fns[1].counters = edge;
	assert_int_equal(arcov_da_block_write(&blk, buf, sizeof buf), 0x80);
	assert_bytes_hex(buf + 0x78, 8, "ffffffff ffffff7f");

	fns[1].counters = over;
	assert_int_equal(arcov_da_block_write(&blk, NULL, 0), ARCOV_ERANGE);
	assert_int_equal(arcov_da_block_write(&blk, buf, sizeof buf),
			 ARCOV_ERANGE);
	assert_int_equal(arcov_da_write(&da, NULL, 0), ARCOV_ERANGE);
	assert_int_equal(arcov_da_write(&da, buf, sizeof buf), ARCOV_ERANGE);
	grown = buf;
	assert_int_equal(arcov_da_write_alloc(&da, 16, &grown), ARCOV_ERANGE);
	assert_null(grown);

	fns[1].counters = counts_main;
	blk.program.max = over[0];
	assert_int_equal(arcov_da_write(&da, NULL, 0), ARCOV_ERANGE);
	blk.program.max = 1;
	fns[0].checksum = 0x80000000u;
	assert_int_equal(arcov_da_write(&da, NULL, 0), ARCOV_ERANGE);
	fns[0].checksum = 1040;
	blk.ext_tail_len = UINT32_MAX;
	blk.ext_tail = buf;
	assert_int_equal(arcov_da_write(&da, NULL, 0), ARCOV_ERANGE);
}

static void test_writer_capacity(void **state)
{
	unsigned char buf[0x80];
	struct arcov_da_block blk;
	struct arcov_da_fn fns[2];

	two_fn_model(&blk, fns);
	assert_int_equal(arcov_da_block_write(&blk, buf, sizeof buf - 1),
			 ARCOV_ERANGE);
	assert_int_equal(arcov_da_block_write(&blk, buf, sizeof buf),
			 sizeof buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_one),
		cmocka_unit_test(test_write_one),
		cmocka_unit_test(test_read_two),
		cmocka_unit_test(test_write_two),
		cmocka_unit_test(test_two_blocks),
		cmocka_unit_test(test_ext_tail),
		cmocka_unit_test(test_empty_name_no_counters),
		cmocka_unit_test(test_truncations),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_bad_magic),
		cmocka_unit_test(test_bad_header),
		cmocka_unit_test(test_bad_summaries),
		cmocka_unit_test(test_bad_records),
		cmocka_unit_test(test_negative_zero),
		cmocka_unit_test(test_summarize),
		cmocka_unit_test(test_summarize_saturates),
		cmocka_unit_test(test_writer_overflow),
		cmocka_unit_test(test_writer_capacity),
	};

	return cmocka_run_group_tests_name("da", tests, NULL, NULL);
}
