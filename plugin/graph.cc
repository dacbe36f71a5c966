/* graph.cc -- one function's flow graph as the .bbg describes it.
 *
 * Follows GCC 3.3's branch_prob() (doc/formats.md §3.3): checksum on the plain
 * CFG, fake arcs for calls that may not return and for blocks that cannot
 * reach EXIT, abnormal and exception edges replaced by fake arcs to EXIT and
 * from ENTRY, then a spanning tree whose arcs get no counter.  Unlike 3.3,
 * which filled the tree in edge-list order, the tree here prefers arcs that
 * a static branch prediction in GCC's manner guesses hot, so counters sit on
 * cold arcs (and, other things equal, off critical edges).  A call to a
 * function of the unit that is proved to return (ap_returns_analyze)
 * still ends its block but gets no fake arc, as GCC 3.3 added none for
 * the calls it knew to return: such an arc would count 0 and, being
 * fake, would have to sit on the tree (3.3 readers such as ggcov refuse
 * a fake arc off it), costing a counter on the path after the call.
 */
#include "compat.h"
#include "arcov-plugin.h"

/**
 * ap_block_number - gcov number of @bb (entry 0, exit g->nblocks - 1) in
 * the current function, whose blocks ap_graph_build() compacted.
 */
uint32_t ap_block_number(const struct ap_graph *g, basic_block bb)
{
	if (bb == ENTRY_BLOCK_PTR_FOR_FN(cfun))
		return 0;
	if (bb == EXIT_BLOCK_PTR_FOR_FN(cfun))
		return g->nblocks - 1;
	/* Blocks are compacted: real GCC indices start at NUM_FIXED_BLOCKS. */
	return (uint32_t)(bb->index - NUM_FIXED_BLOCKS + 1);
}

/* §3.5 over the blocks as they are now (compacted, before fake arcs). */
static uint32_t plain_checksum(function *fun)
{
	uint32_t nreal = n_basic_blocks_for_fn(fun) - NUM_FIXED_BLOCKS;
	uint32_t *start = XNEWVEC(uint32_t, nreal + 1);
	uint32_t *succ = XNEWVEC(uint32_t, n_edges_for_fn(fun) + 1);
	uint32_t b = 0, k = 0, sum;
	basic_block bb;
	edge_iterator ei;
	edge e;

	FOR_EACH_BB_FN(bb, fun) {
		start[b++] = k;
		FOR_EACH_EDGE(e, ei, bb->succs) {
			if (e->dest == EXIT_BLOCK_PTR_FOR_FN(fun))
				succ[k++] = nreal + 1;
			else
				succ[k++] = e->dest->index - NUM_FIXED_BLOCKS + 1;
		}
	}
	start[b] = k;
	sum = arcov_bbg_checksum(nreal, start, succ);
	XDELETEVEC(start);
	XDELETEVEC(succ);
	return sum;
}

/*
 * Functions whose call returns twice although GCC does not say so: the
 * fork family returns once in the parent and once in the child.  The
 * runtime zeroes the child's counters at fork, so the two processes'
 * counts add up to those of one process in which the call returned twice:
 * the arcs after it run twice, the arcs before it once.  vfork, setjmp and
 * the like GCC already marks returns_twice (ECF_RETURNS_TWICE).  clone and
 * posix_spawn start the child elsewhere, not after the call.
 */
static const char *const fork_names[] = { "fork", "_Fork", "forkpty" };

static bool returns_twice_p(gimple *stmt)
{
	gcall *call = dyn_cast<gcall *>(stmt);
	tree fndecl = call ? gimple_call_fndecl(call) : NULL_TREE;
	const char *name;
	size_t i;

	if (!call)
		return false;
	if (gimple_call_flags(call) & ECF_RETURNS_TWICE)
		return true;
	if (!fndecl || !TREE_PUBLIC(fndecl) || !DECL_EXTERNAL(fndecl))
		return false;
	name = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fndecl));
	for (i = 0; i < ARRAY_SIZE(fork_names); i++)
		if (!strcmp(name, fork_names[i]))
			return true;
	return false;
}

/*
 * §3.3 step 4: a call that returns twice starts its block, which gets a
 * fake arc from ENTRY carrying the second return; the block then counts
 * the call's returns, and the arcs before the call (run once) and after it
 * (run twice) stay consistent.  GCC's own CFG has that shape for
 * returns_twice calls when their abnormal dispatcher edge survived (step 5
 * turns it into the same fake arc); the fork family and calls whose
 * dispatcher was cleaned away get it here.
 */
static void split_returns_twice(function *fun)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fun) {
		gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb(bb);
		bool first = true;
		edge e;

		for (; !gsi_end_p(gsi); gsi_next_nondebug(&gsi), first = false) {
			gimple_stmt_iterator prev = gsi;

			if (!returns_twice_p(gsi_stmt(gsi)))
				continue;
			if (!first) {
				/* The block after the split comes next in
				 * this walk, with the call first. */
				gsi_prev(&prev);
				split_block(bb, gsi_stmt(prev));
				break;
			}
			/* An arc from ENTRY can carry only one of the counts;
			 * a plain one moves to a block of its own. */
			e = find_edge(ENTRY_BLOCK_PTR_FOR_FN(fun), bb);
			if (e && !(e->flags & EDGE_FAKE))
				split_edge(e);
			if (!find_edge(ENTRY_BLOCK_PTR_FOR_FN(fun), bb))
				make_edge(ENTRY_BLOCK_PTR_FOR_FN(fun), bb,
					  EDGE_FAKE);
		}
	}
}

/* The unit's functions that return to their caller whenever they are
 * called (ap_returns_analyze); NULL outside the analysis's lifetime. */
static hash_set<tree> *returning;

