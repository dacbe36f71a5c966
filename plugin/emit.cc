/* emit.cc -- the code and data the plugin adds to the object file.
 *
 * Per arc off the spanning tree, a 64-bit counter increment on that edge
 * (in the plain mode on x86-64, one "asm inline" add to memory, small to
 * the inliners);
 * calls to exec functions go to libarcov's wrappers.  Three counting modes
 * (doc/design.md, "Threads"): plain increments of the shared array
 * (single), relaxed atomic ones (atomic), or plain increments of a
 * thread-local copy of the array (per-thread), whose first word says
 * whether the runtime knows this thread's copy yet: every instrumented
 * function checks it on entry and, the first time in a thread, hands the
 * copy to arcov_thread_counters().
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

/* Reached from the instrumented code of every function: GC roots. */
tree ap_counters_var;	/* the shared counters */
tree ap_thread_var;	/* per-thread: this thread's head and counters */
tree ap_object_var;	/* the struct arcov_object, named by the entry check */
tree ap_owner_var;	/* per-thread, -fPIC on x86-64: the owner's copy */

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
	/* Without the "*" that says "no user label prefix" (which ELF has
	 * none of): arm-none-eabi prints a local zeroed variable's .size
	 * with its name as it is, and "*.LARCOVC0" does not assemble. */
	var = build_decl(BUILTINS_LOCATION, VAR_DECL,
			 get_identifier(targetm.strip_name_encoding(label)),
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

/*
 * Per-thread: the thread-local array, a head of ARCOV_THREAD_HEAD words
 * for the runtime (word 0 nonzero once it has this thread's copy), then
 * the counters.  GCC picks the access
 * model: local-exec in an executable (the increment is one add at a
 * constant offset from the thread pointer, as cheap as a plain one),
 * __tls_get_addr() calls in a shared library, where the static TLS left
 * for dlopen() is too small for counter arrays: GCC expands one per
 * block that counts and per loop pass, 3.2 per function call on Lua
 * (doc/performance.md, issue 28): thread_base below makes it one per
 * function call, and on x86-64 tls-counters.cc makes that one a TLS
 * descriptor call.
 */
static tree thread_var(void)
{
	if (!ap_thread_var) {
		ap_thread_var =
			ap_static_var(build_array_type(counter_type(), NULL_TREE),
				      "LARCOVT");
		DECL_NONALIASED(ap_thread_var) = 1;
		set_decl_tls_model(ap_thread_var,
				   decl_default_tls_model(ap_thread_var));
		/* Kept when the increments name it in their text alone
		 * (tls-counters.cc). */
		DECL_PRESERVE_P(ap_thread_var) = 1;
	}
	return ap_thread_var;
}

static tree array_ref(tree var, uint32_t index)
{
	return build4(ARRAY_REF, counter_type(), var, size_int(index),
		      NULL_TREE, NULL_TREE);
}

/*
 * Per-thread, where a thread-local address costs a __tls_get_addr() call
 * (the global- and local-dynamic models of -fPIC code): the copy's
 * address is computed once on entry into a register, and every increment
 * of the function adds to memory at an offset from it.  Left to itself,
 * GCC computes that address again in every block that counts, loop
 * bodies included (3.2 calls per function call on Lua as a shared
 * library, 60 % of what counting added).  The address is passed through
 * an empty asm, which forwprop cannot see through, or it would fold it
 * back into each access.  Only where increments are asms
 * (ap_increments_are_asm()): they are barriers to the alias oracle
 * already, so a base it knows nothing about costs no optimisation, which
 * GCC's own loads and stores through it would.  An executable's copy is
 * %fs-relative, one add at a constant offset: no register for that.  On
 * x86-64 the empty asm is where tls-counters.cc puts its descriptor call
 * (the base becomes an offset from %fs), as the last GIMPLE pass: until
 * then every pass sees the base as the copy's address.
 */
static tree thread_base;	/* the current function's, or NULL_TREE */

static bool thread_base_wanted(void)
{
	enum tls_model model;

	if (!ap_opts.per_thread || !ap_increments_are_asm())
		return false;
	model = DECL_TLS_MODEL(thread_var());
	return model == TLS_MODEL_GLOBAL_DYNAMIC ||
	       model == TLS_MODEL_LOCAL_DYNAMIC;
}

static tree asm_operand(const char *constraint, tree value);

/*
 * The owner's copy (arcov-abi.h, version 5): where a thread's copy costs
 * a TLS descriptor call per function call (tls-counters.cc), the thread
 * that registers the object counts in a static array of the copy's
 * layout instead, which its code tells from the thread pointer with one
 * compare.  Only there: in an executable the copy is one add at a
 * constant offset from the thread pointer already, and elsewhere GCC's
 * own TLS access is kept.  Made once every function is instrumented
 * (ap_emit_object()), before any function's base is rewritten.
 */
static bool owner_wanted(void)
{
	return ap_thread_var && thread_base_wanted() && ap_target_x86_64();
}

/* "@base = &LARCOVT", opaque to the optimizers (the empty asm). */
static gimple *thread_base_asm(tree base)
{
	vec<tree, va_gc> *inputs = NULL, *outputs = NULL;

	vec_safe_push(outputs, asm_operand("=r", base));
	vec_safe_push(inputs, asm_operand("0",
			build_fold_addr_expr_with_type(thread_var(),
						       ptr_type_node)));
	return gimple_build_asm_vec("", inputs, outputs, NULL, NULL);
}

/**
 * ap_thread_base_p - whether @stmt is the asm thread_base_asm() makes.
 */
bool ap_thread_base_p(const gimple *stmt)
{
	const gasm *as = dyn_cast<const gasm *>(stmt);
	tree in;

	if (!as || !ap_thread_var || gimple_asm_ninputs(as) != 1 ||
	    gimple_asm_noutputs(as) != 1 || *gimple_asm_string(as))
		return false;
	in = TREE_VALUE(gimple_asm_input_op(as, 0));
	return TREE_CODE(in) == ADDR_EXPR &&
	       TREE_OPERAND(in, 0) == ap_thread_var;
}

/**
 * ap_thread_copy - the thread-local array that @ref (a counter or the
 * entry check's flag) is an element of, or NULL_TREE: LARCOVT itself, or
 * behind a base that thread_base_asm() computed.
 */
tree ap_thread_copy(tree ref)
{
	tree base;

	if (TREE_CODE(ref) == ARRAY_REF)	/* of LARCOVT, or of a MEM_REF
					 * of its address once inlined */
		return get_base_address(TREE_OPERAND(ref, 0));
	if (TREE_CODE(ref) != MEM_REF)
		return NULL_TREE;
	base = TREE_OPERAND(ref, 0);
	if (TREE_CODE(base) == ADDR_EXPR)
		return get_base_address(TREE_OPERAND(base, 0));
	if (TREE_CODE(base) == SSA_NAME &&
	    ap_thread_base_p(SSA_NAME_DEF_STMT(base)))
		return ap_thread_var;
	return NULL_TREE;
}

/* Element @index of the per-thread copy: behind thread_base when the
 * function computes one. */
static tree thread_ref(uint32_t index)
{
	if (!thread_base)
		return array_ref(thread_var(), index);
	return build2(MEM_REF, counter_type(), thread_base,
		      build_int_cst(build_pointer_type(counter_type()),
				    index * (uint64_t)8));
}

static tree counter_ref(uint32_t index)
{
	if (ap_opts.per_thread)
		return thread_ref(index + ARCOV_THREAD_HEAD);
	return array_ref(counters_var(), index);
}

/**
 * ap_counter_at - the counter that counter_ref() names, from its parts
 * (early-increments.cc keeps them apart until the IPA passes).
 * @base: NULL_TREE for an element of the unit's array (per thread: of the
 *        thread's copy), else the base of a MEM_REF
 * @pos:  the element's index, or the byte offset from @base
 */
tree ap_counter_at(tree base, tree pos)
{
	tree var = ap_opts.per_thread ? thread_var() : counters_var();

	if (!base)
		return build4(ARRAY_REF, counter_type(), var, pos, NULL_TREE,
			      NULL_TREE);
	return build2(MEM_REF, counter_type(), base, pos);
}

static tree asm_operand(const char *constraint, tree value)
{
	return build_tree_list(build_tree_list(NULL_TREE,
			build_string(strlen(constraint) + 1, constraint)), value);
}

/*
 * Plain mode on x86-64: the increment as GCC gimplifies
 * "asm inline volatile ("addq $1, %0" : "+m" (counter))" (an output and
 * the same memory as input), the one instruction GCC makes of the load,
 * add and store anyway.  The inliners' size estimate (GCC 12's
 * estimate_num_insns, which ipa-fnsummary sums) counts an "asm inline"
 * as at most one instruction, where the load, the add and the store
 * weigh three: an instrumented function looks to them nearly as small
 * as the plain one, and is inlined where the plain build inlines it
 * (Lua's index2value).  Volatile, so that no pass may delete or merge
 * it.  What it gives up: store motion, which keeps the counter of a
 * call-free loop in a register; measured, that costs less than the
 * inlining gains, also when loops keep the three statements
 * (doc/notes-format.md §4, "Counters").
 *
 * Tried and measured (bench/corpus, doc/performance.md "The third
 * run"): the counter as the asm's input only, so that the asm defines
 * no memory.  It let GCC keep a char field across increments and gave
 * the inliners JsonCpp's plain decisions back (-single 1.84 to 1.65 of
 * gcc's added instructions, with the merges), but it moved other
 * inlining and loop decisions the wrong way (bzip2 -single 0.15 to
 * 0.42, pugixml 0.54 to 0.93; the median 0.55 to 0.65), and GCC kept
 * the array's address in a register; when in doubt, the output form.
 */
#define AP_INCREMENT_ASM "{addq\t$1, %0|add\t%0, 1}"
#define AP_ADD_ASM "{addq\t%2, %0|add\t%0, %2}"

/* The volatile "asm inline" @text on the counter @ref (%0), with @n as
 * the next operand unless NULL_TREE. */
static gimple *counter_asm(const char *text, tree ref, tree n)
{
	vec<tree, va_gc> *inputs = NULL, *outputs = NULL, *clobbers = NULL;
	gasm *stmt;

	vec_safe_push(outputs, asm_operand("=m", unshare_expr(ref)));
	vec_safe_push(inputs, asm_operand("m", ref));
	if (n)
		vec_safe_push(inputs, asm_operand("re", n));
	vec_safe_push(clobbers, build_tree_list(NULL_TREE,
					       build_string(3, "cc")));
	stmt = gimple_build_asm_vec(text, inputs, outputs, clobbers, NULL);
	gimple_asm_set_volatile(stmt, true);
	gimple_asm_set_inline(stmt, true);
	return stmt;
}

/**
 * ap_increment_asm - "@ref += 1" as the asm add to memory, for the modes
 * whose increments are the asm (ap_increments_are_asm()).
 * @ref: a counter
 */
gimple *ap_increment_asm(tree ref)
{
	return counter_asm(AP_INCREMENT_ASM, ref, NULL_TREE);
}

/* The byte offset of @ref, a counter, in the array of the unit it is an
 * element of, and that array (the shared one or a thread's copy, maybe
 * behind thread_base_asm()'s register); NULL_TREE if not one. */
static tree counter_place(tree ref, HOST_WIDE_INT *off)
{
	poly_int64 poff;
	tree base;

	if (TREE_CODE(ref) == MEM_REF &&
	    TREE_CODE(TREE_OPERAND(ref, 0)) == SSA_NAME) {
		if (!ap_thread_base_p(SSA_NAME_DEF_STMT(TREE_OPERAND(ref, 0))) ||
		    !tree_fits_shwi_p(TREE_OPERAND(ref, 1)))
			return NULL_TREE;
		*off = tree_to_shwi(TREE_OPERAND(ref, 1));
		return ap_thread_var;
	}
	base = get_addr_base_and_unit_offset(ref, &poff);
	if (!base || !poff.is_constant(off) ||
	    (base != ap_counters_var &&
	     (!ap_thread_var || base != ap_thread_var)))
		return NULL_TREE;
	return base;
}

/**
 * ap_counter_index - whether @ref is a whole counter of this unit's
 * array (or of a thread's copy), and its index there into *@index.
 */
bool ap_counter_index(tree ref, uint32_t *index)
{
	HOST_WIDE_INT off;
	tree base = counter_place(ref, &off);

	if (!base || off % 8 ||
	    !tree_fits_uhwi_p(TYPE_SIZE_UNIT(TREE_TYPE(ref))) ||
	    tree_to_uhwi(TYPE_SIZE_UNIT(TREE_TYPE(ref))) != 8)
		return false;
	off /= 8;
	if (base == ap_thread_var)
		off -= ARCOV_THREAD_HEAD;
	if (off < 0 || off > (HOST_WIDE_INT)UINT32_MAX)
		return false;
	*index = (uint32_t)off;
	return true;
}

/**
 * ap_counter_ref_like - counter @index of the array that @like, a
 * counter ap_counter_index() knows, is an element of, reached the same
 * way (a thread's copy behind the same base register).
 */
tree ap_counter_ref_like(tree like, uint32_t index)
{
	if (TREE_CODE(like) == MEM_REF &&
	    TREE_CODE(TREE_OPERAND(like, 0)) == SSA_NAME)
		return build2(MEM_REF, counter_type(), TREE_OPERAND(like, 0),
			      build_int_cst(TREE_TYPE(TREE_OPERAND(like, 1)),
					    (index + ARCOV_THREAD_HEAD) *
					    (uint64_t)8));
	if (ap_thread_var && get_base_address(like) == ap_thread_var)
		return array_ref(ap_thread_var, index + ARCOV_THREAD_HEAD);
	return array_ref(ap_counters_var, index);
}

/**
 * ap_add_asm - "@ref += @n" as one asm add to memory, for the modes whose
 * increments are the asm (ap_increments_are_asm()): like them, one
 * instruction on the counter's address (%fs-relative for a thread's
 * copy) that the optimizers neither move nor merge.
 * @ref: a counter
 * @n:   what to add, a 64-bit GIMPLE value
 */
gimple *ap_add_asm(tree ref, tree n)
{
	return counter_asm(AP_ADD_ASM, ref, n);
}

/* Whether @stmt is an asm counter_asm() made of @text. */
static bool counter_asm_p(const gimple *stmt, const char *text)
{
	const gasm *as = dyn_cast<const gasm *>(stmt);

	return as && gimple_asm_volatile_p(as) && gimple_asm_inline_p(as) &&
	       strcmp(gimple_asm_string(as), text) == 0;
}

/* Whether @stmt is one of the adds ap_add_asm() makes. */
bool ap_add_asm_p(const gimple *stmt)
{
	return counter_asm_p(stmt, AP_ADD_ASM);
}

/* Whether @stmt is one of the increments ap_increment_asm() makes. */
bool ap_increment_asm_p(const gimple *stmt)
{
	return counter_asm_p(stmt, AP_INCREMENT_ASM);
}

/**
 * ap_counter_asm_ref - the counter that @stmt, an increment or an add
 * that counter_asm() made, adds to: its first input.
 */
tree ap_counter_asm_ref(const gimple *stmt)
{
	return TREE_VALUE(gimple_asm_input_op(as_a<const gasm *>(stmt), 0));
}

/* Whether increments take the asm form: in the plain and the per-thread
 * modes (whose counter is a thread-local array element: the asm's memory
 * operand is then %fs-relative, or reached through one TLS descriptor
 * call per function with -fPIC, tls-counters.cc), not for atomic counting, whose increment is another
 * instruction, nor under
 * -fsanitize=thread, which does not see an asm's memory accesses and
 * must report the plain mode's races on the counters as before.  Only on
 * x86-64, whose add to memory is one instruction: the load/store targets
 * (every other one arcov builds for, doc/design.md "Targets") get GCC's
 * own load, add and store, which the optimizers may keep in a register
 * across a loop. */
bool ap_increments_are_asm(void)
{
	return ap_opts.asm_increments && !ap_opts.atomic &&
	       ap_target_x86_64() &&
	       !(flag_sanitize & SANITIZE_THREAD);
}

/**
 * ap_atomic_add - the relaxed atomic "@ref += @n" of the atomic mode.
 * @ref: a counter
 * @n:   what to add, converted to the counter's type
 */
gimple *ap_atomic_add(tree ref, tree n)
{
	tree fn = builtin_decl_explicit(BUILT_IN_ATOMIC_FETCH_ADD_8);
	tree arg1 = TREE_VALUE(TREE_CHAIN(TYPE_ARG_TYPES(TREE_TYPE(fn))));

	/* A call's arguments are GIMPLE values: no conversion of an SSA
	 * name, even one between two names of the unsigned 64-bit type
	 * (PRE's value numbering stopped on one, an ICE). */
	if (!useless_type_conversion_p(arg1, TREE_TYPE(n)))
		n = fold_convert(arg1, n);
	gcc_checking_assert(is_gimple_val(n));
	return gimple_build_call(fn, 3, build_fold_addr_expr(ref), n,
				 build_int_cst(integer_type_node,
					       MEMMODEL_RELAXED));
}

/* Whether @stmt is one of the adds ap_atomic_add() makes: a relaxed
 * atomic add to the unit's counters. */
bool ap_atomic_add_p(const gimple *stmt)
{
	tree arg;

	if (!ap_counters_var || !is_gimple_call(stmt) ||
	    !gimple_call_builtin_p(stmt, BUILT_IN_ATOMIC_FETCH_ADD_8) ||
	    gimple_call_lhs(stmt))
		return false;
	arg = gimple_call_arg(stmt, 0);
	return TREE_CODE(arg) == ADDR_EXPR &&
	       get_base_address(TREE_OPERAND(arg, 0)) == ap_counters_var;
}

static gimple_seq increment(uint32_t index)
{
	gimple_seq seq = NULL;
	tree ref = counter_ref(index);

	/* Optimizing, the early optimizers get an asm that they see
	 * through (early-increments.cc), made an add to memory before the
	 * regular IPA passes. */
	if (ap_increments_are_asm() && optimize) {
		ap_early_increment(ref, &seq);
		/* In the function's outermost scope, which an inlined copy
		 * then keeps (emitted.cc finds inlined bodies by it) when its
		 * increments are all that survive of it: the early form no
		 * longer keeps the body's other statements alive. */
		if (current_function_decl)
			gimple_set_block(gimple_seq_last(seq),
					 DECL_INITIAL(current_function_decl));
		return seq;
	}
	if (ap_increments_are_asm()) {
		gimple_seq_add_stmt(&seq, ap_increment_asm(ref));
		return seq;
	}

	if (ap_opts.atomic) {
		gimple_seq_add_stmt(&seq, ap_atomic_add(ref,
					build_int_cst(counter_type(), 1)));
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

static tree object_decl(void);

/* Each function's entry check, for prune_thread_checks(). */
struct thread_check {
	tree decl;
	gcond *cond;
};
static vec<struct thread_check> thread_checks;

/* The runtime's entry point of the check, as a plain call. */
static gimple *thread_call(tree obj, tree tls)
{
	static tree fn;

	if (!fn) {
		fn = build_fn_decl("arcov_thread_counters",
				   build_function_type_list(void_type_node,
							    ptr_type_node,
							    ptr_type_node,
							    NULL_TREE));
		SET_DECL_ASSEMBLER_NAME(fn, DECL_NAME(fn));
		TREE_NOTHROW(fn) = 1;
	}
	return gimple_build_call(fn, 2, obj, tls);
}

/*
 * On x86-64, the same call as an asm statement that clobbers only the
 * flags: the runtime's entry point saves every other register, and the
 * asm moves the stack pointer past the red zone before it pushes.  A
 * real call would make every function that has the check a non-leaf:
 * a frame to align the stack, values moved to callee-saved registers,
 * and, through IPA-RA, the same in its callers, on the hot path, for a
 * call made once per thread.
 */
/* Both dialects, as the increments: -masm=intel did not assemble. */
#define AP_THREAD_ASM_HEAD "{lea\t-128(%%rsp), %%rsp|lea\trsp, [rsp-128]}\n\t"

/**
 * ap_thread_asm - the entry check's call as the asm, the thread's copy an
 * operand in and out.
 * @obj: the address of the unit's arcov_object
 * @tls: the address of the thread's copy
 */
gimple *ap_thread_asm(tree obj, tree tls)
{
	vec<tree, va_gc> *inputs = NULL, *outputs = NULL, *clobbers = NULL;
	gasm *stmt;

	/* What the program can see change is the thread's copy (its flag),
	 * an operand in and out; the runtime's own state is no memory the
	 * program reads.  A "memory" clobber would make every function
	 * that inlines a callee's check keep its loads and stores around
	 * it, so that its body, and the inliners' estimate of it, grew
	 * beyond the plain build's (std::string's constructor: 21 against
	 * 2), and more callers would stay out of line (-Winline). */
	vec_safe_push(outputs, asm_operand("=m", thread_var()));
	vec_safe_push(inputs, asm_operand("r", obj));
	vec_safe_push(inputs, asm_operand("r", tls));
	vec_safe_push(inputs, asm_operand("m", thread_var()));
	vec_safe_push(clobbers, build_tree_list(NULL_TREE,
					       build_string(3, "cc")));
	stmt = gimple_build_asm_vec(AP_THREAD_ASM_HEAD
				    "push %2\n\t"
				    "push %1\n\t"
				    "call arcov_thread_counters@PLT\n\t"
				    "{lea\t128(%%rsp), %%rsp|lea\trsp, [rsp+128]}",
				    inputs, outputs, clobbers, NULL);
	gimple_asm_set_volatile(stmt, true);
	return stmt;
}

#define AP_THREAD_EARLY_ASM AP_THREAD_ASM_HEAD "push %1\n\t"	\
	"push %0\n\tcall arcov_thread_counters@PLT\n\tlea 128(%%rsp), %%rsp"

/* The same call without the copy as a memory operand, while the early
 * optimizations run (early-increments.cc says why): what it writes, the
 * flag, may then seem unchanged to a load after it in the same function,
 * which then calls again. */
static gimple *thread_early_asm(tree obj, tree tls)
{
	vec<tree, va_gc> *inputs = NULL, *clobbers = NULL;
	gasm *stmt;

	vec_safe_push(inputs, asm_operand("r", obj));
	vec_safe_push(inputs, asm_operand("r", tls));
	vec_safe_push(clobbers, build_tree_list(NULL_TREE,
					       build_string(3, "cc")));
	stmt = gimple_build_asm_vec(AP_THREAD_EARLY_ASM, inputs, NULL,
				    clobbers, NULL);
	gimple_asm_set_volatile(stmt, true);
	return stmt;
}

/**
 * ap_thread_early_asm_p - whether @stmt is an asm thread_early_asm() made.
 */
bool ap_thread_early_asm_p(const gimple *stmt)
{
	const gasm *as = dyn_cast<const gasm *>(stmt);

	return as && gimple_asm_noutputs(as) == 0 &&
	       gimple_asm_ninputs(as) == 2 &&
	       strcmp(gimple_asm_string(as), AP_THREAD_EARLY_ASM) == 0;
}

/*
 * Per-thread: on entry to @fun, "if (LARCOVT[0] == 0)
 * arcov_thread_counters(&LARCOVO, LARCOVT);", so that the runtime learns
 * of this thread's copy before the first count it must write, whichever
 * function a thread starts in.  One compare and a branch never taken per
 * call; the call happens once per thread and unit.
 */
static void thread_check(function *fun)
{
	struct thread_check rec;
	edge entry = single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(fun));
	basic_block body = entry->dest;
	basic_block check = split_edge(entry);
	basic_block slow = split_edge(single_succ_edge(check));
	gimple_stmt_iterator gsi;
	tree flag, tls, obj;
	edge to_slow, skip;

	flag = create_tmp_reg(counter_type(), "arcov");
	gsi = gsi_last_bb(check);
	gsi_insert_after(&gsi, gimple_build_assign(flag, thread_ref(0)),
			 GSI_NEW_STMT);
	rec.decl = fun->decl;
	rec.cond = gimple_build_cond(EQ_EXPR, flag,
				     build_int_cst(counter_type(), 0),
				     NULL_TREE, NULL_TREE);
	gsi_insert_after(&gsi, rec.cond, GSI_NEW_STMT);
	thread_checks.safe_push(rec);
	to_slow = single_succ_edge(check);
	to_slow->flags &= ~EDGE_FALLTHRU;
	to_slow->flags |= EDGE_TRUE_VALUE;
	to_slow->probability = profile_probability::very_unlikely();
	skip = make_edge(check, body, EDGE_FALSE_VALUE);
	skip->probability = to_slow->probability.invert();
	slow->count = check->count.apply_probability(to_slow->probability);

	/* A thread-local address is no constant: computed into a register. */
	tls = create_tmp_reg(ptr_type_node, "arcov");
	obj = build_fold_addr_expr_with_type(object_decl(), ptr_type_node);
	gsi = gsi_start_bb(slow);
	gsi_insert_after(&gsi, gimple_build_assign(tls, thread_base ?
			thread_base :
			build_fold_addr_expr_with_type(thread_var(),
						       ptr_type_node)),
			 GSI_NEW_STMT);
	gsi_insert_after(&gsi, !ap_target_x86_64() ? thread_call(obj, tls) :
			 optimize ? thread_early_asm(obj, tls) :
			 ap_thread_asm(obj, tls), GSI_NEW_STMT);
}

/**
 * ap_thread_check_stmt_p - whether @stmt is part of a per-thread entry
 * check as thread_check() makes it: the load of the flag, the test, the
 * thread-local address and the runtime's entry point.
 */
bool ap_thread_check_stmt_p(const gimple *stmt)
{
	tree rhs;

	if (!ap_thread_var)
		return false;
	if (const gcond *cond = dyn_cast<const gcond *>(stmt))
		return TREE_CODE(gimple_cond_lhs(cond)) == SSA_NAME &&
		       integer_zerop(gimple_cond_rhs(cond)) &&
		       ap_thread_check_stmt_p(
				SSA_NAME_DEF_STMT(gimple_cond_lhs(cond)));
	if (const gasm *as = dyn_cast<const gasm *>(stmt))
		return strncmp(gimple_asm_string(as), AP_THREAD_ASM_HEAD,
			       strlen(AP_THREAD_ASM_HEAD)) == 0;
	if (const gcall *call = dyn_cast<const gcall *>(stmt))
		return gimple_call_fndecl(call) &&
		       DECL_NAME(gimple_call_fndecl(call)) &&
		       strcmp(IDENTIFIER_POINTER(DECL_NAME(
				gimple_call_fndecl(call))),
			      "arcov_thread_counters") == 0;
	if (!gimple_assign_single_p(stmt))
		return false;
	/* Once inlined, the array may be named through a MEM_REF of its
	 * address (the dumps print both as the variable). */
	rhs = gimple_assign_rhs1(stmt);
	if (TREE_CODE(rhs) == ADDR_EXPR)	/* the copy's address */
		return get_base_address(TREE_OPERAND(rhs, 0)) == ap_thread_var;
	if (TREE_CODE(rhs) == SSA_NAME)		/* the same, a base */
		return ap_thread_base_p(SSA_NAME_DEF_STMT(rhs));
	return ap_thread_copy(rhs) == ap_thread_var &&	/* the flag */
	       integer_zerop(TREE_OPERAND(rhs, 1));
}

/* DECL_UIDs (never reused, unlike a freed decl's address) of the
 * functions known to be entered with the copy filed: prune_thread_checks()'s
 * set, for ap_thread_filed_on_entry(). */
static bitmap filed_on_entry;
static bitmap_obstack filed_obstack;	/* not GCC's default one, which it
					 * releases after every pass */

/*
 * A function whose every call comes from a function that is known to
 * have passed an entry check needs none of its own: the thread's copy is
 * filed by then.  Known to have passed one: a function with a check, or
 * one only called directly from this unit (local_p) by such functions --
 * the greatest set closed under that rule, found by taking out, until
 * nothing changes, every local function without a check that has a
 * caller outside the set (an entry from elsewhere reaches a function
 * outside it first).  Static helpers called from instrumented code are
 * the ones that lose their check: the condition is made false, and the
 * CFG cleanups remove the call and the load.
 */
static bool may_skip_checks(cgraph_node *caller,
			    hash_set<cgraph_node *> &out)
{
	/* A caller without a body here (a thunk) is not known at all. */
	return out.contains(caller) || !caller->has_gimple_body_p();
}

static void prune_thread_checks(void)
{
	hash_set<tree> checked;
	hash_set<cgraph_node *> out;
	struct thread_check *c;
	cgraph_node *node;
	cgraph_edge *e;
	bool changed;
	unsigned int i;

	FOR_EACH_VEC_ELT(thread_checks, i, c)
		checked.add(c->decl);
	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node)
		if (!checked.contains(node->decl) && !node->local_p())
			out.add(node);
	do {
		changed = false;
		FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
			if (checked.contains(node->decl) || out.contains(node))
				continue;
			for (e = node->callers; e; e = e->next_caller)
				if (may_skip_checks(e->caller, out))
					break;
			if (e) {
				out.add(node);
				changed = true;
			}
		}
	} while (changed);
	if (!filed_on_entry) {
		bitmap_obstack_initialize(&filed_obstack);
		filed_on_entry = BITMAP_ALLOC(&filed_obstack);
	}
	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		if (!node->local_p())
			continue;
		for (e = node->callers; e; e = e->next_caller)
			if (may_skip_checks(e->caller, out))
				break;
		if (!e)
			bitmap_set_bit(filed_on_entry, DECL_UID(node->decl));
	}
	FOR_EACH_VEC_ELT(thread_checks, i, c)
		if (bitmap_bit_p(filed_on_entry, DECL_UID(c->decl)))
			gimple_cond_make_false(c->cond);
	thread_checks.release();
}

