/* loop-cost.cc -- whether moving a loop's increments out of its body pays.
 *
 * An increment where the plain build would have none is, on x86-64, one
 * instruction: "addq $1, counter".  loop-counts.cc can replace the ones in
 * a loop's body by an add before the loop (counted loops) or by registers
 * added into the counters on the exits (call-free loops), but each of
 * those costs instructions on every entry or exit of the loop that the
 * increment did not: the trip count computed, registers zeroed and
 * added, and, when the loop has no registers to spare, spills and reloads
 * (bzip2's move-to-front loop: a few passes per entry, millions of
 * entries, and a register counter there cost four times gcc --coverage).
 * So each loop gets a bill, in instructions per entry of the loop:
 *
 *   saved  what the plain increments would run: each one's runs per pass
 *          times the passes GCC expects per entry; plus, when no
 *          increment is left in the loop, the memory references at
 *          invariant addresses that loop-invariant motion could then take
 *          out of it (by the alias oracle, counters_block()), one per
 *          pass each; plus, counting atomically, the
 *          locked adds, weighed as AP_LOCK_WEIGHT instructions; plus the
 *          unpredictable branches that folding an arm's increment into
 *          its branch's condition lets if-conversion remove, as in the
 *          plain program, weighed as AP_BRANCH_COST;
 *   cost   what is added on each entry and exit: the operations of the
 *          trip count (GCC's niter expression) and an add per counter
 *          before the loop, or for registers a zero and an add per
 *          counter (one exit is taken per entry), a store and a load
 *          for each register taken from the values live through the
 *          loop when the registers do not hold them all, and for a
 *          folded arm an instruction more on every pass;
 *
 * and is transformed only when saved > cost (a tie is doubt), and, for registers, when
 * the registers fit beside the ones the loop keeps live by GCC's own
 * register-pressure model (estimate_reg_pressure_cost(), which IVOPTs
 * and loop-invariant motion use).  A register counter whose plain
 * increment is one instruction saves no instruction per pass; it pays
 * only by what it frees (motion, locked adds) or, in a loop GCC knows to
 * be long (AP_LOOP_LONG passes or more per entry, by the profile or its
 * iteration estimates), by ending the chain through memory from one
 * pass's increment to the next (a store forwarded each pass, several
 * cycles where the loop may take one), whose per-entry cost is then a
 * small fraction of an instruction per pass.
 *
 * The passes per entry: the profile's, when -fprofile-use read one for the
 * loop; else GCC's iteration estimate (a constant trip count, or a bound
 * it takes as realistic); else a guess (GCC's guessed profile), which is
 * doubt: the bill then assumes AP_GUESS_PASSES passes at most.
 * Every decision goes to the pass dump (-fdump-tree-arcov_loops): the
 * loop, the passes and where they came from, what is saved, what it
 * costs, the registers, and the verdict.
 */
#include "compat.h"
#include "arcov-plugin.h"

/* A locked add, counted in plain instructions: about twenty cycles where
 * an add to memory takes one or two. */
#define AP_LOCK_WEIGHT 8

/* An unpredictable branch, counted in instructions: GCC's BRANCH_COST
 * for one on x86-64 (ix86_branch_cost, 3), what its if-conversion weighs
 * against a conditional move. */
#define AP_BRANCH_COST 3

/* Passes per entry at which, by a trusted estimate, a loop is long
 * enough for a register counter to pay for itself by time alone. */
#define AP_LOOP_LONG 32

/* The passes per entry a guessed profile is believed for at most. */
#define AP_GUESS_PASSES 4

/* The statements that may store to memory whose pairs with the loop's
 * references blocked_refs() compares, at most: beyond, no benefit is
 * counted. */
#define AP_ALIAS_WORK 4096

/* Whether @t has an SSA name defined in @loop among its operands. */
static tree varies_in(tree *tp, int *walk_subtrees, void *data)
{
	const class loop *loop = (const class loop *)data;
	tree t = *tp;

	if (TREE_CODE(t) == SSA_NAME) {
		gimple *def = SSA_NAME_DEF_STMT(t);

		*walk_subtrees = 0;
		if (!SSA_NAME_IS_DEFAULT_DEF(t) && gimple_bb(def) &&
		    flow_bb_inside_loop_p(loop, gimple_bb(def)))
			return t;
	}
	return NULL_TREE;
}

