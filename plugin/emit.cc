/* emit.cc -- the code and data the plugin adds to the object file.
 *
 * Per arc off the spanning tree, a 64-bit counter increment on that edge;
 * calls to exec functions go to libarcov's wrappers.
 * Per translation unit, the runtime ABI of runtime/arcov-abi.h: one
 * counter array shared by all functions (each takes the next slice), a
 * function table, a struct arcov_object, a constructor that registers it
 * and a destructor that unregisters it; and a record in the non-allocated
 * ELF section .arcov_notes naming the unit's notes and data files, so a
 * reporter can find every instrumented object linked into a program
 * (format in doc/notes-format.md).
 *
 * The counter array is created before its length is known (functions are
 * instrumented one at a time) with an array type of unknown bound, and
 * given its real type in ap_emit_object(), before any optimizer sees it.
 */
#include "compat.h"
#include "arcov-plugin.h"
#include "arcov-abi.h"

/* Reached from the instrumented code of every function: a GC root. */
tree ap_counters_var;

/* Priority of the constructor and destructor: before any user constructor
 * (so counts of code run by constructors are kept) and after any user
 * destructor; 100 and below are reserved for the implementation. */
#define AP_CDTOR_PRIORITY (MAX_RESERVED_INIT_PRIORITY - 1)

static tree counter_type(void)
{
	return uint64_type_node;
}

tree ap_static_var(tree type, const char *prefix)
{
	static int labelno;
	char label[64];
	tree var;

	ASM_GENERATE_INTERNAL_LABEL(label, prefix, labelno++);
	var = build_decl(BUILTINS_LOCATION, VAR_DECL, get_identifier(label),
			 type);
	/* A label no language could mangle: keeps the C++ front end's
	 * mangler away from a declaration it did not make. */
	SET_DECL_ASSEMBLER_NAME(var, DECL_NAME(var));
	TREE_STATIC(var) = 1;
	TREE_ADDRESSABLE(var) = 1;
	DECL_ARTIFICIAL(var) = 1;
	DECL_IGNORED_P(var) = 1;
	SET_DECL_ALIGN(var, TYPE_ALIGN(type));
	return var;
}

/* Hand @var to the symbol table with its initializer's references, which
 * at this early stage GCC would otherwise record only after deciding what
 * is unreachable. */
static void finalize_var(tree var)
{
	varpool_node::finalize_decl(var);
	varpool_node::get(var)->analyze();
}

static tree counters_var(void)
{
	if (!ap_counters_var) {
		ap_counters_var =
			ap_static_var(build_array_type(counter_type(), NULL_TREE),
				   "LARCOVC");
		/* Only the increments and the runtime touch the counters,
		 * never a pointer of the program: as for GCC's own counters,
		 * alias analysis may keep the program's values in registers
		 * across an increment, and promote a loop's counter. */
		DECL_NONALIASED(ap_counters_var) = 1;
	}
	return ap_counters_var;
}

static tree counter_ref(uint32_t index)
{
	return build4(ARRAY_REF, counter_type(), counters_var(),
		      size_int(index), NULL_TREE, NULL_TREE);
}

static gimple_seq increment(uint32_t index)
{
	gimple_seq seq = NULL;
	tree ref = counter_ref(index);

	if (ap_opts.atomic) {
		tree fn = builtin_decl_explicit(BUILT_IN_ATOMIC_FETCH_ADD_8);
		tree args = TYPE_ARG_TYPES(TREE_TYPE(fn));
		tree arg1 = TREE_VALUE(TREE_CHAIN(args));

		gimple_seq_add_stmt(&seq, gimple_build_call(fn, 3,
			build_fold_addr_expr(ref), build_int_cst(arg1, 1),
			build_int_cst(integer_type_node, MEMMODEL_RELAXED)));
	} else {
		tree tmp = create_tmp_reg(counter_type(), "arcov");

		gimple_seq_add_stmt(&seq, gimple_build_assign(tmp, ref));
		gimple_seq_add_stmt(&seq, gimple_build_assign(tmp, PLUS_EXPR,
			tmp, build_int_cst(counter_type(), 1)));
		gimple_seq_add_stmt(&seq,
				    gimple_build_assign(unshare_expr(ref), tmp));
	}
	return seq;
}