/* The calls of the current function proved to return, while its graph
 * is built (each ends its block, which later splits may renumber). */
static vec<gimple *> *proved;

/* The function of this unit that @stmt calls, if its body is the one a
 * call runs: not replaceable at link or load time, not an extern inline
 * body standing for a definition elsewhere.  NULL_TREE otherwise. */
static tree unit_callee(gimple *stmt)
{
	gcall *call = dyn_cast<gcall *>(stmt);
	tree fndecl = call ? gimple_call_fndecl(call) : NULL_TREE;
	cgraph_node *node = fndecl ? cgraph_node::get(fndecl) : NULL;
	enum availability avail;

	if (!node)
		return NULL_TREE;
	node = node->ultimate_alias_target(&avail);
	if (avail < AVAIL_AVAILABLE || !node->has_gimple_body_p() ||
	    DECL_EXTERNAL(node->decl))
		return NULL_TREE;
	return node->decl;
}

/*
 * §3.3 step 2: whether @stmt may keep control from going on in its block,
 * by GCC's own rule (stmt_can_terminate_bb_p, which its -fprofile-arcs
 * uses too): a statement that may throw out of the function, a call other
 * than to a nothrow built-in (fork excepted) or to a const or pure
 * function that surely ends, a volatile asm.  A call to an exec function,
 * already sent to libarcov's wrapper, is an ordinary call here: the counts
 * written before the new image starts do not run the line after it (gcov
 * 12, for which execl is a nothrow built-in, counts that line).
 */
static bool needs_fake_arc(gimple *stmt)
{
	/* The time profile's hooks (profile.cc) always return. */
	return stmt_can_terminate_bb_p(stmt) && !ap_profile_hook_p(stmt);
}

/* Whether the call @stmt ending @bb surely returns, so that its fake arc
 * would surely count 0: the callee is proved to return, and no exception
 * or abnormal edge leaves the call (which GCC would see if the callee
 * might throw or the function calls setjmp). */
static bool proved_returns(basic_block bb, gimple *stmt)
{
	tree callee = returning ? unit_callee(stmt) : NULL_TREE;
	edge_iterator ei;
	edge e;

	if (!callee || !returning->contains(callee))
		return false;
	FOR_EACH_EDGE(e, ei, bb->succs)
		if (e->flags & (EDGE_ABNORMAL | EDGE_EH))
			return false;
	return true;
}

/* Whether every block of @fun can reach EXIT: no loop without a way out. */
static bool all_reach_exit(function *fun)
{
	auto_vec<basic_block> work;
	auto_sbitmap seen(last_basic_block_for_fn(fun));
	int nseen = 1;
	edge_iterator ei;
	edge e;

	bitmap_clear(seen);
	bitmap_set_bit(seen, EXIT_BLOCK);
	work.safe_push(EXIT_BLOCK_PTR_FOR_FN(fun));
	while (!work.is_empty()) {
		basic_block bb = work.pop();

		FOR_EACH_EDGE(e, ei, bb->preds)
			if (!bitmap_bit_p(seen, e->src->index)) {
				bitmap_set_bit(seen, e->src->index);
				nseen++;
				work.safe_push(e->src);
			}
	}
	return nseen == n_basic_blocks_for_fn(fun);
}

/* A block ending in a computed goto: its abnormal edges are jumps inside
 * the function, not a way out of it. */
static bool computed_goto_block_p(basic_block bb)
{
	gimple_stmt_iterator gsi = gsi_last_nondebug_bb(bb);

	return !gsi_end_p(gsi) && computed_goto_p(gsi_stmt(gsi));
}

/*
 * Whether @fun may end a call without returning for a reason of its own:
 * a statement that may not let control go on (needs_fake_arc() without the
 * analysis) other than a call to a function of the unit, a block without
 * successors (a noreturn call), setjmp or a non-local label, an abnormal
 * edge other than a computed goto's, an exception edge, or a part that
 * cannot reach EXIT (a loop without a way out).  Its calls to functions of
 * the unit go on @callees.
 */
static bool may_leave(function *fun, vec<tree> *callees)
{
	basic_block bb;
	edge_iterator ei;
	edge e;

	if (fun->calls_setjmp || fun->has_nonlocal_label)
		return true;
	FOR_EACH_BB_FN(bb, fun) {
		gimple_stmt_iterator gsi;

		if (EDGE_COUNT(bb->succs) == 0)
			return true;
		FOR_EACH_EDGE(e, ei, bb->succs)
			if ((e->flags & EDGE_EH) ||
			    ((e->flags & EDGE_ABNORMAL) &&
			     !computed_goto_block_p(bb)))
				return true;
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			tree callee;

			if (!needs_fake_arc(stmt))
				continue;
			callee = unit_callee(stmt);
			if (!callee)
				return true;
			callees->safe_push(callee);
		}
	}
	return !all_reach_exit(fun);
}

/**
 * ap_returns_analyze - find which of the unit's functions always return.
 * @fns: every function of the unit with a body
 * @n:   how many
 *
 * A call gets a fake arc to EXIT because it may not return (it may exit,
 * abort, longjmp or throw); when the callee is a function of this unit
 * that cannot do any of these, the arc's count would be 0, and the call
 * gets none (add_call_fake_arcs()): on the spanning tree, as fake arcs
 * must be, it would cost a counter on the path after the call.  A
 * function returns unless it may leave by itself
 * (may_leave()) or calls one that may not return.  Starting from every
 * function that does not leave by itself and removing callers of removed
 * functions until nothing changes gives the largest such set, which keeps
 * call cycles: every statement a call into the set can execute, however
 * deep its recursion, belongs to a function of the set and so can neither
 * exit nor jump out, and the call can only return or never end.  A call
 * that never ends (endless recursion, a loop that does not terminate)
 * leaves no counts behind but those a signal may make the program write,
 * which no flow graph describes: GCC's own arcs assume a loop that can
 * exit does exit.  Asynchronous ends (signals, another thread's exit())
 * are outside the model as they are for GCC.
 */
