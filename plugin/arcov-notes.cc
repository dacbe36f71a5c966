/* arcov-notes.cc -- <auxbase>.arcov-notes: what .bb and .bbg cannot say.
 *
 * For each function of the .bbg, in the same order: its source file and
 * first and last lines, the number of statements in each block, whether
 * the compiler generated it, whether GCC then only inlined it or left it
 * out of the object (emitted.cc), which blocks run only for an exception and
 * which end in a call proved to return, the callee of every call and the
 * abnormal and exception edges the .bbg leaves out (doc/formats.md §3.3).
 * The facts go into the format library's model (lib/arcov-notes.h) as
 * each function is instrumented, and its writer produces the text once,
 * at the end of the unit, like the other notes.
 */
#include "compat.h"
#include "arcov-plugin.h"

#include "arcov-notes.h"
#include "fileio.h"

static struct arcov_notes ext_notes;
/* Each of ext_notes.fns's DECL_UID and its DECL_ORIGIN's (emitted.cc). */
static vec<int> fn_uids;
static bool places_marked;	/* ext_notes.fns's absent and inlined set */

static uint32_t line_of(location_t loc)
{
	expanded_location xl;

	if (RESERVED_LOCATION_P(loc))
		return 0;
	xl = expand_location(loc);
	return xl.line > 0 ? (uint32_t)xl.line : 0;
}

static int add_calls(struct arcov_notes_fn *fn, const struct ap_graph *g,
		     basic_block bb)
{
	gimple_stmt_iterator gsi;
	int rc;

	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));
		tree fndecl;

		if (!call || gimple_call_internal_p(call) ||
		    ap_profile_hook_p(call))	/* not the program's */
			continue;
		fndecl = gimple_call_fndecl(call);
		/* __builtin_* calls are the compiler's, not the source's. */
		if (fndecl &&
		    !strncmp(ap_function_name(fndecl), "__builtin_", 10))
			continue;
		rc = arcov_notes_add_call(fn, ap_block_number(g, bb),
					  line_of(gimple_location(call)),
					  fndecl ? ap_function_name(fndecl)
						 : NULL);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* Whether @bb is the landing pad of the time profile's try/finally
 * (profile.cc), which calls its exit hook: after labels, or in the block
 * the pad's labels were split from (graph.cc). */
static bool profile_pad_p(basic_block bb)
{
	gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb(bb);

	if (gsi_end_p(gsi) && single_succ_p(bb) &&
	    (single_succ_edge(bb)->flags & EDGE_FALLTHRU))
		gsi = gsi_start_nondebug_after_labels_bb(single_succ(bb));
	return !gsi_end_p(gsi) && ap_profile_hook_p(gsi_stmt(gsi));
}

