/* test-exclude.c -- exclusion markers: which lines and branches each kind
 * takes out, the lcov/gcovr rules for regions, and the exact warnings.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "../unit/unit.h"
#include "exclude.h"

/* Scan @text; @want holds one character per line from line 1: '-'
 * nothing, 'L' line (and branches) excluded, 'B' branches only.
 * @warnings is what goes to the diagnostic stream. */
static void scan(const char *text, const char *want, const char *warnings)
{
	struct arcov_excl ex = { 0 };
	struct arcov_log log = { 0 };
	size_t i;
	char *got;

	assert_int_equal(arcov_excl_scan(&ex, text, strlen(text), "t.c",
					 &log), 0);
	got = calloc(strlen(want) + 1, 1);
	assert_non_null(got);
	for (i = 0; i < strlen(want); i++) {
		uint32_t ln = (uint32_t)i + 1;

		got[i] = arcov_excl_line(&ex, ln) ? 'L' :
			 arcov_excl_branch(&ex, ln) ? 'B' : '-';
	}
	assert_string_equal(got, want);
	assert_string_equal(log.len ? log.text : "", warnings);
	free(got);
	arcov_log_free(&log);
	arcov_excl_free(&ex);
}

static void test_no_markers(void **state)
{
	struct arcov_excl ex = { 0 };

	/* Nothing kept for a source without markers. */
	assert_int_equal(arcov_excl_scan(&ex, "a\nb_EXCL\n", 9, "t.c", NULL),
			 0);
	assert_null(ex.flags);
	assert_int_equal(arcov_excl_line(&ex, 1), 0);
	assert_int_equal(arcov_excl_branch(&ex, 100), 0);
	scan("a\nFOO_EXCL_LINE\nLCOV_EXCL_LIN\n", "---", "");
}

static void test_line_markers(void **state)
{
	scan("a\nb; // LCOV_EXCL_LINE\nc\n", "-L-", "");
	scan("x /* GCOVR_EXCL_LINE */\n", "L", "");
	scan("x /* GCOV_EXCL_LINE */\n", "L", "");
	scan("x // ARCOV_EXCL_LINE\n", "L", "");
	scan("if (x) // LCOV_EXCL_BR_LINE\ny // GCOVR_EXCL_BR_LINE\n"
	     "z // ARCOV_EXCL_BR_LINE", "BBB", "");
	/* Substrings count, as in lcov and gcovr. */
	scan("XLCOV_EXCL_LINEX\n", "L", "");
	/* A line marker and a branch marker on one line: the stronger. */
	scan("x // LCOV_EXCL_BR_LINE LCOV_EXCL_LINE\n", "L", "");
	/* The last line needs no newline. */
	scan("a\nb // ARCOV_EXCL_LINE", "-L", "");
}

static void test_regions(void **state)
{
	/* _START's line is in, _STOP's line is out. */
	scan("a\n// LCOV_EXCL_START\nb\nc\n// LCOV_EXCL_STOP\nd\n",
	     "-LLL--", "");
	/* Any prefix stops any prefix. */
	scan("x // ARCOV_EXCL_START\ny\nz // GCOVR_EXCL_STOP\n", "LL-", "");
	scan("a // LCOV_EXCL_BR_START\nb\nc // LCOV_EXCL_BR_STOP\n", "BB-",
	     "");
	/* Line and branch regions are separate. */
	scan("a // GCOVR_EXCL_BR_START\nb // LCOV_EXCL_START\n"
	     "c // GCOVR_EXCL_BR_STOP\nd // LCOV_EXCL_STOP\ne\n",
	     "BLL--", "");
	/* A _STOP first ends the region, then a _START opens one: on one
	 * line the _START is lost. */
	scan("a // LCOV_EXCL_START\nb // LCOV_EXCL_STOP LCOV_EXCL_START\n"
	     "c\n", "L--", "");
}

static void test_unbalanced(void **state)
{
	scan("a // LCOV_EXCL_STOP\nb\n", "--",
	     "arcov: warning: t.c:1: LCOV_EXCL_STOP without a _START; "
	     "ignored\n");
	scan("a\nb // ARCOV_EXCL_BR_START\nc\n", "-BB",
	     "arcov: warning: t.c:2: ARCOV_EXCL_BR_START is never stopped; "
	     "excluded to the end of the file\n");
	/* Regions do not nest (lcov): the first _STOP ends it. */
	scan("a // LCOV_EXCL_START\nb // GCOVR_EXCL_START\n"
	     "c // LCOV_EXCL_STOP\nd // GCOVR_EXCL_STOP\n", "LL--",
	     "arcov: warning: t.c:2: GCOVR_EXCL_START inside an open region; "
	     "regions do not nest\n"
	     "arcov: warning: t.c:4: GCOVR_EXCL_STOP without a _START; "
	     "ignored\n");
}

static void test_every_prefix(void **state)
{
	static const char text[] =
		"a // LCOV_EXCL_START\nb // GCOVR_EXCL_BR_LINE\n"
		"c // ARCOV_EXCL_STOP\nd // LCOV_EXCL_BR_START";
	size_t n;

	/* Markers cut anywhere, read in exactly-sized copies. */
	for (n = 0; n <= sizeof text - 1; n++) {
		struct arcov_excl ex = { 0 };
		char *copy = malloc(n ? n : 1);

		assert_non_null(copy);
		memcpy(copy, text, n);
		assert_int_equal(arcov_excl_scan(&ex, copy, n, "t.c", NULL),
				 0);
		arcov_excl_free(&ex);
		free(copy);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_markers),
		cmocka_unit_test(test_line_markers),
		cmocka_unit_test(test_regions),
		cmocka_unit_test(test_unbalanced),
		cmocka_unit_test(test_every_prefix),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
