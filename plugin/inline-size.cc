/* inline-size.cc -- keep the increments out of the inliners' estimates.
 *
 * The plugin instruments before either inliner runs, so every function
 * the inliners weigh already holds its increments.  GCC 12 sums its
 * statements into a summary (ipa-fnsummary.cc, analyze_function_body():
 * an "asm inline" weighs one instruction, in size and in time at its
 * block's frequency), and the inliners compare those sums with their
 * limits: a small function with three counters looks three instructions
 * bigger than the plain build's and may stay out of line where the plain
 * build inlines it, which costs a call where the counters cost three
 * adds.  Coverage should not change what is inlined, so each time GCC
 * has summed a function this file takes its increments back out:
 *
 *  - after every "local-fnsummary" (the early inliner's summaries, once
 *    before it runs and once after the early optimizations);
 *  - at the start of the regular IPA passes, once the IPA summaries are
 *    computed (execute_ipa_summary_passes() runs before any regular IPA
 *    pass) and before ipa-cp, ipa-icf or the inliner read them.
 *
 * GCC accounts a statement under its block's predicate (the parameter
 * values under which the block runs), which a plugin cannot recompute;
 * the increments come out of the entries that hold when the function is
 * inlined, unconditional code first, never below zero.  A call's own
 * size is elsewhere (its edge's summary): an atomic increment, a call
 * to a built-in, is taken out there.  Under
 * -flto the regular IPA passes run at link time, and the compile-time
 * summaries travel as computed: there the early inliner alone gains.
 */
#include "compat.h"
#include "arcov-plugin.h"
#include "pass.h"

/* An atomic increment is a call to a built-in, which GCC weighs on its
 * call graph edge (call_stmt_size and _time), not in the function's
 * table: it weighs nothing there now. */
static bool discount_call(cgraph_node *node, gimple *stmt)
{
	cgraph_edge *edge = node->get_edge(stmt);
	ipa_call_summary *es;

	if (!edge || !ipa_call_summaries)
		return false;
	es = ipa_call_summaries->get(edge);
	if (!es || (!es->call_stmt_size && es->call_stmt_time == 0))
		return false;
	es->call_stmt_size = 0;
	es->call_stmt_time = 0;
	return true;
}

/* Whether @stmt is one of the plugin's own statements. */
static bool plugin_stmt_p(gimple *stmt)
{
	return ap_increment_asm_p(stmt) || ap_early_increment_p(stmt) ||
	       ap_thread_base_p(stmt) || ap_thread_check_stmt_p(stmt);
}

/*
 * The resx of @bb if @bb is a landing pad that the plugin's statements
 * alone keep: nothing else but labels, debug statements and the ends of
 * lifetimes (clobbers) before the resx.  GCC's EH cleanup removes such a
 * pad when it is empty (the plain build's, once the inlined destructors
 * it held are optimized away); its increments keep it, and its resx
 * weighs two instructions in the summaries.  Else NULL.
 */
static gimple *kept_resx(basic_block bb)
{
	gimple *resx = NULL;
	bool counted = false;

	if (!bb_has_eh_pred(bb))
		return NULL;
	for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
	     gsi_next(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);

		if (gimple_code(stmt) == GIMPLE_RESX)
			resx = stmt;
		else if (plugin_stmt_p(stmt))
			counted = true;
		else if (gimple_code(stmt) != GIMPLE_LABEL &&
			 !is_gimple_debug(stmt) && !gimple_clobber_p(stmt))
			return NULL;
	}
	return counted ? resx : NULL;
}

