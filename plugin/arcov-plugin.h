/* arcov-plugin.h -- what the files of the arcov GCC plugin share.
 *
 * plugin.cc   plugin_init, options, the pass and the callbacks
 * graph.cc    which of the unit's functions always return; one function's
 *             flow graph: fake arcs, numbering, checksum, spanning tree
 *             (doc/formats.md §3.3, §3.5)
 * notes.cc    block line lists and the .bb/.bbg files
 * arcov-notes.cc the .arcov-notes file (doc/notes-format.md)
 * emitted.cc  which instrumented functions have code in the object
 * emit.cc     counter increments, the arcov_object and its constructor
 * derive.cc   entry counts computed from the callers' counters at dump
 *             time instead of counted (doc/notes-format.md §4)
 * profile.cc  entry and exit hooks of the time profile (doc/profile.md)
 * early-increments.cc increments the early optimizers see through,
 *             made adds to memory before the regular IPA passes
 * inline-size.cc the increments taken out of the inliners' estimates
 * thread-checks.cc per-thread entry checks that inlining made redundant
 * loop-counts.cc a counted loop's increments added up in its preheader,
 *             a call-free loop's counted in registers
 * runs.cc    run counters: one increment for a stretch of several
 *             counters, the table the runtime adds them back with
 * loop-cost.cc whether that pays, loop by loop: instructions saved per
 *             entry against those added, registers against those live
 *
 * All state is file-static C data; the only GCC tree kept across functions
 * (the counter array) is registered as a GC root in plugin.cc.
 */
#ifndef ARCOV_PLUGIN_H
#define ARCOV_PLUGIN_H

#include <stdint.h>
#include "bbg.h"

/* Options given as -fplugin-arg-arcov-NAME[=VALUE]. */
struct ap_options {
	const char *dir;	/* dir=: where notes and data files go */
	bool atomic;		/* atomic: relaxed atomic increments */
	bool per_thread;	/* per-thread: thread-local counters */
	bool have_filter;	/* filter=: instrument only matching files */
	bool have_exclude;	/* exclude=: never instrument matching files */
	bool profile;		/* profile: entry and exit hooks */
	bool derive;		/* not no-derive: derived entry counts */
	bool asm_increments;	/* not no-asm-increments: plain increments
				 * as one "asm inline" each (x86-64) */
	bool loop_counts;	/* not no-loop-counts: counted loops'
				 * increments added up before the loop,
				 * call-free loops' in registers */
	bool runs;		/* not no-runs: run counters (runs.cc) */
	bool derive_check;	/* derive-check: derived and counted both,
				 * the runtime compares them */
	bool freestanding;	/* freestanding: registered through a
				 * linker section, not a constructor */
	bool continuous;	/* continuous: the counter array on pages of
				 * its own, mapped onto a live file */
};

extern struct ap_options ap_opts;

/* One written or ignored arc of the function being instrumented. */
struct ap_arc {
	edge e;			/* NULL for the exit->entry loopback */
	uint32_t src, dest;	/* gcov block numbers */
	uint32_t flags;		/* ARCOV_ARC_* as written to the .bbg */
	double weight;		/* estimated runs per call of the function */
	bool ignore;		/* not written (abnormal, EH, fake off tree) */
	bool eh;		/* an exception edge (ignored, kept for notes) */
	bool derived;		/* the entry arc of a function derive.cc may
				 * count from its callers: off the tree, no
				 * increment unless ap_derive_finish() adds
				 * it */
};

/* The flow graph of one function as the .bbg will describe it. */
struct ap_graph {
	uint32_t nblocks;	/* entry + real blocks + exit */
	uint32_t checksum;	/* §3.5, on the CFG before fake arcs */
	uint32_t ncounters;	/* written arcs off the spanning tree */
	size_t narcs;		/* all of arcs[], ignored ones included */
	struct ap_arc *arcs;	/* in .bbg order, loopback last */
	bool *eh_only;		/* per gcov block: reached only through an
				 * exception edge (a landing pad, a cleanup,
				 * a handler) */
	bool *proved;		/* per gcov block: ends in a call proved to
				 * return, which has no fake arc */
};

/* plugin.cc */
const char *ap_function_name(tree fndecl);
bool ap_profile_wanted(tree fndecl);

/* graph.cc */
void ap_returns_analyze(tree *fns, unsigned int n);
void ap_returns_release(void);
bool ap_graph_build(function *fun, struct ap_graph *g);
void ap_graph_free(struct ap_graph *g);
uint32_t ap_block_number(const struct ap_graph *g, basic_block bb);

/* notes.cc */
const char *ap_notes_base(void);
const char *ap_da_path(void);
uint32_t ap_build_stamp(void);
bool ap_notes_add_function(function *fun, const char *name,
			   const struct ap_graph *g);
const struct arcov_bbg *ap_notes_graphs(void);
void ap_notes_write(void);
void ap_notes_release(void);

/* arcov-notes.cc */
void ap_ext_add_function(function *fun, const char *name,
			 const struct ap_graph *g);