void ap_returns_analyze(tree *fns, unsigned int n)
{
	vec<tree> *callees = XCNEWVEC(vec<tree>, n);
	bool changed = true;
	unsigned int i, k;

	returning = new hash_set<tree>;
	for (i = 0; i < n; i++) {
		bool leaves;

		push_cfun(DECL_STRUCT_FUNCTION(fns[i]));
		leaves = may_leave(cfun, &callees[i]);
		pop_cfun();
		if (!leaves)
			returning->add(fns[i]);
	}
	while (changed) {
		changed = false;
		for (i = 0; i < n; i++) {
			if (!returning->contains(fns[i]))
				continue;
			for (k = 0; k < callees[i].length(); k++)
				if (!returning->contains(callees[i][k]))
					break;
			if (k < callees[i].length()) {
				returning->remove(fns[i]);
				changed = true;
			}
		}
	}
	for (i = 0; i < n; i++)
		callees[i].release();
	XDELETEVEC(callees);
}

/**
 * ap_returns_release - forget what ap_returns_analyze() found.
 */
void ap_returns_release(void)
{
	delete returning;
	returning = NULL;
}

/*
 * §3.3 step 2, GCC's gimple_flow_call_edges_add(): a statement that may
 * not let control go on ends its block, which gets a fake arc to EXIT.  As
 * there, a call ending the last block first gets an empty statement after
 * it, so that its fake arc to EXIT stays apart from the block's
 * fall-through to EXIT.  A call proved to return ends its block too, so
 * the blocks and the .bb lines are those of any call, but it gets no fake
 * arc (the call goes on proved): GCC 3.3 added none for the calls it
 * knew to return, and one would cost a counter after the call, its count,
 * 0, having to be derived on the spanning tree.
 */