/**
 * ap_emit_increments - count every written arc of @g off the spanning tree.
 * @g:             the current function's graph
 * @first_counter: index in the unit's counter array of its first counter
 *
 * Counters follow the .bbg arc order (§3.3).  Edges are split as needed.
 */
void ap_emit_increments(const struct ap_graph *g, uint32_t first_counter)
{
	uint32_t k = first_counter;
	size_t i;

	if (ap_opts.atomic &&
	    !builtin_decl_explicit_p(BUILT_IN_ATOMIC_FETCH_ADD_8)) {
		error("arcov: %<atomic%> needs %<__atomic_fetch_add_8%>, "
		      "which this front end does not provide");
		return;
	}
	for (i = 0; i < g->narcs; i++) {
		const struct ap_arc *a = &g->arcs[i];

		if (a->ignore || (a->flags & ARCOV_ARC_ON_TREE))
			continue;
		/* Left to derive.cc. */
		if (!a->derived)
			gsi_insert_seq_on_edge(a->e, increment(k));
		k++;
	}
	gsi_commit_edge_inserts();
}

/**
 * ap_emit_entry_increment - count the calls of @fun in counter @index:
 * the increment of its entry arc, whose count derive.cc could not derive
 * after all.  ENTRY has that arc alone.
 */
void ap_emit_entry_increment(function *fun, uint32_t index)
{
	push_cfun(fun);
	gsi_insert_seq_on_edge(single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(fun)),
			       increment(index));
	gsi_commit_edge_inserts();
	if (current_loops)
		loops_state_set(LOOPS_NEED_FIXUP);
	/* Atomic increments are calls. */
	cgraph_edge::rebuild_edges();
	pop_cfun();
}

/* The exec family, whose wrappers in libarcov (arcov.h) write the counts
 * before the process image, counters included, is replaced. */
static const char *const exec_names[AP_NEXEC] = {
	"execl", "execlp", "execle", "execv", "execvp", "execvpe", "execve",
	"fexecve"
};

tree ap_exec_wrappers[AP_NEXEC];

static int exec_index(tree fndecl)
{
	const char *name;
	size_t i;

	if (!fndecl || !TREE_PUBLIC(fndecl) || !DECL_EXTERNAL(fndecl))
		return -1;
	name = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fndecl));
	for (i = 0; i < AP_NEXEC; i++)
		if (!strcmp(name, exec_names[i]))
			return (int)i;
	return -1;
}

/**
 * ap_redirect_exec - make @fun call arcov_execl() and friends instead of
 * the libc functions of the same name, as GCC does for its own runtime.
 */
void ap_redirect_exec(function *fun)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));
			tree fndecl = call ? gimple_call_fndecl(call) : NULL_TREE;
			int i = exec_index(fndecl);
			char *name;

			if (i < 0)
				continue;
			if (!ap_exec_wrappers[i]) {
				name = concat("arcov_", exec_names[i], NULL);
				ap_exec_wrappers[i] =
					build_fn_decl(name, TREE_TYPE(fndecl));
				SET_DECL_ASSEMBLER_NAME(ap_exec_wrappers[i],
					DECL_NAME(ap_exec_wrappers[i]));
				free(name);
			}
			gimple_call_set_fndecl(call, ap_exec_wrappers[i]);
		}
	}
}

/* Give the counter array its final length; at least one element, so the
 * declaration stays a complete object. */
static void finish_counters(uint32_t n)
{
	tree var = counters_var();
	tree domain = build_index_type(size_int(n ? n - 1 : 0));

	TREE_TYPE(var) = build_array_type(counter_type(), domain);
	DECL_SIZE(var) = NULL_TREE;
	DECL_SIZE_UNIT(var) = NULL_TREE;
	SET_DECL_ALIGN(var, TYPE_ALIGN(TREE_TYPE(var)));
	layout_decl(var, 0);
	finalize_var(var);
}

