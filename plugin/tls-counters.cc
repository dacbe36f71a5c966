/* tls-counters.cc -- a thread's counters addressed from the thread pointer
 * alone, in every increment.
 *
 * Per-thread counting in an executable (local-exec TLS) makes each
 * increment "addq $1, %fs:OFF+LARCOVT@tpoff": one instruction at a
 * constant offset from the thread pointer, like the plain mode's
 * RIP-relative add.  GCC expands that address as the thread pointer plus
 * a register holding LARCOVT@tpoff, and counts on the combiner to fold
 * the constant back into each memory operand.  In a function with many
 * increments RTL PRE (-fgcse) gets there first: it finds the same
 * constant loaded in many blocks and keeps it in one register for the
 * whole function, a register taken from the program's values.  Lua's
 * interpreter loop spilled more and shared one dispatch jump that the
 * -single build duplicates (1.2 M more instructions a run of the Lua
 * workload; doc/performance.md, "The per-thread mode's own cost").
 *
 * So, as the last GIMPLE pass, each increment and add of the plugin's own
 * asm form (emit.cc, ap_increment_asm_p(), ap_add_asm_p()) on an element
 * of this unit's local-exec copy at a constant offset becomes the same
 * instruction with the address written out, and no memory operand left
 * for the expander to legitimize.  Only the counter's memory operand
 * goes: the asm stays volatile, so that no pass deletes, merges or
 * reorders it among the other volatile asms (the entry check's call);
 * nothing of the program reads the counters, and every pass that needs
 * to know which counter an asm adds to (the inliners' sizes, the checks,
 * loop counts) has run.  The array is kept in the unit even if no
 * statement of GIMPLE names it any more (emit.cc, thread_var()).  Other
 * TLS models (-fPIC's global-dynamic, reached through a base register
 * already) and other targets keep their form.
 */
#include "compat.h"
#include "arcov-plugin.h"
#include "pass.h"

/* AT&T and Intel spellings of "addq SRC, %fs:OFF+SYM@tpoff"; SRC is "$1"
 * or the asm's operand 0. */
static char *spelled(const char *src_att, const char *src_intel,
		     HOST_WIDE_INT off, const char *sym)
{
	return xasprintf("{addq\t%s, %%%%fs:" HOST_WIDE_INT_PRINT_DEC
			 "+%s@tpoff|add\tQWORD PTR fs:%s@tpoff+"
			 HOST_WIDE_INT_PRINT_DEC ", %s}",
			 src_att, off, sym, sym, off, src_intel);
}

/* @stmt, an increment or add on the counter @ref, with the address of
 * @ref written out; NULL if @ref is not this unit's copy at a constant
 * offset. */
static gasm *rewrite(gasm *stmt, tree ref, tree n)
{
	vec<tree, va_gc> *inputs = NULL, *clobbers = NULL;
	const char *sym;
	HOST_WIDE_INT off;
	poly_int64 poff;
	char *text;
	gasm *as;
	tree base;

	base = get_addr_base_and_unit_offset(ref, &poff);
	if (!base || base != ap_thread_var || !poff.is_constant(&off))
		return NULL;
	sym = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(ap_thread_var));
	sym += *sym == '*';
	text = n ? spelled("%0", "%0", off, sym) : spelled("$1", "1", off, sym);
	if (n)
		vec_safe_push(inputs, build_tree_list(build_tree_list(
				NULL_TREE, build_string(3, "re")), n));
	vec_safe_push(clobbers, build_tree_list(NULL_TREE,
					       build_string(3, "cc")));
	/* gimple_build_asm_vec() copies the string into GC memory. */
	as = gimple_build_asm_vec(text, inputs, NULL, clobbers, NULL);
	free(text);
	gimple_asm_set_volatile(as, true);
	gimple_asm_set_inline(as, true);
	gimple_set_location(as, gimple_location(stmt));
	return as;
}

static bool tls_gate(function *fun)
{
	return fun && ap_opts.per_thread && ap_thread_var &&
	       ap_increments_are_asm() &&
	       DECL_TLS_MODEL(ap_thread_var) == TLS_MODEL_LOCAL_EXEC;
}

static unsigned int tls_execute(function *fun)
{
	unsigned int n = 0, all = 0;
	basic_block bb;

	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gasm *stmt = dyn_cast<gasm *>(gsi_stmt(gsi)), *as;
			bool add;

			if (!stmt)
				continue;
			add = ap_add_asm_p(stmt);
			if (!add && !ap_increment_asm_p(stmt))
				continue;
			all++;
			as = rewrite(stmt, TREE_VALUE(gimple_asm_output_op(
						stmt, 0)),
				     add ? TREE_VALUE(gimple_asm_input_op(
						stmt, 1)) : NULL_TREE);
			if (!as)
				continue;
			/* The old asm's virtual definition goes with it;
			 * the new one touches no memory GCC knows of. */
			unlink_stmt_vdef(stmt);
			release_defs(stmt);
			gsi_replace(&gsi, as, false);
			update_stmt(as);
			n++;
		}
	if (dump_file)
		fprintf(dump_file, "arcov: %u of %u increments addressed "
			"from the thread pointer\n", n, all);
	return 0;
}

ARCOV_GIMPLE_PASS(make_pass, "arcov_tls", tls_gate, tls_execute,
		  PROP_cfg | PROP_ssa)

/**
 * ap_tls_counters_pass - the pass, for plugin.cc to register as the last
 * GIMPLE pass (after "optimized").
 */
opt_pass *ap_tls_counters_pass(void)
{
	return make_pass();
}
