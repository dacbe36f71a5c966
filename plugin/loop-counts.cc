/* loop-counts.cc -- increments taken out of loop bodies.
 *
 * An increment in a loop body runs once per iteration, and as an asm it is
 * also a barrier: the alias oracle takes it for a store to any memory, so
 * loop-invariant motion cannot keep a variable of the loop in a register
 * (SQLite's balance_nonroot() loads and stores "b.nCell" every iteration
 * of "while (piCell < piEnd) { ...; b.nCell++; }", 10 M extra
 * instructions on speedtest1).  Two ways out, the counts the same; only
 * when they are added changes (doc/notes-format.md §4, "Counters"):
 *
 * - Counted loops.  When GCC can compute how many times a loop's latch
 *   runs from the values on entry (tree-ssa-loop-niter.cc), and the loop
 *   can be left only through its one exit, every block run once per
 *   iteration runs a known number of times: such a block's increments
 *   become one "counter += N" in the preheader.
 * - Induction variables.  In a loop that nothing can leave but its
 *   exits, the counter of a block run once on every pass is computed on
 *   each exit from an induction variable of the loop (iv_loop()).
 * - Call-free loops.  The other increments of such a loop, in blocks run
 *   on most passes, count in registers, added into the counters on the
 *   exits (register_loop()); so do those of arms that only compute a
 *   value, added as the branch's condition so that the branch can still
 *   become a conditional move (foldable_arm()).
 *
 * Each moves the cost of an increment from the loop's passes to its
 * entries and exits, which is not always cheaper: loop-cost.cc bills
 * every candidate loop and only the ones it finds cheaper are changed;
 * the pass's dump has every bill.
 *
 * Runs before the first loop-invariant motion ("lim"), after loop header
 * copying has put the exit tests at the bottom, on the increments of the
 * plain and per-thread modes on x86-64 (the asm) and on relaxed atomic
 * ones, for which it saves a locked add per iteration.
 */
#include "compat.h"
#include "arcov-plugin.h"
#include "pass.h"

static bool loops_gate(function *fun)
{
	return fun && ap_opts.loop_counts &&
	       (ap_increments_are_asm() || ap_opts.atomic);
}

/* The counter @stmt adds 1 to, if it is one of the plugin's increments:
 * the asm (emit.cc, ap_increment_asm()) or, counting atomically, a relaxed
 * __atomic_fetch_add of 1 to an element of the counter array; else
 * NULL. */
static tree incremented(gimple *stmt)
{
	if (ap_increment_asm_p(stmt))
		return ap_counter_asm_ref(stmt);
	if (!ap_opts.atomic || !ap_atomic_add_p(stmt) ||
	    !integer_onep(gimple_call_arg(stmt, 1)))
		return NULL_TREE;
	return TREE_OPERAND(gimple_call_arg(stmt, 0), 0);
}

/* Whether nothing in @loop's body can leave it but its exit edges: no
 * call that may not return or may throw, no statement that may trap into
 * a handler.  GCC's loop_only_exit_p() would refuse the increments
 * themselves and an inner loop's adds, volatile asms. */
static bool only_exits(const class loop *loop, basic_block *body)
{
	unsigned int i;

	for (i = 0; i < loop->num_nodes; i++) {
		gimple_stmt_iterator gsi;

		if (body[i]->flags & BB_IRREDUCIBLE_LOOP)
			return false;
		for (gsi = gsi_start_bb(body[i]); !gsi_end_p(gsi);
		     gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (!incremented(stmt) && !ap_add_asm_p(stmt) &&
			    stmt_can_terminate_bb_p(stmt))
				return false;
		}
	}
	return true;
}

/* @expr as a GIMPLE value, computed by statements added to @seq. */
static tree gimple_value(gimple_seq *seq, tree expr)
{
	gimple_seq stmts = NULL;

	expr = force_gimple_operand(expr, &stmts, true, NULL_TREE);
	gimple_seq_add_seq(seq, stmts);
	return expr;
}

/* counter += @n, at the end of @seq: relaxed and atomic when counting
 * atomically, one asm add where increments are the asm, else a load, an
 * add and a store, which the optimizers are free to combine into one add
 * to memory. */