/* The memory @stmt reads or writes as a single assignment, or NULL. */
static tree memory_ref(gimple *stmt)
{
	tree ref;

	if (!gimple_assign_single_p(stmt) || !gimple_vuse(stmt))
		return NULL_TREE;
	ref = gimple_vdef(stmt) ? gimple_assign_lhs(stmt) :
				  gimple_assign_rhs1(stmt);
	if (!REFERENCE_CLASS_P(ref) && !DECL_P(ref))
		return NULL_TREE;
	if (TREE_THIS_VOLATILE(ref) || gimple_has_volatile_ops(stmt))
		return NULL_TREE;
	return ref;
}

/* Whether @stmt is one of the plugin's own statements on counters. */
static bool counter_stmt(const gimple *stmt)
{
	return ap_increment_asm_p(stmt) || ap_add_asm_p(stmt) ||
	       (ap_opts.atomic && ap_atomic_add_p(stmt));
}

/* Whether one of the plugin's statements on counters in @counters keeps
 * motion from taking @r's reference out of the loop, by GCC's alias
 * oracle: a load moves out past what may not store to it, a store past
 * what may neither store to it nor read it. */
static bool counters_block(const vec<gimple *> &counters, gimple *r,
			   tree ref)
{
	for (gimple *c : counters)
		if (stmt_may_clobber_ref_p(c, ref) ||
		    (gimple_vdef(r) && ref_maybe_used_by_stmt_p(c, ref)))
			return true;
	return false;
}

/*
 * The memory references of @loop's body at addresses invariant in it that
 * nothing in the loop but the increments keeps in it: what
 * loop-invariant motion (loads) and store motion (stores) could keep in
 * registers once the increments are gone, each a load or a store per
 * pass.  A lower bound of what they block, by GCC's alias oracle.
 */
static unsigned int blocked_refs(const class loop *loop, basic_block *body)
{
	auto_vec<gimple *> stores, refs, counters;
	unsigned int i, blocked = 0;

	for (i = 0; i < loop->num_nodes; i++) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(body[i]); !gsi_end_p(gsi);
		     gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			tree ref;

			if (counter_stmt(stmt)) {
				counters.safe_push(stmt);
				continue;
			}
			if (gimple_vdef(stmt))
				stores.safe_push(stmt);
			ref = memory_ref(stmt);
			if (ref && !walk_tree(&ref, varies_in, (void *)loop,
					      NULL))
				refs.safe_push(stmt);
		}
	}
	if ((unsigned HOST_WIDE_INT)(stores.length() + counters.length()) *
	    refs.length() >
	    AP_ALIAS_WORK)
		return 0;
	for (gimple *r : refs) {
		tree ref = memory_ref(r);
		bool free = true;

		for (gimple *s : stores) {
			if (s == r)
				continue;
			/* Stores to the same place move out together. */
			if (gimple_assign_single_p(s) &&
			    operand_equal_p(gimple_assign_lhs(s), ref, 0))
				continue;
			if (stmt_may_clobber_ref_p(s, ref)) {
				free = false;
				break;
			}
		}
		blocked += free && counters_block(counters, r, ref);
	}
	return blocked;
}

/* Whether @name is an integer or a pointer, which a general register
 * holds. */
static bool in_gpr(tree name)
{
	tree type = TREE_TYPE(name);

	return !virtual_operand_p(name) &&
	       (INTEGRAL_TYPE_P(type) || POINTER_TYPE_P(type));
}

/*
 * The general registers @loop keeps live through its passes, estimated
 * from above: the values carried from pass to pass (the PHIs of its
 * header and its inner loops' headers), the values defined before it
 * and used in it, and one per invariant reference that motion will put
 * in a register.  Where the plain loop needs them all at once this is
 * exact; elsewhere an overestimate, so the doubt falls on the side of the
 * plain increment.
 */
