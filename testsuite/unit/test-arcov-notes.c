/* test-arcov-notes.c -- the .arcov-notes reader and writer
 * (doc/notes-format.md §2). */
#include <config.h>

#include <stdio.h>
#include <sys/resource.h>

#include "unit.h"
#include "arcov-notes.h"

/* §2's example: main calls through a pointer and calls h. */
#define HEADER "arcov-notes 1\n"		/*  0 */
#define EXAMPLE_FN \
	"function main 12 5\n"			/* 14 */ \
	"source 2 2 t.c\n"			/* 33 */ \
	"statements 0 2 1 2 0\n"		/* 48 */ \
	"call 1 2 *\n"				/* 69 */ \
	"call 2 2 h\n"				/* 80 */ \
	"end\n"					/* 91, 95 bytes in all */
#define EXAMPLE HEADER EXAMPLE_FN

/* Version 2: the compile directory after the header. */
#define HEADER2D "arcov-notes 2\n"		/*  0 */ \
	"directory /home/u/my\\040build\n"	/* 14 */
#define EXAMPLE2D HEADER2D EXAMPLE_FN		/* function at 44 */
/* Version 2: the same function, compiler-generated, whose block 3 runs
 * only for an exception thrown from block 1 and whose call to h is proved
 * to return. */
#define HEADER2 "arcov-notes 2\n"		/*  0 */
#define EXAMPLE2_FN \
	"function main 12 5\n"			/* 14 */ \
	"source 2 2 t.c\n"			/* 33 */ \
	"statements 0 2 1 2 0\n"		/* 48 */ \
	"artificial\n"				/* 69 */ \
	"eh-only 3\n"				/* 80 */ \
	"proved-calls 2\n"			/* 90 */ \
	"call 1 2 *\n"				/* 105 */ \
	"call 2 2 h\n"				/* 116 */ \
	"eh 1 3\n"				/* 127 */ \
	"end\n"					/* 134, 138 bytes in all */
#define EXAMPLE2 HEADER2 EXAMPLE2_FN

/* Every kind of line and field at its limits: escapes, empty strings, the
 * largest numbers, dropped edges of both kinds. */
#define EDGY_FN \
	"function a\\040b\\134c 4294967295 4\n" \
	"source 0 4294967295 \\000\n" \
	"statements 0 0 7 0\n" \
	"call 2 0 \\000\n" \
	"call 1 4294967295 \\001\\177\\200\\377~!\n" \
	"eh 1 3\n" \
	"abnormal 0 2\n" \
	"end\n"

static int read_notes(const void *data, size_t size, struct arcov_err *err)
{
	struct arcov_notes notes = { 0 };
	int rc = arcov_notes_read(&notes, data, size, "t.notes", err);

	arcov_notes_free(&notes);
	return rc;
}

/* Read @n bytes of @text from an exact-size heap copy (no NUL after it). */
static void load_n(struct arcov_notes *notes, const char *text, size_t n)
{
	struct arcov_err err = { 0, "" };
	char *copy = malloc(n ? n : 1);
	int rc;

	assert_non_null(copy);
	memcpy(copy, text, n);
	memset(notes, 0, sizeof *notes);
	rc = arcov_notes_read(notes, copy, n, "t.notes", &err);
	free(copy);
	if (rc)
		fail_msg("%s", err.msg);
}

static void load(struct arcov_notes *notes, const char *text)
{
	load_n(notes, text, strlen(text));
}

/* Serialize @notes, checking that sizing and filling agree. */
static char *store(const struct arcov_notes *notes, size_t *len)
{
	ssize_t need = arcov_notes_write(notes, NULL, 0);
	char *buf;

	assert_true(need > 0);
	buf = malloc((size_t)need);
	assert_non_null(buf);
	assert_int_equal(arcov_notes_write(notes, buf, (size_t)need), need);
	*len = (size_t)need;
	return buf;
}

static void assert_text(const char *got, size_t len, const char *want)
{
	assert_int_equal(len, strlen(want));
	assert_memory_equal(got, want, len);
}

static void check_call(const struct arcov_notes_call *c, uint32_t block,
		       uint32_t line, const char *callee)
{
	assert_int_equal(c->block, block);
	assert_int_equal(c->line, line);
	if (callee)
		assert_string_equal(c->callee, callee);
	else
		assert_null(c->callee);
}

static void test_example_read(void **state)
{
	static const uint32_t statements[] = { 0, 2, 1, 2, 0 };
	struct arcov_notes notes;
	const struct arcov_notes_fn *fn;

	load(&notes, EXAMPLE);
	assert_int_equal(notes.nfns, 1);
	fn = &notes.fns[0];
	assert_int_equal(fn->offset, 14);
	assert_string_equal(fn->name, "main");
	assert_int_equal(fn->checksum, 12);
	assert_int_equal(fn->nblocks, 5);
	assert_string_equal(fn->source, "t.c");
	assert_int_equal(fn->first_line, 2);
	assert_int_equal(fn->last_line, 2);
	assert_memory_equal(fn->statements, statements, sizeof statements);
	assert_int_equal(fn->ncalls, 2);
	check_call(&fn->calls[0], 1, 2, NULL);
	check_call(&fn->calls[1], 2, 2, "h");
	assert_int_equal(fn->ndropped, 0);
	assert_null(notes.directory);
	arcov_notes_free(&notes);
	assert_int_equal(notes.nfns, 0);
	assert_null(notes.fns);
}