static void add_to_counter(gimple_seq *seq, tree counter, tree n)
{
	tree type = TREE_TYPE(counter);
	tree old, sum;

	/* The counter's own type: @n may be a count in any unsigned type of
	 * its width (the pointer difference of a counted loop). */
	n = gimple_value(seq, fold_convert(type, n));
	if (ap_opts.atomic) {
		gimple_seq_add_stmt(seq, ap_atomic_add(unshare_expr(counter),
						       n));
		return;
	}
	if (ap_increments_are_asm()) {
		gimple_seq_add_stmt(seq, ap_add_asm(unshare_expr(counter),
						    fold_convert(type, n)));
		return;
	}
	old = make_ssa_name(type);
	sum = make_ssa_name(type);

	gimple_seq_add_stmt(seq, gimple_build_assign(old,
						     unshare_expr(counter)));
	gimple_seq_add_stmt(seq, gimple_build_assign(sum, PLUS_EXPR, old,
						     fold_convert(type, n)));
	gimple_seq_add_stmt(seq, gimple_build_assign(unshare_expr(counter),
						     sum));
}

/* Counts in @data the operations of the expression *@tp: a statement
 * each once gimplified, conversions between integers free. */
static tree count_operations(tree *tp, int *walk_subtrees, void *data)
{
	tree t = *tp;

	if (!EXPR_P(t))
		*walk_subtrees = 0;
	else if (!CONVERT_EXPR_P(t) && TREE_CODE(t) != NON_LVALUE_EXPR)
		++*(int *)data;
	return NULL_TREE;
}

/* The instructions the computation of @expr, a trip count, takes. */
static int operations(tree expr)
{
	int n = 0;

	walk_tree_without_duplicates(&expr, count_operations, &n);
	return n;
}

/*
 * Hoist the increments of @loop out of it when the cost model says it
 * pays (loop-cost.cc); returns how many.  A block of the loop itself (not
 * of an inner loop) that dominates the exit test runs once per execution
 * of the header, latch executions + 1 times per entry; one that the exit
 * test dominates and that dominates the latch runs once per latch
 * execution.
 */
static unsigned int hoist_loop(class loop *loop)
{
	edge exit = single_exit(loop);
	class tree_niter_desc desc;
	basic_block *body;
	gimple_seq seq = NULL;
	tree latches = NULL_TREE, headers = NULL_TREE;
	unsigned int i, nheaders = 0;
	auto_vec<gimple *> incs;
	struct ap_loop_cost cost;

	if (!exit || !loop_preheader_edge(loop) ||
	    !number_of_iterations_exit(loop, exit, &desc, false, true))
		return 0;
	body = get_loop_body(loop);
	if (!only_exits(loop, body)) {
		free(body);
		return 0;
	}
	/* The per-header increments first, then the per-latch ones. */
	for (int pass = 0; pass < 2; pass++)
		for (i = 0; i < loop->num_nodes; i++) {
			basic_block bb = body[i];
			gimple_stmt_iterator gsi;
			bool per_header;

			if (bb->loop_father != loop)
				continue;
			if (dominated_by_p(CDI_DOMINATORS, exit->src, bb))
				per_header = true;
			else if (dominated_by_p(CDI_DOMINATORS, loop->latch,
						bb))
				per_header = false;
			else
				continue;
			if (per_header != (pass == 0))
				continue;
			for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
			     gsi_next(&gsi))
				if (incremented(gsi_stmt(gsi)))
					incs.safe_push(gsi_stmt(gsi));
			if (per_header)
				nheaders = incs.length();
		}
	if (incs.is_empty()) {
		free(body);
		return 0;
	}
	/* The bill, decided before anything is built: per entry, the trip
	 * count computed, zero when the first exit test leaves, one more
	 * for the per-header increments, and an add per increment. */
	ap_loop_cost_init(&cost, loop, body);
	free(body);
	if (!ap_loop_cost_hoist(&cost, nheaders, incs.length() - nheaders,
				operations(desc.niter) +
				(integer_zerop(desc.may_be_zero) ? 0 :
				 operations(desc.may_be_zero) + 1) +
				(nheaders != 0) + incs.length()))
		return 0;
	/* The latch runs niter times, none if the first exit test leaves. */
	latches = fold_convert(uint64_type_node, unshare_expr(desc.niter));
	if (!integer_zerop(desc.may_be_zero))
		latches = fold_build3(COND_EXPR, uint64_type_node,
				      unshare_expr(desc.may_be_zero),
				      build_zero_cst(uint64_type_node),
				      latches);
	latches = gimple_value(&seq, latches);
	if (nheaders)
		headers = gimple_value(&seq, fold_build2(PLUS_EXPR,
				uint64_type_node, latches,
				build_one_cst(uint64_type_node)));
	for (i = 0; i < incs.length(); i++)
		add_to_counter(&seq, incremented(incs[i]),
			       i < nheaders ? headers : latches);
	for (gimple *stmt : incs) {
		gimple_stmt_iterator gsi = gsi_for_stmt(stmt);

		unlink_stmt_vdef(stmt);
		gsi_remove(&gsi, true);
		release_defs(stmt);
	}
	gsi_insert_seq_on_edge_immediate(loop_preheader_edge(loop), seq);
	return incs.length();
}