static unsigned int live_registers(const class loop *loop, basic_block *body,
				   unsigned int blocked)
{
	hash_set<tree> outside;
	unsigned int i, live = blocked;

	for (i = 0; i < loop->num_nodes; i++) {
		basic_block bb = body[i];
		gphi_iterator psi;
		gimple_stmt_iterator gsi;
		bool header = bb->loop_father->header == bb;

		for (psi = gsi_start_phis(bb); !gsi_end_p(psi);
		     gsi_next(&psi)) {
			gphi *phi = psi.phi();
			unsigned int a;

			if (!in_gpr(gimple_phi_result(phi)))
				continue;
			if (header) {
				live++;
				continue;
			}
			for (a = 0; a < gimple_phi_num_args(phi); a++) {
				tree arg = gimple_phi_arg_def(phi, a);

				if (TREE_CODE(arg) == SSA_NAME &&
				    !walk_tree(&arg, varies_in, (void *)loop,
					       NULL))
					outside.add(arg);
			}
		}
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			ssa_op_iter iter;
			tree use;

			if (counter_stmt(stmt) || is_gimple_debug(stmt))
				continue;
			FOR_EACH_SSA_TREE_OPERAND(use, stmt, iter, SSA_OP_USE)
				if (in_gpr(use) &&
				    !walk_tree(&use, varies_in, (void *)loop,
					       NULL))
					outside.add(use);
		}
	}
	return live + outside.elements();
}

/* Whether @b is in one of the loops around @loop, @loop excluded. */
static bool in_outer(const class loop *loop, basic_block b)
{
	const class loop *o;

	for (o = loop_outer(loop); o && loop_outer(o); o = loop_outer(o))
		if (flow_bb_inside_loop_p(o, b))
			return true;
	return false;
}

/* In @after, the blocks outside @loop that its exits reach before a loop
 * around it starts its next pass. */
static void after_loop(const class loop *loop, sbitmap after)
{
	auto_vec<basic_block> work;
	/* Moved, not assigned: GCC 11's auto_vec has no move assignment. */
	auto_vec<edge> exits = get_loop_exit_edges(loop);

	bitmap_clear(after);
	for (edge x : exits)
		if (!bitmap_bit_p(after, x->dest->index)) {
			bitmap_set_bit(after, x->dest->index);
			work.safe_push(x->dest);
		}
	while (!work.is_empty()) {
		basic_block b = work.pop();
		edge_iterator ei;
		edge e;

		FOR_EACH_EDGE(e, ei, b->succs) {
			basic_block d = e->dest;

			if (d == EXIT_BLOCK_PTR_FOR_FN(cfun) ||
			    bitmap_bit_p(after, d->index) ||
			    flow_bb_inside_loop_p(loop, d) ||
			    (d->loop_father->header == d &&
			     flow_loop_nested_p(d->loop_father, loop)))
				continue;
			bitmap_set_bit(after, d->index);
			work.safe_push(d);
		}
	}
}

/*
 * The general registers live through @loop that it does not use: values
 * defined before it and used after it, or used anywhere in a loop around
 * it that they were defined outside of (that loop's next pass needs
 * them).  live_registers() does not see them, but the register allocator
 * keeps them in registers across the loop all the same, so a counter
 * that takes one more register there makes it store one of them before
 * the loop and load it after, on every entry (lz4's LZ4HC_Insert()
 * inlined into its compressor: 6 registers used in the loop, 36 live
 * through it).  From above, as live_registers(): a value the allocator
 * could rematerialize still counts.
 */
