/* test-model.c -- the report model (tools/model/project.h) on crafted
 * objects: .da records matched to their functions, copies of one
 * function in several objects folded into one, and gcov 12's cycle rule
 * for a loop on one line.
 *
 * The files are the doc/formats.md examples of testsuite/data, and a loop
 * spelled out below with the encodings of doc/formats.md §1.
 */
#include <config.h>

#include <stdio.h>
#include <unistd.h>

#include "unit.h"
#include "project.h"

static char dir[] = "/tmp/arcov-model.XXXXXX";

/* ---- writing test files ---- */

struct bytes {
	unsigned char b[512];
	size_t n;
};

/* A 4-byte sign-magnitude word (doc/formats.md §1.1). */
static void w(struct bytes *o, int32_t v)
{
	uint32_t m = v < 0 ? (uint32_t)-(int64_t)v | 0x80000000u : (uint32_t)v;
	int i;

	assert_true(o->n + 4 <= sizeof o->b);
	for (i = 0; i < 4; i++)
		o->b[o->n++] = (unsigned char)(m >> (8 * i));
}

/* The characters of @s, a NUL and zero padding to a multiple of 4. */
static void padded(struct bytes *o, const char *s)
{
	size_t len = strlen(s), pad = len / 4 * 4 + 4 - len;

	assert_true(o->n + len + pad <= sizeof o->b);
	memcpy(o->b + o->n, s, len);
	o->n += len;
	memset(o->b + o->n, 0, pad);
	o->n += pad;
}

/* A delimited string (§1.4a) and a counted string (§1.4b). */
static void ds(struct bytes *o, int32_t tag, const char *s)
{
	w(o, tag);
	padded(o, s);
	w(o, tag);
}

static void cs(struct bytes *o, const char *s)
{
	w(o, -1);
	w(o, (int32_t)strlen(s));
	padded(o, s);
	w(o, -1);
}

/* An 8-byte counter below 2^31. */
static void c(struct bytes *o, int32_t v)
{
	w(o, v);
	w(o, 0);
}

static void words(struct bytes *o, const int32_t *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		w(o, v[i]);
}

static void put(const char *name, const void *data, size_t size)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, size, f), size);
	assert_int_equal(fclose(f), 0);
}

/* Copy testsuite/data/@from to @to in the scratch directory. */
static void copy_data(const char *from, const char *to)
{
	char path[512];
	unsigned char buf[4096];
	size_t n;
	FILE *f;

	snprintf(path, sizeof path, "%s/testsuite/data/%s",
		 getenv("top_srcdir") ? getenv("top_srcdir") : ".", from);
	f = fopen(path, "rb");
	assert_non_null(f);
	n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	put(to, buf, n);
}

/* The t.c of §2.4 under @stem: f(x) { if (x) return 1; return 0; }, with
 * the .da @da of testsuite/data. */
static void t_object(const char *stem, const char *da)
{
	char name[64];

	snprintf(name, sizeof name, "%s.bb", stem);
	copy_data("t.bb", name);
	snprintf(name, sizeof name, "%s.bbg", stem);
	copy_data("t.bbg", name);
	snprintf(name, sizeof name, "%s.da", stem);
	copy_data(da, name);
}

static void build(struct arcov_project *p, long run, int n, ...)
{
	char *args[4];
	struct arcov_project_opts o = { 0 };
	struct arcov_run_sel sel = { .index = run };
	va_list ap;
	int i;

	assert_true(n <= 4);
	va_start(ap, n);
	for (i = 0; i < n; i++) {
		const char *stem = va_arg(ap, const char *);

		args[i] = malloc(strlen(dir) + strlen(stem) + 8);
		assert_non_null(args[i]);
		sprintf(args[i], "%s/%s.bbg", dir, stem);
	}
	va_end(ap);
	o.style = ARCOV_NAMES_MODERN;
	o.run = run ? &sel : NULL;
	o.lines = 1;
	assert_int_equal(arcov_project_build(p, &o, args, n), 0);
	for (i = 0; i < n; i++)
		free(args[i]);
}