/* The most counters one loop keeps in registers: each is a register live
 * through the loop and one add to memory on the way out. */
#define AP_LOOP_REGISTERS 4

/* The most adds to memory put on one loop's exits, all counters of it
 * on every exit: code that a loop of many exits would grow by. */
#define AP_LOOP_EXIT_ADDS 32

/* The index of @counter among the @n of @counters, or @n. */
static unsigned int find_counter(const tree *counters, unsigned int n,
				 tree counter)
{
	unsigned int k;

	for (k = 0; k < n; k++)
		if (operand_equal_p(counters[k], counter, 0))
			break;
	return k;
}

/* Whether @e leaves its loop in a way a statement can be put on. */
static bool plain_exit(const_edge e)
{
	return !(e->flags & (EDGE_ABNORMAL | EDGE_EH));
}

/* An induction variable of a loop, by which the passes on an exit are
 * counted: {base, +, step}, the value on entry and what each pass adds,
 * and the value each pass ends with (the header PHI's latch argument). */
struct pass_iv {
	tree phi;		/* its value at the start of a pass */
	tree next;		/* at the end of the pass */
	tree base;
	HOST_WIDE_INT step;
};

/* Finds in @iv an induction variable of @loop that counts its passes
 * exactly: affine with a constant nonzero step, that SCEV proves never
 * wraps, integer or pointer of at most 64 bits. */
static bool find_pass_iv(class loop *loop, struct pass_iv *iv)
{
	gphi_iterator psi;

	for (psi = gsi_start_phis(loop->header); !gsi_end_p(psi);
	     gsi_next(&psi)) {
		gphi *phi = psi.phi();
		tree res = gimple_phi_result(phi), type = TREE_TYPE(res), step;
		affine_iv a;

		if (virtual_operand_p(res) ||
		    !(INTEGRAL_TYPE_P(type) || POINTER_TYPE_P(type)) ||
		    TYPE_PRECISION(type) > 64 ||
		    !simple_iv(loop, loop, res, &a, true) || !a.no_overflow ||
		    TREE_CODE(a.step) != INTEGER_CST || integer_zerop(a.step))
			continue;
		step = fold_convert(POINTER_TYPE_P(type) ? ssizetype :
				    signed_type_for(type), a.step);
		if (!tree_fits_shwi_p(step))
			continue;
		iv->phi = res;
		iv->next = PHI_ARG_DEF_FROM_EDGE(phi, loop_latch_edge(loop));
		iv->base = PHI_ARG_DEF_FROM_EDGE(phi,
						 loop_preheader_edge(loop));
		iv->step = tree_to_shwi(step);
		if (TREE_CODE(iv->next) != SSA_NAME)
			continue;
		return true;
	}
	return false;
}

/*
 * The passes that ran @bb, of @loop, when @loop is left by @exit, as an
 * expression of @iv: in the pass being left, k passes after the first,
 * the IV is base + k * step at its start and base + (k + 1) * step once
 * stepped; @bb, run once on every pass, has run in this one too when it
 * dominates the exit's block, not yet when the exit's block dominates it.
 * NULL_TREE if neither, or if neither value of the IV is there.  @ops
 * gets the instructions it takes.
 */