static void add_call_fake_arcs(function *fun)
{
	basic_block bb = EXIT_BLOCK_PTR_FOR_FN(fun)->prev_bb;
	int last_bb = last_basic_block_for_fn(fun);
	gimple_stmt_iterator gsi;
	edge e;
	int i;

	if (n_basic_blocks_for_fn(fun) == NUM_FIXED_BLOCKS)
		return;
	gsi = gsi_last_nondebug_bb(bb);
	if (!gsi_end_p(gsi) && needs_fake_arc(gsi_stmt(gsi))) {
		e = find_edge(bb, EXIT_BLOCK_PTR_FOR_FN(fun));
		if (e) {
			gsi_insert_on_edge(e, gimple_build_nop());
			gsi_commit_edge_inserts();
		}
	}
	/* Blocks split off below come after last_bb and hold nothing left
	 * to look at. */
	for (i = 0; i < last_bb; i++) {
		gimple *last;

		bb = BASIC_BLOCK_FOR_FN(fun, i);
		if (!bb || bb == ENTRY_BLOCK_PTR_FOR_FN(fun) ||
		    bb == EXIT_BLOCK_PTR_FOR_FN(fun))
			continue;
		gsi = gsi_last_nondebug_bb(bb);
		if (gsi_end_p(gsi))
			continue;
		last = gsi_stmt(gsi);
		for (; !gsi_end_p(gsi); gsi_prev(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (!needs_fake_arc(stmt))
				continue;
			if (stmt != last)
				split_block(bb, stmt);
			if (proved_returns(bb, stmt))
				proved->safe_push(stmt);
			else
				make_edge(bb, EXIT_BLOCK_PTR_FOR_FN(fun),
					  EDGE_FAKE);
		}
	}
}

/*
 * A block entered by an abnormal or exception edge gets a fake arc from
 * ENTRY; if it also ends in a call that may not return (or leaves by such
 * an edge) it gets a fake arc to EXIT.  With the loop-back arc the two
 * close a cycle of arcs none of which can be counted, and GCC 3.3's rule
 * drops the second one (a fake arc off the tree, §3.3): the block then
 * reads what went on after the call, not what entered it.  A computed
 * goto's target that calls a function which longjmps (Lua's OP_MMBIN case
 * of luaV_execute, entered 118 times, 17 of them raising an error) read
 * 101.  Such a block is split after its labels, so that the arc between
 * the two halves, a real one, closes the cycle and can be counted; both
 * fake arcs stay on the tree.  A call that returns twice (its fake arc
 * from ENTRY is the second return, and it always returns) and GCC's
 * abnormal dispatcher (never run) keep their shape.
 */
static void split_fake_cycles(function *fun)
{
	basic_block bb;
	edge_iterator ei;
	edge e;

	FOR_EACH_BB_FN(bb, fun) {
		gimple_stmt_iterator gsi;
		gimple *first;
		bool real_in = false;

		if (!find_edge(ENTRY_BLOCK_PTR_FOR_FN(fun), bb) ||
		    !find_edge(bb, EXIT_BLOCK_PTR_FOR_FN(fun)))
			continue;
		FOR_EACH_EDGE(e, ei, bb->preds)
			if (e->flags & (EDGE_ABNORMAL | EDGE_EH))
				real_in = true;
		gsi = gsi_start_nondebug_after_labels_bb(bb);
		if (!real_in || gsi_end_p(gsi))
			continue;
		first = gsi_stmt(gsi);
		if (returns_twice_p(first) ||
		    gimple_call_internal_p(first, IFN_ABNORMAL_DISPATCHER))
			continue;
		split_block_after_labels(bb);
	}
}

/*
 * GCC 12's branch_prob(): "Edge with goto locus might get wrong coverage
 * info unless it is the only edge out of BB."  A jump the CFG builder
 * folded into an edge (the "break;" of "f (); break;") has its line on
 * the edge; when the block has other ways out, the fake arc of the call
 * among them, the block's count is not the jump's, and the edge is split
 * so that the jump gets a block of its own (notes.cc lists its line
 * there, from the new block's only edge).  As in GCC, not when the jump
 * is on the line of the block's last statement ("if (x) goto out;" is
 * not counted twice).  A block and an arc more: no counter more.
 */
static void split_goto_edges(function *fun)
{
	int last_bb = last_basic_block_for_fn(fun);
	int i;

	for (i = NUM_FIXED_BLOCKS; i < last_bb; i++) {
		basic_block bb = BASIC_BLOCK_FOR_FN(fun, i);
		gimple_stmt_iterator gsi;
		location_t at = UNKNOWN_LOCATION;
		edge_iterator ei;
		edge e;

		if (!bb || single_succ_p(bb))
			continue;
		for (gsi = gsi_last_nondebug_bb(bb); !gsi_end_p(gsi) &&
		     RESERVED_LOCATION_P(at); gsi_prev_nondebug(&gsi))
			at = gimple_location(gsi_stmt(gsi));
		if (RESERVED_LOCATION_P(at))
			continue;
		for (ei = ei_start(bb->succs); ei_cond(ei, &e); ei_next(&ei)) {
			basic_block nb;

			if ((e->flags & (EDGE_FAKE | EDGE_ABNORMAL | EDGE_EH)) ||
			    RESERVED_LOCATION_P(e->goto_locus) ||
			    (LOCATION_FILE(e->goto_locus) == LOCATION_FILE(at) &&
			     LOCATION_LINE(e->goto_locus) == LOCATION_LINE(at)))
				continue;
			/* The edge stays in bb->succs, now into nb. */
			nb = split_edge(e);
			single_succ_edge(nb)->goto_locus = e->goto_locus;
			e->goto_locus = UNKNOWN_LOCATION;
		}
	}
}

/* §3.3 steps 2-5.  Exception edges count as abnormal, as they were in 3.3. */
static void add_fake_arcs(function *fun)
{
	basic_block bb;
	edge_iterator ei;
	edge e;

	split_returns_twice(fun);
	add_call_fake_arcs(fun);
	add_noreturn_fake_exit_edges();
	split_goto_edges(fun);
	/* An endless loop never reaches EXIT; without an arc out of it the
	 * graph would have a part the loopback arc cannot close. */
	connect_infinite_loops_to_exit();

	FOR_EACH_BB_FN(bb, fun) {
		bool need_exit = false, have_exit = false;
		bool need_entry = false, have_entry = false;

		FOR_EACH_EDGE(e, ei, bb->succs) {
			if ((e->flags & (EDGE_ABNORMAL | EDGE_EH)) &&
			    e->dest != EXIT_BLOCK_PTR_FOR_FN(fun))
				need_exit = true;
			if (e->dest == EXIT_BLOCK_PTR_FOR_FN(fun))
				have_exit = true;
		}
		FOR_EACH_EDGE(e, ei, bb->preds) {
			if ((e->flags & (EDGE_ABNORMAL | EDGE_EH)) &&
			    e->src != ENTRY_BLOCK_PTR_FOR_FN(fun))
				need_entry = true;
			if (e->src == ENTRY_BLOCK_PTR_FOR_FN(fun))
				have_entry = true;
		}
		if (need_exit && !have_exit)
			make_edge(bb, EXIT_BLOCK_PTR_FOR_FN(fun), EDGE_FAKE);
		if (need_entry && !have_entry)
			make_edge(ENTRY_BLOCK_PTR_FOR_FN(fun), bb, EDGE_FAKE);
	}
	split_fake_cycles(fun);
}

/* How many ways out of @bb lead on inside the function: its arcs but the
 * fake ones and the exception edges; *@last, unless @last is NULL, gets
 * where the last of them goes. */
static int real_succs(basic_block bb, basic_block *last)
{
	edge_iterator ei;
	edge e;
	int n = 0;

	FOR_EACH_EDGE(e, ei, bb->succs)
		if (!(e->flags & (EDGE_FAKE | EDGE_EH))) {
			n++;
			if (last)
				*last = e->dest;
		}
	return n;
}

/* A block whose only way out is a fake arc ends in a call that does not
 * return (abort, exit, a throw): the path into it is cold. */
static bool dead_end_p(basic_block bb)
{
	return bb != EXIT_BLOCK_PTR_FOR_FN(cfun) && real_succs(bb, NULL) == 0;
}

/* How much likelier than an ordinary arm of a branch (1) an arc is. */
#define AP_ODDS_DEAD_END	0.001	/* into a noreturn call */
#define AP_ODDS_EH		0.001	/* an exception thrown */
#define AP_ODDS_EXIT_LOOP	0.3	/* a loop runs about four times:
					 * searches end early */
#define AP_ODDS_EXPECTED	9.0	/* __builtin_expect: 90% */
#define AP_ODDS_HINT		0.3	/* the front end's "predict" notes */
#define AP_ODDS_CALL		0.5	/* guards a call: about 2 in 3 not taken */
#define AP_ODDS_BITS_SET	0.6	/* flags are mostly clear */
#define AP_ODDS_NULL		0.43	/* a pointer is null: GCC's 70% */
/* Blocks followed from an arm to find the front end's hints. */
#define AP_HINT_CHAIN		8
/* Rounds of frequency propagation: enough for nested loops to settle
 * into their order of magnitude, which is all the tree needs. */
#define AP_FREQ_ROUNDS		40

/* The one way on from @bb inside the function (its fake arcs and
 * exception edges aside), or NULL. */
static basic_block single_real_succ(basic_block bb)
{
	basic_block next = NULL;

	return real_succs(bb, &next) == 1 ? next : NULL;
}

/*
 * A block the front end marked unlikely (a "goto", an early return, a
 * cold label): its GIMPLE_PREDICT says so; or a block that can only go
 * on, without a branch or a join, to such a block: "if (!p->db) {
 * log(...); return 1; }" has the early return's note in the block after
 * the call.  GCC's predict_paths_leading_to() gives the note to every
 * arm only it post-dominates; the chain without joins is the part of
 * that which costs nothing to find.
 */
static bool hinted_unlikely_p(basic_block bb)
{
	int steps;

	for (steps = 0; steps < AP_HINT_CHAIN; steps++) {
		gimple_stmt_iterator gsi;
		basic_block next;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			if (gimple_code(gsi_stmt(gsi)) == GIMPLE_PREDICT &&
			    gimple_predict_outcome(gsi_stmt(gsi)) == NOT_TAKEN)
				return true;
		next = single_real_succ(bb);
		if (!next || next == EXIT_BLOCK_PTR_FOR_FN(cfun) ||
		    !single_pred_p(next))
			return false;
		bb = next;
	}
	return false;
}

/* The condition @bb ends in if it is "if (X != 0)" or "if (X == 0)",
 * with the arms taken when X is nonzero (*@nonzero) and zero (*@zero);
 * else NULL. */
static gcond *zero_test(basic_block bb, edge *nonzero, edge *zero)
{
	gimple_stmt_iterator gsi = gsi_last_nondebug_bb(bb);
	gcond *cond = gsi_end_p(gsi) ? NULL :
		dyn_cast<gcond *>(gsi_stmt(gsi));
	edge t, f;

	if (!cond || !integer_zerop(gimple_cond_rhs(cond)) ||
	    (gimple_cond_code(cond) != NE_EXPR &&
	     gimple_cond_code(cond) != EQ_EXPR))
		return NULL;
	extract_true_false_edges_from_block(bb, &t, &f);
	*nonzero = gimple_cond_code(cond) == NE_EXPR ? t : f;
	*zero = gimple_cond_code(cond) == NE_EXPR ? f : t;
	return cond;
}

/* For a block ending in "if (P == 0)" or "if (P != 0)", P a pointer: the
 * arm taken when P is null, else NULL.  GCC's "pointer" heuristic
 * (PRED_TREE_POINTER): null is the unusual case, an error or the end of
 * a list. */
static edge null_arm(basic_block bb)
{
	edge nonzero, zero;
	gcond *cond = zero_test(bb, &nonzero, &zero);

	if (!cond || !POINTER_TYPE_P(TREE_TYPE(gimple_cond_lhs(cond))))
		return NULL;
	return zero;
}

/* For a block ending in "if (T op C)" where T = __builtin_expect (X, E)
 * earlier in the block: the arm the expectation selects, else NULL. */
static edge expected_arm(basic_block bb)
{
	gimple_stmt_iterator gsi = gsi_last_nondebug_bb(bb);
	gcond *cond = gsi_end_p(gsi) ? NULL :
		dyn_cast<gcond *>(gsi_stmt(gsi));
	tree lhs, value;
	edge t, f;

	if (!cond || TREE_CODE(gimple_cond_rhs(cond)) != INTEGER_CST)
		return NULL;
	lhs = gimple_cond_lhs(cond);
	for (gsi_prev_nondebug(&gsi); !gsi_end_p(gsi);
	     gsi_prev_nondebug(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);

		if (!gimple_has_lhs(stmt) || gimple_get_lhs(stmt) != lhs)
			continue;
		if (!gimple_call_builtin_p(stmt, BUILT_IN_EXPECT) ||
		    TREE_CODE(gimple_call_arg(stmt, 1)) != INTEGER_CST)
			return NULL;
		value = fold_binary(gimple_cond_code(cond), boolean_type_node,
				    fold_convert(TREE_TYPE(lhs),
						 gimple_call_arg(stmt, 1)),
				    gimple_cond_rhs(cond));
		if (!value || TREE_CODE(value) != INTEGER_CST)
			return NULL;
		extract_true_false_edges_from_block(bb, &t, &f);
		return integer_zerop(value) ? f : t;
	}
	return NULL;
}

/* For a block ending in "if (T != 0)" or "if (T == 0)" where T = X & Y
 * earlier in the block, T an integer, not a boolean: the arm taken when
 * the bits tested are set, else NULL.  Flag bits mostly mark the unusual
 * (a GC colour, a hook, an error or an option), so that arm is guessed
 * the colder; GCC has no such heuristic, but it pays (notes-format.md). */
static edge bits_set_arm(basic_block bb)
{
	edge nonzero, zero;
	gcond *cond = zero_test(bb, &nonzero, &zero);
	gimple_stmt_iterator gsi;
	tree lhs;

	if (!cond)
		return NULL;
	lhs = gimple_cond_lhs(cond);
	if (TREE_CODE(TREE_TYPE(lhs)) != INTEGER_TYPE)
		return NULL;
	gsi = gsi_for_stmt(cond);
	for (gsi_prev_nondebug(&gsi); !gsi_end_p(gsi);
	     gsi_prev_nondebug(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);

		if (!gimple_has_lhs(stmt) || gimple_get_lhs(stmt) != lhs)
			continue;
		if (!is_gimple_assign(stmt) ||
		    gimple_assign_rhs_code(stmt) != BIT_AND_EXPR)
			return NULL;
		return nonzero;
	}
	return NULL;
}

/* GCC's call heuristic (tree_estimate_probability_bb): an arm of a
 * condition that is the only way into a block holding a call with side
 * effects guards that call, and such calls are often there to report or
 * handle something exceptional.  Inexpensive built-ins and const or pure
 * functions signal nothing. */
static bool guards_call_p(edge e)
{
	gimple_stmt_iterator gsi;

	if (!(e->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE)) ||
	    !single_pred_p(e->dest))
		return false;
	for (gsi = gsi_start_bb(e->dest); !gsi_end_p(gsi); gsi_next(&gsi)) {
		gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));

		if (call && gimple_call_fndecl(call) &&
		    !gimple_inexpensive_call_p(call) &&
		    gimple_has_side_effects(call))
			return true;
	}
	return false;
}