static const struct arcov_msrc *source(const struct arcov_project *p,
				       const char *name)
{
	size_t i;

	for (i = 0; i < p->lines.nsrcs; i++)
		if (!strcmp(p->lines.srcs[i].name, name))
			return &p->lines.srcs[i];
	fail_msg("no source %s", name);
	return NULL;
}

/* The count of line @ln of @src, which must be listed. */
static int64_t count_of(const struct arcov_msrc *src, uint32_t ln)
{
	int64_t k = arcov_msrc_find(src, ln);

	assert_true(k >= 0);
	return src->lines[k].count;
}

/* ---- the tests ---- */

/* Every block of the .da holding f's name, checksum and counter count is
 * summed; --run takes one block; a record of no function is stale. */
static void test_record_matching(void **state)
{
	struct arcov_project p;
	const struct arcov_obj *obj;

	(void)state;
	t_object("x", "twoblock.da");
	build(&p, 0, 1, "x");
	obj = &p.objs[0].obj;
	assert_int_equal(p.objs[0].rc, 0);
	assert_int_equal(obj->runs, 2);
	assert_int_equal(obj->fns[0].counters[0], 2);
	assert_int_equal(obj->fns[0].counters[1], 0);
	assert_int_equal(obj->nstale, 1);	/* main, in block 1 */
	assert_int_equal(arcov_modern_calls(p.lines.fns[0]), 2);
	arcov_project_free(&p);

	build(&p, 1, 1, "x");
	obj = &p.objs[0].obj;
	assert_int_equal(obj->runs, 1);
	assert_int_equal(obj->fns[0].counters[0], 1);
	assert_int_equal(obj->nstale, 0);
	arcov_project_free(&p);
}

/* The same function in two objects is one function with both counts: its
 * branches are listed once, its lines count both copies. */
static void test_copies_fold(void **state)
{
	struct arcov_project p;
	const struct arcov_msrc *src;
	const struct arcov_mfn *lead;
	int64_t k;
	size_t i;

	(void)state;
	t_object("x", "t.da");
	t_object("y", "t.da");
	build(&p, 0, 2, "x", "y");
	assert_int_equal(p.lines.nfns, 2);
	assert_int_equal(p.lines.nsrcs, 1);
	src = source(&p, "t.c");
	assert_int_equal(src->nfns, 1);
	lead = src->fns[0];
	assert_ptr_equal(lead, p.lines.fns[0]);
	assert_ptr_equal(p.lines.fns[1]->leader, lead);
	assert_int_equal(lead->ncopies, 2);
	assert_int_equal(arcov_modern_calls(lead), 2);
	/* Line 3 (the if) and 4 ran in each copy; 5 in neither. */
	assert_int_equal(count_of(src, 3), 2);
	assert_int_equal(count_of(src, 4), 2);
	assert_int_equal(count_of(src, 5), 0);
	/* One if: two branches, once, with the totals of both copies. */
	assert_int_equal(src->cov.branches, 2);
	assert_int_equal(src->cov.branches_taken, 1);
	k = arcov_msrc_find(src, 4);
	assert_true(k >= 0);
	assert_int_equal(src->lines[k].nbranches, 2);
	for (i = 0; i < src->lines[k].nbranches; i++)
		assert_ptr_equal(src->lines[k].branches[i].fn, lead);
	assert_int_equal(src->cov.lines, 3);
	assert_int_equal(src->cov.lines_executed, 2);
	arcov_project_free(&p);
}

