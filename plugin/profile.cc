/* profile.cc -- entry and exit hooks for the time profile (option profile).
 *
 * A lowering pass, placed before "lower" as GCC's own gimplifier does for
 * -finstrument-functions, turns each wanted function's body B into
 *
 *   site = __builtin_return_address (0);
 *   cfa = __builtin_dwarf_cfa ();
 *   arcov_profile_enter (&LARCOVP<n>, site, cfa);
 *   try { B } finally { arcov_profile_exit (&LARCOVP<n>, cfa); }
 *
 * where LARCOVP<n> is a static struct arcov_prof_fn naming the function
 * (runtime/arcov-profile.h).  The later lowering passes route every
 * return, and every exception unwinding through the frame, through the
 * finally, so each way out calls the exit hook once; only longjmp skips
 * it, and the runtime notices that from the frame's CFA (its caller's
 * stack pointer at the call, which the CFI already knows: no frame
 * pointer is forced).  The hooks do
 * not throw and do not call back into the unit ("leaf"), so they add no
 * exception edges and cost the optimizers nothing else.  Coverage
 * instrumentation comes later and sees the hook calls as ordinary calls.
 */
#include "compat.h"
#include "arcov-plugin.h"
#include "pass.h"

enum { HOOK_ENTER, HOOK_EXIT, HOOK_DEPTH, HOOK_RESUME, HOOK_COUNT };

/* The record type and the two hook declarations, kept for the unit. */
static tree prof_type;
static tree prof_fields[4];
static tree hooks[HOOK_COUNT];