/* Take @fun's increments out of @node's summary, if it has one. */
static void discount(cgraph_node *node, function *fun)
{
	/* The clauses that can hold once the function is inlined: all but
	 * "false" and "not inlined". */
	const clause_t inlined =
		~(((clause_t)1 << ipa_predicate::false_condition) |
		  ((clause_t)1 << ipa_predicate::not_inlined_condition));
	const profile_count entry = ENTRY_BLOCK_PTR_FOR_FN(fun)->count;
	ipa_fn_summary *info;
	ipa_size_summary *size_info;
	size_time_entry *e;
	basic_block bb;
	sreal time = 0;
	int size = 0;
	bool calls = false;
	unsigned int i;
	int pass;

	if (!ipa_fn_summaries || !ipa_size_summaries)
		return;
	info = ipa_fn_summaries->get(node);
	size_info = ipa_size_summaries->get(node);
	if (!info || !size_info || !info->size_time_table.length())
		return;
	/* As analyze_function_body() weighs them: one instruction each, at
	 * the block's frequency relative to entry. */
	FOR_EACH_BB_FN(bb, fun) {
		sreal freq = bb->count.to_sreal_scale(entry);
		gimple_stmt_iterator gsi;
		gimple *resx = kept_resx(bb);

		if (resx) {
			size += ipa_fn_summary::size_scale *
				estimate_num_insns(resx, &eni_size_weights);
			time += freq * estimate_num_insns(resx,
							  &eni_time_weights);
		}

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			if (ap_atomic_add_p(gsi_stmt(gsi)))
				calls |= discount_call(node, gsi_stmt(gsi));
			else if (plugin_stmt_p(gsi_stmt(gsi))) {
				gimple *stmt = gsi_stmt(gsi);

				size += ipa_fn_summary::size_scale *
					estimate_num_insns(stmt,
							   &eni_size_weights);
				time += freq * estimate_num_insns(stmt,
							&eni_time_weights);
			}
	}
	if (!size) {
		if (calls) {
			ipa_update_overall_fn_summary(node);
			size_info->self_size = size_info->size;
		}
		return;
	}
	/* An increment's entry is one whose code runs whenever it is
	 * reached (its predicates are the same): those first. */
	for (pass = 0; pass < 2; pass++)
		FOR_EACH_VEC_ELT(info->size_time_table, i, e) {
			int s;

			if (size <= 0 && time <= 0)
				break;
			if ((e->exec_predicate == e->nonconst_predicate) !=
			    (pass == 0) ||
			    !e->exec_predicate.evaluate(inlined))
				continue;
			s = MIN(size, e->size);
			e->size -= s;
			size -= s;
			if (e->time < time) {
				time -= e->time;
				e->time = 0;
			} else {
				e->time -= time;
				time = 0;
			}
		}
	/* Entries left empty go, but the first: GCC keeps the one true
	 * predicate's there. */
	for (i = info->size_time_table.length(); i-- > 1;) {
		e = &info->size_time_table[i];
		if (!e->size && e->time == 0)
			info->size_time_table.ordered_remove(i);
	}
	ipa_update_overall_fn_summary(node);
	size_info->self_size = size_info->size;
}

/* Optimizing (the inliners run) with the increments that weigh one
 * instruction each. */
static bool ipa_gate(void)
{
	return optimize && (ap_increments_are_asm() || ap_opts.atomic);
}

static bool early_gate(function *fun)
{
	return fun && ipa_gate();
}

static unsigned int early_execute(function *fun)
{
	cgraph_node *node = cgraph_node::get(fun->decl);

	if (node && !node->inlined_to)
		discount(node, fun);
	return 0;
}

ARCOV_GIMPLE_PASS(make_early_pass, "arcov_size", early_gate, early_execute,
		  PROP_cfg)

static unsigned int ipa_execute(void)
{
	cgraph_node *node;

	FOR_EACH_DEFINED_FUNCTION(node)
		if (node->has_gimple_body_p() && !node->inlined_to &&
		    DECL_STRUCT_FUNCTION(node->decl) &&
		    DECL_STRUCT_FUNCTION(node->decl)->cfg)
			discount(node, DECL_STRUCT_FUNCTION(node->decl));
	return 0;
}

ARCOV_IPA_PASS(make_ipa_pass, "arcov_ipa_size", ipa_gate,
		      ipa_execute)

/**
 * ap_inline_size_init - register the passes that discount increments.
 * @plugin: the plugin's name, for register_callback()
 */
void ap_inline_size_init(const char *plugin)
{
	struct register_pass_info info;

	info.pass = make_early_pass();
	info.reference_pass_name = "local-fnsummary";
	info.ref_pass_instance_number = 0;	/* every instance */
	info.pos_op = PASS_POS_INSERT_AFTER;
	register_callback(plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);

	info.pass = make_ipa_pass();
	info.reference_pass_name = "whole-program";
	info.ref_pass_instance_number = 1;
	info.pos_op = PASS_POS_INSERT_BEFORE;
	register_callback(plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