static unsigned int live_through(const class loop *loop)
{
	auto_sbitmap after(last_basic_block_for_fn(cfun));
	unsigned int i, n = 0;
	tree name;

	after_loop(loop, after);
	FOR_EACH_SSA_NAME(i, name, cfun) {
		basic_block def;
		imm_use_iterator it;
		use_operand_p use;
		bool through = false;

		if (SSA_NAME_IN_FREE_LIST(name) || !in_gpr(name))
			continue;
		def = SSA_NAME_IS_DEFAULT_DEF(name) ?
			      ENTRY_BLOCK_PTR_FOR_FN(cfun) :
			      gimple_bb(SSA_NAME_DEF_STMT(name));
		if (!def || flow_bb_inside_loop_p(loop, def) ||
		    !dominated_by_p(CDI_DOMINATORS, loop->header, def))
			continue;
		FOR_EACH_IMM_USE_FAST(use, it, name) {
			gimple *u = USE_STMT(use);
			basic_block b = gimple_bb(u);

			if (!b || is_gimple_debug(u) || counter_stmt(u))
				continue;
			if (gphi *phi = dyn_cast<gphi *>(u))
				b = gimple_phi_arg_edge(phi,
					PHI_ARG_INDEX_FROM_USE(use))->src;
			/* Used in the loop: live_registers() counts it. */
			if (flow_bb_inside_loop_p(loop, b)) {
				through = false;
				break;
			}
			if (bitmap_bit_p(after, b->index) ||
			    (in_outer(loop, b) && !in_outer(loop, def)))
				through = true;
		}
		n += through;
	}
	return n;
}

/* The passes of @loop's header per entry that GCC expects, and in
 * @source where the number comes from. */
static double expected_passes(class loop *loop, const char **source)
{
	bool read = false;
	gcov_type latches = expected_loop_iterations_unbounded(loop, &read);
	HOST_WIDE_INT estimate;

	if (read && profile_status_for_fn(cfun) == PROFILE_READ) {
		*source = "profile";
		return (double)latches + 1;
	}
	estimate = estimated_loop_iterations_int(loop);
	if (estimate >= 0) {
		*source = "estimate";
		return (double)estimate + 1;
	}
	*source = "guess";
	return MIN((double)latches + 1, (double)AP_GUESS_PASSES);
}

/**
 * ap_loop_cost_init - what the bill of @loop needs to know of it
 * @c:    filled in
 * @loop: a loop of the current function, its exits recorded and SCEV
 *        initialised
 * @body: its blocks, get_loop_body()'s
 */
void ap_loop_cost_init(struct ap_loop_cost *c, class loop *loop,
		       basic_block *body)
{
	unsigned int i;

	c->loop = loop;
	c->passes = expected_passes(loop, &c->source);
	c->blocked = blocked_refs(loop, body);
	c->live = live_registers(loop, body, c->blocked);
	c->barriers = 0;
	for (i = 0; i < loop->num_nodes; i++) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(body[i]); !gsi_end_p(gsi);
		     gsi_next(&gsi))
			c->barriers += counter_stmt(gsi_stmt(gsi));
	}
}

/* What the increments that leave @c's loop save per entry: @runs of them
 * per entry, and the blocked references on each pass when the @moved
 * statements are all the loop's increments and adds. */
static double saved_per_entry(const struct ap_loop_cost *c, double runs,
			      unsigned int moved)
{
	double saved = runs * (ap_opts.atomic ? AP_LOCK_WEIGHT : 1);

	if (moved == c->barriers)
		saved += c->blocked * c->passes;
	return saved;
}

/**
 * ap_loop_cost_hoist - whether a counted loop's increments go before it
 * @c:       the loop's bill, ap_loop_cost_init()'s
 * @headers: increments hoisted that ran once per pass of the header
 * @latches: those that ran once per latch execution (a pass less)
 * @cost:    the instructions put before the loop
 *
 * Dumps the decision.
 */
bool ap_loop_cost_hoist(const struct ap_loop_cost *c, unsigned int headers,
			unsigned int latches, int cost)
{
	double runs = headers * c->passes +
		      latches * MAX(c->passes - 1, 0.0);
	bool all = headers + latches == c->barriers;
	double saved = saved_per_entry(c, runs, headers + latches);
	bool take = saved > cost;

	if (dump_file)
		fprintf(dump_file, "arcov: loop %d: counted, %.1f passes per "
			"entry (%s), %u increments, %u blocked references: "
			"saves %.1f, costs %d per entry: %s\n", c->loop->num,
			c->passes, c->source, headers + latches, all ?
			c->blocked : 0, saved, cost,
			take ? "added before the loop" : "plain increments");
	return take;
}