/* Version 2 records the compile directory; the writer builds it back. */
static void test_directory(void **state)
{
	struct arcov_notes notes = { 0 };
	char *out;
	size_t len;

	load(&notes, EXAMPLE2D);
	assert_string_equal(notes.directory, "/home/u/my build");
	assert_int_equal(notes.nfns, 1);
	assert_int_equal(notes.fns[0].offset, 44);
	assert_string_equal(notes.fns[0].source, "t.c");
	arcov_notes_free(&notes);
	assert_null(notes.directory);

	assert_int_equal(arcov_notes_set_directory(&notes, "/tmp"), 0);
	assert_int_equal(arcov_notes_set_directory(&notes, "/home/u/my build"),
			 0);
	out = store(&notes, &len);
	assert_text(out, len, HEADER2D);
	free(out);
	assert_int_equal(arcov_notes_add_fn(&notes, "main", 12, 5, "t.c"), 0);
	notes.fns[0].first_line = 2;
	notes.fns[0].last_line = 2;
	notes.fns[0].statements[1] = 2;
	notes.fns[0].statements[2] = 1;
	notes.fns[0].statements[3] = 2;
	assert_int_equal(arcov_notes_add_call(&notes.fns[0], 1, 2, NULL), 0);
	assert_int_equal(arcov_notes_add_call(&notes.fns[0], 2, 2, "h"), 0);
	out = store(&notes, &len);
	assert_text(out, len, EXAMPLE2D);
	free(out);
	arcov_notes_free(&notes);

	/* an empty directory is a field string like any other */
	load(&notes, "arcov-notes 2\ndirectory \\000\n");
	assert_string_equal(notes.directory, "");
	arcov_notes_free(&notes);
}

/* The model a writer builds gives §2's text. */
static void test_example_write(void **state)
{
	struct arcov_notes notes = { 0 };
	struct arcov_notes_fn *fn;
	char buf[96], *out;
	size_t len;

	notes.version = 1;
	assert_int_equal(arcov_notes_add_fn(&notes, "main", 12, 5, "t.c"), 0);
	fn = &notes.fns[0];
	fn->first_line = 2;
	fn->last_line = 2;
	fn->statements[1] = 2;
	fn->statements[2] = 1;
	fn->statements[3] = 2;
	assert_int_equal(arcov_notes_add_call(fn, 1, 2, NULL), 0);
	assert_int_equal(arcov_notes_add_call(fn, 2, 2, "h"), 0);
	out = store(&notes, &len);
	assert_text(out, len, EXAMPLE);
	free(out);
	assert_int_equal(arcov_notes_write(&notes, buf, sizeof buf), 95);
	assert_memory_equal(buf, EXAMPLE, 95);
	assert_int_equal(arcov_notes_write(&notes, buf, 94), ARCOV_ERANGE);
	arcov_notes_free(&notes);
}

/* Version 2's example read, and built by a writer (the version a zeroed
 * model writes). */
static void test_example2(void **state)
{
	struct arcov_notes notes = { 0 };
	struct arcov_notes_fn *fn;
	char buf[138], *out;
	size_t len;

	assert_int_equal(arcov_notes_add_fn(&notes, "main", 12, 5, "t.c"), 0);
	fn = &notes.fns[0];
	fn->first_line = 2;
	fn->last_line = 2;
	fn->statements[1] = 2;
	fn->statements[2] = 1;
	fn->statements[3] = 2;
	fn->artificial = 1;
	assert_int_equal(arcov_notes_add_eh_only(fn, 3), 0);
	assert_int_equal(arcov_notes_add_proved(fn, 2), 0);
	assert_int_equal(arcov_notes_add_call(fn, 1, 2, NULL), 0);
	assert_int_equal(arcov_notes_add_call(fn, 2, 2, "h"), 0);
	assert_int_equal(arcov_notes_add_dropped(fn, ARCOV_NOTES_EH, 1, 3), 0);
	out = store(&notes, &len);
	assert_text(out, len, EXAMPLE2);
	free(out);
	assert_int_equal(arcov_notes_write(&notes, buf, sizeof buf), 138);
	assert_int_equal(arcov_notes_write(&notes, buf, 137), ARCOV_ERANGE);
	arcov_notes_free(&notes);

	load(&notes, EXAMPLE2);
	assert_int_equal(notes.version, 2);
	fn = &notes.fns[0];
	assert_int_equal(fn->offset, 14);
	assert_true(fn->artificial);
	assert_int_equal(fn->neh_only, 1);
	assert_int_equal(fn->eh_only[0], 3);
	assert_int_equal(fn->nproved, 1);
	assert_int_equal(fn->proved[0], 2);
	assert_int_equal(fn->ncalls, 2);
	assert_int_equal(fn->ndropped, 1);
	arcov_notes_free(&notes);

	/* Version 1 files read as such, without the version 2 facts. */
	load(&notes, EXAMPLE);
	assert_int_equal(notes.version, 1);
	assert_false(notes.fns[0].artificial);
	assert_int_equal(notes.fns[0].neh_only, 0);
	assert_int_equal(notes.fns[0].nproved, 0);
	arcov_notes_free(&notes);
}

