/* plugin.cc -- entry point of arcov.so, GCC 3.3-style arc coverage for GCC.
 *
 * gcc -fplugin=arcov [-fplugin-arg-arcov-OPTION[=VALUE]]... compiles each
 * function with a counter on every arc off a spanning tree of its flow
 * graph, writes <auxbase>.bb and <auxbase>.bbg at the end of the unit and
 * links the counters to libarcov, which writes <auxbase>.da at exit.
 */
#include "compat.h"
#include "plugin-version.h"
#include "arcov-plugin.h"
#include "pass.h"

#include <regex.h>

int plugin_is_GPL_compatible;

struct ap_options ap_opts;

static regex_t opt_filter, opt_exclude;
/* The patterns as given, so that a repeated flag is not an error. */
static const char *opt_filter_text, *opt_exclude_text;
/* The counting modes given: plain increments (inexact under threads),
 * atomic ones, thread-local ones (the default). */
static bool opt_single, opt_atomic, opt_per_thread;
static uint32_t counters_used;
/* Each function GCC lowered and its place in that order, the order the
 * notes list the functions in; sorted by uid once the lowering is over. */
struct lowered_fn {
	unsigned int uid;	/* DECL_UID */
	int rank;
};
static vec<struct lowered_fn> lowered;
/* Set when the unit's pass ran; whatever GCC lowers afterwards (our own
 * constructors among them) is not user code. */
static bool unit_done;

static const char help_text[] =
	"dir=DIR        write notes (.bb, .bbg) and record data (.da) in DIR\n"
	"per-thread     count in thread-local counters, added up at thread\n"
	"               exit and dump: exact under any threads (the default)\n"
	"atomic         count with relaxed atomic increments: exact, slower\n"
	"single         count with plain increments: cheapest, but counts\n"
	"               are lost when threads run the same code at once\n"
	"filter=REGEX   instrument only functions whose source file matches\n"
	"exclude=REGEX  do not instrument functions whose source file matches\n"
	"profile        also time every instrumented function (doc/profile.md)\n"
	"no-derive      count every call of a function, even of one whose\n"
	"               callers all count theirs (no derived entry counts)\n"
	"derive-check   count the derived entry counts too, and have the\n"
	"               runtime report any that its derivation gets wrong\n"
	"no-asm-increments  increment with a load, an add and a store, not\n"
	"               one asm add to memory that the inliners count as one\n"
	"               instruction (plain mode, x86-64)\n"
	"no-runs        increment every counter of a straight stretch of code,\n"
	"               not one run counter for several that libarcov adds\n"
	"               to them at each dump\n"
	"no-loop-counts increment in memory in a loop's body every iteration,\n"
	"               not by the number of iterations before a counted\n"
	"               loop, nor in registers in a call-free one\n"
	"freestanding   no constructor: each unit's object is listed in the\n"
	"               linker section arcov_objects, for the freestanding\n"
	"               runtime (libarcov-freestanding.a, arcov_stream());\n"
	"               plain increments unless atomic is given\n"
	"continuous     keep the counters in a file from the first count, so\n"
	"               that SIGKILL, abort(), _exit() or a crash lose none\n"
	"               (doc/live-file.md); atomic increments unless single\n"
	"               or per-thread is given\n"
	"help           print this list and stop, as --help=... does\n";

static struct plugin_info arcov_info = {
	ARCOV_VERSION,
	help_text,
};