/* Relative odds of @e among its source's successors; @expected,
 * @bits_set and @null are its source's arms that expected_arm(),
 * bits_set_arm() and null_arm() name, or NULL. */
static double arc_odds(edge e, edge expected, edge bits_set, edge null)
{
	double odds = 1.0;

	if (e->flags & EDGE_FAKE)
		return 0.0;
	if (e->flags & EDGE_EH)
		return AP_ODDS_EH;
	if (dead_end_p(e->dest))
		return AP_ODDS_DEAD_END;
	/* As GCC's combine_predictions_for_bb(): the arms of a multiway
	 * branch are even but for those that are surely unlikely. */
	if (real_succs(e->src, NULL) > 2)
		return odds;
	if (current_loops && e->src->loop_father &&
	    loop_outer(e->src->loop_father) &&
	    loop_exit_edge_p(e->src->loop_father, e))
		odds *= AP_ODDS_EXIT_LOOP;
	if (e == expected)
		odds *= AP_ODDS_EXPECTED;
	if (e == bits_set)
		odds *= AP_ODDS_BITS_SET;
	if (e == null)
		odds *= AP_ODDS_NULL;
	if (guards_call_p(e))
		odds *= AP_ODDS_CALL;
	if (e->dest != EXIT_BLOCK_PTR_FOR_FN(cfun) &&
	    hinted_unlikely_p(e->dest))
		odds *= AP_ODDS_HINT;
	return odds;
}

