/* test-trace.c -- the .arcov-trace reader and writer (lib/trace.c):
 * golden bytes of doc/profile.md's example, round trips, every
 * truncation, the reader's refusals, version 1 files, and files of
 * several runs. */
#include <config.h>

#include "trace.h"
#include "unit.h"

/* doc/profile.md, "Example": one function, one thread, one call. */
static const char golden[] =
	"4152434f 56545243 02000000 01000000 2a000000 01000000"	/* header */
	"01000000 00000000 64000000 00000000 c8000000 00000000"
	"03000000 2e2f74"					/* cmd */
	"00000000"						/* label */
	"03000000 01000000 66 03000000 742e63"			/* f, t.c:3 */
	"07000000 00000000 64000000 00000000 c8000000 00000000"	/* thread */
	"00000000 00000000 01000000 00000000 02000000 00000000"
	"00000000 01000000 10000000 00000000 01000000 00000000"	/* edge */
	"64000000 00000000 64000000 00000000 64000000 00000000"
	"64000000 00000000"
	"64000000 00000000 01000000 0000 03 00"			/* entry */
	"c8000000 00000000 01000000 ffff 00 00";		/* exit */

/* The same run as version 1 wrote it: no label. */
static const char golden_v1[] =
	"4152434f 56545243 01000000 01000000 2a000000 01000000"
	"01000000 00000000 64000000 00000000 c8000000 00000000"
	"03000000 2e2f74"
	"03000000 01000000 66 03000000 742e63"
	"07000000 00000000 64000000 00000000 c8000000 00000000"	/* thread */
	"00000000 00000000 01000000 00000000 02000000 00000000"
	"00000000 01000000 10000000 00000000 01000000 00000000"	/* edge */
	"64000000 00000000 64000000 00000000 64000000 00000000"
	"64000000 00000000"
	"64000000 00000000 01000000 0000 03 00"			/* entry */
	"c8000000 00000000 01000000 ffff 00 00";		/* exit */

static void example(struct arcov_trace *t, struct arcov_trace_fn *fn,
		    struct arcov_trace_thread *th, struct arcov_trace_edge *e,
		    struct arcov_trace_event *ev)
{
	memset(t, 0, sizeof *t);
	memset(th, 0, sizeof *th);
	fn->line = 3;
	fn->name = "f";
	fn->file = "t.c";
	e->caller = 0;
	e->callee = 1;
	e->site = 0x10;
	e->calls = 1;
	e->incl = e->self = e->min = e->max = 100;
	ev[0] = (struct arcov_trace_event){ 100, 1, 0, ARCOV_TRACE_ENTRY, 0 };
	ev[1] = (struct arcov_trace_event){ 200, 1, -1, ARCOV_TRACE_EXIT, 0 };
	th->tid = 7;
	th->start = 100;
	th->end = 200;
	th->nedges = 1;
	th->edges = e;
	th->nevents = 2;
	th->events = ev;
	t->flags = ARCOV_TRACE_TIMELINE;
	t->pid = 42;
	t->start = 100;
	t->end = 200;
	t->cmd = "./t";
	t->nfns = 1;
	t->fns = fn;
	t->nthreads = 1;
	t->threads = th;
}

static void test_golden_write(void **state)
{
	struct arcov_trace t;
	struct arcov_trace_fn fn;
	struct arcov_trace_thread th;
	struct arcov_trace_edge e;
	struct arcov_trace_event ev[2];
	unsigned char buf[512];
	ssize_t n;

	(void)state;
	example(&t, &fn, &th, &e, ev);
	n = arcov_trace_write(&t, NULL, 0);
	assert_int_equal(n, arcov_trace_write(&t, buf, sizeof buf));
	assert_bytes_hex(buf, (size_t)n, golden);
	assert_int_equal(arcov_trace_write(&t, buf, (size_t)n - 1),
			 ARCOV_ERANGE);
	e.callee = 2;	/* names no function */
	assert_int_equal(arcov_trace_write(&t, buf, sizeof buf),
			 ARCOV_EFORMAT);
}