static tree passes_on_exit(const class loop *loop, basic_block bb, edge exit,
			   const struct pass_iv *iv, int *ops)
{
	basic_block src = exit->src;
	tree int64 = build_nonstandard_integer_type(64, false);
	HOST_WIDE_INT adjust;
	tree v, diff, n;
	gimple *def = SSA_NAME_DEF_STMT(iv->next);

	if (src->loop_father != loop)
		return NULL_TREE;
	if (dominated_by_p(CDI_DOMINATORS, src, bb))
		adjust = 1;
	else if (src != bb && dominated_by_p(CDI_DOMINATORS, bb, src))
		adjust = 0;
	else
		return NULL_TREE;
	/* Stepped in this pass already: in the loop itself (an inner loop's
	 * value would be its last), before the exit's block. */
	if (gimple_bb(def) && gimple_bb(def)->loop_father == loop &&
	    dominated_by_p(CDI_DOMINATORS, src, gimple_bb(def)) &&
	    gimple_code(def) != GIMPLE_PHI) {
		v = iv->next;
		adjust--;
	} else {
		v = iv->phi;
	}
	if (POINTER_TYPE_P(TREE_TYPE(v)))
		diff = fold_build2(POINTER_DIFF_EXPR, ssizetype, v,
				   unshare_expr(iv->base));
	else
		diff = fold_build2(MINUS_EXPR, uint64_type_node,
				   fold_convert(uint64_type_node, v),
				   fold_convert(uint64_type_node,
						unshare_expr(iv->base)));
	diff = fold_convert(int64, diff);
	n = iv->step == 1 ? diff :
		fold_build2(EXACT_DIV_EXPR, int64, diff,
			    build_int_cst(int64, iv->step));
	n = fold_convert(uint64_type_node, n);
	if (adjust)
		n = fold_build2(PLUS_EXPR, uint64_type_node, n,
				build_int_cst(uint64_type_node, adjust));
	*ops = 2 + (iv->step != 1) + (adjust != 0);
	return n;
}

/*
 * Counters of @loop incremented once on every pass, in one block of the
 * loop itself and nowhere else in it, counted on its exits from an
 * induction variable of its own (passes_on_exit()) instead of on every
 * pass, when the cost model says so: as GCC's final value replacement
 * and IVOPTs do with gcc --coverage's counters once store motion has put
 * them in registers (bzip2's move-to-front loop: a pass of six
 * instructions, and the count a subtraction on the way out).  Only where
 * nothing can leave the loop but its exits; returns the increments
 * taken out.
 */
static unsigned int iv_loop(class loop *loop)
{
	struct pass_iv iv;
	basic_block *body;
	unsigned int i, done = 0;
	struct ap_loop_cost cost;

	if (!loop_preheader_edge(loop) || !loop->latch ||
	    !find_pass_iv(loop, &iv))
		return 0;
	body = get_loop_body(loop);
	auto_vec<edge> exits;
	if (only_exits(loop, body)) {
		auto_vec<edge> all = get_loop_exit_edges(loop, body);

		exits.safe_splice(all);
	}
	for (edge e : exits)
		if (!plain_exit(e) || e->src->loop_father != loop) {
			exits.truncate(0);
			break;
		}
	if (exits.is_empty() || exits.length() > AP_LOOP_EXIT_ADDS) {
		free(body);
		return 0;
	}
	ap_loop_cost_init(&cost, loop, body);
	for (i = 0; i < loop->num_nodes; i++) {
		basic_block bb = body[i];
		gimple_stmt_iterator gsi;

		if (bb->loop_father != loop ||
		    !just_once_each_iteration_p(loop, bb))
			continue;
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi);) {
			gimple *stmt = gsi_stmt(gsi);
			tree counter = incremented(stmt);
			unsigned int j, others = 0;
			int ops = 0, most = 0;
			bool ok = counter != NULL_TREE;

			/* Incremented here alone in the loop. */
			for (j = 0; ok && j < loop->num_nodes; j++) {
				gimple_stmt_iterator g;

				for (g = gsi_start_bb(body[j]); !gsi_end_p(g);
				     gsi_next(&g)) {
					tree c = incremented(gsi_stmt(g));

					others += c && operand_equal_p(c,
							counter, 0);
				}
			}
			ok = ok && others == 1;
			auto_vec<tree> adds;
			for (edge e : exits) {
				tree n;

				if (!ok)
					break;
				n = passes_on_exit(loop, bb, e, &iv, &ops);
				ok = n != NULL_TREE;
				adds.safe_push(n);
				most = MAX(most, ops);
			}
			if (!ok || !ap_loop_cost_iv(&cost, bb->index, most)) {
				gsi_next(&gsi);
				continue;
			}
			for (j = 0; j < exits.length(); j++) {
				gimple_seq seq = NULL;

				add_to_counter(&seq, counter,
					       gimple_value(&seq, adds[j]));
				gsi_insert_seq_on_edge(exits[j], seq);
			}
			unlink_stmt_vdef(stmt);
			gsi_remove(&gsi, true);
			release_defs(stmt);
			done++;
		}
	}
	free(body);
	return done;
}

