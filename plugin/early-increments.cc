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
 * are the plain build's.  The per-thread entry check's call is made
 * without memory operands too (emit.cc, thread_early_asm()): its copy
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

/* Whether @stmt is an early increment's internal call. */
static bool early_call_p(const gimple *stmt)
{
	const gcall *call = dyn_cast<const gcall *>(stmt);
	tree tag;

	if (!call || !gimple_call_internal_p(call, IFN_LAUNDER) ||
	    gimple_call_lhs(call) || gimple_call_num_args(call) != 3)
		return false;
	tag = gimple_call_arg(call, 0);
	return TREE_CODE(tag) == INTEGER_CST &&
	       tree_to_uhwi(tag) == AP_EARLY_TAG;
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
	return early_call_p(stmt) || early_asm_p(stmt);
}

/* @stmt replaced by @by, which takes its place in the source. */
static void replace(gimple_stmt_iterator *gsi, gimple *stmt, gimple *by)
{
	gimple_set_location(by, gimple_location(stmt));
	gimple_set_block(by, gimple_block(stmt));
	gsi_replace(gsi, by, false);
}

/* Each early increment of @fun becomes the asm add to memory, and each
 * early entry check's call the asm with the thread's copy as operand;
 * true if there was one. */
static bool settle(function *fun, tree type)
{
	basic_block bb;
	bool any = false;

	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			tree in0, in1;

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
}