/**
 * ap_thread_filed_on_entry - whether every entry into @fun comes from a
 * function of this unit that has passed an entry check (its own, or its
 * callers' by the same rule), so that this thread's copy is filed before
 * @fun starts: then every check of the copy in @fun, its own or inlined
 * from a callee, is redundant (thread-checks.cc).  A clone made by the
 * IPA passes (constant propagation, SRA of parameters) is called only
 * where its original was, and so inherits the answer; a function split
 * off another (fnsplit's ".part") or made later is not known, nor is any
 * function of another compilation (-flto's link-time passes).
 */
bool ap_thread_filed_on_entry(function *fun)
{
	cgraph_node *node;

	if (!filed_on_entry || !fun)
		return false;
	if (bitmap_bit_p(filed_on_entry, DECL_UID(fun->decl)))
		return true;
	node = cgraph_node::get(fun->decl);
	return node && node->former_clone_of &&
	       bitmap_bit_p(filed_on_entry, DECL_UID(node->former_clone_of));
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
	thread_base = thread_base_wanted() ?
		create_tmp_reg(ptr_type_node, "arcov") : NULL_TREE;
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
	if (ap_opts.per_thread && k > first_counter)
		thread_check(cfun);
	/* Before everything else: the check's flag is read through it. */
	if (thread_base)
		gsi_insert_on_edge_immediate(
			single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(cfun)),
			thread_base_asm(thread_base));
	thread_base = NULL_TREE;
}

