/* early-increments.cc -- increments the early optimizers see through.
 *
 * Where increments are one asm add to memory (emit.cc, ap_increment_asm()),
 * each asm has a memory operand, so a virtual definition, and GCC's alias
 * oracle takes any asm with one for a store to every memory location
 * (tree-ssa-alias.cc, stmt_may_clobber_ref_p_1()).  An increment between
 * a store and a load of the same place therefore keeps the load: in
 * std::string's default constructor inlined into a caller, the store of
 * _M_p and the load of _M_p that _M_set_length() makes stayed apart in
 * the instrumented build, where the plain build's FRE forwards the
 * stored value.  The early optimizations then left functions bigger than
 * the plain build's, their summaries bigger (JsonCpp's codePointToUTF8:
 * 79 against 75), and the IPA inliner refused calls the plain build
 * inlines, with -Winline warnings the plain build does not print.
 * Discounting the increments' own size (inline-size.cc) cannot give back
 * the statements they kept alive.
 *
 * So while the early inliner and the early optimizations run, an
 * increment is a call to an internal function that has no virtual
 * operands and no result, GCC's IFN_LAUNDER (std::launder's, which
 * the middle end knows only by its flags: ECF_NOVOPS | ECF_LEAF |
 * ECF_NOTHROW, in GCC 11 to 16) with three arguments no launder has: a
 * tag, the base (null for the unit's array, else the per-thread copy's
 * base) and the counter's index or byte offset.  Not const nor pure, it
 * is a side effect: no pass deletes, moves or merges it.  Without
 * virtual operands the alias oracle does not see it, and the stores
 * and loads around it are optimized as in the plain build.  And GCC
 * weighs every internal call as nothing (tree-inline.cc,
 * estimate_num_insns()), where an asm weighs at least one instruction:
 * the sizes the inliners sum and those fnsplit sums itself
 * (ipa-split.cc, which no plugin can correct: in JsonCpp's
 * json_value.cpp a tail of InRange() holding increments passed "split
 * part too small" and was split off where the plain build inlines it)
 * are the plain build's.  The per-thread entry check is such a call
 * too (ap_early_check()): its flag load, test and call, in a block of
 * their own at the head of every function, made fnsplit's headers
 * bigger than the plain build's (JsonCpp's Value::size(): 29 against
 * 21, not split).  Under -flto its call is made without memory
 * operands instead (emit.cc, thread_early_asm()): its copy
 * as a memory operand kept, in the functions of std::string, a load
 * after the check that the plain build reuses, so that fnsplit split
 * _M_dispose() where the plain build does not and callers inlined its
 * head.  Before the regular IPA passes (and before any pass that looks
 * at increments: loop-counts.cc's run later) each becomes the asm add
 * to memory on the counter that emit.cc's counter_ref() names, and the
 * check the asm with its memory operands, so that the code emitted is
 * the late form's.
 *
 * Under -flto the regular IPA passes run at link time without the
 * bodies, and the early forms reach the code generator: an
 * IFN_LAUNDER without a result expands to nothing, so there the early
 * increment is an asm instead, "addq $1, OFF(%0)" with the address in a
 * register and the offset a constant (the same count, at the cost of an
 * address in a register and of one instruction in the estimates), and
 * the check may call the runtime again (it is idempotent) where a later
 * flag load was taken for unchanged.
 */
#include "compat.h"
#include "arcov-plugin.h"
#include "pass.h"

#define AP_EARLY_ASM "{addq\t$1, %c1(%0)|add\tQWORD PTR [%0+%c1], 1}"

static tree asm_operand(const char *constraint, tree value)
{
	return build_tree_list(build_tree_list(NULL_TREE,
			build_string(strlen(constraint) + 1, constraint)), value);
}

/* The first argument of an early increment's call: "arcv". */
#define AP_EARLY_TAG 0x61726376

/* The -flto form: "@ref += 1" as an asm on the array's address (or the
 * thread's copy's base) in a register and the offset a constant, so
 * that no statement computes an address the inliners would weigh. */