bool ap_ext_inlined(size_t i);
void ap_ext_write(const char *path);
void ap_ext_release(void);

/* thread-checks.cc */
opt_pass *ap_thread_checks_pass(void);

/* emitted.cc */
opt_pass *ap_emitted_pass(void);
bool ap_emitted_known(void);
enum ap_place {
	AP_EMITTED,	/* itself, or a clone of it */
	AP_INLINED,	/* only inlined into functions emitted */
	AP_ABSENT	/* no code in the object */
};
enum ap_place ap_emitted_place(int uid, int origin);
void ap_emitted_release(void);
opt_pass *ap_thread_checks_early_pass(void);
opt_pass *ap_tls_counters_pass(void);
opt_pass *ap_tls_frame_pass(void);

/* merge-increments.cc */
opt_pass *ap_merge_increments_pass(void);

/* early-increments.cc */
void ap_early_increment(tree ref, gimple_seq *seq);
bool ap_early_increment_p(const gimple *stmt);
void ap_early_increments_init(const char *plugin);

/* runs.cc: run counters (doc/design.md, "Run counters"). */
struct ap_run_member {
	uint32_t index;		/* counter index in the unit */
	uint32_t times;		/* increments of it in the run */
};
tree ap_runs_table(uint32_t ncounters);
bool ap_runs_allowed(void);
bool ap_run_counter(struct ap_run_member *m, unsigned int k,
		    uint32_t *index, bool *fresh);
void ap_runs_commit(void);
void ap_runs_release(void);
extern tree ap_runs_var;

/* loop-counts.cc */
opt_pass *ap_loop_counts_pass(void);

/* loop-cost.cc: the bill of one loop (doc/design.md, "The cost model"). */
struct ap_loop_cost {
	class loop *loop;
	double passes;		/* expected header runs per entry */
	const char *source;	/* of passes: profile, estimate or guess */
	unsigned int blocked;	/* references motion could keep in registers
				 * but for the increments */
	unsigned int live;	/* general registers live through the loop */
	unsigned int barriers;	/* increments and adds in the body */
};
void ap_loop_cost_init(struct ap_loop_cost *c, class loop *loop,
		       basic_block *body);
bool ap_loop_cost_hoist(const struct ap_loop_cost *c, unsigned int headers,
			unsigned int latches, int cost);
bool ap_loop_cost_iv(const struct ap_loop_cost *c, int bb, int ops);
bool ap_loop_cost_registers(const struct ap_loop_cost *c, unsigned int n,
			    double runs, unsigned int extra,
			    unsigned int moved, unsigned int folds,
			    double branches);

/* inline-returns.cc */
void ap_split_inline_returns(function *fun);
gimple *ap_inline_return_call(basic_block bb);
bool ap_inline_return_split(gimple *stmt);
void ap_inline_returns_release(void);

/* inline-size.cc */
void ap_inline_size_init(const char *plugin);

/* emit.cc */
#define AP_NEXEC 8
void ap_redirect_exec(function *fun);
void ap_emit_increments(const struct ap_graph *g, uint32_t first_counter);
void ap_emit_entry_increment(function *fun, uint32_t index);
bool ap_increments_are_asm(void);
bool ap_increment_asm_p(const gimple *stmt);
gimple *ap_increment_asm(tree ref);
tree ap_counter_at(tree base, tree pos);
gimple *ap_thread_asm(tree obj, tree tls);
bool ap_thread_early_asm_p(const gimple *stmt);
gimple *ap_atomic_add(tree ref, tree n);
bool ap_atomic_add_p(const gimple *stmt);
gimple *ap_add_asm(tree ref, tree n);
gimple *ap_increment_asm(tree ref);
bool ap_counter_index(tree ref, uint32_t *index);
tree ap_counter_ref_like(tree like, uint32_t index);
void ap_counters_resize(uint32_t n);
bool ap_counters_written(void);
bool ap_add_asm_p(const gimple *stmt);
tree ap_counter_asm_ref(const gimple *stmt);
bool ap_thread_check_stmt_p(const gimple *stmt);
bool ap_thread_base_p(const gimple *stmt);
tree ap_thread_copy(tree ref);
bool ap_thread_filed_on_entry(function *fun);
/* A static, artificial variable of @type named by an internal label that
 * starts with @prefix (no language could mangle it). */
tree ap_static_var(tree type, const char *prefix);
void ap_emit_object(void);
extern tree ap_counters_var;
extern tree ap_thread_var;
extern tree ap_object_var;
extern tree ap_owner_var;
HOST_WIDE_INT ap_owner_word(void);
extern tree ap_exec_wrappers[AP_NEXEC];

/* derive.cc */
void ap_derive_init(const tree *fns, unsigned int n);
bool ap_derive_eligible(tree fndecl);
void ap_derive_add_function(function *fun, const struct ap_graph *g,
			    uint32_t first);
void ap_derive_finish(uint32_t ncounters);
tree ap_derive_table(uint32_t *nwords);
void ap_derive_release(void);

/* profile.cc */
void ap_profile_init(const char *plugin);
bool ap_profile_hook_p(const gimple *stmt);

#endif