/* A RECORD_TYPE from @n (name, type) pairs, laid out as C would. */
static tree record_type(const char *name, const char *const *names,
			const tree *types, size_t n, tree *fields)
{
	tree type = lang_hooks.types.make_type(RECORD_TYPE);
	tree chain = NULL_TREE;
	size_t i;

	for (i = 0; i < n; i++) {
		fields[i] = build_decl(BUILTINS_LOCATION, FIELD_DECL,
				       get_identifier(names[i]), types[i]);
		/* finish_builtin_struct() reverses the chain. */
		DECL_CHAIN(fields[i]) = chain;
		chain = fields[i];
	}
	finish_builtin_struct(type, name, chain, NULL_TREE);
	return type;
}

static tree const_char_ptr(void)
{
	return build_pointer_type(build_qualified_type(char_type_node,
						       TYPE_QUAL_CONST));
}

static tree string_ptr(const char *s)
{
	return build_string_literal(strlen(s) + 1, s);
}

static tree uint32_cst(uint32_t v)
{
	return build_int_cst(uint32_type_node, v);
}

enum { FI_NAME, FI_CHECKSUM, FI_NCOUNTERS, FI_COUNT };

static tree fn_table(const struct arcov_bbg *bbg, tree *elt_type)
{
	static const char *const names[FI_COUNT] = {
		"name", "checksum", "ncounters"
	};
	tree types[FI_COUNT] = {
		const_char_ptr(), uint32_type_node, uint32_type_node
	};
	tree fields[FI_COUNT];
	tree type, array_type, var;
	vec<constructor_elt, va_gc> *elts = NULL;
	size_t i;

	type = record_type("arcov_fn_info", names, types, FI_COUNT, fields);
	for (i = 0; i < bbg->nfns; i++) {
		vec<constructor_elt, va_gc> *f = NULL;

		CONSTRUCTOR_APPEND_ELT(f, fields[FI_NAME],
				       string_ptr(bbg->fns[i].name));
		CONSTRUCTOR_APPEND_ELT(f, fields[FI_CHECKSUM],
				       uint32_cst(bbg->fns[i].checksum));
		CONSTRUCTOR_APPEND_ELT(f, fields[FI_NCOUNTERS],
				       uint32_cst(bbg->fns[i].ncounters));
		CONSTRUCTOR_APPEND_ELT(elts, size_int(i),
				       build_constructor(type, f));
	}
	array_type = build_array_type(type,
				      build_index_type(size_int(bbg->nfns - 1)));
	var = ap_static_var(array_type, "LARCOVF");
	TREE_READONLY(var) = 1;
	DECL_INITIAL(var) = build_constructor(array_type, elts);
	finalize_var(var);
	*elt_type = type;
	return var;
}

enum {
	OB_VERSION, OB_FLAGS, OB_DA_PATH, OB_NFNS, OB_NCOUNTERS, OB_FNS,
	OB_COUNTERS, OB_NEXT, OB_STAMP,
	/* Version 3, derived counters (derive.cc). */
	OB_NDERIVE, OB_DERIVE,
	OB_COUNT
};

static tree object_var(const struct arcov_bbg *bbg, uint32_t ncounters)
{
	static const char *const names[OB_COUNT] = {
		"version", "flags", "da_path", "nfns", "ncounters", "fns",
		"counters", "next", "stamp",
		"nderive", "derive"
	};
	tree fn_type, fns = fn_table(bbg, &fn_type);
	tree types[OB_COUNT] = {
		uint32_type_node, uint32_type_node, const_char_ptr(),
		uint32_type_node, uint32_type_node,
		build_pointer_type(build_qualified_type(fn_type,
							TYPE_QUAL_CONST)),
		build_pointer_type(counter_type()),
		ptr_type_node,		/* the runtime's list link */
		uint32_type_node,
		uint32_type_node,
		build_pointer_type(build_qualified_type(uint32_type_node,
							TYPE_QUAL_CONST))
	};
	uint32_t nderive;
	tree derive = ap_derive_table(&nderive);
	tree fields[OB_COUNT];
	tree type, var;
	vec<constructor_elt, va_gc> *v = NULL;

	type = record_type("arcov_object", names, types, OB_COUNT, fields);
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_VERSION],
			       uint32_cst(ARCOV_ABI_VERSION));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_FLAGS],
			       uint32_cst((ap_opts.atomic ? ARCOV_OBJ_ATOMIC : 0) |
					  (ap_opts.derive_check ?
					   ARCOV_OBJ_DERIVE_CHECK : 0)));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_DA_PATH], string_ptr(ap_da_path()));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_NFNS], uint32_cst(bbg->nfns));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_NCOUNTERS], uint32_cst(ncounters));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_FNS],
			       fold_convert(types[OB_FNS],
					    build_fold_addr_expr(fns)));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_COUNTERS],
			       fold_convert(types[OB_COUNTERS],
					    build_fold_addr_expr(counters_var())));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_NEXT], null_pointer_node);
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_STAMP], uint32_cst(ap_build_stamp()));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_NDERIVE], uint32_cst(nderive));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_DERIVE], derive ?
			       fold_convert(types[OB_DERIVE],
					    build_fold_addr_expr(derive)) :
			       null_pointer_node);
	var = ap_static_var(type, "LARCOVO");
	DECL_INITIAL(var) = build_constructor(type, v);
	finalize_var(var);
	return var;
}