static gimple *early_asm(tree ref)
{
	vec<tree, va_gc> *inputs = NULL, *clobbers = NULL;
	tree base, off;
	gasm *stmt;

	if (TREE_CODE(ref) == ARRAY_REF) {
		base = build_fold_addr_expr(TREE_OPERAND(ref, 0));
		off = size_binop(MULT_EXPR, fold_convert(sizetype,
						TREE_OPERAND(ref, 1)),
				 TYPE_SIZE_UNIT(TREE_TYPE(ref)));
	} else {
		base = TREE_OPERAND(ref, 0);
		off = fold_convert(sizetype, TREE_OPERAND(ref, 1));
	}
	vec_safe_push(inputs, asm_operand("r", base));
	vec_safe_push(inputs, asm_operand("i", off));
	vec_safe_push(clobbers, build_tree_list(NULL_TREE,
					       build_string(3, "cc")));
	stmt = gimple_build_asm_vec(AP_EARLY_ASM, inputs, NULL, clobbers,
				    NULL);
	gimple_asm_set_volatile(stmt, true);
	gimple_asm_set_inline(stmt, true);
	return stmt;
}

/**
 * ap_early_increment - "@ref += 1" in its early form, at the end of @seq:
 * the internal call, or under -flto the asm without memory operands.
 * @ref: a counter, an element of a counter array or at an offset from a
 *       base (emit.cc, counter_ref())
 * @seq: where the statement goes
 */
void ap_early_increment(tree ref, gimple_seq *seq)
{
	tree base, pos;

	gcc_assert(TREE_CODE(ref) == ARRAY_REF || TREE_CODE(ref) == MEM_REF);
	if (flag_generate_lto) {
		gimple_seq_add_stmt(seq, early_asm(ref));
		return;
	}
	if (TREE_CODE(ref) == ARRAY_REF) {
		base = null_pointer_node;
		pos = TREE_OPERAND(ref, 1);
	} else {
		base = TREE_OPERAND(ref, 0);
		pos = TREE_OPERAND(ref, 1);
	}
	gcc_assert(is_gimple_val(base) && TREE_CODE(pos) == INTEGER_CST);
	gimple_seq_add_stmt(seq, gimple_build_call_internal(IFN_LAUNDER, 3,
			build_int_cst(unsigned_type_node, AP_EARLY_TAG),
			base, pos));
}

/* The first argument of an early entry check's call: "arct". */
#define AP_CHECK_TAG 0x61726374

/**
 * ap_early_check - the per-thread entry check in its early form (emit.cc,
 * thread_check()): the same internal call as an early increment's, whose
 * tag tells it apart, with the unit's arcov_object's address and the
 * function's thread base (null for the copy itself).  No flow, no
 * load, no size: ap_thread_check_expand() makes it the check before
 * the regular IPA passes.
 * @obj:  the address of the unit's arcov_object
 * @base: the thread base, or null_pointer_node
 */
gimple *ap_early_check(tree obj, tree base)
{
	return gimple_build_call_internal(IFN_LAUNDER, 3,
			build_int_cst(unsigned_type_node, AP_CHECK_TAG),
			obj, base);
}

/* Whether @stmt is an internal call of the plugin's with @tag. */
static bool tagged_call_p(const gimple *stmt, unsigned HOST_WIDE_INT tag)
{
	const gcall *call = dyn_cast<const gcall *>(stmt);
	tree arg;

	if (!call || !gimple_call_internal_p(call, IFN_LAUNDER) ||
	    gimple_call_lhs(call) || gimple_call_num_args(call) != 3)
		return false;
	arg = gimple_call_arg(call, 0);
	return TREE_CODE(arg) == INTEGER_CST && tree_to_uhwi(arg) == tag;
}

/* Whether @stmt is an early increment's internal call. */
static bool early_call_p(const gimple *stmt)
{
	return tagged_call_p(stmt, AP_EARLY_TAG);
}

/* The first argument of a conditional early increment: "arcw". */
#define AP_COND_TAG 0x61726377