/* Whether @bb, in @loop, runs on at least half of its passes, by GCC's
 * estimate: a counter incremented there makes a chain through memory. */
static bool most_passes(const class loop *loop, basic_block bb)
{
	profile_count header = loop->header->count;

	if (!header.initialized_p() || !bb->count.initialized_p())
		return dominated_by_p(CDI_DOMINATORS, loop->latch, bb);
	/* Half, give or take the rounding of two 50 % arms. */
	return bb->count.apply_scale(201, 100) >= header;
}

/* The runs of @bb per pass of @loop, by GCC's estimate; without one,
 * half where most_passes() says so (the least it guarantees), else
 * none. */
static double runs_per_pass(const class loop *loop, basic_block bb)
{
	profile_count header = loop->header->count;

	if (!header.nonzero_p() || !bb->count.initialized_p())
		return most_passes(loop, bb) ? 0.5 : 0;
	return bb->count.to_sreal_scale(header).to_double();
}

/* The most statements besides its increment that an arm may hold and
 * still be folded: what GCC's if-conversion turns into a conditional move
 * (a value computed on one side of a branch, slide_hash()'s
 * "m >= wsize ? m - wsize : NIL"). */
#define AP_ARM_STMTS 2

/* Whether @bb, in @loop, has one predecessor and one successor, the
 * latter in the loop and not its own loop's header, and holds nothing but
 * cheap register arithmetic: no memory, nothing that may trap, at most
 * @limit statements besides increments.  Such an arm of a branch is a
 * conditional move in the plain program. */
static bool cheap_arm(const class loop *loop, basic_block bb, int limit)
{
	gimple_stmt_iterator gsi;

	if (!single_pred_p(bb) || !single_succ_p(bb) ||
	    (single_succ_edge(bb)->flags & EDGE_COMPLEX) ||
	    !flow_bb_inside_loop_p(loop, single_succ(bb)) ||
	    single_succ(bb) == bb->loop_father->header)
		return false;
	for (gsi = gsi_start_nondebug_bb(bb); !gsi_end_p(gsi);
	     gsi_next_nondebug(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);

		if (incremented(stmt))
			continue;
		if (!is_gimple_assign(stmt) || gimple_vuse(stmt) ||
		    gimple_could_trap_p(stmt) || --limit < 0)
			return false;
	}
	return true;
}

/*
 * The edge from the branch into @bb when @bb is an arm of an if-then or
 * an if-then-else in @loop that GCC could make branch-free but for the
 * increments in it: the branch tests integers or pointers, the arm
 * (and the other one, for an if-then-else) holds only cheap_arm()'s
 * statements and rejoins the other path at once.  An increment there is
 * folded into the branch block as "register += condition" (fold_arm()),
 * the arm is left as in the plain program, and GCC's if-conversion
 * decides as it would there.  Else NULL.
 */
static edge foldable_arm(const class loop *loop, basic_block bb)
{
	edge e, other;
	basic_block cond_bb, join;
	gimple *last;

	if (!cheap_arm(loop, bb, AP_ARM_STMTS))
		return NULL;
	e = single_pred_edge(bb);
	cond_bb = e->src;
	join = single_succ(bb);
	if (!(e->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE)) ||
	    !flow_bb_inside_loop_p(loop, cond_bb) ||
	    cond_bb->loop_father != bb->loop_father)
		return NULL;
	last = last_nondebug_stmt(cond_bb);
	if (!last || gimple_code(last) != GIMPLE_COND ||
	    !(INTEGRAL_TYPE_P(TREE_TYPE(gimple_cond_lhs(last))) ||
	      POINTER_TYPE_P(TREE_TYPE(gimple_cond_lhs(last)))))
		return NULL;
	other = EDGE_SUCC(cond_bb, EDGE_SUCC(cond_bb, 0) == e ? 1 : 0);
	if (other->dest == join)
		return e;
	if (other->dest != bb && single_succ_p(other->dest) &&
	    single_succ(other->dest) == join &&
	    cheap_arm(loop, other->dest, AP_ARM_STMTS))
		return e;
	return NULL;
}

