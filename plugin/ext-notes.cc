/* ext-notes.cc -- <auxbase>.arcov-notes: what .bb and .bbg cannot say.
 *
 * For each function of the .bbg, in the same order: its source file and
 * first and last lines, the number of statements in each block, the callee
 * of every call and the abnormal and exception edges the .bbg leaves out
 * (FORMATS.md §3.3).  A line-oriented text file, specified in
 * doc/notes-format.md; the text is built in memory and written once, at
 * the end of the unit, like the other notes.
 */
#include "compat.h"
#include "arcov-plugin.h"

#include "fileio.h"

static struct obstack ext_text;
static bool ext_started;

static void put(const char *s)
{
	obstack_grow(&ext_text, s, strlen(s));
}

static void put_u32(uint32_t v)
{
	char buf[16];

	snprintf(buf, sizeof buf, "%" PRIu32, v);
	put(buf);
}

/* A field: bytes that would end it (space, control characters) and the
 * escape character itself become \ooo. */
static void put_field(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	char esc[8];

	if (!*p) {
		put("\\000");
		return;
	}
	for (; *p; p++) {
		if (*p > ' ' && *p < 0x7f && *p != '\\') {
			obstack_1grow(&ext_text, *p);
			continue;
		}
		snprintf(esc, sizeof esc, "\\%03o", *p);
		put(esc);
	}
}

static uint32_t line_of(location_t loc)
{
	expanded_location xl;

	if (RESERVED_LOCATION_P(loc))
		return 0;
	xl = expand_location(loc);
	return xl.line > 0 ? (uint32_t)xl.line : 0;
}

static void put_calls(const struct ap_graph *g, basic_block bb)
{
	gimple_stmt_iterator gsi;

	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));
		tree fndecl;

		if (!call || gimple_call_internal_p(call))
			continue;
		fndecl = gimple_call_fndecl(call);
		/* __builtin_* calls are the compiler's, not the source's. */
		if (fndecl &&
		    !strncmp(ap_function_name(fndecl), "__builtin_", 10))
			continue;
		put("call ");
		put_u32(ap_block_number(g, bb));
		put(" ");
		put_u32(line_of(gimple_location(call)));
		put(" ");
		if (fndecl)
			put_field(ap_function_name(fndecl));
		else
			put("*");
		put("\n");
	}
}

/**
 * ap_ext_add_function - describe @fun in the extension notes.
 * @fun:  the current function, its blocks numbered by ap_graph_build()
 * @name: its assembler name, as in the .bbg
 * @g:    its graph
 */
void ap_ext_add_function(function *fun, const char *name,
			 const struct ap_graph *g)
{
	expanded_location first;
	basic_block bb;
	size_t i;

	first = expand_location(DECL_SOURCE_LOCATION(fun->decl));

	if (!ext_started) {
		obstack_init(&ext_text);
		put("arcov-notes 1\n");
		ext_started = true;
	}
	put("function ");
	put_field(name);
	put(" ");
	put_u32(g->checksum);
	put(" ");
	put_u32(g->nblocks);
	put("\nsource ");
	put_u32(first.line > 0 ? (uint32_t)first.line : 0);
	put(" ");
	put_u32(line_of(fun->function_end_locus));
	put(" ");
	put_field(first.file ? first.file : "");
	/* Entry and exit hold no statements. */
	put("\nstatements 0");
	FOR_EACH_BB_FN(bb, fun) {
		uint32_t n = 0;
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			n += !is_gimple_debug(gsi_stmt(gsi)) &&
			     gimple_code(gsi_stmt(gsi)) != GIMPLE_LABEL;
		put(" ");
		put_u32(n);
	}
	put(" 0\n");
	FOR_EACH_BB_FN(bb, fun)
		put_calls(g, bb);
	for (i = 0; i < g->narcs; i++) {
		const struct ap_arc *a = &g->arcs[i];

		if (!a->e || !(a->e->flags & (EDGE_ABNORMAL | EDGE_EH)))
			continue;
		put(a->eh ? "eh " : "abnormal ");
		put_u32(a->src);
		put(" ");
		put_u32(a->dest);
		put("\n");
	}
	put("end\n");
}

/**
 * ap_ext_write - write the extension notes to @path (a header only, for a
 * unit without instrumented functions).
 */
void ap_ext_write(const char *path)
{
	struct arcov_err err;
	size_t size;
	char *text;

	if (!ext_started) {
		obstack_init(&ext_text);
		put("arcov-notes 1\n");
		ext_started = true;
	}
	size = obstack_object_size(&ext_text);
	text = (char *)obstack_finish(&ext_text);
	if (arcov_file_replace(path, text, size, &err) < 0)
		error_at(UNKNOWN_LOCATION, "arcov: %s", err.msg);
}

/**
 * ap_ext_release - free the extension notes.
 */
void ap_ext_release(void)
{
	if (ext_started)
		obstack_free(&ext_text, NULL);
	ext_started = false;
}
