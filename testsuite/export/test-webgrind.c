/* test-webgrind.c -- the webgrind writer (tools/export-webgrind.c) against
 * doc/formats.md §7.5 byte for byte, in versions 7, 6 and 5, and the files it
 * must refuse to write.
 */
#include "unit.h"

#include "export.h"

/* §7.5: main (t.c, line 1) calls f (line 10) once, from line 3. */
static struct arcov_wg_call main_callees[] = { { 1, 3, 1, 3 } };
static struct arcov_wg_call f_callers[] = { { 0, 3, 1, 3 } };
static struct arcov_wg_fn example_fns[] = {
	{ 1, 5, 8, 1, 0, NULL, 1, main_callees, "t.c", "main" },
	{ 10, 3, 3, 1, 1, f_callers, 0, NULL, "t.c", "f" },
};
static struct arcov_wg_header example_headers[] = {
	{ "cmd", "./t" }, { "events", "Count" }, { "summary", "8" },
};

/* Just as printed in §7.5 (headers cmd and summary only). */
#define V7_SPEC								\
	"07000000 73000000 02000000 14000000"				\
	"45000000 01000000 05000000 08000000"				\
	"01000000 00000000 01000000 01000000"				\
	"03000000 01000000 03000000 742e630a"				\
	"6d61696e 0a0a0000 00030000 00030000"				\
	"00010000 00010000 00000000 00000000"				\
	"00030000 00010000 00030000 00742e63"				\
	"0a660a63 6d643a20 2e2f740a 73756d6d"				\
	"6172793a 20380a"

/* Version 6: no line fields, so every offset after the table moves. */
#define V6_SPEC								\
	"06000000 6b000000 02000000 14000000 41000000"			\
	/* main @0x14: self incl inv callers callees, callee, names */	\
	"05000000 08000000 01000000 00000000 01000000"			\
	"01000000 03000000 01000000 03000000"				\
	"742e630a 6d61696e0a"						\
	/* f @0x41 */							\
	"03000000 03000000 01000000 01000000 00000000"			\
	"00000000 03000000 01000000 03000000"				\
	"742e630a 660a"							\
	/* headers @0x6b */						\
	"636d643a 202e2f74 0a 73756d6d 6172793a 20380a"

/* Version 5: no line fields and no callee lists. */
#define V5_SPEC								\
	"05000000 53000000 02000000 14000000 2d000000"			\
	"05000000 08000000 01000000 00000000"				\
	"742e630a 6d61696e0a"						\
	"03000000 03000000 01000000 01000000"				\
	"00000000 03000000 01000000 03000000"				\
	"742e630a 660a"							\
	"636d643a 202e2f74 0a 73756d6d 6172793a 20380a"

static struct arcov_webgrind example(int with_events)
{
	struct arcov_webgrind wg = { 2, example_fns, 3, example_headers,
				     NULL };

	if (!with_events) {
		/* cmd and summary only: skip the events header. */
		static struct arcov_wg_header two[2];

		two[0] = example_headers[0];
		two[1] = example_headers[2];
		wg.headers = two;
		wg.nheaders = 2;
	}
	return wg;
}

/* The example without events: size, write into an exact buffer, compare. */
static void check_bytes(int version, const char *hex, ssize_t size)
{
	struct arcov_webgrind wg = example(0);
	ssize_t need = arcov_webgrind_write(&wg, version, NULL, 0);
	unsigned char *buf;

	assert_int_equal(need, size);
	buf = malloc((size_t)need);
	assert_non_null(buf);
	assert_int_equal(arcov_webgrind_write(&wg, version, buf, (size_t)need),
			 need);
	assert_bytes_hex(buf, (size_t)need, hex);
	/* One byte short fails, it never writes past the end. */
	assert_int_equal(arcov_webgrind_write(&wg, version, buf,
					      (size_t)need - 1),
			 ARCOV_ERANGE);
	free(buf);
}

static void v7_as_in_formats(void **state)
{
	(void)state;
	check_bytes(7, V7_SPEC, 135);
}

/* §7.5: with "events: Count" 149 bytes, headers still at 0x73. */
static void v7_with_events(void **state)
{
	struct arcov_webgrind wg = example(1);
	unsigned char buf[149];

	(void)state;
	assert_int_equal(arcov_webgrind_write(&wg, 7, buf, sizeof buf), 149);
	assert_bytes_hex(buf, 12, "07000000 73000000 02000000");
	assert_memory_equal(buf + 0x73, "cmd: ./t\nevents: Count\nsummary: 8\n",
			    149 - 0x73);
}

static void v6(void **state)
{
	(void)state;
	check_bytes(6, V6_SPEC, 127);
}

static void v5(void **state)
{
	(void)state;
	check_bytes(5, V5_SPEC, 103);
}

/* Files webgrind could not read back are never written. */
static void refusals(void **state)
{
	struct arcov_webgrind wg = example(1);
	struct arcov_wg_fn fns[2];
	struct arcov_wg_header headers[3];

	(void)state;
	assert_int_equal(arcov_webgrind_write(&wg, 4, NULL, 0),
			 ARCOV_EFORMAT);
	assert_int_equal(arcov_webgrind_write(&wg, 8, NULL, 0),
			 ARCOV_EFORMAT);
	wg.nfns = 0;
	assert_int_equal(arcov_webgrind_write(&wg, 7, NULL, 0),
			 ARCOV_EFORMAT);

	wg = example(1);
	memcpy(fns, example_fns, sizeof fns);
	wg.fns = fns;
	fns[1].name = "f\nhidden";
	assert_int_equal(arcov_webgrind_write(&wg, 7, NULL, 0),
			 ARCOV_EFORMAT);
	fns[1].name = "f";
	fns[0].file = "t\n.c";
	assert_int_equal(arcov_webgrind_write(&wg, 6, NULL, 0),
			 ARCOV_EFORMAT);

	wg = example(1);
	memcpy(headers, example_headers, sizeof headers);
	wg.headers = headers;
	headers[0].value = "./t\n\nsummary: 99";
	assert_int_equal(arcov_webgrind_write(&wg, 7, NULL, 0),
			 ARCOV_EFORMAT);
	headers[0].value = "./t";
	headers[1].key = "";
	assert_int_equal(arcov_webgrind_write(&wg, 7, NULL, 0),
			 ARCOV_EFORMAT);
	headers[1].key = "events";
	assert_int_equal(arcov_webgrind_write(&wg, 7, NULL, 0), 149);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(v7_as_in_formats),
		cmocka_unit_test(v7_with_events),
		cmocka_unit_test(v6),
		cmocka_unit_test(v5),
		cmocka_unit_test(refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
