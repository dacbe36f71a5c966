/* test-read-lines.c -- a source's lines as the reports read them
 * (arcov_read_lines(), tools/report/common.c): the whole file in one read,
 * cut in place, giving exactly the lines gcov 12's read_line() gives
 * (arcov_read_line()), also for files holding NUL bytes, where that cuts
 * lines at the NUL and joins the rest to the next line.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/unit.h"
#include "common.h"
#include "util.h"

/* The lines of the @len bytes at @data, joined as "[LINE]" each, by
 * arcov_read_line() if @by_line, else by arcov_read_lines(). */
static char *joined(const char *data, size_t len, int by_line)
{
	FILE *f = tmpfile();
	char *out = calloc(1, 3 * len + 1), **lines, *buf = NULL, *line;
	size_t n = 0, blen = 0, i;

	assert_non_null(f);
	assert_non_null(out);
	assert_int_equal(fwrite(data, 1, len, f), len);
	rewind(f);
	if (by_line) {
		while ((line = arcov_read_line(f, &buf, &blen))) {
			strcat(out, "[");
			strcat(out, line);
			strcat(out, "]");
		}
		free(buf);
	} else {
		lines = arcov_read_lines(f, &n);
		assert_true(n == 0 || lines);
		for (i = 0; i < n; i++) {
			strcat(out, "[");
			strcat(out, lines[i]);
			strcat(out, "]");
		}
		arcov_lines_free(lines);
	}
	fclose(f);
	return out;
}

/* arcov_read_lines() gives @want for @data, as arcov_read_line() does. */
static void check(const char *data, size_t len, const char *want)
{
	char *whole = joined(data, len, 0), *by_line = joined(data, len, 1);

	assert_string_equal(whole, want);
	assert_string_equal(by_line, want);
	free(whole);
	free(by_line);
}

static void test_plain_text(void **state)
{
	(void)state;
	check("", 0, "");
	check("\n", 1, "[]");
	check("a\nbc\n", 5, "[a][bc]");
	check("a\n\n", 3, "[a][]");
	/* A last line without its newline is a line; "\r" is kept. */
	check("a\nlast", 6, "[a][last]");
	check("x\r\ny", 4, "[x\r][y]");
}

static void test_nul_bytes(void **state)
{
	(void)state;
	/* read_line() measures with strlen(): what follows a NUL on its line
	 * is dropped, and the line goes on with the next one. */
	check("a\0b\nc\n", 6, "[ac]");
	check("a\0b\nc\n\0\nlast", 12, "[ac][last]");
	check("\0", 1, "");
}

static void test_long_lines(void **state)
{
	size_t len = 100000, i;
	char *data = malloc(len), *want = malloc(len + 8), *got;

	(void)state;
	assert_non_null(data);
	assert_non_null(want);
	/* One line longer than any buffer read_line() starts with, then a
	 * short one: the file is read whole whatever its size. */
	for (i = 0; i < len; i++)
		data[i] = (char)('a' + i % 26);
	data[len - 3] = '\n';
	want[0] = '[';
	memcpy(want + 1, data, len - 3);
	strcpy(want + len - 2, "][");
	memcpy(want + len, data + len - 2, 2);
	strcpy(want + len + 2, "]");
	got = joined(data, len, 0);
	assert_int_equal(strlen(got), strlen(want));
	assert_string_equal(got, want);
	free(got);
	free(data);
	free(want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_text),
		cmocka_unit_test(test_nul_bytes),
		cmocka_unit_test(test_long_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