/* A unit without instrumented functions: the header line alone. */
static void test_header_only(void **state)
{
	struct arcov_notes notes = { 0 };
	char buf[14], *out;
	size_t len;

	out = store(&notes, &len);
	assert_text(out, len, HEADER2);
	free(out);
	assert_int_equal(arcov_notes_write(&notes, buf, 13), ARCOV_ERANGE);
	load(&notes, HEADER);
	assert_int_equal(notes.nfns, 0);
	arcov_notes_free(&notes);
}

/* Names and paths with every byte class; the builder escapes them as the
 * EDGY_FN text spells them. */
static void test_escapes(void **state)
{
	struct arcov_notes notes = { .version = 1 };
	struct arcov_notes_fn *fn;
	char *out;
	size_t len;

	assert_int_equal(arcov_notes_add_fn(&notes, "a b\\c", 4294967295u, 4,
					    ""), 0);
	fn = &notes.fns[0];
	fn->last_line = 4294967295u;
	fn->statements[2] = 7;
	assert_int_equal(arcov_notes_add_call(fn, 2, 0, ""), 0);
	assert_int_equal(arcov_notes_add_call(fn, 1, 4294967295u,
					      "\001\177\200\377~!"), 0);
	assert_int_equal(arcov_notes_add_dropped(fn, ARCOV_NOTES_EH, 1, 3), 0);
	assert_int_equal(arcov_notes_add_dropped(fn, ARCOV_NOTES_ABNORMAL, 0,
						 2), 0);
	out = store(&notes, &len);
	assert_text(out, len, HEADER EDGY_FN);
	free(out);
	arcov_notes_free(&notes);

	load(&notes, HEADER EDGY_FN);
	fn = &notes.fns[0];
	assert_string_equal(fn->name, "a b\\c");
	assert_string_equal(fn->source, "");
	check_call(&fn->calls[0], 2, 0, "");
	check_call(&fn->calls[1], 1, 4294967295u, "\001\177\200\377~!");
	assert_int_equal(fn->ndropped, 2);
	assert_int_equal(fn->dropped[0].kind, ARCOV_NOTES_EH);
	assert_int_equal(fn->dropped[0].src, 1);
	assert_int_equal(fn->dropped[0].dest, 3);
	assert_int_equal(fn->dropped[1].kind, ARCOV_NOTES_ABNORMAL);
	assert_int_equal(fn->dropped[1].src, 0);
	assert_int_equal(fn->dropped[1].dest, 2);
	arcov_notes_free(&notes);
}

/* Every byte value but NUL survives a name, a path and a callee. */
static void test_all_bytes(void **state)
{
	struct arcov_notes notes = { 0 }, back;
	char all[256], *out;
	size_t len;
	int i;

	for (i = 1; i < 256; i++)
		all[i - 1] = (char)i;
	all[255] = 0;
	assert_int_equal(arcov_notes_add_fn(&notes, all, 0, 2, all + 31), 0);
	assert_int_equal(arcov_notes_add_call(&notes.fns[0], 0, 1, all), 0);
	out = store(&notes, &len);
	/* Of bytes 1..255, 0x01..0x20, the backslash and 0x7f..0xff (162)
	 * take four bytes each, the other 93 one; of 0x20..0xff, 131 take
	 * four and 93 one. */
	assert_int_equal(len, strlen(HEADER "function  0 2\nsource 0 0 \n"
				     "statements 0 0\ncall 0 1 \nend\n") +
				  2 * (93 + 162 * 4) + 93 + 131 * 4);
	load_n(&back, out, len);
	assert_string_equal(back.fns[0].name, all);
	assert_string_equal(back.fns[0].source, all + 31);
	assert_string_equal(back.fns[0].calls[0].callee, all);
	free(out);
	arcov_notes_free(&back);
	arcov_notes_free(&notes);
}

static void check_round_trip(const char *text)
{
	struct arcov_notes notes;
	size_t len;
	char *got;

	load(&notes, text);
	got = store(&notes, &len);
	assert_text(got, len, text);
	free(got);
	arcov_notes_free(&notes);
}