static const struct ggc_root_tab arcov_roots[] = {
	{ &ap_counters_var, 1, sizeof(ap_counters_var),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	{ &ap_thread_var, 1, sizeof(ap_thread_var),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	{ &ap_object_var, 1, sizeof(ap_object_var),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	{ &ap_owner_var, 1, sizeof(ap_owner_var),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	{ &ap_runs_var, 1, sizeof(ap_runs_var),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	{ &ap_exec_wrappers[0], AP_NEXEC, sizeof(ap_exec_wrappers[0]),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	LAST_GGC_ROOT_TAB
};

static bool file_matches(regex_t *re, const char *file)
{
	return regexec(re, file, 0, NULL, 0) == 0;
}

/* Functions the user asked about and that can carry counters. */
static bool wanted(tree fndecl)
{
	const char *file = DECL_SOURCE_FILE(fndecl);

	if (lookup_attribute("no_profile_instrument_function",
			     DECL_ATTRIBUTES(fndecl)) ||
	    lookup_attribute("naked", DECL_ATTRIBUTES(fndecl)))
		return false;
	if (!file)
		return !ap_opts.have_filter;
	if (ap_opts.have_filter && !file_matches(&opt_filter, file))
		return false;
	return !(ap_opts.have_exclude && file_matches(&opt_exclude, file));
}

/* For profile.cc: whether @fndecl, being lowered now, is user code the
 * options want instrumented. */
bool ap_profile_wanted(tree fndecl)
{
	return !unit_done && wanted(fndecl);
}

/**
 * ap_function_name - @fndecl's assembler name as the notes record it.
 */
const char *ap_function_name(tree fndecl)
{
	const char *name = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fndecl));

	/* A leading '*' only tells the assembler output to skip prefixes. */
	return name[0] == '*' ? name + 1 : name;
}

static void instrument(function *fun)
{
	struct ap_graph g;

	ap_redirect_exec(fun);
	ap_split_inline_returns(fun);
	if (ap_graph_build(fun, &g) &&
	    ap_notes_add_function(fun, ap_function_name(fun->decl), &g)) {
		ap_ext_add_function(fun, ap_function_name(fun->decl), &g);
		if (g.ncounters > UINT32_MAX - counters_used) {
			error("arcov: too many counters in one unit");
		} else {
			ap_derive_add_function(fun, &g, counters_used);
			ap_emit_increments(&g, counters_used);
			counters_used += g.ncounters;
		}
	}
	remove_fake_edges();
	free_dominance_info(CDI_DOMINATORS);
	free_dominance_info(CDI_POST_DOMINATORS);
	if (current_loops)
		loops_state_set(LOOPS_NEED_FIXUP);
	ap_graph_free(&g);
	ap_inline_returns_release();
	/* Exec calls now go to libarcov, and atomic increments are calls. */
	cgraph_edge::rebuild_edges();
}

static bool record_gate(function *fun)
{
	return !unit_done && !in_lto_p && !seen_error();
}

/* Note @fun's place among the unit's functions. */
static unsigned int record_execute(function *fun)
{
	struct lowered_fn f = { DECL_UID(fun->decl), (int)lowered.length() };

	lowered.safe_push(f);
	return 0;
}

ARCOV_GIMPLE_PASS(make_record_pass, "arcov_order", record_gate,
		  record_execute, PROP_cfg)

static int by_uid(const void *pa, const void *pb)
{
	const struct lowered_fn *a = (const struct lowered_fn *)pa;
	const struct lowered_fn *b = (const struct lowered_fn *)pb;

	return a->uid < b->uid ? -1 : a->uid > b->uid;
}

/* @decl's place in the lowering order, or -1 if GCC did not lower it
 * before the unit's pass (an OpenMP region it outlined into a function). */
static int lowered_rank(tree decl)
{
	struct lowered_fn key = { DECL_UID(decl), 0 };
	struct lowered_fn *f = lowered.bsearch(&key, by_uid);

	return f ? f->rank : -1;
}

struct unit_fn {
	tree decl;
	int rank;	/* in lowered[] */
};

static int by_rank(const void *pa, const void *pb)
{
	const struct unit_fn *a = (const struct unit_fn *)pa;
	const struct unit_fn *b = (const struct unit_fn *)pb;

	return a->rank < b->rank ? -1 : a->rank > b->rank;
}

/*
 * The unit's functions with a body: all are analysed for the fake arcs
 * (ap_returns_analyze), and the wanted ones among those GCC lowered from
 * the source (OpenMP regions, outlined into functions of their own while
 * lowering, excepted) are instrumented in the order GCC lowered them, the
 * order in which the plugin instrumented them when it ran as a lowering
 * pass: a function as it is defined, except that a static or inline
 * function comes only once a function before it uses it.
 */
static unsigned int arcov_execute(void)
{
	vec<struct unit_fn> fns = vNULL;
	vec<tree> decls = vNULL;
	struct unit_fn *fn;
	cgraph_node *node;
	tree decl;
	unsigned int i;

	unit_done = true;
	lowered.qsort(by_uid);
	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		struct unit_fn f = { node->decl, lowered_rank(node->decl) };

		if (node->thunk || node->alias)
			continue;
		decls.safe_push(node->decl);
		if (f.rank >= 0)
			fns.safe_push(f);
	}
	fns.qsort(by_rank);
	ap_returns_analyze(decls.address(), decls.length());
	/* From here on, decls: the functions instrumented. */
	decls.truncate(0);
	/* A body that stands for a definition elsewhere (an extern template
	 * instance such as std::allocator<char>'s members, a gnu_inline
	 * extern inline function) is never emitted into this object: calls
	 * not inlined run the library's copy, which counts nothing here.
	 * Like GCC's --coverage, count only what the object defines; but an
	 * always_inline one is inlined into the object's functions before
	 * gcov instruments them, which counts its lines there
	 * (basic_string<char>::_M_use_local_data, glibc's _FORTIFY_SOURCE
	 * wrappers). */
	FOR_EACH_VEC_ELT(fns, i, fn)
		if (wanted(fn->decl) &&
		    (!DECL_EXTERNAL(fn->decl) ||
		     lookup_attribute("always_inline",
				      DECL_ATTRIBUTES(fn->decl))))
			decls.safe_push(fn->decl);
	ap_derive_init(decls.address(), decls.length());
	FOR_EACH_VEC_ELT(decls, i, decl) {
		push_cfun(DECL_STRUCT_FUNCTION(decl));
		instrument(cfun);
		pop_cfun();
	}
	ap_derive_finish(counters_used);
	ap_returns_release();
	decls.release();
	fns.release();
	lowered.release();
	ap_emit_object();
	ap_derive_release();
	return 0;
}

static bool arcov_gate(void)
{
	return !unit_done && !in_lto_p && !seen_error();
}

ARCOV_SIMPLE_IPA_PASS(make_arcov_pass, "arcov", arcov_gate, arcov_execute)

static void arcov_finish_unit(void *gcc_data, void *user_data)
{
	if (!in_lto_p && !seen_error())
		ap_notes_write();
}

static void arcov_finish(void *gcc_data, void *user_data)
{
	if (ap_opts.have_filter)
		regfree(&opt_filter);
	if (ap_opts.have_exclude)
		regfree(&opt_exclude);
	lowered.release();
	ap_notes_release();
	ap_ext_release();
	ap_emitted_release();
	ap_runs_release();
}

static bool compile_regex(regex_t *re, bool *have, const char **text,
			  const char *plugin, const struct plugin_argument *arg)
{
	char msg[256];
	int rc;

	if (!arg->value || !*arg->value) {
		error("arcov: %<-fplugin-arg-%s-%s%> needs a regular expression",
		      plugin, arg->key);
		return false;
	}
	/* Flags put in CFLAGS and LDFLAGS reach cc1 twice in a one-step
	 * build: the same pattern again is no conflict. */
	if (*have && !strcmp(*text, arg->value))
		return true;
	if (*have) {
		error("arcov: %<-fplugin-arg-%s-%s%> given twice", plugin,
		      arg->key);
		return false;
	}
	rc = regcomp(re, arg->value, REG_EXTENDED | REG_NOSUB);
	if (rc) {
		regerror(rc, re, msg, sizeof msg);
		error("arcov: %<-fplugin-arg-%s-%s=%s%>: %s", plugin, arg->key,
		      arg->value, msg);
		return false;
	}
	*have = true;
	*text = arg->value;
	return true;
}

static bool parse_arg(const char *plugin, const struct plugin_argument *arg)
{
	if (!strcmp(arg->key, "filter"))
		return compile_regex(&opt_filter, &ap_opts.have_filter,
				     &opt_filter_text, plugin, arg);
	if (!strcmp(arg->key, "exclude"))
		return compile_regex(&opt_exclude, &ap_opts.have_exclude,
				     &opt_exclude_text, plugin, arg);
	if (!strcmp(arg->key, "dir")) {
		if (!arg->value || !*arg->value) {
			error("arcov: %<-fplugin-arg-%s-dir%> needs a directory",
			      plugin);
			return false;
		}
		ap_opts.dir = arg->value;
		return true;
	}
	/* The flags: options without a value, each setting one boolean. */
	static const struct {
		const char *key;
		bool *flag;
		bool value;
	} flags[] = {
		{ "atomic", &opt_atomic, true },
		{ "per-thread", &opt_per_thread, true },
		{ "single", &opt_single, true },
		{ "profile", &ap_opts.profile, true },
		{ "no-derive", &ap_opts.derive, false },
		{ "derive-check", &ap_opts.derive_check, true },
		{ "no-asm-increments", &ap_opts.asm_increments, false },
		{ "no-loop-counts", &ap_opts.loop_counts, false },
		{ "no-runs", &ap_opts.runs, false },
		{ "freestanding", &ap_opts.freestanding, true },
		{ "continuous", &ap_opts.continuous, true },
		{ "help", NULL, true },
	};
	size_t i;

	for (i = 0; i < sizeof flags / sizeof flags[0]; i++)
		if (!strcmp(arg->key, flags[i].key))
			break;
	if (i == sizeof flags / sizeof flags[0])
		goto unknown;
	if (arg->value) {
		error("arcov: %<-fplugin-arg-%s-%s%> takes no value", plugin,
		      arg->key);
		return false;
	}
	if (flags[i].flag) {
		*flags[i].flag = flags[i].value;
		return true;
	}
	/* help: like cc1 --help=...: the list on stdout, then cc1 ends
	 * without compiling (the driver still assembles its empty output,
	 * and the status is 0). */
	printf("options of the arcov plugin (-fplugin-arg-%s-OPTION):\n"
	       "%s", plugin, help_text);
	fflush(stdout);
	exit_after_options = true;
	return true;
unknown:
	error("arcov: unknown option %<-fplugin-arg-%s-%s%>; "
	      "%<-fplugin-arg-%s-help%> lists the options", plugin, arg->key,
	      plugin);
	return false;
}

/*
 * The counting mode (doc/design.md, "Threads").  Exact unless asked
 * otherwise: per thread, in thread-local counters, whatever the unit's
 * own flags say.  Whether this object sees -pthread tells nothing about
 * the threads that will run it -- a library built without it is called
 * from the application's thread pools, from OpenMP teams, from a host
 * that dlopen()s it -- and per-thread counting costs a few percent over
 * plain increments on one thread (doc/performance.md), where relaxed
 * atomics cost several times.  With -fPIC a function reaches its
 * thread's counters through one call per call (emit.cc, thread_base; on
 * x86-64 a TLS descriptor call, tls-counters.cc; __tls_get_addr()
 * elsewhere), cheaper than atomics on one thread and far cheaper on
 * several.
 */
static void choose_mode(void)
{
	/* Continuous: every count must be in the mapped array the moment
	 * it is made, whichever thread makes it, so that a SIGKILL loses
	 * none; thread-local copies reach it only when folded.  Relaxed
	 * atomics into the mapping unless per-thread or single is asked
	 * for (doc/live-file.md, "Threads"). */
	ap_opts.atomic = opt_atomic ||
			 (ap_opts.continuous && !opt_single && !opt_per_thread);
	if (ap_opts.atomic)
		opt_atomic = true;
	/* Freestanding: no threads, and maybe no TLS; plain increments. */
	ap_opts.per_thread = !opt_atomic && !opt_single &&
			     !ap_opts.freestanding;
}

static void add_pass(const char *plugin, opt_pass *pass, const char *after)
{
	struct register_pass_info info;

	info.pass = pass;
	info.reference_pass_name = after;
	info.ref_pass_instance_number = 1;
	info.pos_op = PASS_POS_INSERT_AFTER;
	register_callback(plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

/**
 * plugin_init - called by GCC once, after it loaded arcov.so.
 * @info:    the plugin's name and its -fplugin-arg- arguments
 * @version: the version of the GCC that loaded it
 * Returns 0, or 1 (after a diagnostic) to make GCC stop.
 */
int plugin_init(struct plugin_name_args *info,
		struct plugin_gcc_version *version)
{
	bool ok = true;
	int i;

	if (!plugin_default_version_check(version, &gcc_version)) {
		error("arcov: plugin built for GCC %s (%s), loaded by GCC %s "
		      "(%s); rebuild arcov for this compiler",
		      gcc_version.basever, gcc_version.datestamp,
		      version->basever, version->datestamp);
		return 1;
	}
	ap_opts.derive = true;
	ap_opts.asm_increments = true;
	ap_opts.loop_counts = true;
	ap_opts.runs = true;
	for (i = 0; i < info->argc; i++)
		ok = parse_arg(info->base_name, &info->argv[i]) && ok;
	if (opt_single + opt_atomic + opt_per_thread > 1) {
		const char *a = opt_atomic ? "atomic" : "per-thread";
		const char *b = opt_single ? "single" : "per-thread";

		error("arcov: %<-fplugin-arg-%s-%s%> and "
		      "%<-fplugin-arg-%s-%s%> contradict each other",
		      info->base_name, a, info->base_name, b);
		ok = false;
	}
	if (ap_opts.continuous && ap_opts.freestanding) {
		error("arcov: %<-fplugin-arg-%s-continuous%> and "
		      "%<-fplugin-arg-%s-freestanding%> contradict each other "
		      "(the freestanding runtime maps no files)",
		      info->base_name, info->base_name);
		ok = false;
	}
	if (opt_per_thread && ap_opts.freestanding) {
		error("arcov: %<-fplugin-arg-%s-per-thread%> and "
		      "%<-fplugin-arg-%s-freestanding%> contradict each other "
		      "(the freestanding runtime has no threads)",
		      info->base_name, info->base_name);
		ok = false;
	}
	if (!ap_opts.derive && ap_opts.derive_check) {
		error("arcov: %<-fplugin-arg-%s-no-derive%> and "
		      "%<-fplugin-arg-%s-derive-check%> contradict each other",
		      info->base_name, info->base_name);
		ok = false;
	}
	if (!ok)
		return 1;
	choose_mode();
	register_callback(info->base_name, PLUGIN_INFO, NULL, &arcov_info);
	register_callback(info->base_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
			  (void *)arcov_roots);

	/* Only notes the order in which GCC lowers the functions. */
	add_pass(info->base_name, make_record_pass(), "ompexp");
	/*
	 * Once per unit, among the first IPA passes (doc/design.md, "Where
	 * the plugin works"): every function has been lowered to GIMPLE with
	 * a flow graph and OpenMP regions outlined, and nothing is optimized
	 * yet (no SSA, no inlining, no jump threading, no loop transforms),
	 * so .bb lines and arcs match what the user wrote at every -O level.
	 * Seeing all the unit's bodies at once lets the plugin keep the fake
	 * arc of a call to a function that always returns off the spanning
	 * tree.  After "visibility", which tells which functions the linker
	 * may replace, and so after free_lang_data, which must not meet our
	 * constructors still waiting in the new-function queue (it crashes
	 * under -flto); early enough for new variables and functions to join
	 * the unit.
	 */
	add_pass(info->base_name, make_arcov_pass(), "visibility");
	/* Entry and exit hooks, while lowering (profile.cc). */
	ap_profile_init(info->base_name);
	/* The increments out of the inliners' estimates (inline-size.cc);
	 * registered first, so that its IPA pass weighs the increments of
	 * the summaries, which are still the early ones. */
	ap_inline_size_init(info->base_name);
	/* Increments the early optimizers see through, adds to memory from
	 * the regular IPA passes on (early-increments.cc). */
	ap_early_increments_init(info->base_name);
	/* Entry checks inlined where one already ran (thread-checks.cc),
	 * after the early inliner and once the IPA passes are done. */
	add_pass(info->base_name, ap_thread_checks_early_pass(), "einline");
	add_pass(info->base_name, ap_thread_checks_pass(), "adjust_alignment");
	/* The copy's increments with their address written out, as the last
	 * GIMPLE pass (tls-counters.cc). */
	add_pass(info->base_name, ap_tls_counters_pass(), "optimized");
	/* Their descriptor calls made bare where the frame allows, once
	 * the prologue is laid out (tls-counters.cc). */
	add_pass(info->base_name, ap_tls_frame_pass(), "pro_and_epilogue");
	/* Counted loops' increments added up before the loop (loop-counts.cc),
	 * before the first "lim", which follows "laddress". */
	add_pass(info->base_name, ap_loop_counts_pass(), "laddress");
	/* Which instrumented functions reach the object (emitted.cc): after
	 * "optimized", the last GIMPLE pass at every -O level. */
	add_pass(info->base_name, ap_emitted_pass(), "optimized");
	/* A block's increments of one counter as one add, and of several
	 * as one increment of a run counter (runs.cc), once the GIMPLE
	 * optimizers are done (merge-increments.cc); registered last, so
	 * it runs first after "optimized", before tls-counters.cc rewrites
	 * the increments it recognises, the run counters' among them. */
	add_pass(info->base_name, ap_merge_increments_pass(), "optimized");
	register_callback(info->base_name, PLUGIN_FINISH_UNIT,
			  arcov_finish_unit, NULL);
	register_callback(info->base_name, PLUGIN_FINISH, arcov_finish, NULL);
	return 0;
}