/**
 * ap_emit_entry_increment - count the calls of @fun in counter @index:
 * the increment of its entry arc, whose count derive.cc could not derive
 * after all.  ENTRY has that arc alone.
 */
void ap_emit_entry_increment(function *fun, uint32_t index)
{
	gimple_seq seq = NULL;

	push_cfun(fun);
	/* A base of its own, computed with it: the function's is defined
	 * after the entry edge this increment goes on (thread-checks.cc
	 * merges the two after inlining). */
	if (thread_base_wanted()) {
		thread_base = gimple_in_ssa_p(fun) ?
			make_ssa_name(ptr_type_node) :
			create_tmp_reg(ptr_type_node, "arcov");
		gimple_seq_add_stmt(&seq, thread_base_asm(thread_base));
	}
	gimple_seq_add_seq(&seq, increment(index));
	thread_base = NULL_TREE;
	gsi_insert_seq_on_edge(single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(fun)),
			       seq);
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

/* Give a counter array its final length; at least one element, so the
 * declaration stays a complete object. */
static void finish_array(tree var, uint32_t n, unsigned align)
{
	tree domain = build_index_type(size_int(n ? n - 1 : 0));

	TREE_TYPE(var) = build_array_type(counter_type(), domain);
	DECL_SIZE(var) = NULL_TREE;
	DECL_SIZE_UNIT(var) = NULL_TREE;
	SET_DECL_ALIGN(var, align ? align : TYPE_ALIGN(TREE_TYPE(var)));
	DECL_USER_ALIGN(var) = align != 0;
	layout_decl(var, 0);
	finalize_var(var);
}