static void test_round_trips(void **state)
{
	check_round_trip(HEADER);
	check_round_trip(EXAMPLE);
	check_round_trip("arcov-notes 2\ndirectory /a\nstamp 2147483647\n"
			 EXAMPLE_FN);
	check_round_trip("arcov-notes 2\nstamp 1\n" EXAMPLE_FN);
	check_round_trip(HEADER EDGY_FN);
	check_round_trip(HEADER EXAMPLE_FN EDGY_FN EXAMPLE_FN);
	check_round_trip(HEADER "function f 0 2\nsource 0 0 f.c\n"
			 "statements 0 0\nabnormal 1 0\nend\n");
	check_round_trip(HEADER2);
	check_round_trip(EXAMPLE2);
	check_round_trip(HEADER2D EXAMPLE_FN EDGY_FN EXAMPLE_FN);
	check_round_trip("arcov-notes 2\ndirectory \\000\n" EDGY_FN);
	check_round_trip(HEADER2 EDGY_FN EXAMPLE2_FN EXAMPLE_FN);
	check_round_trip(HEADER2 "function f 0 3\nsource 0 0 f.c\n"
			 "statements 0 0 0\nartificial\nend\n");
	check_round_trip(HEADER2 "function f 0 4\nsource 0 0 f.c\n"
			 "statements 0 0 0 0\neh-only 1\nabnormal 1 0\n"
			 "end\n");
	check_round_trip(HEADER2 "function f 0 3\nsource 0 0 f.c\n"
			 "statements 0 0 0\nabsent\nend\n");
	check_round_trip(HEADER2 "function f 0 3\nsource 0 0 f.c\n"
			 "statements 0 0 0\ninlined\nend\n" EXAMPLE2_FN);
	check_round_trip(HEADER2 "function f 0 4\nsource 0 0 f.c\n"
			 "statements 0 0 0 0\nartificial\nabsent\n"
			 "eh-only 1\nproved-calls 2\ncall 2 0 g\nend\n");
	check_round_trip(HEADER2 "function f 0 4\nsource 0 0 f.c\n"
			 "statements 0 0 0 0\nproved-calls 1 2\n"
			 "call 1 0 g\nend\n");
}

/*
 * Every prefix of a three-function file fails cleanly, except the ones
 * that end after the header or after an "end" line: those are complete
 * files of fewer functions, and must read as such.
 */
static void check_truncations(const char *text, const char *header)
{
	size_t size = strlen(text), cut, complete = 0;

	for (cut = 0; cut <= size; cut++) {
		struct arcov_notes notes = { 0 };
		struct arcov_err err = { 0, "" };
		char *copy = malloc(cut ? cut : 1);
		int rc;

		assert_non_null(copy);
		memcpy(copy, text, cut);
		rc = arcov_notes_read(&notes, copy, cut, "t.notes", &err);
		free(copy);
		if (cut == strlen(HEADER2) && cut < strlen(header) &&
		    !memcmp(text, HEADER2, cut)) {
			/* version 2 without its optional directory line */
			assert_int_equal(rc, 0);
			assert_int_equal(notes.nfns, 0);
		} else if (cut == strlen(header) ||
		    (cut >= 4 && !memcmp(text + cut - 4, "end\n", 4))) {
			if (rc)
				fail_msg("prefix of %zu bytes: %s", cut,
					 err.msg);
			assert_int_equal(notes.nfns, complete);
			complete++;
		} else {
			if (rc >= 0)
				fail_msg("prefix of %zu bytes was accepted",
					 cut);
			assert_int_equal(err.code, rc);
			assert_int_equal(rc, ARCOV_ETRUNC);
			assert_memory_equal(err.msg, "t.notes: offset ", 16);
		}
		arcov_notes_free(&notes);
	}
	assert_int_equal(complete, 4);
}

static void test_truncations(void **state)
{
	check_truncations(HEADER EXAMPLE_FN EDGY_FN EXAMPLE_FN, HEADER);
	check_truncations(HEADER2D EXAMPLE_FN EDGY_FN EXAMPLE_FN, HEADER2D);
	check_truncations(HEADER2 EXAMPLE_FN EDGY_FN EXAMPLE_FN, HEADER2);
}

/* Read @n bytes of @text from an exact-size copy; require error @code
 * with message @msg. */
static void expect_error_n(const char *text, size_t n, int code,
			   const char *msg)
{
	struct arcov_err err = { 0, "" };
	char *copy = malloc(n ? n : 1);

	assert_non_null(copy);
	memcpy(copy, text, n);
	assert_int_equal(read_notes(copy, n, &err), code);
	assert_int_equal(err.code, code);
	assert_string_equal(err.msg, msg);
	free(copy);
}

static void expect_error(const char *text, int code, const char *msg)
{
	expect_error_n(text, strlen(text), code, msg);
}

static void test_truncation_messages(void **state)
{
	expect_error("", ARCOV_ETRUNC, "t.notes: offset 0: missing header line");
	expect_error("arcov-not", ARCOV_ETRUNC,
		     "t.notes: offset 0: line not ended by a newline");
	expect_error(HEADER "function main 12 5\n", ARCOV_ETRUNC,
		     "t.notes: offset 33: missing source line");
	expect_error(HEADER "function main 12 5\nsource 2 2 t.c\n",
		     ARCOV_ETRUNC,
		     "t.notes: offset 48: missing statements line");
	expect_error(HEADER "function main 12 5\nsource 2 2 t.c\n"
		     "statements 0 2 1 2 0\ncall 1 2 *\n", ARCOV_ETRUNC,
		     "t.notes: offset 80: missing end line");
	expect_error(HEADER "function main 12 5\nsource 2 2 t.c\n"
		     "statements 0 2 1 2 0\ncall 1 2 *\ncall 2 2 h\nend",
		     ARCOV_ETRUNC,
		     "t.notes: offset 91: line not ended by a newline");
}

/* An empty image may come without a buffer (arcov_file_slurp_optional
 * of a missing file); found by the fuzz target under UBSan. */
static void test_empty_without_buffer(void **state)
{
	struct arcov_err err = { 0, "" };

	assert_int_equal(read_notes(NULL, 0, &err), ARCOV_ETRUNC);
	assert_string_equal(err.msg, "t.notes: offset 0: missing header line");
}