/* Whether @stmt is a conditional early increment (arms_execute()):
 * "counter += (LHS CODE RHS)", its arguments the tag, the base, the
 * position, CODE, LHS and RHS. */
static bool cond_call_p(const gimple *stmt)
{
	const gcall *call = dyn_cast<const gcall *>(stmt);
	tree arg;

	if (!call || !gimple_call_internal_p(call, IFN_LAUNDER) ||
	    gimple_call_lhs(call) || gimple_call_num_args(call) != 6)
		return false;
	arg = gimple_call_arg(call, 0);
	return TREE_CODE(arg) == INTEGER_CST &&
	       tree_to_uhwi(arg) == AP_COND_TAG;
}

/**
 * ap_early_check_p - whether @stmt is an entry check that
 * ap_early_check() made.
 */
bool ap_early_check_p(const gimple *stmt)
{
	return tagged_call_p(stmt, AP_CHECK_TAG);
}

/* Whether @stmt is an early increment's asm (-flto). */
static bool early_asm_p(const gimple *stmt)
{
	const gasm *as = dyn_cast<const gasm *>(stmt);

	return as && gimple_asm_volatile_p(as) && gimple_asm_inline_p(as) &&
	       gimple_asm_ninputs(as) == 2 && gimple_asm_noutputs(as) == 0 &&
	       strcmp(gimple_asm_string(as), AP_EARLY_ASM) == 0;
}

/**
 * ap_early_increment_p - whether @stmt is an increment that
 * ap_early_increment() made.
 */
bool ap_early_increment_p(const gimple *stmt)
{
	return early_call_p(stmt) || cond_call_p(stmt) || early_asm_p(stmt);
}

/* @stmt replaced by @by, which takes its place in the source. */
static void replace(gimple_stmt_iterator *gsi, gimple *stmt, gimple *by)
{
	gimple_set_location(by, gimple_location(stmt));
	gimple_set_block(by, gimple_block(stmt));
	gsi_replace(gsi, by, false);
}

/*
 * @call, a conditional early increment in @bb: if @bb still ends in its
 * test, the increment goes back on the edge it counts, as the plain add
 * (the branch stayed: no instruction more on either way than before);
 * else the test is gone (phiopt made the branch a value, or it folded)
 * and the counter takes the test's value, computed next to the call.
 */
static void settle_cond(gimple *call)
{
	basic_block bb = gimple_bb(call);
	gimple_stmt_iterator gsi = gsi_for_stmt(call);
	tree base = gimple_call_arg(call, 1), pos = gimple_call_arg(call, 2);
	enum tree_code code = (enum tree_code)tree_to_shwi(
					gimple_call_arg(call, 3));
	tree lhs = gimple_call_arg(call, 4), rhs = gimple_call_arg(call, 5);
	tree ref = ap_counter_at(integer_zerop(base) ? NULL_TREE : base, pos);
	gcond *cond = safe_dyn_cast<gcond *>(last_nondebug_stmt(bb));
	tree b, n;

	if (cond && operand_equal_p(gimple_cond_lhs(cond), lhs, 0) &&
	    operand_equal_p(gimple_cond_rhs(cond), rhs, 0)) {
		enum tree_code c = gimple_cond_code(cond);
		edge t, f;

		extract_true_false_edges_from_block(bb, &t, &f);
		if (c == code || c == invert_tree_comparison(code, false)) {
			gsi_insert_on_edge(c == code ? t : f,
					   ap_increment_asm(ref));
			gsi_remove(&gsi, true);
			return;
		}
	}
	b = make_ssa_name(boolean_type_node);
	n = make_ssa_name(uint64_type_node);
	gsi_insert_before(&gsi, gimple_build_assign(b, code, lhs, rhs),
			  GSI_SAME_STMT);
	gsi_insert_before(&gsi, gimple_build_assign(n, NOP_EXPR, b),
			  GSI_SAME_STMT);
	replace(&gsi, call, ap_add_asm(ref, n));
}

