/* emitted.cc -- which instrumented functions have code in the object.
 *
 * The plugin instruments every function of the unit before GCC optimizes
 * anything (plugin.cc), and GCC may then leave some of them out of the
 * object: a comdat or static function that only dead or extern code
 * called is removed as unreachable, and one inlined into every caller
 * has no body of its own.  The notes still describe them, and reporting
 * the first kind lists functions that nm does not show and lines that no
 * code of the object holds (issue 29, case 4; gcov 13 and later leave them
 * out too).
 *
 * A GIMPLE pass that runs last before expansion, at every -O level, sees
 * each function GCC is about to emit.  It records the function (a clone,
 * such as f.constprop.0 or f.part.0, also as the f it was cloned from)
 * and every function inlined into it, found by the outermost block of each inlined
 * body, which GCC keeps, even without -g, whenever any statement of that
 * body survived.  A function recorded neither way has no code in the
 * object: arcov-notes.cc marks it absent, and the reporter lists neither
 * it nor its lines.  One inlined into its callers only (always_inline at
 * -O0, any small one at -O2) is marked inlined: nm does not show it, and
 * gcov, which instruments after the early inliner, does not list it, so
 * neither does the reporter; but its lines stay, with their branches and
 * calls, counted by the inlined copies of its increments, as gcov counts
 * them in the callers' blocks.
 *
 * The record is kept by DECL_UID, a plain integer: the declaration of a
 * removed function may be collected before the unit ends.
 */
#include "compat.h"
#include "arcov-plugin.h"
#include "pass.h"

static vec<int> emitted;	/* DECL_UIDs of functions emitted */
static vec<int> inlined;	/* DECL_UIDs of origins of inlined bodies */
static bool sorted;
static bool seen_any;		/* the pass ran for some function */

/* Every function inlined somewhere under @block, by the origin GCC
 * gives the block: DECL_ORIGIN of the inlined function, which for a
 * C++ constructor or destructor variant is the abstract one. */
static void record_inlined(tree block)
{
	for (; block; block = BLOCK_CHAIN(block)) {
		if (inlined_function_outer_scope_p(block)) {
			tree origin = block_ultimate_origin(block);

			if (origin && TREE_CODE(origin) == FUNCTION_DECL)
				inlined.safe_push(DECL_UID(origin));
		}
		record_inlined(BLOCK_SUBBLOCKS(block));
	}
}

static bool emitted_gate(function *fun)
{
	return fun != NULL;
}

static unsigned int emitted_execute(function *fun)
{
	cgraph_node *node = cgraph_node::get(fun->decl);

	seen_any = true;
	sorted = false;
	emitted.safe_push(DECL_UID(fun->decl));
	/* A clone (f.constprop.0, f.part.0) stands for the function it was
	 * cloned from, which the notes describe. */
	for (; node && node->former_clone_of;
	     node = cgraph_node::get(node->former_clone_of))
		emitted.safe_push(DECL_UID(node->former_clone_of));
	if (DECL_INITIAL(fun->decl) &&
	    TREE_CODE(DECL_INITIAL(fun->decl)) == BLOCK)
		record_inlined(DECL_INITIAL(fun->decl));
	return 0;
}

ARCOV_GIMPLE_PASS(make_emitted_pass, "arcov_emitted", emitted_gate,
		  emitted_execute, PROP_cfg)

/**
 * ap_emitted_pass - the pass that records what the object holds, to be
 * registered after "optimized", the last GIMPLE pass at every -O level.
 */
opt_pass *ap_emitted_pass(void)
{
	return make_emitted_pass();
}

static int by_value(const void *pa, const void *pb)
{
	int a = *(const int *)pa, b = *(const int *)pb;

	return a < b ? -1 : a > b;
}

/**
 * ap_emitted_known - whether this compilation emits code, so that
 * ap_emitted_place() means something: not under -flto without
 * -ffat-lto-objects, whose object holds GCC's IR and no code.
 */
bool ap_emitted_known(void)
{
	return !(flag_lto && !flag_fat_lto_objects) && seen_any;
}

/**
 * ap_emitted_place - where a function's code is in the object.
 * @uid:    its DECL_UID
 * @origin: the DECL_UID of its DECL_ORIGIN, which its inlined bodies name
 */
enum ap_place ap_emitted_place(int uid, int origin)
{
	cgraph_node *node;

	if (!sorted) {
		/* Symbols the object defines without a body of their own
		 * that passed through the pass: aliases (identical code
		 * folding makes a function one of another) and thunks. */
		FOR_EACH_FUNCTION(node)
			if (!node->inlined_to && TREE_ASM_WRITTEN(node->decl))
				emitted.safe_push(DECL_UID(node->decl));
		emitted.qsort(by_value);
		inlined.qsort(by_value);
		sorted = true;
	}
	if (emitted.bsearch(&uid, by_value))
		return AP_EMITTED;
	return inlined.bsearch(&origin, by_value) ? AP_INLINED : AP_ABSENT;
}

/**
 * ap_emitted_release - forget the record.
 */
void ap_emitted_release(void)
{
	emitted.release();
	inlined.release();
	sorted = false;
	seen_any = false;
}