static void test_bad_header(void **state)
{
	expect_error("arcov-notes 3\n", ARCOV_EMAGIC,
		     "t.notes: offset 12: version 3, only 1 to 2 are known");
	expect_error("arcov-notes 0\n" EXAMPLE_FN, ARCOV_EMAGIC,
		     "t.notes: offset 12: version 0, only 1 to 2 are known");
	/* the stamp: 1 to 2^31-1, after the directory, not in version 1 */
	expect_error("arcov-notes 2\nstamp 0\n", ARCOV_ERANGE,
		     "t.notes: offset 20: stamp 0 is not 1 to 2147483647");
	expect_error("arcov-notes 2\nstamp 2147483648\n", ARCOV_ERANGE,
		     "t.notes: offset 20: stamp 2147483648 is not 1 to "
		     "2147483647");
	expect_error("arcov-notes 2\nstamp 1\ndirectory /a\n",
		     ARCOV_EFORMAT,
		     "t.notes: offset 22: expected a function line");
	expect_error(HEADER "stamp 1\n", ARCOV_EFORMAT,
		     "t.notes: offset 14: expected a function line");
	/* version 2 may name the directory, version 1 must not */
	expect_error("arcov-notes 2\ndirectory\n", ARCOV_EFORMAT,
		     "t.notes: offset 23: missing directory");
	expect_error("arcov-notes 2\ndirectory /a b\n", ARCOV_EFORMAT,
		     "t.notes: offset 26: unexpected text after directory");
	expect_error("arcov-notes 2\ndirectory /a", ARCOV_ETRUNC,
		     "t.notes: offset 14: line not ended by a newline");
	expect_error(HEADER "directory /a\n", ARCOV_EFORMAT,
		     "t.notes: offset 14: expected a function line");
	expect_error("arcov-notes 01\n", ARCOV_EFORMAT,
		     "t.notes: offset 12: version has a leading zero");
	expect_error("arcov-notes 1 \n", ARCOV_EFORMAT,
		     "t.notes: offset 13: unexpected text after version");
	expect_error("arcov-notes 1\r\n", ARCOV_EFORMAT,
		     "t.notes: offset 12: version is not a decimal number");
	expect_error("arcov-notes \n", ARCOV_EFORMAT,
		     "t.notes: offset 12: empty version");
	expect_error("arcov-notes\n", ARCOV_EMAGIC,
		     "t.notes: offset 0: not an arcov-notes file");
	expect_error("Arcov-notes 1\n", ARCOV_EMAGIC,
		     "t.notes: offset 0: not an arcov-notes file");
	/* a .bbg, whose first newline is far away or absent */
	expect_error("\001\000\000\200\001\000\000\000", ARCOV_EMAGIC,
		     "t.notes: offset 0: not an arcov-notes file");
}

static void test_bad_numbers(void **state)
{
	expect_error(HEADER "function main 012 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 28: checksum has a leading zero");
	expect_error(HEADER "function main +12 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 28: checksum is not a decimal number");
	expect_error(HEADER "function main 4294967296 5\n", ARCOV_ERANGE,
		     "t.notes: offset 28: checksum exceeds 4294967295");
	expect_error(HEADER "function main 99999999999999999999999 5\n",
		     ARCOV_ERANGE,
		     "t.notes: offset 28: checksum exceeds 4294967295");
	expect_error(HEADER "function main 12 1\n", ARCOV_ERANGE,
		     "t.notes: offset 31: block count 1 below 2");
	expect_error(HEADER "function main 12 0\n", ARCOV_ERANGE,
		     "t.notes: offset 31: block count 0 below 2");
	expect_error(HEADER "function main 12\n", ARCOV_EFORMAT,
		     "t.notes: offset 30: missing block count");
	expect_error(HEADER "function main 12 5 6\n", ARCOV_EFORMAT,
		     "t.notes: offset 32: unexpected text after block count");
	expect_error(HEADER "function main  12 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 28: empty checksum");
	expect_error(HEADER "function main 12 5 \n", ARCOV_EFORMAT,
		     "t.notes: offset 32: unexpected text after block count");
	expect_error(HEADER "function main 12 5\nsource 2 x t.c\n",
		     ARCOV_EFORMAT,
		     "t.notes: offset 42: last line is not a decimal number");
	expect_error(HEADER "function main 12 5\nsource 2 2 t.c\n"
		     "statements 0 2 1 2 0\ncall 1 02 *\n", ARCOV_EFORMAT,
		     "t.notes: offset 76: call line has a leading zero");
}