/* Each early increment of @fun becomes the asm add to memory, each
 * early entry check's call the asm with the thread's copy as operand,
 * and each early entry check the check; true if there was one. */
static bool settle(function *fun, tree type)
{
	auto_vec<gimple *> checks, conds;
	basic_block bb;
	bool any = false;
	unsigned int i;
	gimple *check;

	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			tree in0, in1;

			if (ap_early_check_p(stmt)) {
				checks.safe_push(stmt);
				continue;
			}
			if (cond_call_p(stmt)) {
				conds.safe_push(stmt);
				continue;
			}
			if (early_call_p(stmt)) {
				in0 = gimple_call_arg(stmt, 1);
				in1 = gimple_call_arg(stmt, 2);
				replace(&gsi, stmt, ap_increment_asm(
					ap_counter_at(integer_zerop(in0) ?
						      NULL_TREE : in0, in1)));
				any = true;
				continue;
			}
			if (!ap_thread_early_asm_p(stmt) && !early_asm_p(stmt))
				continue;
			in0 = TREE_VALUE(gimple_asm_input_op(
						as_a<gasm *>(stmt), 0));
			in1 = TREE_VALUE(gimple_asm_input_op(
						as_a<gasm *>(stmt), 1));
			if (ap_thread_early_asm_p(stmt))
				replace(&gsi, stmt, ap_thread_asm(in0, in1));
			else
				replace(&gsi, stmt, ap_increment_asm(
					build2(MEM_REF, type, in0,
					       fold_convert(build_pointer_type(
							type), in1))));
			any = true;
		}
	/* These change blocks: once the walk is done. */
	FOR_EACH_VEC_ELT(conds, i, check)
		settle_cond(check);
	gsi_commit_edge_inserts();
	FOR_EACH_VEC_ELT(checks, i, check)
		ap_thread_check_expand(check);
	if (checks.length() || conds.length()) {
		/* split_block() and split_edge() keep the loops. */
		free_dominance_info(CDI_DOMINATORS);
		any = true;
	}
	return any;
}

/* Always: emit.cc makes the early forms where the function is optimized,
 * by its own level, which an optimize attribute sets apart from the
 * unit's (fmt's FMT_INLINE functions are optimize ("Og") in a -O0 unit);
 * gated on the unit's -O, their early increments reached the code
 * generator in such a unit and expanded to nothing.  A function without
 * them is one walk over its statements. */
static bool ipa_gate(void)
{
	return true;
}

static unsigned int ipa_execute(void)
{
	cgraph_node *node;
	tree type = uint64_type_node;	/* emit.cc's counter_type() */

	FOR_EACH_DEFINED_FUNCTION(node) {
		function *fun;

		if (!node->has_gimple_body_p() || node->inlined_to)
			continue;
		fun = DECL_STRUCT_FUNCTION(node->decl);
		if (!fun || !fun->cfg || !fun->gimple_df)
			continue;
		push_cfun(fun);
		if (settle(fun, type) && gimple_in_ssa_p(fun)) {
			mark_virtual_operands_for_renaming(fun);
			update_ssa(TODO_update_ssa_only_virtuals);
		}
		pop_cfun();
	}
	return 0;
}

ARCOV_IPA_PASS(make_pass, "arcov_settle", ipa_gate, ipa_execute)

/*
 * An arm that holds only increments.  A branch whose arm is empty in the
 * plain build, "if (c) x = 1; else x = 0;" once the constants are PHI
 * arguments, or "if (c) f();" once f() is inlined to nothing, is
 * folded by phiopt (into "x = c") or by the CFG cleanup; an arm that
 * holds its increments is not empty, the branch stays, and the function
 * weighs more than the plain one where the inliners and fnsplit sum it
 * (tinyxml2's XMLUtil::IsPrefixHex(): 18 against 16, and other inline
 * decisions at -O3).  So, before the first phiopt, an arm's increments
 * move into the block that tests, as conditional increments that add
 * the test's value: the same count (the arm runs exactly when the test
 * takes its edge), and the arm is empty as in the plain build.  Before
 * the regular IPA passes (settle_cond()) a test that stayed gets its
 * increment back on the edge, a test that went costs its value (a
 * setcc and an add where the branch was).
 */