static void test_golden_read(void **state)
{
	struct arcov_trace t;
	struct arcov_err err = { 0, "" };
	unsigned char *data;
	size_t size;

	(void)state;
	data = unit_unhex(golden, &size);
	assert_int_equal(arcov_trace_read(&t, data, size, "g", &err), 0);
	assert_int_equal(t.pid, 42);
	assert_string_equal(t.cmd, "./t");
	assert_int_equal(t.nfns, 1);
	assert_string_equal(t.fns[0].name, "f");
	assert_string_equal(t.fns[0].file, "t.c");
	assert_int_equal(t.fns[0].line, 3);
	assert_int_equal(t.nthreads, 1);
	assert_int_equal(t.threads[0].tid, 7);
	assert_int_equal(t.threads[0].edges[0].calls, 1);
	assert_int_equal(t.threads[0].edges[0].site, 0x10);
	assert_int_equal(t.threads[0].events[1].core, -1);
	assert_int_equal(t.threads[0].events[1].kind, ARCOV_TRACE_EXIT);
	arcov_trace_free(&t);
	free(data);
}

static int read_and_free(const void *data, size_t size, struct arcov_err *err)
{
	struct arcov_trace t;
	int rc = arcov_trace_read(&t, data, size, "cut.arcov-trace", err);

	arcov_trace_free(&t);
	return rc;
}

static void test_truncations(void **state)
{
	unsigned char *data;
	size_t size;

	(void)state;
	data = unit_unhex(golden, &size);
	unit_check_truncations(read_and_free, data, size, 0,
			       "cut.arcov-trace: offset ");
	free(data);
}

/* A bigger model written, read back and written again: the same bytes. */
static void test_round_trip(void **state)
{
	struct arcov_trace t = { 0 }, back;
	struct arcov_trace_fn fns[3] = {
		{ 1, "main", "m.c" }, { 20, "_Z1fv", "f.cc" }, { 0, "", "" }
	};
	struct arcov_trace_thread th[2];
	struct arcov_trace_edge e[2] = {
		{ 0, 1, 0, 1, 900, 300, 900, 900 },
		{ 1, 2, 0x401000, 5, 600, 600, 100, 200 }
	};
	struct arcov_trace_stat st = { 2, 5, { 5, 600, 100, 200 },
				       { 5, 600, 100, 200 }, 600,
				       { 4, 700, 150, 190 },
				       { 4, 100, 20, 30 } };
	struct arcov_trace_event ev[2] = {
		{ 5, 1, 3, ARCOV_TRACE_RESUME, 0 },
		{ 9, 1, 3, ARCOV_TRACE_EXIT, 0 }
	};
	struct arcov_err err = { 0, "" };
	unsigned char *a, *b;
	ssize_t n;

	(void)state;
	memset(th, 0, sizeof th);
	th[0] = (struct arcov_trace_thread){ 1, 0, 10, 3, 2, 1, 2, e, &st,
					     ev };
	th[1].tid = 2;
	t.flags = ARCOV_TRACE_TIMELINE | ARCOV_TRACE_TSC;
	t.lost_threads = 1;
	t.end = 10;
	t.cmd = "p a b";
	t.nfns = 3;
	t.fns = fns;
	t.nthreads = 2;
	t.threads = th;
	n = arcov_trace_write(&t, NULL, 0);
	assert_true(n > 0);
	a = malloc((size_t)n);
	b = malloc((size_t)n);
	assert_int_equal(arcov_trace_write(&t, a, (size_t)n), n);
	assert_int_equal(arcov_trace_read(&back, a, (size_t)n, "rt", &err), 0);
	assert_int_equal(back.threads[0].stats[0].period.total, 700);
	assert_int_equal(back.threads[0].events[0].kind, ARCOV_TRACE_RESUME);
	assert_int_equal(arcov_trace_write(&back, b, (size_t)n), n);
	assert_memory_equal(a, b, (size_t)n);
	arcov_trace_free(&back);
	free(a);
	free(b);
}