static void test_bad_escapes(void **state)
{
	expect_error(HEADER "function a\\040\\000 12 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 28: function name: \\000 in a non-empty string");
	expect_error(HEADER "function \\000\\000 12 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 23: function name: \\000 in a non-empty string");
	expect_error(HEADER "function a\\101 12 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 24: function name: needless escape of 'A'");
	expect_error(HEADER "function a\\400 12 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 24: function name: backslash not followed by three octal digits below \\400");
	expect_error(HEADER "function a\\08 12 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 24: function name: backslash not followed by three octal digits below \\400");
	expect_error(HEADER "function a\\04 12 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 24: function name: backslash not followed by three octal digits below \\400");
	expect_error(HEADER "function a\\ 12 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 24: function name: backslash not followed by three octal digits below \\400");
	expect_error(HEADER "function a\tb 12 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 24: function name: byte 0x09 not escaped");
	expect_error(HEADER "function \177 12 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 23: function name: byte 0x7f not escaped");
	expect_error(HEADER "function \303\251 12 5\n", ARCOV_EFORMAT,
		     "t.notes: offset 23: function name: byte 0xc3 not escaped");
	expect_error(HEADER "function main 12 5\nsource 2 2 t\\056c\n",
		     ARCOV_EFORMAT,
		     "t.notes: offset 45: source file: needless escape of '.'");
	expect_error(HEADER "function main 12 5\nsource 2 2 t.c\n"
		     "statements 0 2 1 2 0\ncall 1 2 \\052\n", ARCOV_EFORMAT,
		     "t.notes: offset 78: callee: needless escape of '*'");
	/* a NUL byte inside a field is a control character like any other */
	expect_error_n(HEADER "function m\000n 12 5\n", 32, ARCOV_EFORMAT,
		       "t.notes: offset 24: function name: byte 0x00 not escaped");
}

static void test_bad_statements(void **state)
{
	expect_error(HEADER "function main 12 5\nsource 2 2 t.c\n"
		     "statements 0 2 1 0\n", ARCOV_EFORMAT,
		     "t.notes: offset 48: 4 statement counts for 5 blocks");
	expect_error(HEADER "function main 12 5\nsource 2 2 t.c\n"
		     "statements 0 2 1 2 0 0\n", ARCOV_EFORMAT,
		     "t.notes: offset 48: 6 statement counts for 5 blocks");
	expect_error(HEADER "function main 12 5\nsource 2 2 t.c\n"
		     "statements\n", ARCOV_EFORMAT,
		     "t.notes: offset 48: 0 statement counts for 5 blocks");
	expect_error(HEADER "function main 12 5\nsource 2 2 t.c\n"
		     "statements 1 2 1 2 0\n", ARCOV_EFORMAT,
		     "t.notes: offset 59: entry block with statements");
	expect_error(HEADER "function main 12 5\nsource 2 2 t.c\n"
		     "statements 0 2 1 2 3\n", ARCOV_EFORMAT,
		     "t.notes: offset 67: exit block with statements");
	expect_error(HEADER "function main 12 5\nsource 2 2 t.c\n"
		     "statements 0 2 1  0\n", ARCOV_EFORMAT,
		     "t.notes: offset 65: empty statement count");
	expect_error(HEADER "function main 12 5\nsource 2 2 t.c\n"
		     "statement 0 2 1 2 0\n", ARCOV_EFORMAT,
		     "t.notes: offset 48: expected a statements line");
	expect_error(HEADER "function main 12 5\n"
		     "statements 0 2 1 2 0\n", ARCOV_EFORMAT,
		     "t.notes: offset 33: expected a source line");
}

/*
 * A block count of 2^32-1 would be 16 GiB of statement counts; the file
 * has two.  The reader must say so without trying to allocate: with the
 * address space capped at 1 GiB (not under AddressSanitizer, which
 * reserves terabytes of it) an attempt would end in ARCOV_ENOMEM.
 */
static void test_huge_block_count(void **state)
{
	static const char text[] = HEADER "function f 0 4294967295\n"
		"source 0 0 f.c\nstatements 0 0\nend\n";
#ifndef __SANITIZE_ADDRESS__
	struct rlimit old, cap;

	assert_int_equal(getrlimit(RLIMIT_AS, &old), 0);
	cap = old;
	if (cap.rlim_cur == RLIM_INFINITY || cap.rlim_cur > (1u << 30))
		cap.rlim_cur = 1u << 30;
	assert_int_equal(setrlimit(RLIMIT_AS, &cap), 0);
#endif
	expect_error(text, ARCOV_EFORMAT,
		     "t.notes: offset 53: 2 statement counts for 4294967295 blocks");
#ifndef __SANITIZE_ADDRESS__
	assert_int_equal(setrlimit(RLIMIT_AS, &old), 0);
#endif
}

static void test_bad_blocks(void **state)
{
	static const char head[] = HEADER "function main 12 5\n"
		"source 2 2 t.c\nstatements 0 2 1 2 0\n";
	char text[256];

	snprintf(text, sizeof text, "%scall 5 2 *\nend\n", head);
	expect_error(text, ARCOV_ERANGE,
		     "t.notes: offset 74: call block 5 out of range [0, 4]");
	snprintf(text, sizeof text, "%seh 1 5\nend\n", head);
	expect_error(text, ARCOV_ERANGE,
		     "t.notes: offset 74: edge destination 5 out of range [0, 4]");
	snprintf(text, sizeof text, "%sabnormal 4294967295 1\nend\n", head);
	expect_error(text, ARCOV_ERANGE,
		     "t.notes: offset 78: edge source 4294967295 out of range [0, 4]");
	snprintf(text, sizeof text, "%seh 1\nend\n", head);
	expect_error(text, ARCOV_EFORMAT,
		     "t.notes: offset 73: missing edge destination");
	snprintf(text, sizeof text, "%scall 1 2\nend\n", head);
	expect_error(text, ARCOV_EFORMAT,
		     "t.notes: offset 77: missing callee");
	snprintf(text, sizeof text, "%scall 1 2 * x\nend\n", head);
	expect_error(text, ARCOV_EFORMAT,
		     "t.notes: offset 79: unexpected text after callee");
}