static bool arms_gate(function *fun)
{
	return fun && optimize && ap_increments_are_asm() && !flag_generate_lto;
}

/* Whether @bb holds an early increment and nothing else but labels and
 * debug statements. */
static bool increments_only(basic_block bb)
{
	bool any = false;

	for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
	     gsi_next(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);

		if (early_call_p(stmt))
			any = true;
		else if (gimple_code(stmt) != GIMPLE_LABEL &&
			 !is_gimple_debug(stmt))
			return false;
	}
	return any;
}

static unsigned int arms_execute(function *fun)
{
	basic_block arm;
	unsigned int moved = 0;

	FOR_EACH_BB_FN(arm, fun) {
		basic_block test;
		gcond *cond;
		enum tree_code code;
		edge in;

		if (!single_pred_p(arm) || !single_succ_p(arm) ||
		    (single_succ_edge(arm)->flags & EDGE_COMPLEX) ||
		    !gimple_seq_empty_p(phi_nodes(arm)) ||
		    !increments_only(arm))
			continue;
		/* In a loop, loop-counts.cc counts an arm's value in a
		 * register (loop-counts.cc), which an add to memory of
		 * the test's value would defeat. */
		if (arm->loop_father && loop_outer(arm->loop_father))
			continue;
		in = single_pred_edge(arm);
		test = in->src;
		cond = safe_dyn_cast<gcond *>(last_nondebug_stmt(test));
		if (!cond || test == arm ||
		    !(in->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE)) ||
		    FLOAT_TYPE_P(TREE_TYPE(gimple_cond_lhs(cond))))
			continue;
		code = gimple_cond_code(cond);
		if (in->flags & EDGE_FALSE_VALUE)
			code = invert_tree_comparison(code, false);
		if (code == ERROR_MARK)
			continue;
		gimple_stmt_iterator at = gsi_for_stmt(cond);

		for (gimple_stmt_iterator gsi = gsi_start_bb(arm);
		     !gsi_end_p(gsi);) {
			gimple *stmt = gsi_stmt(gsi), *by;

			if (!early_call_p(stmt)) {
				gsi_next(&gsi);
				continue;
			}
			by = gimple_build_call_internal(IFN_LAUNDER, 6,
				build_int_cst(unsigned_type_node, AP_COND_TAG),
				gimple_call_arg(stmt, 1),
				gimple_call_arg(stmt, 2),
				build_int_cst(integer_type_node, code),
				gimple_cond_lhs(cond), gimple_cond_rhs(cond));
			gimple_set_location(by, gimple_location(stmt));
			gimple_set_block(by, gimple_block(stmt));
			gsi_insert_before(&at, by, GSI_SAME_STMT);
			gsi_remove(&gsi, true);
			moved++;
		}
	}
	if (dump_file)
		fprintf(dump_file, "arcov: %u increments of arms moved\n",
			moved);
	/* The arms emptied are forwarders the CFG cleanup removes, as
	 * in the plain build. */
	return moved ? TODO_cleanup_cfg : 0;
}

ARCOV_GIMPLE_PASS(make_arms_pass, "arcov_arms", arms_gate, arms_execute,
		  PROP_cfg | PROP_ssa)

/*
 * A function that counts has side effects.  GCC's mod/ref analysis (GCC
 * 12 on) ignores every call without virtual operands, the early forms
 * too, and so found a function that holds nothing else but pure
 * arithmetic const (the "modref1" dump: "Function found to be const"):
 * its callers then merged two calls with the same arguments, and one
 * run of it went uncounted (e2e-recur.sh: sk() read 20 for 30 calls at
 * -O3, in the single mode since the early increments, per thread once
 * the entry check was one too).  So that analysis runs without its
 * const and pure discovery on a function that counts
 * (modref_off_execute()), and right after it, before function splitting
 * and before any caller is optimized (the early passes take callees
 * first), such a function is made neither const nor pure if anything
 * did, and its summary says it has side effects.
 */