/* The shared array, and per-thread the thread-local one (its head and the
 * counters), which no function may name when nothing is counted. */
static void finish_counters(uint32_t n)
{
	/* Continuous: whole pages of their own, which no other variable
	 * shares, so that mapping a file over them moves nothing else
	 * (a static array of zeros stays in .bss: it costs no file size). */
	if (ap_opts.continuous) {
		uint32_t per_page = ARCOV_LIVE_PAGE / 8;

		finish_array(counters_var(),
			     (n + per_page - 1) / per_page * per_page,
			     ARCOV_LIVE_PAGE * BITS_PER_UNIT);
	} else {
		finish_array(counters_var(), n, 0);
	}
	if (ap_thread_var)
		finish_array(ap_thread_var, n + ARCOV_THREAD_HEAD, 0);
	if (ap_owner_var)
		finish_array(ap_owner_var, n + ARCOV_THREAD_HEAD, 0);
}

/* Give @var, an array already finished, the length @n. */
static void resize_array(tree var, uint32_t n)
{
	tree domain = build_index_type(size_int(n ? n - 1 : 0));

	TREE_TYPE(var) = build_array_type(TREE_TYPE(TREE_TYPE(var)), domain);
	DECL_SIZE(var) = NULL_TREE;
	DECL_SIZE_UNIT(var) = NULL_TREE;
	layout_decl(var, 0);
}

