/* merge-increments.cc -- increments that always run together become one
 * add, or one increment of a run counter.
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
 * pass cuts each block into stretches at every statement that could stop
 * the block (a call, an asm other than the plugin's, a statement that
 * may throw or trap): the increments of one stretch run exactly as often
 * as each other.  Those of one counter become one add of their number
 * (emit.cc, ap_add_asm(): the same one instruction, "addq $N"); those of
 * k >= 2 different counters become one increment of a run counter
 * (runs.cc), which the runtime adds to each of them at every dump
 * (runtime/runs.c).  In the atomic mode the relaxed atomic adds of 1 are
 * the increments, and the add or run increment is one atomic add.  Each
 * merge saves an instruction per run of the block, at no cost: the
 * counts stay exact at every statement that could end the stretch,
 * which is all that a dump, a crash or a live file can observe.  The
 * dump (-fdump-tree-all, *.arcov_merge) lists each merge and each run:
 * its block, run counter, members with their multiplicities, and the
 * increments it replaced.
 */
#include "compat.h"
#include "arcov-plugin.h"
#include "pass.h"

static bool merge_gate(function *fun)
{
	return fun && optimize && (ap_increments_are_asm() || ap_opts.atomic);
}

/* Whether @stmt increments a counter by one: the asm of the plain and
 * per-thread modes, or the atomic mode's relaxed atomic add. */
static bool increment_p(const gimple *stmt)
{
	return ap_increment_asm_p(stmt) ||
	       (ap_atomic_add_p(stmt) && integer_onep(gimple_call_arg(stmt, 1)));
}

/* The counter that @stmt, an increment, adds to. */
static tree increment_ref(const gimple *stmt)
{
	if (is_gimple_call(stmt))
		return TREE_OPERAND(gimple_call_arg(stmt, 0), 0);
	return ap_counter_asm_ref(stmt);
}

/* "@ref += @n" in the form of the mode's increments: asm, or atomic. */
static gimple *add_of(tree ref, unsigned int n)
{
	tree v = build_int_cst(long_long_unsigned_type_node, n);

	ref = unshare_expr(ref);
	if (ap_opts.atomic)
		return ap_atomic_add(ref, v);
	return n == 1 ? ap_increment_asm(ref) : ap_add_asm(ref, v);
}

/* Whether @stmt may keep the statements after it in its block from
 * running: then no merge reaches across it. */
static bool stops_block(gimple *stmt)
{
	if (is_gimple_debug(stmt) || gimple_code(stmt) == GIMPLE_NOP ||
	    gimple_code(stmt) == GIMPLE_LABEL || gimple_clobber_p(stmt))
		return false;
	if (ap_increment_asm_p(stmt) || ap_add_asm_p(stmt) ||
	    ap_atomic_add_p(stmt))
		return false;
	return is_gimple_call(stmt) || gimple_code(stmt) == GIMPLE_ASM ||
	       stmt_could_throw_p(cfun, stmt) || gimple_could_trap_p(stmt);
}

/* One counter's increments in the current stretch of a block. */
struct run {
	gimple *first;
	unsigned int n;
	uint32_t index;		/* its index in the unit, if known */
	bool known;
};

/* What the pass did to the current function, for the dump. */
struct tally {
	unsigned int removed;	/* increments gone */
	unsigned int in_runs;	/* of those, into run counters */
	unsigned int runs;	/* run increments made */
	unsigned int fresh;	/* of those, of a new run counter */
};

/* Replace @old, an increment or add on a counter, by @stmt, which
 * takes over its virtual operands. */
static void replace(gimple *old, gimple *stmt)
{
	gimple_stmt_iterator gsi = gsi_for_stmt(old);

	gimple_set_location(stmt, gimple_location(old));
	gimple_set_vuse(stmt, gimple_vuse(old));
	/* Per thread the asm has an output (emit.cc, counter_asm()), and
	 * so a virtual definition: the new one takes it over. */
	if (gimple_vdef(old)) {
		gimple_set_vdef(stmt, gimple_vdef(old));
		SSA_NAME_DEF_STMT(gimple_vdef(stmt)) = stmt;
		gimple_set_vdef(old, NULL_TREE);
	}
	gsi_replace(&gsi, stmt, false);
}