/**
 * ap_loop_cost_iv - whether a counter incremented once on every pass of a
 * loop is counted on its exits from an induction variable
 * @c:   the loop's bill, ap_loop_cost_init()'s
 * @bb:  the block of the increment, for the dump
 * @ops: the instructions on an exit, the add included
 *
 * Dumps the decision.
 */
bool ap_loop_cost_iv(const struct ap_loop_cost *c, int bb, int ops)
{
	double saved = saved_per_entry(c, c->passes, 1);
	bool take = saved > ops;

	if (dump_file)
		fprintf(dump_file, "arcov: loop %d: %.1f passes per entry "
			"(%s), the increment of bb %d from an induction "
			"variable, %u blocked references: saves %.1f, costs "
			"%d per entry: %s\n", c->loop->num, c->passes,
			c->source, bb, c->barriers == 1 ? c->blocked : 0,
			saved, ops, take ? "counted on the exits" :
			"plain increment");
	return take;
}

/**
 * ap_loop_cost_registers - whether a call-free loop's counters go in
 * registers
 * @c:     the loop's bill, ap_loop_cost_init()'s
 * @n:     the registers, one per counter
 * @runs:  the increments they replace, per pass (GCC's block frequencies)
 * @extra: statements added per entry besides a zero and an add each
 * @moved: the increments they replace, statements
 * @folds: the arms whose increment becomes a condition added on every
 *         pass (an instruction more per pass than the asm on the arm)
 * @branches: the branches those arms make removable, runs per pass
 *
 * Dumps the decision.
 */
bool ap_loop_cost_registers(const struct ap_loop_cost *c, unsigned int n,
			    double runs, unsigned int extra,
			    unsigned int moved, unsigned int folds,
			    double branches)
{
	/* Per pass, a register add where the asm added to memory: the same
	 * count of instructions, so only the locked adds count.  (A counter
	 * that is an induction variable may cost nothing per pass once
	 * IVOPTs expresses it by another, or a copy of that other: doubt,
	 * which iv_loop() in loop-counts.cc removes.) */
	double saved = saved_per_entry(c, ap_opts.atomic ?
					       runs * c->passes : 0, moved);
	bool all = moved == c->barriers;

	/* GCC's test of estimate_reg_pressure_cost() for "no cost": room
	 * for the new registers, the live ones and the temporaries. */
	bool fits = c->live + n + target_res_regs <= target_avail_regs;
	/* The registers it takes from values live through the loop: a store
	 * and a load each, on every entry. */
	unsigned int through = fits ? live_through(c->loop) : 0;
	int over = (int)(c->live + through + n + target_res_regs) -
		   (int)target_avail_regs;
	unsigned int spilled = over <= 0 ? 0 : MIN((unsigned int)over, n);
	bool long_loop = strcmp(c->source, "guess") != 0 &&
			 c->passes >= AP_LOOP_LONG;
	const char *why;
	bool take = false;

	double cost = 2 * n + extra + folds * c->passes + 2 * spilled;

	saved += branches * AP_BRANCH_COST * c->passes;
	if (!fits)
		why = "no registers to spare: plain increments";
	else if (saved > cost)
		take = true, why = "in registers";
	else if (long_loop)
		take = true, why = "in registers (a long loop)";
	else
		why = "plain increments";
	if (dump_file)
		fprintf(dump_file, "arcov: loop %d: %.1f passes per entry "
			"(%s), %u counters, %.2f increments per pass, %u "
			"blocked references, %u arms folded, %.2f branches "
			"removable per pass, %u registers live, %u through, "
			"%u spilled: saves %.1f, costs %.0f per entry: %s\n",
			c->loop->num, c->passes, c->source, n, runs,
			all ? c->blocked : 0, folds, branches, c->live,
			through, spilled, saved, cost, why);
	return take;
}