static const struct ggc_root_tab profile_roots[] = {
	{ &prof_type, 1, sizeof(prof_type),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	{ &prof_fields[0], 4, sizeof(prof_fields[0]),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	{ &hooks[0], HOOK_COUNT, sizeof(hooks[0]),
	  &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
	LAST_GGC_ROOT_TAB
};

/* struct arcov_prof_fn { uint32_t id, line; const char *name, *file; } */
static tree descriptor_type(void)
{
	static const char *const names[4] = { "id", "line", "name", "file" };
	tree str = build_pointer_type(build_qualified_type(char_type_node,
							   TYPE_QUAL_CONST));
	tree types[4] = { uint32_type_node, uint32_type_node, str, str };
	tree chain = NULL_TREE;
	int i;

	if (prof_type)
		return prof_type;
	prof_type = lang_hooks.types.make_type(RECORD_TYPE);
	for (i = 0; i < 4; i++) {
		prof_fields[i] = build_decl(BUILTINS_LOCATION, FIELD_DECL,
					    get_identifier(names[i]), types[i]);
		DECL_CHAIN(prof_fields[i]) = chain;	/* reversed below */
		chain = prof_fields[i];
	}
	finish_builtin_struct(prof_type, "arcov_prof_fn", chain, NULL_TREE);
	return prof_type;
}

static tree hook(int which)
{
	static const char *const names[HOOK_COUNT] = {
		"arcov_profile_enter", "arcov_profile_exit",
		"arcov_profile_depth", "arcov_profile_resume"
	};
	tree ptr = build_pointer_type(descriptor_type());
	tree type;

	if (hooks[which])
		return hooks[which];
	switch (which) {
	case HOOK_ENTER:
		type = build_function_type_list(void_type_node, ptr,
						ptr_type_node, ptr_type_node,
						NULL_TREE);
		break;
	case HOOK_EXIT:
		type = build_function_type_list(void_type_node, ptr,
						ptr_type_node, NULL_TREE);
		break;
	case HOOK_DEPTH:
		type = build_function_type_list(uint32_type_node, NULL_TREE);
		break;
	default:
		type = build_function_type_list(void_type_node,
						uint32_type_node, NULL_TREE);
		break;
	}
	hooks[which] = build_fn_decl(names[which], type);
	SET_DECL_ASSEMBLER_NAME(hooks[which], DECL_NAME(hooks[which]));
	TREE_NOTHROW(hooks[which]) = 1;
	DECL_ATTRIBUTES(hooks[which]) =
		tree_cons(get_identifier("leaf"), NULL_TREE, NULL_TREE);
	return hooks[which];
}

static tree cstring(const char *s)
{
	return build_string_literal(strlen(s) + 1, s);
}

/* The static descriptor of @fndecl, handed to the symbol table. */
static tree descriptor(tree fndecl)
{
	expanded_location loc = expand_location(DECL_SOURCE_LOCATION(fndecl));
	tree type = descriptor_type();
	vec<constructor_elt, va_gc> *v = NULL;
	tree var = ap_static_var(type, "LARCOVP");

	CONSTRUCTOR_APPEND_ELT(v, prof_fields[0],
			       build_int_cst(uint32_type_node, 0));
	CONSTRUCTOR_APPEND_ELT(v, prof_fields[1],
			       build_int_cst(uint32_type_node,
					     loc.line > 0 ? loc.line : 0));
	CONSTRUCTOR_APPEND_ELT(v, prof_fields[2],
			       cstring(ap_function_name(fndecl)));
	CONSTRUCTOR_APPEND_ELT(v, prof_fields[3],
			       cstring(loc.file ? loc.file : ""));
	DECL_INITIAL(var) = build_constructor(type, v);
	varpool_node::finalize_decl(var);
	return build_fold_addr_expr(var);
}

static bool profile_gate(function *fun)
{
	tree decl = fun->decl;

	return ap_opts.profile && ap_profile_wanted(decl) &&
	       /* The gimplifier has set DECL_NO_INSTRUMENT_FUNCTION_ENTRY_EXIT
	        * by now; the attribute still tells what the user asked. */
	       !lookup_attribute("no_instrument_function",
				 DECL_ATTRIBUTES(decl)) &&
	       !(DECL_DECLARED_INLINE_P(decl) && DECL_EXTERNAL(decl)) &&
	       gimple_body(decl);
}

/* tmp = BUILTIN (0 or no argument), appended to @seq. */
static tree builtin_value(gimple_seq *seq, enum built_in_function fn,
			  const char *name)
{
	tree decl = builtin_decl_explicit(fn);
	tree tmp = create_tmp_var(ptr_type_node, name);

	/* __builtin_dwarf_cfa calls nothing (unlike __builtin_return_address
	 * GCC does not say so): "leaf" keeps a function that calls setjmp
	 * from giving the call an abnormal edge, which coverage would show. */
	if (!lookup_attribute("leaf", DECL_ATTRIBUTES(decl)))
		DECL_ATTRIBUTES(decl) = tree_cons(get_identifier("leaf"),
						  NULL_TREE,
						  DECL_ATTRIBUTES(decl));
	gcall *call = fn == BUILT_IN_RETURN_ADDRESS ?
		gimple_build_call(decl, 1, integer_zero_node) :
		gimple_build_call(decl, 0);

	gimple_call_set_lhs(call, tmp);
	/* A nothrow built-in ends no block: coverage sees no call here. */
	gimple_call_set_nothrow(call, true);
	gimple_seq_add_stmt(seq, call);
	return tmp;
}

/*
 * Around each call that returns twice (setjmp, sigsetjmp, getcontext,
 * vfork):
 *
 *   depth = arcov_profile_depth ();
 *   setjmp (env);
 *   arcov_profile_resume (depth);
 *
 * A longjmp back leaves open the frames it skipped.  The CFA test of the
 * next hook closes those of the functions called out of line, but not a
 * function inlined into this one after the setjmp: its frame has this
 * frame's CFA and return address, just like a function inlined here that
 * is still running (main inlines jumper(), which calls the longjmp;
 * then main's inlined sleeper() would count as jumper's callee).  The
 * depth saved before the call, never changed after it, survives the
 * longjmp as C promises such locals do; the second return closes every
 * frame above it, the first finds none.
 */
static tree returns_twice_stmt(gimple_stmt_iterator *gsi, bool *handled,
			       struct walk_stmt_info *)
{
	gimple *stmt = gsi_stmt(*gsi);
	tree depth;
	gcall *get;

	*handled = false;
	if (!is_gimple_call(stmt) ||
	    !(gimple_call_flags(stmt) & ECF_RETURNS_TWICE))
		return NULL_TREE;
	depth = create_tmp_var(uint32_type_node, "arcov_depth");
	get = gimple_build_call(hook(HOOK_DEPTH), 0);
	gimple_call_set_lhs(get, depth);
	gimple_set_location(get, gimple_location(stmt));
	gsi_insert_before(gsi, get, GSI_SAME_STMT);
	gsi_insert_after(gsi, gimple_build_call(hook(HOOK_RESUME), 1, depth),
			 GSI_NEW_STMT);
	*handled = true;
	return NULL_TREE;
}

static unsigned int profile_execute(function *fun)
{
	tree decl = fun->decl;
	tree desc = descriptor(decl);
	gimple_seq body = NULL, cleanup = NULL, seq = NULL;
	tree site = builtin_value(&body, BUILT_IN_RETURN_ADDRESS, "arcov_site");
	tree cfa = builtin_value(&body, BUILT_IN_DWARF_CFA, "arcov_cfa");

	struct walk_stmt_info wi;
	gimple_seq inner = gimple_body(decl);

	/* (cfun->calls_setjmp is not known before the CFG is built.) */
	memset(&wi, 0, sizeof wi);
	walk_gimple_seq_mod(&inner, returns_twice_stmt, NULL, &wi);
	gimple_set_body(decl, inner);
	gimple_seq_add_stmt(&body, gimple_build_call(hook(HOOK_ENTER), 3,
						     desc, site, cfa));
	gimple_seq_add_stmt(&cleanup, gimple_build_call(hook(HOOK_EXIT), 2,
							unshare_expr(desc),
							cfa));
	gimple_seq_add_stmt(&body, gimple_build_try(gimple_body(decl), cleanup,
						    GIMPLE_TRY_FINALLY));
	gimple_seq_add_stmt(&seq, gimple_build_bind(NULL_TREE, body,
						    NULL_TREE));
	gimple_set_body(decl, seq);
	return 0;
}

ARCOV_GIMPLE_PASS(make_profile_pass, "arcov_profile", profile_gate,
		  profile_execute, 0)

/**
 * ap_profile_hook_p - whether @stmt calls one of the profile's hooks:
 * they always return, so coverage gives them no fake arc, and they are
 * not the program's calls, so the notes do not list them.
 */
bool ap_profile_hook_p(const gimple *stmt)
{
	const gcall *call = dyn_cast<const gcall *>(stmt);
	tree fndecl = call ? gimple_call_fndecl(call) : NULL_TREE;

	if (!fndecl)
		return false;
	for (int i = 0; i < HOOK_COUNT; i++)
		if (fndecl == hooks[i])
			return true;
	return false;
}

/**
 * ap_profile_init - register the profile pass and its GC roots when the
 * profile option is on.
 */
void ap_profile_init(const char *plugin)
{
	struct register_pass_info info;

	if (!ap_opts.profile)
		return;
	register_callback(plugin, PLUGIN_REGISTER_GGC_ROOTS, NULL,
			  (void *)profile_roots);
	/* Where gimplify_function_tree() wraps bodies for
	 * -finstrument-functions: still structured GIMPLE, so "lower" and
	 * "eh" route returns and exceptions through the finally. */
	info.pass = make_profile_pass();
	info.reference_pass_name = "lower";
	info.ref_pass_instance_number = 1;
	info.pos_op = PASS_POS_INSERT_BEFORE;
	register_callback(plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