/*
 * Static estimate of how often each arc of @g runs per call, used only to
 * order the spanning tree: the counters then sit on the arcs guessed
 * coldest.  No profile exists this early, so, in the manner of GCC's own
 * static prediction: each arc's probability from its odds (loops iterate,
 * noreturn calls, exceptions and null pointers are rare, __builtin_expect
 * and the front end's hints are believed, other arms are even), each
 * block's frequency
 * by propagation from ENTRY, abnormal edges included (the targets of a
 * computed goto are as hot as its dispatch).  Fake arcs carry nothing.
 */
static void estimate_frequencies(function *fun, struct ap_graph *g)
{
	double *freq = XCNEWVEC(double, g->nblocks);
	double *prob = XCNEWVEC(double, g->narcs);
	int *order = XNEWVEC(int, n_basic_blocks_for_fn(fun));
	int n = pre_and_rev_post_order_compute_fn(fun, NULL, order, false);
	size_t i, first;
	int round, k;

	for (first = 0; first + 1 < g->narcs; first = i) {
		basic_block src = g->arcs[first].e->src;
		edge expected = expected_arm(src);
		/* As in GCC, __builtin_expect overrides the guesses from
		 * the condition itself. */
		edge bits_set = expected ? NULL : bits_set_arm(src);
		edge null = expected ? NULL : null_arm(src);
		double sum = 0.0;

		for (i = first; i + 1 < g->narcs &&
		     g->arcs[i].src == g->arcs[first].src; i++) {
			prob[i] = arc_odds(g->arcs[i].e, expected, bits_set,
					   null);
			sum += prob[i];
		}
		for (k = (int)first; k < (int)i; k++)
			prob[k] = sum > 0.0 ? prob[k] / sum : 0.0;
	}
	freq[0] = 1.0;
	for (round = 0; round < AP_FREQ_ROUNDS; round++)
		for (k = 0; k < n; k++) {
			basic_block bb = BASIC_BLOCK_FOR_FN(fun, order[k]);
			uint32_t b = ap_block_number(g, bb);
			edge_iterator ei;
			edge e;

			if (b == 0)
				continue;
			freq[b] = 0.0;
			FOR_EACH_EDGE(e, ei, bb->preds)
				freq[b] += freq[ap_block_number(g, e->src)] *
					   prob[(size_t)e->aux];
		}
	for (i = 0; i + 1 < g->narcs; i++)
		g->arcs[i].weight = freq[g->arcs[i].src] * prob[i];
	XDELETEVEC(order);
	XDELETEVEC(prob);
	XDELETEVEC(freq);
}

static uint32_t arc_flags(edge e)
{
	uint32_t flags = 0;

	if (e->flags & EDGE_FAKE)
		return ARCOV_ARC_FAKE;
	/* GIMPLE marks neither arm of a condition as falling through; as
	 * GCC's own profile.cc does, the arm into the next block in layout
	 * order is the one that falls through.  A return's arc into EXIT
	 * falls through too: in GCC 3.3 a return jumped to the return label
	 * at the end of the function, whose block alone fell through into
	 * EXIT (doc/formats.md §3.6), so every arc into EXIT but a fake one had
	 * the flag, and gcov 3.3 printed no branch for it. */
	if ((e->flags & EDGE_FALLTHRU) ||
	    e->dest == EXIT_BLOCK_PTR_FOR_FN(cfun) ||
	    ((e->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE)) &&
	     e->src->next_bb == e->dest))
		flags |= ARCOV_ARC_FALLTHROUGH;
	return flags;
}

static void list_block_arcs(struct ap_graph *g, basic_block bb)
{
	edge_iterator ei;
	edge e;

	FOR_EACH_EDGE(e, ei, bb->succs) {
		struct ap_arc *a = &g->arcs[g->narcs++];

		a->e = e;
		a->src = ap_block_number(g, e->src);
		a->dest = ap_block_number(g, e->dest);
		a->flags = arc_flags(e);
		/* Its index, for estimate_frequencies(). */
		e->aux = (void *)(g->narcs - 1);
		a->eh = (e->flags & EDGE_EH) != 0;
		a->ignore = (e->flags & (EDGE_ABNORMAL | EDGE_EH)) != 0;
	}
}

