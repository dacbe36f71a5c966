/* inline-returns.cc -- where an always_inline body returns to its caller.
 *
 * GCC's early inliner puts an always_inline function into its callers at
 * every -O level, after the plugin instruments (plugin.cc) and before
 * gcov does.  It splits the caller's block at the call: the copied body,
 * ending in the callee's return block, then a block of its own that
 * stores the value returned (at the call's place) and goes on with the
 * caller's code.  At -O0 these stay apart when the body returns a value
 * (gcov-dump of its .gcno: a block of no line after each copied body,
 * then one of the caller's line), so gcov 12's graph has, after each such
 * call, a new block of the caller's line entered from a block of no line:
 * under its rule (lines.c in tools/model) the line is entered once more
 * per call.  "long l = twice (3L) + twice
 * (4L);" reads 2 in gcov 12 for one run (issue 29: fmt's FMT_INLINE
 * functions, libstdc++'s atomic helpers).
 *
 * So before the graph is made the plugin splits the caller's block the
 * same way, where the inliner will: after the call, a block with no
 * statement (the callee's return block) and then the rest of the block,
 * which lists the call's line first when the call's value is kept (the
 * store).  The blocks are in a straight line, so they need no counter,
 * and later CFG cleanups merge them again.  At -O1 and above the
 * cleanup merges the inliner's blocks too, and gcov 12 reads the line
 * once: nothing is split there.
 */
#include "compat.h"
#include "arcov-plugin.h"

/* Per block after a split, the call it continues from; and the calls
 * split after. */
static hash_map<basic_block, gimple *> *returns_to;
static hash_set<gimple *> *split_calls;

/* Whether GCC will certainly inline @stmt's callee before gcov
 * instruments: an always_inline function with a body in the unit (a
 * gnu_inline extern one included, plugin.cc); the early inliner inlines
 * those at every -O level, or fails with an error. */
static bool inlined_early(gimple *stmt)
{
	tree fndecl;
	cgraph_node *node;

	if (!is_gimple_call(stmt) || !(fndecl = gimple_call_fndecl(stmt)) ||
	    !lookup_attribute("always_inline", DECL_ATTRIBUTES(fndecl)))
		return false;
	node = cgraph_node::get(fndecl);
	return node && node->definition && gimple_has_body_p(fndecl);
}

/* Whether the copy of @stmt's callee, which inlined_early() accepts,
 * ends in a block of its own that holds no line once inlined: GCC's
 * lowering moves every "return EXPR;" of a function returning a value
 * to a return of its own at the end, after a label, which the inliner
 * leaves without statements of the callee's, and at -O0 apart.  A void
 * body that falls off its end returns in its last block ("vd (&a);"),
 * and the caller's code goes straight on there.  Void functions are left
 * alone even when they return from elsewhere: a call of one has no line
 * in gcov 12 ("b.add (0);"), but leaving its line out broke rule 2's
 * chains (notes.cc) under GCC 13, whose allocators' constructors and
 * destructors are always_inline (doc/agreement.md). */
static bool returns_apart(gimple *stmt)
{
	tree fntype = gimple_call_fntype(stmt);

	return fntype && !VOID_TYPE_P(TREE_TYPE(fntype));
}

/* The edge on which the code after @call, which ends @bb, goes on: its
 * one arc neither exception, abnormal nor fake; NULL if none. */
static edge normal_succ(basic_block bb)
{
	edge_iterator ei;
	edge e, found = NULL;

	FOR_EACH_EDGE(e, ei, bb->succs) {
		if (e->flags & (EDGE_EH | EDGE_ABNORMAL | EDGE_FAKE))
			continue;
		if (found)
			return NULL;
		found = e;
	}
	return found;
}

/* Split @bb after @call: an empty block, then the block the code after
 * the call goes on in, which is returned. */
static basic_block split_after(basic_block bb, gimple *call)
{
	gimple_stmt_iterator gsi = gsi_for_stmt(call);
	basic_block rest;
	edge e;

	gsi_next_nondebug(&gsi);
	if (gsi_end_p(gsi)) {
		location_t at;

		e = normal_succ(bb);
		if (!e)
			return NULL;
		/* The jump on (a "goto" at the call's place) leaves from
		 * the block after the return, as in the inlined code. */
		at = e->goto_locus;
		e->goto_locus = UNKNOWN_LOCATION;
		rest = split_edge(e);
		single_succ_edge(rest)->goto_locus = at;
	} else {
		rest = split_block(bb, call)->dest;
	}
	split_edge(single_pred_edge(rest));
	return rest;
}

/**
 * ap_split_inline_returns - split @fun's blocks after its calls of
 * functions the early inliner takes, at -O0 (see the top of the file).
 * Blocks made here are visited in turn, so each call of a block is
 * split after.
 */
void ap_split_inline_returns(function *fun)
{
	int i;

	ap_inline_returns_release();
	if (opt_for_fn(fun->decl, optimize))
		return;
	returns_to = new hash_map<basic_block, gimple *>;
	split_calls = new hash_set<gimple *>;
	for (i = NUM_FIXED_BLOCKS; i < last_basic_block_for_fn(fun); i++) {
		basic_block bb = BASIC_BLOCK_FOR_FN(fun, i), rest;
		gimple_stmt_iterator gsi;

		if (!bb)
			continue;
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (!inlined_early(stmt) || !returns_apart(stmt))
				continue;
			rest = split_after(bb, stmt);
			if (rest) {
				returns_to->put(rest, stmt);
				split_calls->add(stmt);
			}
			break;
		}
	}
}

/**
 * ap_inline_return_call - the call of an always_inline function whose
 * return @bb continues from, when ap_split_inline_returns() made it so;
 * NULL otherwise.
 */
gimple *ap_inline_return_call(basic_block bb)
{
	gimple **call = returns_to ? returns_to->get(bb) : NULL;

	return call ? *call : NULL;
}

/**
 * ap_inline_return_split - whether @stmt is a call split after: its line
 * is not its own block's, but that of the block its return continues in
 * if its value is kept, which the inliner stores there (notes.cc), and
 * no block's if not: gcov 12 lists no line for "hget (&a);".
 */
bool ap_inline_return_split(gimple *stmt)
{
	return split_calls && split_calls->contains(stmt);
}

/**
 * ap_inline_returns_release - forget the splits.
 */
void ap_inline_returns_release(void)
{
	delete returns_to;
	delete split_calls;
	returns_to = NULL;
	split_calls = NULL;
}