/* "@reg += condition of @arm", before the branch that @arm leaves. */
static void fold_arm(edge arm, tree reg)
{
	gcond *cond = as_a<gcond *>(last_nondebug_stmt(arm->src));
	gimple_stmt_iterator gsi = gsi_for_stmt(cond);
	enum tree_code code = gimple_cond_code(cond);
	tree taken = make_ssa_name(boolean_type_node);
	tree wide = make_ssa_name(uint64_type_node);

	if (arm->flags & EDGE_FALSE_VALUE)
		code = invert_tree_comparison(code, false);
	gsi_insert_before(&gsi, gimple_build_assign(taken, code,
			unshare_expr(gimple_cond_lhs(cond)),
			unshare_expr(gimple_cond_rhs(cond))), GSI_SAME_STMT);
	gsi_insert_before(&gsi, gimple_build_assign(wide, NOP_EXPR, taken),
			  GSI_SAME_STMT);
	gsi_insert_before(&gsi, gimple_build_assign(reg, PLUS_EXPR, reg,
						    wide), GSI_SAME_STMT);
}

/* Whether an increment in @bb, of @loop, can fold into its branch. */
static bool arm_p(const class loop *loop, basic_block bb)
{
	return foldable_arm(loop, bb) != NULL;
}

/* Adds to the @n of @counters those that @bb increments when @want says
 * so of @bb, up to AP_LOOP_REGISTERS; returns false if there were more,
 * unless @if_room. */
static bool add_counters(const class loop *loop, basic_block bb,
			 bool (*want)(const class loop *, basic_block),
			 tree *counters, unsigned int *n, bool if_room)
{
	gimple_stmt_iterator gsi;

	if (!want(loop, bb))
		return true;
	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		tree counter = incremented(gsi_stmt(gsi));

		if (!counter || find_counter(counters, *n, counter) < *n)
			continue;
		if (*n == AP_LOOP_REGISTERS)
			return if_room;
		counters[(*n)++] = counter;
	}
	return true;
}

/* An increment of a loop's counter k, and how register_loop() counts
 * it: "+= 1" where it is; "+= condition" in the branch block of @arm;
 * or, @passes, "+= 1" there: the branch's passes, from which the other
 * arm's count is taken away on the exits. */
struct increment {
	gimple *stmt;
	unsigned int k;
	edge arm;
	bool passes;
};

/*
 * Where both arms of one branch fold, each into its own register, the
 * false arm's register counts the branch's passes instead and @minus
 * records that the true arm's is taken from it: one "+= 1" where there
 * were two conditional adds, and when the branch runs once per pass of a
 * loop whose passes GCC can count, not even that (final value
 * replacement computes it on the exit; slide_hash()'s two loops keep no
 * count at all).  Only for counters incremented once in the loop
 * (@uses), so that the register holds that arm's count alone.
 */
static void pair_arms(vec<struct increment> &incs, const unsigned int *uses,
		      int *minus)
{
	for (struct increment &f : incs) {
		if (!f.arm || !(f.arm->flags & EDGE_FALSE_VALUE) ||
		    uses[f.k] != 1)
			continue;
		for (const struct increment &t : incs)
			if (t.arm && t.arm->src == f.arm->src &&
			    (t.arm->flags & EDGE_TRUE_VALUE) &&
			    uses[t.k] == 1) {
				f.passes = true;
				minus[f.k] = t.k;
				break;
			}
	}
}

/*
 * Keep the hot counters of @loop's body, its inner loops' included, in
 * registers; returns how many increments that took, or -1 for a loop that
 * does not qualify, whose inner loops may.  An increment in memory is a
 * chain from one pass to the next: an add to what the previous pass
 * stored, which waits for that store to be forwarded, several cycles
 * where the plain loop takes one or two (SQLite's lengthFunc() and
 * sqlite3_str_vappendf() scan strings a byte a pass: with the asm,
 * speedtest1 spent 4 % more of its time there, by perf's cpu-clock
 * samples).  Each counter instead gets a register, zeroed on the
 * preheader edge, one more on each pass that increments it, and added
 * into the counter on every exit edge, where the register's zero costs
 * nothing: no flag as GCC's store motion needs.  Only where nothing can
 * leave the loop but its exits (only_exits(): calls are const or pure,
 * or built-ins that return), so every pass counted is added in before
 * other code runs, but for a signal handler (arcov-plugin.7).  The
 * counters of arms that fold take the registers the hot ones leave.
 */