/* Another checksum is another function, even under the same name. */
static void test_other_checksum(void **state)
{
	struct arcov_project p;
	unsigned char bbg[256];
	size_t n, i;
	FILE *f;
	char path[256];

	(void)state;
	t_object("x", "t.da");
	t_object("y", "t.da");
	snprintf(path, sizeof path, "%s/y.bbg", dir);
	f = fopen(path, "rb");
	assert_non_null(f);
	n = fread(bbg, 1, sizeof bbg, f);
	fclose(f);
	for (i = 0; i + 4 <= n; i++)
		if (!memcmp(bbg + i, "\x10\x04\x00\x00", 4))
			break;
	assert_true(i + 4 <= n);	/* checksum 1040 */
	bbg[i] = 0x11;
	put("y.bbg", bbg, n);
	build(&p, 0, 2, "x", "y");
	assert_int_equal(source(&p, "t.c")->nfns, 2);
	assert_int_equal(p.lines.fns[1]->leader, p.lines.fns[1]);
	/* y's record no longer matches: its copy never ran. */
	assert_int_equal(arcov_modern_calls(p.lines.fns[1]), 0);
	assert_int_equal(count_of(source(&p, "t.c"), 3), 1);
	arcov_project_free(&p);
}

/* A loop on one line: blocks 1 (init), 2 (test) and 3 (body) on line 3,
 * block 4 on line 4; called once, ten iterations.  gcov 12 counts line 3
 * as the one entry from outside its blocks plus the ten trips around the
 * cycle 2 -> 3 -> 2, not the 22 executions of its blocks. */
static void test_cycle_on_one_line(void **state)
{
	static const int32_t bb_lines[] = { 3, 0, 3, 0, 3, 0, 4, 0 };
	static const int32_t bbg_arcs[] = {
		99, 6, 7,  1, 1, 5,  1, 2, 5,  2, 3, 5, 4, 0,  1, 2, 0,
		1, 5, 5,  1, 0, 1,  -1
	};
	static const int32_t da_head[] = { -123, 1, 40, 2 };
	struct bytes bb = { { 0 }, 0 }, bbg = { { 0 }, 0 }, da = { { 0 }, 0 };
	const struct arcov_msrc *src;
	struct arcov_project p;

	(void)state;
	ds(&bb, -2, "loop");
	w(&bb, 0);
	ds(&bb, -1, "l.c");
	words(&bb, bb_lines, 8);
	cs(&bbg, "loop");
	words(&bbg, bbg_arcs, sizeof bbg_arcs / sizeof *bbg_arcs);
	words(&da, da_head, 4);
	c(&da, 11);
	c(&da, 10);
	w(&da, 2);
	c(&da, 11);
	c(&da, 10);
	cs(&da, "loop");
	w(&da, 99);
	w(&da, 2);
	c(&da, 1);
	c(&da, 10);
	put("l.bb", bb.b, bb.n);
	put("l.bbg", bbg.b, bbg.n);
	put("l.da", da.b, da.n);
	build(&p, 0, 1, "l");
	assert_int_equal(p.objs[0].rc, 0);
	src = source(&p, "l.c");
	assert_int_equal(count_of(src, 3), 11);
	assert_int_equal(count_of(src, 4), 1);
	assert_int_equal(arcov_modern_calls(p.lines.fns[0]), 1);
	arcov_project_free(&p);
}

/* A .bb of another build beside the .bbg is refused, naming both. */
static void test_foreign_bb(void **state)
{
	struct bytes bb = { { 0 }, 0 };
	struct arcov_project p;
	static const int32_t lines[] = { 3, 0 };

	(void)state;
	t_object("x", "t.da");
	ds(&bb, -2, "g");
	w(&bb, 0);
	ds(&bb, -1, "t.c");
	words(&bb, lines, 2);
	put("x.bb", bb.b, bb.n);
	build(&p, 0, 1, "x");
	assert_int_equal(p.objs[0].rc, ARCOV_EMISMATCH);
	assert_non_null(strstr(p.objs[0].err.msg, "x.bb"));
	assert_non_null(strstr(p.objs[0].err.msg, "x.bbg"));
	assert_true(p.incomplete);
	arcov_project_free(&p);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	const char *names[] = { "x.bb", "x.bbg", "x.da", "y.bb", "y.bbg",
				"y.da", "l.bb", "l.bbg", "l.da" };
	char path[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof names / sizeof *names; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		unlink(path);
	}
	return rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record_matching),
		cmocka_unit_test(test_copies_fold),
		cmocka_unit_test(test_other_checksum),
		cmocka_unit_test(test_cycle_on_one_line),
		cmocka_unit_test(test_foreign_bb),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