/**
 * ap_counters_resize - make the unit's counter arrays (the shared one,
 * and per-thread the thread-local one after its head) @n counters long:
 * the unit's counters and its run counters after them (runs.cc).  Only
 * while neither has been written out (ap_counters_written()).
 */
void ap_counters_resize(uint32_t n)
{
	resize_array(counters_var(), n);
	if (ap_thread_var)
		resize_array(ap_thread_var, n + ARCOV_THREAD_HEAD);
	if (ap_owner_var)
		resize_array(ap_owner_var, n + ARCOV_THREAD_HEAD);
}

/**
 * ap_counters_written - whether the assembler output holds a counter
 * array or the object already, whose lengths are then fixed.
 */
bool ap_counters_written(void)
{
	return (ap_counters_var && TREE_ASM_WRITTEN(ap_counters_var)) ||
	       (ap_thread_var && TREE_ASM_WRITTEN(ap_thread_var)) ||
	       (ap_owner_var && TREE_ASM_WRITTEN(ap_owner_var)) ||
	       (ap_object_var && TREE_ASM_WRITTEN(ap_object_var));
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

enum {
	OB_VERSION, OB_FLAGS, OB_DA_PATH, OB_NFNS, OB_NCOUNTERS, OB_FNS,
	OB_COUNTERS, OB_NEXT, OB_STAMP,
	/* Version 3, derived counters (derive.cc). */
	OB_NDERIVE, OB_DERIVE,
	/* Version 4, run counters (runs.cc). */
	OB_RUNS,
	/* Version 5, the owner's copy (tls-counters.cc). */
	OB_OWNER_COPY, OB_OWNER,
	OB_COUNT
};

/* The two record types of arcov-abi.h and their fields, made once: the
 * object is declared as soon as an entry check names it, and given its
 * initializer at the end of the unit.  Reachable from ap_object_var. */
static tree fn_info_type, fn_info_fields[FI_COUNT];
static tree object_type, object_fields[OB_COUNT];

static void abi_types(void)
{
	static const char *const fn_names[FI_COUNT] = {
		"name", "checksum", "ncounters"
	};
	static const char *const ob_names[OB_COUNT] = {
		"version", "flags", "da_path", "nfns", "ncounters", "fns",
		"counters", "next", "stamp",
		"nderive", "derive", "runs", "owner_copy", "owner"
	};
	tree fn_types[FI_COUNT] = {
		const_char_ptr(), uint32_type_node, uint32_type_node
	};

	if (object_type)
		return;
	fn_info_type = record_type("arcov_fn_info", fn_names, fn_types,
				   FI_COUNT, fn_info_fields);
	tree ob_types[OB_COUNT] = {
		uint32_type_node, uint32_type_node, const_char_ptr(),
		uint32_type_node, uint32_type_node,
		build_pointer_type(build_qualified_type(fn_info_type,
							TYPE_QUAL_CONST)),
		build_pointer_type(counter_type()),
		ptr_type_node,		/* the runtime's list link */
		uint32_type_node,
		uint32_type_node,
		build_pointer_type(build_qualified_type(uint32_type_node,
							TYPE_QUAL_CONST)),
		build_pointer_type(build_qualified_type(uint32_type_node,
							TYPE_QUAL_CONST)),
		build_pointer_type(counter_type()),
		uint64_type_node
	};
	object_type = record_type("arcov_object", ob_names, ob_types,
				  OB_COUNT, object_fields);
}

static tree object_decl(void)
{
	if (!ap_object_var) {
		abi_types();
		ap_object_var = ap_static_var(object_type, "LARCOVO");
	}
	return ap_object_var;
}

static tree fn_table(const struct arcov_bbg *bbg)
{
	tree type = fn_info_type, array_type, var;
	vec<constructor_elt, va_gc> *elts = NULL;
	size_t i;

	for (i = 0; i < bbg->nfns; i++) {
		vec<constructor_elt, va_gc> *f = NULL;

		CONSTRUCTOR_APPEND_ELT(f, fn_info_fields[FI_NAME],
				       string_ptr(bbg->fns[i].name));
		CONSTRUCTOR_APPEND_ELT(f, fn_info_fields[FI_CHECKSUM],
				       uint32_cst(bbg->fns[i].checksum));
		CONSTRUCTOR_APPEND_ELT(f, fn_info_fields[FI_NCOUNTERS],
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
	return var;
}

static uint32_t object_flags(void)
{
	uint32_t flags = ap_opts.derive_check ? ARCOV_OBJ_DERIVE_CHECK : 0;

	if (ap_opts.continuous)
		flags |= ARCOV_OBJ_CONTINUOUS;

	if (ap_opts.per_thread)
		return flags | ARCOV_OBJ_THREADED;
	return flags | (ap_opts.atomic ? ARCOV_OBJ_ATOMIC : 0);
}

static tree object_var(const struct arcov_bbg *bbg, uint32_t ncounters)
{
	tree var = object_decl(), fns = fn_table(bbg);
	const tree *fields = object_fields;
	uint32_t nderive;
	tree derive = ap_derive_table(&nderive);
	tree runs = ap_runs_table(ncounters);
	vec<constructor_elt, va_gc> *v = NULL;

	CONSTRUCTOR_APPEND_ELT(v, fields[OB_VERSION],
			       uint32_cst(ARCOV_ABI_VERSION));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_FLAGS], uint32_cst(object_flags()));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_DA_PATH], string_ptr(ap_da_path()));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_NFNS], uint32_cst(bbg->nfns));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_NCOUNTERS], uint32_cst(ncounters));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_FNS],
			       fold_convert(TREE_TYPE(fields[OB_FNS]),
					    build_fold_addr_expr(fns)));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_COUNTERS],
			       fold_convert(TREE_TYPE(fields[OB_COUNTERS]),
					    build_fold_addr_expr(counters_var())));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_NEXT], null_pointer_node);
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_STAMP], uint32_cst(ap_build_stamp()));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_NDERIVE], uint32_cst(nderive));
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_DERIVE], derive ?
			       fold_convert(TREE_TYPE(fields[OB_DERIVE]),
					    build_fold_addr_expr(derive)) :
			       null_pointer_node);
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_RUNS], runs ?
			       fold_convert(TREE_TYPE(fields[OB_RUNS]),
					    build_fold_addr_expr(runs)) :
			       null_pointer_node);
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_OWNER_COPY], ap_owner_var ?
			       fold_convert(TREE_TYPE(fields[OB_OWNER_COPY]),
					    build_fold_addr_expr(ap_owner_var)) :
			       null_pointer_node);
	CONSTRUCTOR_APPEND_ELT(v, fields[OB_OWNER],
			       build_int_cst(uint64_type_node, 0));
	DECL_INITIAL(var) = build_constructor(object_type, v);
	finalize_var(var);
	return var;
}