/* A constructor or destructor ('I' or 'D') calling @runtime_fn(&obj). */
static void cdtor(char which, const char *runtime_fn, tree obj)
{
	tree ptr = build_pointer_type(TREE_TYPE(obj));
	tree fn = build_fn_decl(runtime_fn,
				build_function_type_list(void_type_node, ptr,
							 NULL_TREE));

	SET_DECL_ASSEMBLER_NAME(fn, DECL_NAME(fn));
	cgraph_build_static_cdtor(which,
				  build_call_expr(fn, 1,
						  build_fold_addr_expr(obj)),
				  AP_CDTOR_PRIORITY);
}

static void asm_text(struct obstack *out, const char *s)
{
	obstack_grow(out, s, strlen(s));
}

/* Append @s to the assembler text @out as octal-escaped .ascii data. */
static void asm_ascii(struct obstack *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	asm_text(out, "\t.ascii \"");
	for (; ; p++) {
		char esc[8];

		if (*p && ISPRINT(*p) && *p != '"' && *p != '\\') {
			obstack_1grow(out, *p);
			continue;
		}
		snprintf(esc, sizeof esc, "\\%03o", *p);
		obstack_grow(out, esc, 4);
		if (!*p)
			break;
	}
	asm_text(out, "\"\n");
}

/* The .arcov_notes record: the words "ARCOV" and "1", then the absolute
 * paths of the .bb, .bbg, .da and .arcov-notes files, each NUL-terminated. */
static void notes_section(void)
{
	static const char *const suffixes[] = {
		".bb", ".bbg", ".da", ".arcov-notes"
	};
	struct obstack out;
	const char *base = ap_notes_base();
	size_t i;
	char *text;

	obstack_init(&out);
	asm_text(&out, "\t.pushsection .arcov_notes,\"\",%progbits\n");
	asm_ascii(&out, "ARCOV");
	asm_ascii(&out, "1");
	for (i = 0; i < ARRAY_SIZE(suffixes); i++) {
		char *path = IS_ABSOLUTE_PATH(base) ?
			concat(base, suffixes[i], NULL) :
			concat(getpwd(), "/", base, suffixes[i], NULL);

		asm_ascii(&out, path);
		free(path);
	}
	obstack_grow0(&out, "\t.popsection\n", strlen("\t.popsection\n"));
	text = (char *)obstack_finish(&out);
	symtab->finalize_toplevel_asm(build_string(strlen(text), text));
	obstack_free(&out, NULL);
}

/**
 * ap_emit_object - emit the unit's runtime data and its constructors.
 *
 * Called once, from a small IPA pass right after free_lang_data: every
 * function has been instrumented, and new variables and functions can
 * still join the unit.  Does nothing for a unit without instrumented
 * functions.
 */
void ap_emit_object(void)
{
	const struct arcov_bbg *bbg = ap_notes_graphs();
	uint32_t ncounters = 0;
	size_t i;
	tree obj;

	if (!bbg->nfns)
		return;
	for (i = 0; i < bbg->nfns; i++)
		ncounters += bbg->fns[i].ncounters;
	finish_counters(ncounters);
	obj = object_var(bbg, ncounters);
	cdtor('I', "arcov_object_register", obj);
	cdtor('D', "arcov_object_unregister", obj);
	notes_section();
}