static int add_dropped(struct arcov_notes_fn *fn, const struct ap_graph *g)
{
	size_t i;
	int rc;

	for (i = 0; i < g->narcs; i++) {
		const struct ap_arc *a = &g->arcs[i];

		if (!a->e || !(a->e->flags & (EDGE_ABNORMAL | EDGE_EH)))
			continue;
		/* The profile's own exception edges are not the program's:
		 * without them the reports read as without the profile. */
		if (a->eh && profile_pad_p(a->e->dest))
			continue;
		rc = arcov_notes_add_dropped(fn, a->eh ? ARCOV_NOTES_EH
						       : ARCOV_NOTES_ABNORMAL,
					     a->src, a->dest);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/*
 * Whether the compiler, not the source, wrote @decl: what GCC 12 marks
 * artificial in its .gcno (implicit constructors and destructors, static
 * initialization), lambdas and function versions excepted as there; and,
 * by name, the C++ static initialization functions, whatever their flags.
 */
static bool artificial_p(tree decl)
{
	const char *name = ap_function_name(decl);

	if (DECL_ARTIFICIAL(decl) && !DECL_FUNCTION_VERSIONED(decl) &&
	    !DECL_LAMBDA_FUNCTION_P(decl))
		return true;
	return !strncmp(name, "_GLOBAL__sub_I_", 15) ||
	       !strncmp(name, "_GLOBAL__sub_D_", 15) ||
	       strstr(name, "__static_initialization_and_destruction_");
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
	struct arcov_notes_fn *fn;
	expanded_location first;
	basic_block bb;
	uint32_t b;
	int rc;

	first = expand_location(DECL_SOURCE_LOCATION(fun->decl));
	rc = arcov_notes_add_fn(&ext_notes, name, g->checksum, g->nblocks,
				first.file ? first.file : "");
	if (rc < 0)
		goto fail;
	fn = &ext_notes.fns[ext_notes.nfns - 1];
	fn_uids.safe_push(DECL_UID(fun->decl));
	fn_uids.safe_push(DECL_UID(DECL_ORIGIN(fun->decl)));
	fn->first_line = first.line > 0 ? (uint32_t)first.line : 0;
	fn->last_line = line_of(fun->function_end_locus);
	/* Entry and exit hold no statements: they stay 0. */
	FOR_EACH_BB_FN(bb, fun) {
		uint32_t n = 0;
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			n += !is_gimple_debug(gsi_stmt(gsi)) &&
			     gimple_code(gsi_stmt(gsi)) != GIMPLE_LABEL;
		b = ap_block_number(g, bb);
		gcc_assert(b > 0 && b < g->nblocks - 1);
		fn->statements[b] = n;
	}
	fn->artificial = artificial_p(fun->decl);
	for (b = 1; b + 1 < g->nblocks; b++) {
		rc = g->eh_only[b] ? arcov_notes_add_eh_only(fn, b) : 0;
		if (rc >= 0 && g->proved[b])
			rc = arcov_notes_add_proved(fn, b);
		if (rc < 0)
			goto fail;
	}
	FOR_EACH_BB_FN(bb, fun) {
		rc = add_calls(fn, g, bb);
		if (rc < 0)
			goto fail;
	}
	rc = add_dropped(fn, g);
	if (rc < 0)
		goto fail;
	return;
fail:
	error("arcov: cannot record the extension notes of %qs: %s", name,
	      arcov_strerror(rc));
}

/* Each function's place in the object (emitted.cc), once the unit's
 * code is known. */
static void mark_places(void)
{
	size_t i;

	if (places_marked || !ap_emitted_known())
		return;
	gcc_assert(fn_uids.length() == 2 * ext_notes.nfns);
	for (i = 0; i < ext_notes.nfns; i++) {
		enum ap_place place = ap_emitted_place(fn_uids[2 * i],
						       fn_uids[2 * i + 1]);

		ext_notes.fns[i].absent = place == AP_ABSENT;
		ext_notes.fns[i].inlined = place == AP_INLINED;
	}
	places_marked = true;
}

/**
 * ap_ext_inlined - whether the @i-th function recorded is in the object
 * only inlined into others (false when that is not known).
 */
bool ap_ext_inlined(size_t i)
{
	mark_places();
	return i < ext_notes.nfns && ext_notes.fns[i].inlined;
}

/**
 * ap_ext_write - write the extension notes to @path (a header only, for a
 * unit without instrumented functions).
 */
void ap_ext_write(const char *path)
{
	struct arcov_err err;
	ssize_t size;
	char *text;

	/* Relative paths in the notes are relative to this (§2), as the
	 * .gcno's compilation directory is for gcov. */
	ext_notes.stamp = ap_build_stamp();
	mark_places();
	size = arcov_notes_set_directory(&ext_notes, getpwd());
	if (size == 0)
		size = arcov_notes_write(&ext_notes, NULL, 0);
	if (size < 0) {
		error_at(UNKNOWN_LOCATION, "arcov: cannot encode %qs: %s",
			 path, arcov_strerror((int)size));
		return;
	}
	text = XNEWVEC(char, size);
	if (arcov_notes_write(&ext_notes, text, (size_t)size) != size)
		error_at(UNKNOWN_LOCATION, "arcov: cannot encode %qs", path);
	else if (arcov_file_replace(path, text, (size_t)size, &err) < 0)
		error_at(UNKNOWN_LOCATION, "arcov: %s", err.msg);
	XDELETEVEC(text);
}

/**
 * ap_ext_release - free the extension notes.
 */
void ap_ext_release(void)
{
	arcov_notes_free(&ext_notes);
	fn_uids.release();
	places_marked = false;
}