/* Arcs in .bbg order: ENTRY's, each real block's, then the loopback. */
static void list_arcs(function *fun, struct ap_graph *g)
{
	basic_block bb;
	struct ap_arc *loop;

	g->arcs = XCNEWVEC(struct ap_arc, n_edges_for_fn(fun) + 1);
	g->narcs = 0;
	list_block_arcs(g, ENTRY_BLOCK_PTR_FOR_FN(fun));
	FOR_EACH_BB_FN(bb, fun)
		list_block_arcs(g, bb);
	loop = &g->arcs[g->narcs++];
	loop->src = g->nblocks - 1;
	loop->dest = 0;
	loop->flags = ARCOV_ARC_ON_TREE;
}

static uint32_t uf_find(uint32_t *parent, uint32_t x)
{
	while (parent[x] != x) {
		parent[x] = parent[parent[x]];
		x = parent[x];
	}
	return x;
}

/* Put @a on the tree if it joins two components. */
static void tree_try(uint32_t *parent, struct ap_arc *a)
{
	uint32_t s = uf_find(parent, a->src), d = uf_find(parent, a->dest);

	if (s == d)
		return;
	parent[s] = d;
	a->flags |= ARCOV_ARC_ON_TREE;
}

/*
 * What a counter costs on a critical edge, relative to one elsewhere: the
 * edge needs a block of its own, which the optimizers cannot always lay
 * out on the path it counts, so part of the time it adds a jump.  The
 * weight of such an arc is its estimated cost if it gets a counter.  Too
 * high a price (2, each counter paying a jump; or GCC's own rule, every
 * critical edge on the tree first) moves counters to hotter arcs.  The
 * value was measured, not derived: 1.2 to 1.3 do best on bench/overhead's
 * Lua workload (doc/notes-format.md §4).
 */
#define AP_CRITICAL_COST	1.25

struct tree_key {
	double weight;
	bool critical;
	size_t index;
};

static int tree_key_cmp(const void *pa, const void *pb)
{
	const struct tree_key *a = (const struct tree_key *)pa;
	const struct tree_key *b = (const struct tree_key *)pb;

	if (a->weight != b->weight)
		return a->weight > b->weight ? -1 : 1;
	/* At equal weight, the counter off the critical edge needs no
	 * block of its own. */
	if (a->critical != b->critical)
		return a->critical ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

static void build_spanning_tree(struct ap_graph *g)
{
	uint32_t *parent = XNEWVEC(uint32_t, g->nblocks);
	struct tree_key *keys = XNEWVEC(struct tree_key, g->narcs);
	uint32_t exit = g->nblocks - 1;
	size_t i, nkeys = 0;

	for (i = 0; i < g->nblocks; i++)
		parent[i] = (uint32_t)i;
	/* The loopback arc, already on the tree, joins ENTRY and EXIT. */
	parent[exit] = 0;

	/* Fake arcs cannot be counted and arcs into EXIT would put a counter
	 * after the return value is set: these go on the tree first.  An
	 * entry arc derive.cc may count from the callers stays off it. */
	for (i = 0; i + 1 < g->narcs; i++) {
		struct ap_arc *a = &g->arcs[i];

		if (a->derived)
			continue;
		if (!a->ignore &&
		    ((a->flags & ARCOV_ARC_FAKE) || a->dest == exit))
			tree_try(parent, a);
		else if (!a->ignore) {
			keys[nkeys].critical = EDGE_CRITICAL_P(a->e);
			keys[nkeys].weight = a->weight;
			if (keys[nkeys].critical)
				keys[nkeys].weight *= AP_CRITICAL_COST;
			keys[nkeys].index = i;
			nkeys++;
		}
	}
	qsort(keys, nkeys, sizeof *keys, tree_key_cmp);
	for (i = 0; i < nkeys; i++)
		tree_try(parent, &g->arcs[keys[i].index]);

	/* A fake arc that closes a cycle carries no information (§3.3). */
	g->ncounters = 0;
	for (i = 0; i < g->narcs; i++) {
		struct ap_arc *a = &g->arcs[i];

		if ((a->flags & ARCOV_ARC_FAKE) &&
		    !(a->flags & ARCOV_ARC_ON_TREE))
			a->ignore = true;
		if (!a->ignore && !(a->flags & ARCOV_ARC_ON_TREE))
			g->ncounters++;
	}
	XDELETEVEC(keys);
	XDELETEVEC(parent);
}

/*
 * A function whose body starts with a loop ("do { ... } while", "for (;;)")
 * has the loop's first block as its first block, which would give the
 * declarator line, listed there (notes.cc), the loop's count.  As in GCC
 * 3.3, whose prologue had a block of its own, the function starts with a
 * block run once per call: the arc from ENTRY is split.  This adds a block
 * and an arc, so no counter.
 */
static void split_entry(function *fun)
{
	edge e = single_succ_p(ENTRY_BLOCK_PTR_FOR_FN(fun)) ?
		single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(fun)) : NULL;

	if (e && e->dest != EXIT_BLOCK_PTR_FOR_FN(fun) &&
	    !single_pred_p(e->dest))
		split_edge(e);
}

/* Which blocks of @g are reached only through exception edges: not from
 * ENTRY by the other edges of the compiler's flow graph (gcov 12's
 * find_exception_blocks() on its own graph). */