static int register_loop(class loop *loop, unsigned int *folded)
{
	tree counters[AP_LOOP_REGISTERS], regs[AP_LOOP_REGISTERS];
	unsigned int i, n = 0, subtractions = 0;
	int done = 0;
	basic_block *body;
	bool fits = true;
	double runs = 0;
	struct ap_loop_cost cost;

	if (!loop_preheader_edge(loop))
		return -1;
	body = get_loop_body(loop);
	for (i = 0; i < loop->num_nodes && fits; i++)
		fits = add_counters(loop, body[i], most_passes, counters, &n,
				    false);
	/* Arms that fold, if there is room: without, they stay in memory. */
	for (i = 0; i < loop->num_nodes && fits; i++)
		add_counters(loop, body[i], arm_p, counters, &n, true);
	auto_vec<edge> exits;
	if (n && fits && only_exits(loop, body)) {
		/* Spliced, not assigned: GCC 11's auto_vec has no move
		 * assignment, and its implicit copy would free twice. */
		auto_vec<edge> all = get_loop_exit_edges(loop, body);

		exits.safe_splice(all);
	}
	if (exits.length() * n > AP_LOOP_EXIT_ADDS)
		exits.truncate(0);
	for (edge e : exits)
		if (!plain_exit(e)) {
			exits.truncate(0);
			break;
		}
	if (exits.is_empty()) {
		if (dump_file && n)
			fprintf(dump_file, "arcov: loop %d: %s: plain "
				"increments\n", loop->num, !fits ?
				"more hot counters than registers" :
				"a call, or an exit no add can go on");
		free(body);
		return -1;
	}

	/* What becomes of each increment, decided before any is changed:
	 * whether an arm can fold depends on what its sibling holds. */
	auto_vec<struct increment> incs;
	unsigned int uses[AP_LOOP_REGISTERS] = { 0 };
	int minus[AP_LOOP_REGISTERS];
	for (i = 0; i < n; i++)
		minus[i] = -1;
	for (i = 0; i < loop->num_nodes; i++) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(body[i]); !gsi_end_p(gsi);
		     gsi_next(&gsi)) {
			struct increment inc;
			tree counter = incremented(gsi_stmt(gsi));

			if (!counter ||
			    (inc.k = find_counter(counters, n, counter)) == n)
				continue;
			inc.stmt = gsi_stmt(gsi);
			inc.arm = foldable_arm(loop, body[i]);
			inc.passes = false;
			uses[inc.k]++;
			runs += runs_per_pass(loop, body[i]);
			incs.safe_push(inc);
		}
	}
	pair_arms(incs, uses, minus);
	for (i = 0; i < n; i++)
		subtractions += minus[i] >= 0;
	/* Folded arms: a condition added on every pass where the asm added
	 * on the arm's, and each branch that GCC's if-conversion may then
	 * remove, as in the plain program, which it does when the branch is
	 * not predictable by its probability (predictable_edge_p()). */
	double branches = 0;
	unsigned int folds = 0;
	hash_set<basic_block> conds;
	for (const struct increment &inc : incs) {
		if (!inc.arm)
			continue;
		folds += !inc.passes;
		if (!conds.add(inc.arm->src) && !predictable_edge_p(inc.arm))
			branches += runs_per_pass(loop, inc.arm->src);
	}
	/* The bill (loop-cost.cc): a loop it refuses keeps its increments,
	 * its inner loops may still take registers of their own. */
	ap_loop_cost_init(&cost, loop, body);
	free(body);
	if (!ap_loop_cost_registers(&cost, n, runs, subtractions,
				    incs.length(), folds, branches))
		return -1;

	gimple_seq zero = NULL;
	for (i = 0; i < n; i++) {
		regs[i] = create_tmp_reg(uint64_type_node, "arcov_pass");
		gimple_seq_add_stmt(&zero, gimple_build_assign(regs[i],
				build_zero_cst(uint64_type_node)));
	}
	for (struct increment &inc : incs) {
		gimple_stmt_iterator gsi = gsi_for_stmt(inc.stmt);
		tree one = build_one_cst(uint64_type_node);

		unlink_stmt_vdef(inc.stmt);
		if (inc.passes) {
			gimple_stmt_iterator at = gsi_last_bb(inc.arm->src);

			gsi_insert_before(&at, gimple_build_assign(regs[inc.k],
					PLUS_EXPR, regs[inc.k], one),
					  GSI_SAME_STMT);
			gsi_remove(&gsi, true);
		} else if (inc.arm) {
			fold_arm(inc.arm, regs[inc.k]);
			gsi_remove(&gsi, true);
		} else {
			gsi_replace(&gsi, gimple_build_assign(regs[inc.k],
					PLUS_EXPR, regs[inc.k], one), true);
		}
		release_defs(inc.stmt);
		if (inc.arm && dump_file)
			fprintf(dump_file, "arcov: bb %d: %s folded into its "
				"branch\n", inc.arm->dest->index,
				inc.passes ? "passes" :
				inc.arm->flags & EDGE_TRUE_VALUE ? "true arm" :
				"false arm");
		*folded += inc.arm != NULL;
		done++;
	}
	if (dump_file)
		fprintf(dump_file, "arcov: loop %d: %u counters in registers\n",
			loop->num, n);
	gsi_insert_seq_on_edge_immediate(loop_preheader_edge(loop), zero);
	for (edge e : exits) {
		gimple_seq add = NULL;

		for (i = 0; i < n; i++) {
			tree sum = regs[i];

			if (minus[i] >= 0) {
				sum = make_ssa_name(uint64_type_node);
				gimple_seq_add_stmt(&add, gimple_build_assign(sum,
						MINUS_EXPR, regs[i],
						regs[minus[i]]));
			}
			add_to_counter(&add, counters[i], sum);
		}
		gsi_insert_seq_on_edge_immediate(e, add);
	}
	return done;
}

