/* early-increments.cc -- increments the early optimizers see through.
 *
 * Where increments are one asm add to memory (emit.cc, increment_asm()),
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
 * increment is an asm with no memory operand: "addq $1, (%0)" with the
 * counter's address as a register input, volatile (never deleted, moved
 * or merged) and without virtual operands, which the alias oracle does
 * not see.  It is a correct increment by itself: nothing in the unit
 * reads the counters.  Before the regular IPA passes (and before any
 * pass that looks at increments: loop-counts.cc's run later) each one
 * becomes the asm add to memory again, with its address folded back
 * into the memory operand, so that the code emitted is what it was.
 * Under -flto the regular IPA passes run at link time without the
 * bodies, and the early form may reach the assembler: the same count at
 * the cost of an address in a register.
 */
#include "compat.h"
#include "arcov-plugin.h"
#include "pass.h"

#define AP_EARLY_ASM "{addq\t$1, (%0)|add\tQWORD PTR [%0], 1}"

static tree asm_operand(const char *constraint, tree value)
{
	return build_tree_list(build_tree_list(NULL_TREE,
			build_string(strlen(constraint) + 1, constraint)), value);
}

/**
 * ap_early_increment - "@ref += 1" as the asm without memory operands, at
 * the end of @seq (with the statements that compute its address).
 * @ref: a counter
 * @seq: where the statements go
 */
void ap_early_increment(tree ref, gimple_seq *seq)
{
	vec<tree, va_gc> *inputs = NULL, *clobbers = NULL;
	gimple_seq stmts = NULL;
	tree addr;
	gasm *stmt;

	addr = force_gimple_operand(build_fold_addr_expr(unshare_expr(ref)),
				    &stmts, true, NULL_TREE);
	gimple_seq_add_seq(seq, stmts);
	vec_safe_push(inputs, asm_operand("r", addr));
	vec_safe_push(clobbers, build_tree_list(NULL_TREE,
					       build_string(3, "cc")));
	stmt = gimple_build_asm_vec(AP_EARLY_ASM, inputs, NULL, clobbers,
				    NULL);
	gimple_asm_set_volatile(stmt, true);
	gimple_asm_set_inline(stmt, true);
	gimple_seq_add_stmt(seq, stmt);
}

/**
 * ap_early_increment_p - whether @stmt is an asm ap_early_increment() made.
 */
bool ap_early_increment_p(const gimple *stmt)
{
	const gasm *as = dyn_cast<const gasm *>(stmt);

	return as && gimple_asm_volatile_p(as) && gimple_asm_inline_p(as) &&
	       gimple_asm_ninputs(as) == 1 && gimple_asm_noutputs(as) == 0 &&
	       strcmp(gimple_asm_string(as), AP_EARLY_ASM) == 0;
}

/**
 * ap_early_address_p - whether @stmt only computes the address of an
 * early increment (its one use), which the increment's cost includes.
 */
bool ap_early_address_p(const gimple *stmt)
{
	tree lhs;
	use_operand_p use;
	gimple *user;

	if (!is_gimple_assign(stmt) || gimple_vdef(stmt))
		return false;
	lhs = gimple_assign_lhs(stmt);
	return TREE_CODE(lhs) == SSA_NAME && POINTER_TYPE_P(TREE_TYPE(lhs)) &&
	       single_imm_use(lhs, &use, &user) && ap_early_increment_p(user);
}

/* The counter whose address is @addr, as a memory operand: the address's
 * own computation folded in where it is an offset from a base. */
static tree counter_at(tree addr, tree type)
{
	gimple *def;

	if (TREE_CODE(addr) == ADDR_EXPR)
		return unshare_expr(TREE_OPERAND(addr, 0));
	def = SSA_NAME_DEF_STMT(addr);
	if (is_gimple_assign(def)) {
		tree rhs = gimple_assign_rhs1(def);

		if (gimple_assign_rhs_code(def) == ADDR_EXPR)
			return unshare_expr(TREE_OPERAND(rhs, 0));
		if (gimple_assign_rhs_code(def) == POINTER_PLUS_EXPR &&
		    TREE_CODE(gimple_assign_rhs2(def)) == INTEGER_CST)
			return build2(MEM_REF, type, rhs,
				      fold_convert(build_pointer_type(type),
						   gimple_assign_rhs2(def)));
	}
	return build2(MEM_REF, type, addr,
		      build_int_cst(build_pointer_type(type), 0));
}

/* Each early increment of @fun becomes the asm add to memory; true if
 * there was one. */
static bool settle(function *fun, tree type)
{
	basic_block bb;
	bool any = false;

	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi), *def;
			tree addr;

			if (!ap_early_increment_p(stmt))
				continue;
			addr = TREE_VALUE(gimple_asm_input_op(
					as_a<gasm *>(stmt), 0));
			gimple *mem = ap_increment_asm(counter_at(addr, type));
			gimple_set_location(mem, gimple_location(stmt));
			gimple_set_block(mem, gimple_block(stmt));
			gsi_replace(&gsi, mem, false);
			any = true;
			/* The address's own statement, now unused. */
			if (TREE_CODE(addr) != SSA_NAME || !has_zero_uses(addr))
				continue;
			def = SSA_NAME_DEF_STMT(addr);
			if (!is_gimple_assign(def) || gimple_vdef(def))
				continue;
			gimple_stmt_iterator dsi = gsi_for_stmt(def);
			gsi_remove(&dsi, true);
			release_ssa_name(addr);
		}
	return any;
}

static bool ipa_gate(void)
{
	return optimize && ap_increments_are_asm();
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
