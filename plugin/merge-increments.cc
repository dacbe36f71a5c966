/* merge-increments.cc -- increments of one counter that always run
 * together become one add.
 *
 * The plugin instruments before inlining (doc/design.md, "Where the
 * plugin works"), so every inlined copy of a small function brings the
 * function's own increments into its caller, and loop unrolling copies a
 * loop body's.  A constructor that builds three std::strings in a row
 * (JsonCpp's Value, its comments array) then runs each of the string
 * helpers' entry increments three or four times in one straight stretch
 * of code: "addq $1" to the same counter, again and again, which GCC
 * cannot merge since each is a volatile asm (emit.cc, counter_asm()).
 * gcc --coverage, instrumenting after early inlining, has no counter
 * there at all.
 *
 * Once the optimizers are done ("optimized", the last GIMPLE pass), this
 * pass looks at each block's increments: those of one counter with
 * nothing between them that could stop the block (a call, an asm other
 * than the plugin's, a statement that may throw or trap) run exactly as
 * often as each other, so the first becomes one add of their number
 * (emit.cc, ap_add_asm(): the same one instruction, "addq $N") and the
 * others go.  Each merge saves one instruction per run of the block, at
 * no cost: the count stays exact at every statement that could end the
 * run, which is all that a dump, a crash or a live file can observe.
 * The dump (-fdump-tree-all, *.arcov_merge) lists each merge.
 */
#include "compat.h"
#include "arcov-plugin.h"
#include "pass.h"

static bool merge_gate(function *fun)
{
	return fun && optimize && ap_increments_are_asm();
}

/* Whether @stmt may keep the statements after it in its block from
 * running: then no merge reaches across it. */
static bool stops_block(gimple *stmt)
{
	if (is_gimple_debug(stmt) || gimple_code(stmt) == GIMPLE_NOP ||
	    gimple_code(stmt) == GIMPLE_LABEL || gimple_clobber_p(stmt))
		return false;
	if (ap_increment_asm_p(stmt) || ap_add_asm_p(stmt))
		return false;
	return is_gimple_call(stmt) || gimple_code(stmt) == GIMPLE_ASM ||
	       stmt_could_throw_p(cfun, stmt) || gimple_could_trap_p(stmt);
}

/* One counter's increments in the current stretch of a block. */
struct run {
	gimple *first;
	unsigned int n;
};

/* Merge the increments collected in @runs (each of one counter, in one
 * stretch): the first of each becomes an add of their number, and
 * the others, listed in @extra, go.  Returns the increments removed. */
static unsigned int merge_runs(vec<struct run> &runs, vec<gimple *> &extra)
{
	unsigned int removed = 0;
	struct run *r;
	gimple *g;
	unsigned int i;

	FOR_EACH_VEC_ELT(runs, i, r) {
		gimple_stmt_iterator gsi;
		gimple *add;

		if (r->n < 2)
			continue;
		add = ap_add_asm(unshare_expr(ap_counter_asm_ref(r->first)),
				 build_int_cst(long_long_unsigned_type_node,
					       r->n));
		gimple_set_location(add, gimple_location(r->first));
		gimple_set_vuse(add, gimple_vuse(r->first));
		/* Per thread the asm has an output (emit.cc, counter_asm()),
		 * and so a virtual definition: the add takes it over. */
		if (gimple_vdef(r->first)) {
			gimple_set_vdef(add, gimple_vdef(r->first));
			SSA_NAME_DEF_STMT(gimple_vdef(add)) = add;
			gimple_set_vdef(r->first, NULL_TREE);
		}
		gsi = gsi_for_stmt(r->first);
		if (dump_file)
			fprintf(dump_file, "arcov: bb %d: %u increments of one "
				"counter merged into one add\n",
				gimple_bb(r->first)->index, r->n);
		gsi_replace(&gsi, add, false);
	}
	FOR_EACH_VEC_ELT(extra, i, g) {
		gimple_stmt_iterator gsi = gsi_for_stmt(g);

		unlink_stmt_vdef(g);
		gsi_remove(&gsi, true);
		release_defs(g);
		removed++;
	}
	runs.truncate(0);
	extra.truncate(0);
	return removed;
}

static unsigned int merge_execute(function *fun)
{
	auto_vec<struct run> runs;
	auto_vec<gimple *> extra;
	unsigned int removed = 0;
	basic_block bb;

	FOR_EACH_BB_FN(bb, fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			struct run *r;
			tree ref;
			unsigned int i;
			bool found = false;

			if (stops_block(stmt)) {
				removed += merge_runs(runs, extra);
				continue;
			}
			if (!ap_increment_asm_p(stmt))
				continue;
			ref = ap_counter_asm_ref(stmt);
			/* A block holds a few dozen at most: a linear
			 * search. */
			FOR_EACH_VEC_ELT(runs, i, r)
				if (operand_equal_p(ap_counter_asm_ref(r->first),
						    ref, 0)) {
					r->n++;
					extra.safe_push(stmt);
					found = true;
					break;
				}
			if (!found) {
				struct run n = { stmt, 1 };

				runs.safe_push(n);
			}
		}
		removed += merge_runs(runs, extra);
	}
	if (dump_file)
		fprintf(dump_file, "arcov: %u increments merged away\n",
			removed);
	return 0;
}

ARCOV_GIMPLE_PASS(make_pass, "arcov_merge", merge_gate, merge_execute,
		  PROP_cfg | PROP_ssa)

/**
 * ap_merge_increments_pass - the pass that merges a block's increments of
 * one counter, to run after the last GIMPLE optimization.
 */
opt_pass *ap_merge_increments_pass(void)
{
	return make_pass();
}