static void test_bad_structure(void **state)
{
	static const char head[] = HEADER "function main 12 5\n"
		"source 2 2 t.c\nstatements 0 2 1 2 0\n";
	char text[256];

	/* calls come before dropped edges */
	snprintf(text, sizeof text, "%seh 1 4\ncall 1 2 *\nend\n", head);
	expect_error(text, ARCOV_EFORMAT,
		     "t.notes: offset 76: call line after an eh or abnormal line");
	snprintf(text, sizeof text, "%sreturn 1\nend\n", head);
	expect_error(text, ARCOV_EFORMAT,
		     "t.notes: offset 69: expected a call, eh, abnormal or end line");
	snprintf(text, sizeof text, "%send \n", head);
	expect_error(text, ARCOV_EFORMAT,
		     "t.notes: offset 72: unexpected text after end");
	snprintf(text, sizeof text, "%s\nend\n", head);
	expect_error(text, ARCOV_EFORMAT,
		     "t.notes: offset 69: expected a call, eh, abnormal or end line");
	/* trailing garbage after a complete file */
	expect_error(EXAMPLE "x\n", ARCOV_EFORMAT,
		     "t.notes: offset 95: expected a function line");
	expect_error(EXAMPLE "\n", ARCOV_EFORMAT,
		     "t.notes: offset 95: expected a function line");
	expect_error(EXAMPLE "end\n", ARCOV_EFORMAT,
		     "t.notes: offset 95: expected a function line");
	expect_error(EXAMPLE "function", ARCOV_ETRUNC,
		     "t.notes: offset 95: line not ended by a newline");
	expect_error(HEADER HEADER, ARCOV_EFORMAT,
		     "t.notes: offset 14: expected a function line");
}

/* The writer refuses what the reader would refuse. */
static void test_writer_rejects_bad_models(void **state)
{
	struct arcov_notes notes;
	struct arcov_notes_fn *fn;

	load(&notes, HEADER EDGY_FN);
	fn = &notes.fns[0];
	assert_int_equal(arcov_notes_write(&notes, NULL, 0),
			 strlen(HEADER EDGY_FN));

	fn->calls[0].block = 4;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	fn->calls[0].block = 2;
	fn->dropped[0].src = 4;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	fn->dropped[0].src = 1;
	fn->dropped[1].dest = 4;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	fn->dropped[1].dest = 2;
	fn->dropped[1].kind = (enum arcov_notes_edge)2;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	fn->dropped[1].kind = ARCOV_NOTES_ABNORMAL;
	fn->statements[0] = 1;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	fn->statements[0] = 0;
	fn->statements[3] = 1;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	fn->statements[3] = 0;
	/* a callee named "*" would read back as a call through a pointer */
	free(fn->calls[1].callee);
	fn->calls[1].callee = strdup("*");
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	free(fn->calls[1].callee);
	fn->calls[1].callee = NULL;
	fn->nblocks = 1;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	fn->nblocks = 4;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0),
			 strlen(HEADER EDGY_FN) - 18 + 1);
	arcov_notes_free(&notes);
}

/* The version 2 lines: where they may stand, their blocks. */
static void test_bad_facts(void **state)
{
#define FN5 "function main 12 5\nsource 2 2 t.c\nstatements 0 2 1 2 0\n"
	expect_error(HEADER FN5 "artificial\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 69: artificial line in a version 1 file");
	expect_error(HEADER FN5 "eh-only 2\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 69: eh-only line in a version 1 file");
	expect_error(HEADER FN5 "proved-calls 2\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 69: proved-calls line in a version 1 file");
	expect_error(HEADER2 FN5 "proved-calls 2\neh-only 3\nend\n",
		     ARCOV_EFORMAT,
		     "t.notes: offset 84: eh-only line out of place");
	expect_error(HEADER2 FN5 "proved-calls 3 1\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 84: proved-calls blocks not ascending");
	expect_error(HEADER2 FN5 "proved-calls 4\nend\n", ARCOV_ERANGE,
		     "t.notes: offset 82: proved-calls block 4 out of range [1, 3]");
	expect_error(HEADER2 FN5 "eh-only 2\nartificial\nend\n",
		     ARCOV_EFORMAT,
		     "t.notes: offset 79: artificial line out of place");
	expect_error(HEADER2 FN5 "call 1 2 *\nartificial\nend\n",
		     ARCOV_EFORMAT,
		     "t.notes: offset 80: artificial line out of place");
	expect_error(HEADER2 FN5 "artificial\nartificial\nend\n",
		     ARCOV_EFORMAT,
		     "t.notes: offset 80: artificial line out of place");
	expect_error(HEADER2 FN5 "artificial x\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 79: unexpected text after artificial");
	expect_error(HEADER FN5 "absent\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 69: absent line in a version 1 file");
	expect_error(HEADER2 FN5 "absent\nartificial\nend\n",
		     ARCOV_EFORMAT,
		     "t.notes: offset 76: artificial line out of place");
	expect_error(HEADER2 FN5 "eh-only 2\nabsent\nend\n",
		     ARCOV_EFORMAT,
		     "t.notes: offset 79: absent line out of place");
	expect_error(HEADER2 FN5 "absent 1\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 75: unexpected text after absent");
	expect_error(HEADER FN5 "inlined\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 69: inlined line in a version 1 file");
	expect_error(HEADER2 FN5 "absent\ninlined\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 76: inlined line out of place");
	expect_error(HEADER2 FN5 "inlined\nabsent\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 77: absent line out of place");
	expect_error(HEADER2 FN5 "eh-only\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 76: missing block");
	expect_error(HEADER2 FN5 "eh-only 3 2\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 79: eh-only blocks not ascending");
	expect_error(HEADER2 FN5 "eh-only 2 2\nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 79: eh-only blocks not ascending");
	expect_error(HEADER2 FN5 "eh-only 0\nend\n", ARCOV_ERANGE,
		     "t.notes: offset 77: eh-only block 0 out of range [1, 3]");
	expect_error(HEADER2 FN5 "eh-only 4\nend\n", ARCOV_ERANGE,
		     "t.notes: offset 77: eh-only block 4 out of range [1, 3]");
	expect_error(HEADER2 FN5 "eh-only 2 \nend\n", ARCOV_EFORMAT,
		     "t.notes: offset 79: empty block");
	expect_error(HEADER2 FN5 "eh-only 2\neh-only 3\nend\n",
		     ARCOV_EFORMAT,
		     "t.notes: offset 79: eh-only line out of place");
#undef FN5
}

