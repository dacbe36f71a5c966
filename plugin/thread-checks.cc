/* thread-checks.cc -- entry checks that inlining made redundant go.
 *
 * In the per-thread mode every function that a thread may enter first
 * starts with a check (emit.cc, thread_check()): "if (LARCOVT[0] == 0)
 * arcov_thread_counters(...)", after which the runtime knows this
 * thread's copy of the unit's counters.  Inlining copies a callee's check
 * into its caller, where the caller's own check has already run: on the
 * Lua workload that was a load, a compare and a branch per inlined call,
 * inside loops too.  After the early inliner and again after the IPA
 * passes, a check that another check of the same copy dominates in the
 * same function is made false, and the CFG cleanup removes its slow
 * path: whichever way the dominating check went, the copy is known by
 * then.  The early round matters to more than speed: each check's call
 * is an asm that takes the copy's address, so GCC cannot keep a value
 * in memory across it, and a function that had inlined several checks
 * (std::string's constructor, its helpers instrumented) kept loads the
 * plain build folds, came out of the early optimizations bigger than
 * the plain build's, and so stayed out of line in its callers, with
 * -Winline warnings the plain build does not print.  In a function
 * entered only from functions that passed a check (emit.cc,
 * ap_thread_filed_on_entry(): a static helper that lost its own check)
 * every check of the copy goes, dominated or not: Lua's internshrstr()
 * kept the check of the luaS_hash() it inlines, 55 thousand times a run.
 * Copies of other units (inlined under -flto) are not the same variable
 * and keep their checks.
 */
#include "compat.h"
#include "arcov-plugin.h"
#include "pass.h"

struct check {
	basic_block bb;
	gcond *cond;
	tree copy;		/* the thread-local array it tests */
};

static bool checks_gate(function *fun)
{
	return fun && ap_opts.per_thread;
}

/*
 * Inlining also copies a callee's thread base (emit.cc, thread_base_asm():
 * a __tls_get_addr() call in -fPIC code, a descriptor call on x86-64) into its caller, which has one:
 * a base that another base of the same copy dominates takes that one's
 * value, and its call goes.  The asm is no volatile one, and yet no
 * GIMPLE pass merges asms.
 */
static void merge_bases(function *fun)
{
	auto_vec<gimple *> bases;
	gimple *b, *d;
	unsigned int i, j, merged = 0;
	basic_block bb;

	/* Numbered in block order, for two in one block. */
	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi))
			if (ap_thread_base_p(gsi_stmt(gsi))) {
				gimple_set_uid(gsi_stmt(gsi), bases.length());
				bases.safe_push(gsi_stmt(gsi));
			}
	FOR_EACH_VEC_ELT(bases, i, b) {
		tree lhs;

		if (!b)
			continue;
		lhs = TREE_VALUE(gimple_asm_output_op(as_a<gasm *>(b), 0));
		if (TREE_CODE(lhs) != SSA_NAME)
			continue;
		FOR_EACH_VEC_ELT(bases, j, d) {
			tree to = TREE_VALUE(gimple_asm_output_op(
					as_a<gasm *>(d), 0));

			if (i == j || !d || TREE_CODE(to) != SSA_NAME ||
			    !(gimple_bb(b) == gimple_bb(d) ?
			      gimple_uid(d) < gimple_uid(b) :
			      dominated_by_p(CDI_DOMINATORS, gimple_bb(b),
					     gimple_bb(d))))
				continue;
			gimple_stmt_iterator gsi = gsi_for_stmt(b);

			replace_uses_by(lhs, to);
			unlink_stmt_vdef(b);
			gsi_remove(&gsi, true);
			bases[i] = NULL;
			merged++;
			break;
		}
	}
	if (dump_file)
		fprintf(dump_file, "arcov: %u of %u thread bases dominated\n",
			merged, bases.length());
}

static unsigned int checks_execute(function *fun)
{
	auto_vec<struct check> checks;
	struct check *c, *d;
	unsigned int i, j, pruned = 0;
	basic_block bb;
	bool filed;

	FOR_EACH_BB_FN(bb, fun) {
		gimple_stmt_iterator gsi = gsi_last_nondebug_bb(bb);
		gcond *cond = gsi_end_p(gsi) ? NULL :
			dyn_cast<gcond *>(gsi_stmt(gsi));
		struct check rec;

		if (!cond || !ap_thread_check_stmt_p(cond) ||
		    (gimple_cond_code(cond) != EQ_EXPR &&
		     gimple_cond_code(cond) != NE_EXPR))
			continue;
		rec.bb = bb;
		rec.cond = cond;
		rec.copy = ap_thread_copy(gimple_assign_rhs1(
				SSA_NAME_DEF_STMT(gimple_cond_lhs(cond))));
		if (rec.copy)
			checks.safe_push(rec);
	}
	/* The inliner may leave the dominators marked current though its
	 * copies changed the graph. */
	free_dominance_info(CDI_DOMINATORS);
	calculate_dominance_info(CDI_DOMINATORS);
	merge_bases(fun);
	filed = ap_thread_filed_on_entry(fun);
	FOR_EACH_VEC_ELT(checks, i, c) {
		bool redundant = filed && c->copy == ap_thread_var;

		FOR_EACH_VEC_ELT(checks, j, d)
			if (!redundant && i != j && c->copy == d->copy &&
			    c->bb != d->bb &&
			    dominated_by_p(CDI_DOMINATORS, c->bb, d->bb))
				redundant = true;
		if (!redundant)
			continue;
		/* "flag == 0" goes to the slow path when true; a pass may
		 * have turned it round. */
		if (gimple_cond_code(c->cond) == EQ_EXPR)
			gimple_cond_make_false(c->cond);
		else
			gimple_cond_make_true(c->cond);
		update_stmt(c->cond);
		pruned++;
	}
	if (dump_file)
		fprintf(dump_file, "arcov: %u of %u entry checks %s\n",
			pruned, checks.length(), filed ?
			"redundant, the copy filed on entry" : "dominated");
	return pruned ? TODO_cleanup_cfg : 0;
}

ARCOV_GIMPLE_PASS(make_pass, "arcov_checks", checks_gate, checks_execute,
		  PROP_cfg | PROP_ssa)

ARCOV_GIMPLE_PASS(make_early_pass, "arcov_early_checks", checks_gate,
		  checks_execute, PROP_cfg | PROP_ssa)

/**
 * ap_thread_checks_pass - the pass, for plugin.cc to register once the IPA
 * passes are done (after "adjust_alignment").
 */
opt_pass *ap_thread_checks_pass(void)
{
	return make_pass();
}

/**
 * ap_thread_checks_early_pass - the same pass, for plugin.cc to register
 * after the early inliner ("einline"), before the early optimizations.
 */
opt_pass *ap_thread_checks_early_pass(void)
{
	return make_early_pass();
}