/* register_loop() on the outermost loops of @loop's nest that take it. */
static unsigned int register_nest(class loop *loop, unsigned int *folded)
{
	unsigned int done = 0;
	class loop *inner;

	if (loop_outer(loop)) {
		int r = register_loop(loop, folded);

		if (r >= 0)
			return r;
	}
	for (inner = loop->inner; inner; inner = inner->next)
		done += register_nest(inner, folded);
	return done;
}

static unsigned int loops_execute(function *fun)
{
	unsigned int hoisted = 0, derived = 0, registered = 0, folded = 0;

	if (number_of_loops(fun) <= 1)
		return 0;
	loop_optimizer_init(LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
	scev_initialize();
	for (auto loop : loops_list(fun, LI_FROM_INNERMOST))
		hoisted += hoist_loop(loop);
	for (auto loop : loops_list(fun, LI_FROM_INNERMOST))
		derived += iv_loop(loop);
	/* Inserted once all are found: splitting an exit edge changes the
	 * dominators the others are found by. */
	gsi_commit_edge_inserts();
	registered = register_nest(loops_for_fn(fun)->tree_root, &folded);
	/* The cost model's iteration estimates keep statements of the
	 * bodies (loop->bounds), some of which are gone now. */
	free_numbers_of_iterations_estimates(fun);
	/* ... and what they computed to find them, which no pass after
	 * this one may find. */
	free_dominance_info(CDI_POST_DOMINATORS);
	scev_finalize();
	loop_optimizer_finalize();
	if (dump_file)
		fprintf(dump_file, "arcov: %u increments hoisted out of loops, "
			"%u kept in registers, %u of them folded into "
			"branches, %u counted from induction variables\n",
			hoisted, registered, folded, derived);
	if (!hoisted && !registered && !derived)
		return 0;
	/* Atomic increments are calls, which the call graph lists. */
	if (ap_opts.atomic)
		cgraph_edge::rebuild_edges();
	mark_virtual_operands_for_renaming(fun);
	/* The registers are variables yet, which the renamer makes SSA
	 * names with the PHIs they need. */
	return registered ? TODO_update_ssa : TODO_update_ssa_only_virtuals;
}

ARCOV_GIMPLE_PASS(make_pass, "arcov_loops", loops_gate, loops_execute,
		  PROP_cfg | PROP_ssa)

/**
 * ap_loop_counts_pass - the pass, for plugin.cc to register after
 * "laddress", which the first "lim" follows.
 */
opt_pass *ap_loop_counts_pass(void)
{
	return make_pass();
}