/* A sink collecting a stream, and counting and bounding its pieces. */
struct collect {
	unsigned char buf[4096];
	size_t len, pieces, largest, fail_at;
};

static int collect(void *ctx, const void *p, size_t n)
{
	struct collect *c = ctx;

	if (++c->pieces == c->fail_at)
		return ARCOV_EIO;
	assert_true(c->len + n <= sizeof c->buf);
	memcpy(c->buf + c->len, p, n);
	c->len += n;
	if (n > c->largest)
		c->largest = n;
	return 0;
}

/* The stream is the file arcov_trace_write() makes, whatever the chunk:
 * the header, the thread's aggregate, then its events in runs of at most
 * @chunk bytes; a sink's error stops it. */
static void test_stream(void **state)
{
	struct arcov_trace t;
	struct arcov_trace_fn fn;
	struct arcov_trace_thread th;
	struct arcov_trace_edge e;
	struct arcov_trace_event ev[2];
	struct collect *c = calloc(1, sizeof *c);
	unsigned char *data;
	size_t size;
	(void)state;

	data = unit_unhex(golden, &size);
	example(&t, &fn, &th, &e, ev);
	assert_int_equal(arcov_trace_stream(&t, 16, collect, c), size);
	assert_int_equal(c->len, size);
	assert_memory_equal(c->buf, data, size);
	assert_int_equal(c->pieces, 4);		/* head, thread, 2 events */
	memset(c, 0, sizeof *c);
	assert_int_equal(arcov_trace_stream(&t, 1 << 16, collect, c), size);
	assert_memory_equal(c->buf, data, size);
	assert_int_equal(c->pieces, 3);		/* head, thread, events */
	assert_int_equal(c->largest, 48 + 56);	/* thread header, edge */
	memset(c, 0, sizeof *c);
	c->fail_at = 2;
	assert_int_equal(arcov_trace_stream(&t, 16, collect, c), ARCOV_EIO);
	assert_int_equal(c->pieces, 2);
	free(c);
	free(data);
}

/* Patch the golden bytes at @off with @hex and expect @code naming @what. */
static void refused(size_t off, const char *hex, int code, const char *what)
{
	struct arcov_trace t;
	struct arcov_err err = { 0, "" };
	unsigned char *data, *patch;
	size_t size, n;

	data = unit_unhex(golden, &size);
	patch = unit_unhex(hex, &n);
	memcpy(data + off, patch, n);
	assert_int_equal(arcov_trace_read(&t, data, size, "bad", &err), code);
	if (!strstr(err.msg, what))
		fail_msg("message '%s' lacks '%s'", err.msg, what);
	arcov_trace_free(&t);
	free(data);
	free(patch);
}

static void test_refusals(void **state)
{
	(void)state;
	refused(0, "58", ARCOV_EMAGIC, "bad: offset 0: not an arcov trace");
	refused(8, "03", ARCOV_EFORMAT, "offset 8: trace version 3");
	refused(20, "ffffff7f", ARCOV_ETRUNC, "functions need");
	refused(24, "00000001", ARCOV_ETRUNC, "threads need");
	refused(0x6b, "ffffffff", ARCOV_ETRUNC, "edges need");
	refused(0x7f, "02", ARCOV_ERANGE, "edge callee 2 names no function");
	refused(0xc1, "05", ARCOV_EFORMAT, "unknown event kind");
	refused(0xc3, "00", ARCOV_EFORMAT, "event out of time order");
	refused(0x37, "ffffff7f", ARCOV_ETRUNC, "offset 55: run label of 2147483647 bytes");
	refused(0x28, "61", ARCOV_EFORMAT, "run ends before it starts");
}

/* A version 1 file reads as the same run without a label, and is
 * written back as it was when asked for version 1. */