static void find_eh_only(function *fun, struct ap_graph *g)
{
	auto_vec<basic_block> work;
	basic_block bb;
	edge_iterator ei;
	edge e;
	uint32_t b;

	g->eh_only = XNEWVEC(bool, g->nblocks);
	for (b = 0; b < g->nblocks; b++)
		g->eh_only[b] = true;
	g->eh_only[0] = false;
	work.safe_push(ENTRY_BLOCK_PTR_FOR_FN(fun));
	while (!work.is_empty()) {
		bb = work.pop();
		FOR_EACH_EDGE(e, ei, bb->succs) {
			b = ap_block_number(g, e->dest);
			if ((e->flags & (EDGE_EH | EDGE_FAKE)) || !g->eh_only[b])
				continue;
			g->eh_only[b] = false;
			work.safe_push(e->dest);
		}
	}
	/* EXIT is not code; a function that only throws still has one. */
	g->eh_only[g->nblocks - 1] = false;
}

/*
 * A landing pad that only ends its variables' lifetimes (clobbers) and
 * passes the exception on is removed by GCC's first EH cleanup
 * (ehcleanup1, among the early optimizations, so at -O1 and above),
 * and its calls then throw straight out of the function.  Instrumented
 * as it stands, the pad would hold a counter, be no longer empty and
 * stay: every call in its region would keep an exception edge the plain
 * build does not have, and the predicate analysis of
 * -Wmaybe-uninitialized, which follows control dependences only so
 * far, would give up on longer chains and warn where the plain build
 * does not (expat's xmlwf.c at -O2 -fexceptions: "'attackThresholdBytes'
 * may be used uninitialized").  So do that cleanup first, as the
 * optimizing pipeline would: the graph is then what gcov's, made after
 * the early optimizations, sees too, and exceptions out of those calls
 * are counted by their fake arcs as in any call that may throw.  At -O0
 * the pads stay, as in the plain build and in gcov's graph.
 */
/* Whether @bb, a landing pad's block, only ends lifetimes and passes the
 * exception out of the function: labels, clobbers and debug statements,
 * then a resx with no edge out, entered by exception edges alone. */
static bool empty_pad_p(basic_block bb)
{
	gimple_stmt_iterator gsi;
	edge_iterator ei;
	edge e;

	if (EDGE_COUNT(bb->succs) != 0)
		return false;
	FOR_EACH_EDGE(e, ei, bb->preds)
		if (!(e->flags & EDGE_EH))
			return false;
	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);

		if (gimple_code(stmt) == GIMPLE_LABEL ||
		    is_gimple_debug(stmt) || gimple_clobber_p(stmt))
			continue;
		return is_gimple_resx(stmt) && stmt == last_nondebug_stmt(bb);
	}
	return false;
}

static void remove_empty_eh(function *fun)
{
	eh_landing_pad lp;
	basic_block bb;
	edge e;
	unsigned int i;

	if (!optimize || !fun->eh)
		return;
	FOR_EACH_VEC_SAFE_ELT(fun->eh->lp_array, i, lp) {
		if (!lp || !lp->post_landing_pad)
			continue;
		bb = label_to_block(fun, lp->post_landing_pad);
		if (!bb || !empty_pad_p(bb))
			continue;
		while (EDGE_COUNT(bb->preds)) {
			e = EDGE_PRED(bb, 0);
			remove_stmt_from_eh_lp(last_nondebug_stmt(e->src));
			remove_edge(e);
		}
		remove_eh_landing_pad(lp);
		delete_basic_block(bb);
	}
}

/**
 * ap_graph_build - prepare @fun's CFG for instrumentation and describe it.
 * @fun: the current function, at the plugin's pass
 * @g:   filled; release with ap_graph_free()
 *
 * Adds fake edges to the CFG (the caller removes them with
 * remove_fake_edges() after instrumenting) and compacts the block indices
 * so that gcov block k is GCC block k + 1.  Returns false, after a
 * diagnostic, if the graph cannot be described.
 */
bool ap_graph_build(function *fun, struct ap_graph *g)
{
	auto_vec<gimple *> proved_calls;
	unsigned int i;

	memset(g, 0, sizeof *g);
	remove_empty_eh(fun);
	split_entry(fun);
	compact_blocks();
	g->checksum = plain_checksum(fun);
	proved = &proved_calls;
	add_fake_arcs(fun);
	compact_blocks();
	mark_dfs_back_edges(fun);
	if (n_basic_blocks_for_fn(fun) > INT_MAX / 2) {
		error("arcov: function %qD has too many basic blocks",
		      fun->decl);
		proved = NULL;
		return false;
	}
	g->nblocks = (uint32_t)n_basic_blocks_for_fn(fun);
	list_arcs(fun, g);
	proved = NULL;
	g->proved = XCNEWVEC(bool, g->nblocks);
	for (i = 0; i < proved_calls.length(); i++)
		g->proved[ap_block_number(g, gimple_bb(proved_calls[i]))] = true;
	find_eh_only(fun, g);
	estimate_frequencies(fun, g);
	clear_aux_for_edges();
	/* Its count known from the callers' counters, the entry arc is free
	 * off the tree; only if it is ENTRY's one arc, which then counts the
	 * calls and nothing else (no fake arc from ENTRY). */
	if (g->narcs > 1 && g->arcs[0].src == 0 && g->arcs[1].src != 0 &&
	    !g->arcs[0].ignore && !(g->arcs[0].flags & ARCOV_ARC_FAKE) &&
	    ap_derive_eligible(fun->decl))
		g->arcs[0].derived = true;
	build_spanning_tree(g);
	return true;
}

/**
 * ap_graph_free - release what ap_graph_build() allocated.
 */
void ap_graph_free(struct ap_graph *g)
{
	XDELETEVEC(g->arcs);
	XDELETEVEC(g->eh_only);
	XDELETEVEC(g->proved);
	memset(g, 0, sizeof *g);
}