/*
 * The increments of @runs (each of one counter, in one stretch) of at
 * least two counters the unit knows become one increment of a run
 * counter (runs.cc), which the runtime adds to each member at dump
 * time: one instruction instead of k >= 2 per pass.  True if made;
 * then the increments left to go are in @extra.
 */
static bool make_run(vec<struct run> &runs, vec<gimple *> &extra,
		     struct tally *t)
{
	auto_vec<struct ap_run_member> m;
	struct run *r, *lead = NULL;
	unsigned int i, all = 0;
	uint32_t index;
	bool fresh;

	FOR_EACH_VEC_ELT(runs, i, r)
		if (r->known) {
			struct ap_run_member one = { r->index, r->n };

			m.safe_push(one);
			all += r->n;
			if (!lead)
				lead = r;
		}
	if (m.length() < 2 ||
	    !ap_run_counter(m.address(), m.length(), &index, &fresh))
		return false;
	if (dump_file) {
		struct ap_run_member *p;

		fprintf(dump_file, "arcov: bb %d: run counter %u%s for %u "
			"counters (", gimple_bb(lead->first)->index, index,
			fresh ? "" : " (shared)", m.length());
		FOR_EACH_VEC_ELT(m, i, p)
			fprintf(dump_file, i ? " %u*%u" : "%u*%u", p->index,
				p->times);
		fprintf(dump_file, "): %u increments become one\n", all);
	}
	/* The members' first increments go too; the lead's makes room
	 * for the run's. */
	FOR_EACH_VEC_ELT(runs, i, r)
		if (r->known && r != lead)
			extra.safe_push(r->first);
	replace(lead->first, add_of(ap_counter_ref_like(
			increment_ref(lead->first), index), 1));
	t->runs++;
	t->fresh += fresh;
	t->in_runs += all - 1;
	/* What is left: the counters the unit does not know, if any. */
	FOR_EACH_VEC_ELT(runs, i, r)
		if (r->known)
			r->n = 0;
	return true;
}

/* Merge the increments collected in @runs (each of one counter, in one
 * stretch): into one run counter's when they are of several counters,
 * else the first of each becomes an add of their number, and the
 * others, listed in @extra, go. */
static void merge_runs(vec<struct run> &runs, vec<gimple *> &extra,
		       struct tally *t)
{
	struct run *r;
	gimple *g;
	unsigned int i;

	make_run(runs, extra, t);
	FOR_EACH_VEC_ELT(runs, i, r) {
		gimple *add;

		if (r->n < 2)
			continue;
		add = add_of(increment_ref(r->first), r->n);
		if (dump_file)
			fprintf(dump_file, "arcov: bb %d: %u increments of one "
				"counter merged into one add\n",
				gimple_bb(r->first)->index, r->n);
		replace(r->first, add);
	}
	FOR_EACH_VEC_ELT(extra, i, g) {
		gimple_stmt_iterator gsi = gsi_for_stmt(g);

		unlink_stmt_vdef(g);
		gsi_remove(&gsi, true);
		release_defs(g);
		t->removed++;
	}
	runs.truncate(0);
	extra.truncate(0);
}

static unsigned int merge_execute(function *fun)
{
	auto_vec<struct run> runs;
	auto_vec<gimple *> extra;
	struct tally t = { 0, 0, 0, 0 };
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
				merge_runs(runs, extra, &t);
				continue;
			}
			if (!increment_p(stmt))
				continue;
			ref = increment_ref(stmt);
			/* A block holds a few dozen at most: a linear
			 * search. */
			FOR_EACH_VEC_ELT(runs, i, r)
				if (operand_equal_p(increment_ref(r->first),
						    ref, 0)) {
					r->n++;
					extra.safe_push(stmt);
					found = true;
					break;
				}
			if (!found) {
				struct run n = { stmt, 1, 0, false };

				n.known = ap_counter_index(ref, &n.index);
				runs.safe_push(n);
			}
		}
		merge_runs(runs, extra, &t);
	}
	/* The arrays and the table as long as the runs need, before this
	 * function is expanded. */
	ap_runs_commit();
	/* Atomic increments are calls. */
	if (ap_opts.atomic && t.removed)
		cgraph_edge::rebuild_edges();
	if (dump_file)
		fprintf(dump_file, "arcov: %u increments merged away, %u of "
			"them into %u run increments (%u new run counters)\n",
			t.removed, t.in_runs, t.runs, t.fresh);
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