static void test_version1(void **state)
{
	struct arcov_trace t, v2;
	unsigned char *data, *data2, buf[512];
	size_t size, size2;

	(void)state;
	data = unit_unhex(golden_v1, &size);
	data2 = unit_unhex(golden, &size2);
	assert_int_equal(size + 4, size2);
	assert_int_equal(arcov_trace_read(&t, data, size, "v1", NULL), 0);
	assert_int_equal(t.version, 1);
	assert_null(t.label);
	assert_int_equal(arcov_trace_write(&t, buf, sizeof buf), size);
	assert_memory_equal(buf, data, size);
	t.version = 0;		/* the current version */
	assert_int_equal(arcov_trace_write(&t, buf, sizeof buf), size2);
	assert_memory_equal(buf, data2, size2);
	assert_int_equal(arcov_trace_read(&v2, data2, size2, "v2", NULL), 0);
	assert_string_equal(v2.label, "");
	t.version = 1;
	t.label = strdup("x");	/* version 1 holds no label */
	assert_int_equal(arcov_trace_write(&t, buf, sizeof buf),
			 ARCOV_EFORMAT);
	arcov_trace_free(&t);
	arcov_trace_free(&v2);
	free(data);
	free(data2);
}

/* Runs appended to a file: each read back with its label and its bytes'
 * place; a second run cut short is refused at its own offset. */
static void test_runs(void **state)
{
	struct arcov_trace t;
	struct arcov_trace_fn fn;
	struct arcov_trace_thread th;
	struct arcov_trace_edge e;
	struct arcov_trace_event ev[2];
	struct arcov_trace_runs rs;
	struct arcov_err err = { 0, "" };
	unsigned char *v1, *file;
	size_t n1, n2, k;
	ssize_t n;

	(void)state;
	v1 = unit_unhex(golden_v1, &n1);
	example(&t, &fn, &th, &e, ev);
	t.label = "nightly";
	n = arcov_trace_write(&t, NULL, 0);
	assert_true(n > 0);
	n2 = (size_t)n;
	file = malloc(n1 + 2 * n2);
	memcpy(file, v1, n1);
	assert_int_equal(arcov_trace_write(&t, file + n1, n2), n2);
	memcpy(file + n1 + n2, file + n1, n2);
	assert_int_equal(arcov_trace_read_runs(&rs, file, n1 + 2 * n2, "f",
					       &err), 0);
	assert_int_equal(rs.n, 3);
	assert_int_equal(rs.offset[0], 0);
	assert_int_equal(rs.offset[1], n1);
	assert_int_equal(rs.offset[2], n1 + n2);
	assert_int_equal(rs.offset[3], n1 + 2 * n2);
	assert_null(rs.runs[0].label);
	assert_string_equal(rs.runs[1].label, "nightly");
	assert_int_equal(rs.runs[2].threads[0].edges[0].calls, 1);
	arcov_trace_runs_free(&rs);
	/* One file, one run: arcov_trace_read() refuses a second. */
	assert_int_equal(arcov_trace_read(&t, file, n1 + n2, "f", &err),
			 ARCOV_EFORMAT);
	arcov_trace_free(&t);
	/* Every cut inside the last run is refused, at or past its start. */
	for (k = n1 + n2 + 1; k < n1 + 2 * n2; k++) {
		char *at;

		assert_true(arcov_trace_read_runs(&rs, file, k, "f", &err) < 0);
		at = strstr(err.msg, "offset ");
		assert_non_null(at);
		assert_true(strtoul(at + 7, NULL, 10) >= n1 + n2);
		arcov_trace_runs_free(&rs);
	}
	assert_true(arcov_trace_read_runs(&rs, file, 0, "f", &err) < 0);
	arcov_trace_runs_free(&rs);
	free(file);
	free(v1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden_write),
		cmocka_unit_test(test_golden_read),
		cmocka_unit_test(test_truncations),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_stream),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_version1),
		cmocka_unit_test(test_runs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