/**
 * ap_owner_word - the byte offset of the owner word in the unit's
 * struct arcov_object, for tls-counters.cc's compare.
 */
HOST_WIDE_INT ap_owner_word(void)
{
	abi_types();
	return int_byte_position(object_fields[OB_OWNER]);
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

/*
 * Freestanding: instead of the constructor, a pointer to @obj in the
 * section ARCOV_OBJECTS_SECTION, which the linker gathers from every unit
 * and brackets with __start_ and __stop_ symbols (its name is a C
 * identifier), so the freestanding runtime walks the program's objects
 * with no start code run for it (runtime/freestanding.c).
 */
static void section_entry(tree obj)
{
	tree type = build_pointer_type(TREE_TYPE(obj));
	tree var = ap_static_var(type, "LARCOVS");

	TREE_READONLY(var) = 1;
	DECL_PRESERVE_P(var) = 1;
	TREE_USED(var) = 1;
	DECL_INITIAL(var) = build_fold_addr_expr(obj);
	set_decl_section_name(var, ARCOV_OBJECTS_SECTION);
	finalize_var(var);
	varpool_node::get(var)->force_output = 1;
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

	prune_thread_checks();
	if (!bbg->nfns)
		return;
	for (i = 0; i < bbg->nfns; i++)
		ncounters += bbg->fns[i].ncounters;
	if (owner_wanted() && !ap_owner_var) {
		ap_owner_var = ap_static_var(
			build_array_type(counter_type(), NULL_TREE), "LARCOVW");
		DECL_NONALIASED(ap_owner_var) = 1;
		/* Named by the functions' asm text alone. */
		DECL_PRESERVE_P(ap_owner_var) = 1;
	}
	finish_counters(ncounters);
	obj = object_var(bbg, ncounters);
	if (ap_opts.freestanding) {
		section_entry(obj);
	} else {
		cdtor('I', "arcov_object_register", obj);
		cdtor('D', "arcov_object_unregister", obj);
	}
	notes_section();
}