/* Every prefix of a version 2 file fails cleanly but the complete ones. */
static void test_truncations2(void **state)
{
	static const char text[] = EXAMPLE2;
	size_t cut;

	for (cut = strlen(HEADER2) + 1; cut < sizeof text - 1; cut++) {
		struct arcov_err err = { 0, "" };
		char *copy = malloc(cut);

		assert_non_null(copy);
		memcpy(copy, text, cut);
		assert_int_equal(read_notes(copy, cut, &err), ARCOV_ETRUNC);
		free(copy);
	}
}

/* The writer refuses version 2 facts it cannot spell or the reader would
 * refuse. */
static void test_writer_rejects_bad_facts(void **state)
{
	struct arcov_notes notes = { 0 };
	struct arcov_notes_fn *fn;

	assert_int_equal(arcov_notes_add_fn(&notes, "f", 0, 4, "f.c"), 0);
	fn = &notes.fns[0];
	fn->artificial = 1;
	notes.version = 1;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	notes.version = 3;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	notes.version = 2;
	assert_true(arcov_notes_write(&notes, NULL, 0) > 0);
	fn->artificial = 0;
	/* Absent and inlined: each a version 2 fact, never both. */
	fn->absent = 1;
	assert_true(arcov_notes_write(&notes, NULL, 0) > 0);
	fn->inlined = 1;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	fn->absent = 0;
	assert_true(arcov_notes_write(&notes, NULL, 0) > 0);
	notes.version = 1;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	notes.version = 2;
	fn->inlined = 0;
	assert_int_equal(arcov_notes_add_eh_only(fn, 2), 0);
	notes.version = 1;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	notes.version = 0;
	assert_true(arcov_notes_write(&notes, NULL, 0) > 0);
	assert_int_equal(arcov_notes_add_eh_only(fn, 1), 0);
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	fn->eh_only[1] = 3;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	fn->eh_only[1] = 0;
	fn->neh_only = 1;
	fn->eh_only[0] = 0;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	fn->eh_only[0] = 1;
	assert_true(arcov_notes_write(&notes, NULL, 0) > 0);
	assert_int_equal(arcov_notes_add_proved(fn, 2), 0);
	assert_int_equal(arcov_notes_add_proved(fn, 2), 0);
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	fn->nproved = 1;
	assert_true(arcov_notes_write(&notes, NULL, 0) > 0);
	notes.version = 1;
	fn->neh_only = 0;
	assert_int_equal(arcov_notes_write(&notes, NULL, 0), ARCOV_EFORMAT);
	arcov_notes_free(&notes);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_example_read),
		cmocka_unit_test(test_example_write),
		cmocka_unit_test(test_directory),
		cmocka_unit_test(test_example2),
		cmocka_unit_test(test_bad_facts),
		cmocka_unit_test(test_truncations2),
		cmocka_unit_test(test_writer_rejects_bad_facts),
		cmocka_unit_test(test_header_only),
		cmocka_unit_test(test_escapes),
		cmocka_unit_test(test_all_bytes),
		cmocka_unit_test(test_round_trips),
		cmocka_unit_test(test_truncations),
		cmocka_unit_test(test_truncation_messages),
		cmocka_unit_test(test_empty_without_buffer),
		cmocka_unit_test(test_bad_header),
		cmocka_unit_test(test_bad_numbers),
		cmocka_unit_test(test_bad_escapes),
		cmocka_unit_test(test_bad_statements),
		cmocka_unit_test(test_huge_block_count),
		cmocka_unit_test(test_bad_blocks),
		cmocka_unit_test(test_bad_structure),
		cmocka_unit_test(test_writer_rejects_bad_models),
	};

	return cmocka_run_group_tests_name("arcov-notes", tests, NULL, NULL);
}