static bool counts_p(function *fun)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi))
			if (ap_early_increment_p(gsi_stmt(gsi)) ||
			    ap_early_check_p(gsi_stmt(gsi)))
				return true;
	return false;
}

static bool impure_gate(function *fun)
{
	return fun && optimize;
}

/* flag_ipa_pure_const as the function had it, while "modref" runs
 * without it; -1 when untouched. */
static int saved_pure_const = -1;

/* Before "modref" (after "local-pure-const", which takes the early forms
 * for side effects): a function that counts is not to be found const
 * by mod/ref, which would then also drop its summary, whose stores (none
 * of the program's memory) let its callers keep values in registers
 * across its calls as in the plain build. */
static unsigned int modref_off_execute(function *fun)
{
	if (counts_p(fun) && flag_ipa_pure_const) {
		saved_pure_const = flag_ipa_pure_const;
		flag_ipa_pure_const = 0;
	}
	return 0;
}

ARCOV_GIMPLE_PASS(make_modref_off_pass, "arcov_modref_off", impure_gate,
		  modref_off_execute, PROP_cfg)

static unsigned int impure_execute(function *fun)
{
	tree decl = fun->decl;
	cgraph_node *node = cgraph_node::get(decl);

	if (saved_pure_const >= 0) {
		flag_ipa_pure_const = saved_pure_const;
		saved_pure_const = -1;
	}
	if (!counts_p(fun))
		return 0;
	if (node)
		ap_modref_side_effects(node);
	if (!TREE_READONLY(decl) && !DECL_PURE_P(decl))
		return 0;
	if (dump_file)
		fprintf(dump_file, "arcov: %s counts: neither const nor pure\n",
			function_name(fun));
	if (node) {
		node->set_const_flag(false, false);
		node->set_pure_flag(false, false);
	}
	TREE_READONLY(decl) = 0;
	DECL_PURE_P(decl) = 0;
	DECL_LOOPING_CONST_OR_PURE_P(decl) = 0;
	return 0;
}

ARCOV_GIMPLE_PASS(make_impure_pass, "arcov_impure", impure_gate,
		  impure_execute, PROP_cfg)

/**
 * ap_early_increments_init - register the pass that turns the early
 * increments into adds to memory, before the first regular IPA pass.
 * @plugin: the plugin's name, for register_callback()
 */
void ap_early_increments_init(const char *plugin)
{
	struct register_pass_info info;

	info.pass = make_pass();
	info.reference_pass_name = "whole-program";
	info.ref_pass_instance_number = 1;
	info.pos_op = PASS_POS_INSERT_BEFORE;
	register_callback(plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);

	/* Around the early mod/ref analysis, which follows the early
	 * "local-pure-const" and precedes function splitting. */
	info.pass = make_modref_off_pass();
	info.reference_pass_name = "local-pure-const";
	info.ref_pass_instance_number = 1;
	info.pos_op = PASS_POS_INSERT_AFTER;
	register_callback(plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
	info.pass = make_impure_pass();
	info.reference_pass_name = "fnsplit";
	info.ref_pass_instance_number = 1;
	info.pos_op = PASS_POS_INSERT_BEFORE;
	register_callback(plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);

	/* Once the early inliner has made arms of calls inlined to
	 * nothing, before the early optimizations' first CFG cleanup
	 * (their first "ccp"), and again before their phiopt, the first,
	 * for the arms they emptied. */
	info.pass = make_arms_pass();
	info.reference_pass_name = "ccp";
	info.ref_pass_instance_number = 1;
	info.pos_op = PASS_POS_INSERT_BEFORE;
	register_callback(plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
	info.pass = make_arms_pass();
	info.reference_pass_name = "phiopt";
	info.ref_pass_instance_number = 1;
	info.pos_op = PASS_POS_INSERT_BEFORE;
	register_callback(plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
