/* tls-counters.cc -- a thread's counters addressed from the thread pointer
 * in every increment.
 *
 * Per-thread counting in an executable (local-exec TLS) makes each
 * increment "addq $1, %fs:OFF+LARCOVT@tpoff": one instruction at a
 * constant offset from the thread pointer, like the plain mode's
 * RIP-relative add.  GCC expands that address as the thread pointer plus
 * a register holding LARCOVT@tpoff, and counts on the combiner to fold
 * the constant back into each memory operand.  In a function with many
 * increments RTL PRE (-fgcse) gets there first: it finds the same
 * constant loaded in many blocks and keeps it in one register for the
 * whole function, a register taken from the program's values.  Lua's
 * interpreter loop spilled more and shared one dispatch jump that the
 * -single build duplicates (1.2 M more instructions a run of the Lua
 * workload; doc/performance.md, "The per-thread mode's own cost").
 *
 * So, as the last GIMPLE pass, each increment and add of the plugin's own
 * asm form (emit.cc, ap_increment_asm_p(), ap_add_asm_p()) on an element
 * of this unit's local-exec copy at a constant offset becomes the same
 * instruction with the address written out, and no memory operand left
 * for the expander to legitimize.  Only the counter's memory operand
 * goes: the asm stays volatile, so that no pass deletes, merges or
 * reorders it among the other volatile asms (the entry check's call);
 * nothing of the program reads the counters, and every pass that needs
 * to know which counter an asm adds to (the inliners' sizes, the checks,
 * loop counts) has run.  The array is kept in the unit even if no
 * statement of GIMPLE names it any more (emit.cc, thread_var()).
 *
 * In a shared object (-fpic/-fPIC: the global- and local-dynamic models)
 * each function computes its copy's address once, on entry, into a base
 * register (emit.cc, thread_base_asm()), which GCC expands as a call of
 * __tls_get_addr(): about 15 instructions, and a real call that takes
 * every caller-saved register from the function, so that a leaf saves
 * and restores its values around it.  On x86-64 that base becomes a TLS
 * descriptor call that the plugin writes itself (the psABI's "GNU2"
 * dialect, for this one variable: GCC's -mtls-dialect is one option for
 * the unit), which returns the copy's offset from the thread pointer in
 * %rax and keeps every other general register, and each increment on it
 * "addq $1, %fs:OFF(%reg)".  glibc resolves a descriptor in two
 * instructions for a library loaded with the program (static TLS) and in
 * about fifteen for one that dlopen() loaded, until the thread's first
 * access, which allocates its block (_dl_tlsdesc_dynamic's slow path).
 * What that path needs, which a compiler's own descriptor call gets from
 * the frame it lays out and the plugin's asm must do itself:
 *  - a stack aligned to 16 bytes (glibc before 2.40 calls
 *    __tls_get_addr(), which may call malloc(), with the stack as it
 *    found it: a leaf function's misaligned stack faults there), and the
 *    red zone below the stack pointer left alone: the asm moves the stack
 *    pointer 128 bytes down, aligns it and puts it back (4
 *    instructions, which an RTL pass takes out again once the prologue
 *    is laid out, where the frame keeps the stack aligned with no red
 *    zone: frame_execute());
 *  - the vector registers, which glibc before 2.40 does not save on that
 *    path (BZ #31372; malloc() and memset() use them): they are the asm's
 *    clobbers, a cost to a function that has floating-point values live
 *    on entry, as the __tls_get_addr() call had been (it clobbers them
 *    too, and the general registers besides).
 * The check's flag becomes a load "%fs:(%reg)" as well; what else reads
 * the base (the check's call into the runtime, which takes the copy's
 * address) gets the address, the offset plus %fs:0, computed where it is
 * used.
 *
 * The owner's copy (emit.cc, owner_wanted(); arcov-abi.h, version 5): the
 * thread that registers the object counts in a static array of the
 * copy's layout, so each descriptor call is preceded by "lea W(%rip),
 * %rax; sub %fs:0, %rax; cmp %rax, OWNER(%rip); je 1f": W's offset from
 * this thread's pointer, which the increments take as they take a
 * copy's, and which equals the word the runtime stored only in the
 * owner.  W's flag is set at registration, so only the other threads
 * need the entry check: where one reads its flag through the base, the
 * check moves into the asm after the descriptor call (merge_checks()),
 * and the owner's path is the four instructions alone.
 * Other TLS models and other targets keep their form.
 */
#include "compat.h"
#include "arcov-plugin.h"
#include "pass.h"

static tree asm_operand(const char *constraint, tree value)
{
	return build_tree_list(build_tree_list(NULL_TREE,
			build_string(strlen(constraint) + 1, constraint)), value);
}

/* "addq SRC, %fs:WHERE", AT&T and Intel; SRC is "$1" or an operand. */
static char *spelled(const char *src_att, const char *src_intel,
		     const char *where_att, const char *where_intel)
{
	return xasprintf("{addq\t%s, %%%%fs:%s|add\tQWORD PTR fs:%s, %s}",
			 src_att, where_att, where_intel, src_intel);
}

/* The volatile "asm inline" @text with @inputs, clobbering the flags; at
 * @stmt's location. */
static gasm *fs_asm(const char *text, vec<tree, va_gc> *inputs,
		    vec<tree, va_gc> *outputs, const gimple *stmt)
{
	vec<tree, va_gc> *clobbers = NULL;
	gasm *as;

	vec_safe_push(clobbers, build_tree_list(NULL_TREE,
					       build_string(3, "cc")));
	/* gimple_build_asm_vec() copies the string into GC memory. */
	as = gimple_build_asm_vec(text, inputs, outputs, clobbers, NULL);
	gimple_asm_set_volatile(as, true);
	gimple_asm_set_inline(as, true);
	gimple_set_location(as, gimple_location(stmt));
	return as;
}

/* @var's assembler name, without GCC's "no prefix" mark. */
static const char *symbol(tree var)
{
	const char *sym = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(var));

	return sym + (*sym == '*');
}

/* The copy's assembler name. */
static const char *copy_symbol(void)
{
	return symbol(ap_thread_var);
}

/* @stmt, an increment or add on the counter @ref, with the address of
 * @ref written out; NULL if @ref is not this unit's local-exec copy at a
 * constant offset. */
static gasm *rewrite_local_exec(gasm *stmt, tree ref, tree n)
{
	vec<tree, va_gc> *inputs = NULL;
	HOST_WIDE_INT off;
	poly_int64 poff;
	char *text, *att, *intel;
	gasm *as;
	tree base;

	base = get_addr_base_and_unit_offset(ref, &poff);
	if (!base || base != ap_thread_var || !poff.is_constant(&off))
		return NULL;
	att = xasprintf(HOST_WIDE_INT_PRINT_DEC "+%s@tpoff", off,
			copy_symbol());
	intel = xasprintf("%s@tpoff+" HOST_WIDE_INT_PRINT_DEC,
			  copy_symbol(), off);
	text = n ? spelled("%0", "%0", att, intel) :
		   spelled("$1", "1", att, intel);
	if (n)
		vec_safe_push(inputs, asm_operand("re", n));
	as = fs_asm(text, inputs, NULL, stmt);
	free(text);
	free(att);
	free(intel);
	return as;
}

/* The byte offset of @ref in the copy behind the base @base, if @ref is
 * at a constant offset from it. */
static bool offset_from(tree ref, tree base, HOST_WIDE_INT *off)
{
	poly_int64 poff;
	tree mem;

	mem = get_addr_base_and_unit_offset(ref, &poff);
	if (!mem || TREE_CODE(mem) != MEM_REF ||
	    TREE_OPERAND(mem, 0) != base)
		return false;
	poff += mem_ref_offset(mem).force_shwi();
	return poff.is_constant(off);
}

/* Replace the statement at @gsi by @as, which defines no memory GCC knows
 * of (an increment's virtual definition goes) and the same names. */
static void replace(gimple_stmt_iterator *gsi, gasm *as)
{
	gimple *stmt = gsi_stmt(*gsi);
	unsigned int i;

	unlink_stmt_vdef(stmt);
	if (gimple_vdef(stmt))
		release_ssa_name(gimple_vdef(stmt));
	gsi_replace(gsi, as, false);
	for (i = 0; i < gimple_asm_noutputs(as); i++)
		SSA_NAME_DEF_STMT(TREE_VALUE(gimple_asm_output_op(as, i))) =
			as;
	update_stmt(as);
}

/*
 * The descriptor call's text: the "lea" and the "call" are the psABI's,
 * which the linker relaxes to an initial- or local-exec load when it
 * links the object into an executable.  Unless @bare, the stack pointer
 * moved past the red zone and aligned around it, in %1 meanwhile (the
 * file's comment says why).
 */
static char *descriptor_text(bool bare, bool checked)
{
	const char *sym = copy_symbol();
	char *owner = NULL, *check = NULL, *text;

	/* The owner's copy (emit.cc, owner_wanted()): its offset from the
	 * thread pointer, compared with the one the runtime stored for the
	 * owner; equal, it is the offset the increments take, and the
	 * descriptor call is skipped. */
	if (ap_owner_var) {
		const char *w = symbol(ap_owner_var);
		const char *o = symbol(ap_object_var);
		HOST_WIDE_INT at = ap_owner_word();

		owner = xasprintf("{leaq\t%s(%%%%rip), %%%%rax|"
				  "lea\trax, %s[rip]}\n\t"
				  "{subq\t%%%%fs:0, %%%%rax|"
				  "sub\trax, QWORD PTR fs:0}\n\t"
				  "{cmpq\t%%%%rax, %s+" HOST_WIDE_INT_PRINT_DEC
				  "(%%%%rip)|cmp\tQWORD PTR %s[rip+"
				  HOST_WIDE_INT_PRINT_DEC "], rax}\n\t"
				  "je\t1f\n\t", w, w, o, at, o, at);
		/* The entry check, on this path alone (merge_checks()):
		 * the copy's first word, and while it is clear the
		 * runtime's call, as emit.cc's ap_thread_asm() makes it,
		 * with the copy's address and the object's in %1. */
		if (checked)
			check = xasprintf(
				"\n\t{cmpq\t$0, %%%%fs:(%%%%rax)|"
				"cmp\tQWORD PTR fs:[rax], 0}\n\t"
				"jne\t1f\n\t"
				"{movq\t%%%%fs:0, %%1|mov\t%%1, QWORD PTR fs:0}\n\t"
				"{addq\t%%%%rax, %%1|add\t%%1, rax}\n\t"
				"{leaq\t-128(%%%%rsp), %%%%rsp|lea\trsp, [rsp-128]}\n\t"
				"push\t%%1\n\t"
				"{leaq\t%s(%%%%rip), %%1|lea\t%%1, %s[rip]}\n\t"
				"push\t%%1\n\t"
				"call\tarcov_thread_counters@PLT\n\t"
				"{leaq\t128(%%%%rsp), %%%%rsp|lea\trsp, [rsp+128]}",
				o, o);
	}
	text = xasprintf("%s%s{leaq\t%s@TLSDESC(%%%%rip), %%%%rax|"
			 "lea\trax, %s@TLSDESC[rip]}\n\t"
			 "{call\t*%s@TLSCALL(%%%%rax)|"
			 "call\t[QWORD PTR [rax+%s@TLSCALL]]}%s%s%s",
			 owner ? owner : "",
			 bare ? "" :
			 "{movq\t%%rsp, %1|mov\t%1, rsp}\n\t"
			 "{leaq\t-128(%%rsp), %%rsp|lea\trsp, [rsp-128]}\n\t"
			 "{andq\t$-16, %%rsp|and\trsp, -16}\n\t",
			 sym, sym, sym, sym,
			 bare ? "" : "\n\t{movq\t%1, %%rsp|mov\trsp, %1}",
			 check ? check : "", owner ? "\n1:" : "");
	free(owner);
	free(check);
	return text;
}

/*
 * "@off = the copy's offset from the thread pointer", by a TLS
 * descriptor call.  Volatile, although it reads nothing that changes:
 * no pass may move it between a store below the stack pointer and its
 * load, or among the pushes of a call's arguments, where the stack
 * pointer is not where the frame says (frame_execute()).
 */
static gasm *descriptor_asm(tree off, location_t loc, bool checked)
{
	static const char *const vector[] = {
		"xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
		"xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",
		"xmm14", "xmm15",
	};
	static const char *const avx512[] = {
		"xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21",
		"xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27",
		"xmm28", "xmm29", "xmm30", "xmm31",
		"k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7",
	};
	vec<tree, va_gc> *outputs = NULL, *clobbers = NULL;
	char *text;
	gasm *as;
	size_t i;

	vec_safe_push(outputs, asm_operand("=a", off));
	/* Where the stack pointer waits: any register, the call keeps it. */
	vec_safe_push(outputs, asm_operand("=r",
			make_ssa_name(TREE_TYPE(off))));
	vec_safe_push(clobbers, build_tree_list(NULL_TREE,
					       build_string(3, "cc")));
	for (i = 0; ap_target_sse() && i < ARRAY_SIZE(vector); i++)
		vec_safe_push(clobbers, build_tree_list(NULL_TREE,
				build_string(strlen(vector[i]) + 1,
					     vector[i])));
	for (i = 0; ap_target_avx512() && i < ARRAY_SIZE(avx512); i++)
		vec_safe_push(clobbers, build_tree_list(NULL_TREE,
				build_string(strlen(avx512[i]) + 1,
					     avx512[i])));
	text = descriptor_text(false, checked);
	as = gimple_build_asm_vec(text, NULL, outputs, clobbers, NULL);
	free(text);
	gimple_asm_set_volatile(as, true);
	gimple_set_location(as, loc);
	SSA_NAME_DEF_STMT(off) = as;
	SSA_NAME_DEF_STMT(TREE_VALUE((*outputs)[1])) = as;
	return as;
}

/* "@addr = @off + %fs:0", the copy's address; not volatile either. */
static gasm *address_asm(tree addr, tree off, location_t loc)
{
	vec<tree, va_gc> *inputs = NULL, *outputs = NULL;
	gasm *as;

	vec_safe_push(outputs, asm_operand("=r", addr));
	vec_safe_push(inputs, asm_operand("0", off));
	as = gimple_build_asm_vec("{addq\t%%fs:0, %0|add\t%0, QWORD PTR fs:0}",
				  inputs, outputs, NULL, NULL);
	gimple_set_location(as, loc);
	SSA_NAME_DEF_STMT(addr) = as;
	return as;
}

/* An increment, add or load of @stmt through @base made one at
 * "%fs:OFF(@off)"; NULL if @stmt is none of them. */
static gasm *rewrite_dynamic(gimple *stmt, tree base, tree off)
{
	vec<tree, va_gc> *inputs = NULL, *outputs = NULL;
	HOST_WIDE_INT at;
	char *text, *att, *intel;
	bool add = ap_add_asm_p(stmt);
	gasm *as;

	if (add || ap_increment_asm_p(stmt)) {
		if (!offset_from(ap_counter_asm_ref(stmt), base, &at))
			return NULL;
		att = xasprintf(HOST_WIDE_INT_PRINT_DEC "(%%0)", at);
		intel = xasprintf("[%%0+" HOST_WIDE_INT_PRINT_DEC "]", at);
		text = add ? spelled("%1", "%1", att, intel) :
			     spelled("$1", "1", att, intel);
		vec_safe_push(inputs, asm_operand("r", off));
		if (add)
			vec_safe_push(inputs, asm_operand("re",
				TREE_VALUE(gimple_asm_input_op(
					as_a<gasm *>(stmt), 1))));
		as = fs_asm(text, inputs, NULL, stmt);
		free(att);
		free(intel);
		free(text);
		return as;
	}
	/* The entry check's flag: a 64-bit load from the copy.  Volatile,
	 * as the load was ordered after the runtime's asm that sets it. */
	if (!gimple_assign_load_p(stmt) ||
	    TREE_CODE(gimple_assign_lhs(stmt)) != SSA_NAME ||
	    !offset_from(gimple_assign_rhs1(stmt), base, &at) ||
	    !tree_fits_uhwi_p(TYPE_SIZE_UNIT(TREE_TYPE(
			gimple_assign_lhs(stmt)))) ||
	    tree_to_uhwi(TYPE_SIZE_UNIT(TREE_TYPE(
			gimple_assign_lhs(stmt)))) != 8)
		return NULL;
	text = xasprintf("{movq\t%%%%fs:" HOST_WIDE_INT_PRINT_DEC
			 "(%%1), %%0|mov\t%%0, QWORD PTR fs:[%%1+"
			 HOST_WIDE_INT_PRINT_DEC "]}", at, at);
	vec_safe_push(outputs, asm_operand("=r", gimple_assign_lhs(stmt)));
	vec_safe_push(inputs, asm_operand("r", off));
	as = fs_asm(text, inputs, outputs, stmt);
	gimple_asm_set_inline(as, false);
	free(text);
	return as;
}

/* @stmt's operands that name the copy itself (the check's call: the
 * flag it sets) made the same bytes behind @addr, so that expanding
 * them needs no address of the copy of GCC's own making. */
static void copy_behind(gasm *stmt, tree addr)
{
	unsigned int i, n = gimple_asm_noutputs(stmt) +
			    gimple_asm_ninputs(stmt);

	for (i = 0; i < n; i++) {
		tree op = i < gimple_asm_noutputs(stmt) ?
			gimple_asm_output_op(stmt, i) :
			gimple_asm_input_op(stmt,
					    i - gimple_asm_noutputs(stmt));
		tree v = TREE_VALUE(op);
		poly_int64 at;

		if (get_addr_base_and_unit_offset(v, &at) == ap_thread_var)
			TREE_VALUE(op) = build2(MEM_REF, TREE_TYPE(v), addr,
				build_int_cst(reference_alias_ptr_type(v), at));
	}
}

/* Whether @stmt has an operand that names the copy itself. */
static bool names_copy(gimple *stmt)
{
	gasm *as = dyn_cast<gasm *>(stmt);
	unsigned int i;

	for (i = 0; as && i < gimple_asm_noutputs(as); i++)
		if (get_base_address(TREE_VALUE(gimple_asm_output_op(as, i)))
		    == ap_thread_var)
			return true;
	for (i = 0; as && i < gimple_asm_ninputs(as); i++)
		if (get_base_address(TREE_VALUE(gimple_asm_input_op(as, i)))
		    == ap_thread_var)
			return true;
	return false;
}

/* The copy's address, from @off, in a new name defined before @stmt. */
static tree address_before(gimple *stmt, tree off)
{
	gimple_stmt_iterator gsi = gsi_for_stmt(stmt);
	tree addr = make_ssa_name(TREE_TYPE(off));

	gsi_insert_before(&gsi, address_asm(addr, off,
					    gimple_location(stmt)),
			  GSI_SAME_STMT);
	return addr;
}

/* Whether @load is an entry check's load of the flag through @base whose
 * every use is the check's test: made true on the owner's path by the
 * runtime (the owner's copy is filed at registration), the test can go
 * into the descriptor call's other path. */
static bool check_load_p(gimple *load, tree base)
{
	imm_use_iterator iter;
	use_operand_p use_p;
	HOST_WIDE_INT at;
	tree flag;

	if (!gimple_assign_load_p(load) ||
	    TREE_CODE(gimple_assign_lhs(load)) != SSA_NAME ||
	    !offset_from(gimple_assign_rhs1(load), base, &at) || at != 0 ||
	    !ap_thread_check_stmt_p(load))
		return false;
	flag = gimple_assign_lhs(load);
	FOR_EACH_IMM_USE_FAST(use_p, iter, flag) {
		gcond *cond = dyn_cast<gcond *>(USE_STMT(use_p));

		if (!cond || !ap_thread_check_stmt_p(cond) ||
		    (gimple_cond_code(cond) != EQ_EXPR &&
		     gimple_cond_code(cond) != NE_EXPR))
			return false;
	}
	return true;
}

/*
 * With an owner's copy, the entry checks through @base (the inliners'
 * copies of one too) become part of its descriptor call's path
 * (descriptor_text()): the owner's path is its compare alone, four
 * instructions where the check added three more to every call.  The
 * tests are decided "filed" and the loads deleted; the blocks of the
 * runtime's call go with the CFG cleanup.  Whether there was one.
 */
static bool merge_checks(tree base)
{
	imm_use_iterator iter;
	auto_vec<gimple *> loads;
	gimple *use;
	unsigned int i;

	if (!ap_owner_var)
		return false;
	FOR_EACH_IMM_USE_STMT(use, iter, base)
		if (check_load_p(use, base))
			loads.safe_push(use);
	FOR_EACH_VEC_ELT(loads, i, use) {
		tree flag = gimple_assign_lhs(use);
		auto_vec<gcond *> conds;
		imm_use_iterator it;
		gimple *u;
		gcond *cond;
		unsigned int j;
		gimple_stmt_iterator gsi;

		FOR_EACH_IMM_USE_STMT(u, it, flag)
			conds.safe_push(as_a<gcond *>(u));
		FOR_EACH_VEC_ELT(conds, j, cond) {
			if (gimple_cond_code(cond) == EQ_EXPR)
				gimple_cond_make_false(cond);
			else
				gimple_cond_make_true(cond);
			update_stmt(cond);
		}
		gsi = gsi_for_stmt(use);
		unlink_stmt_vdef(use);
		gsi_remove(&gsi, true);
		release_defs(use);
	}
	return !loads.is_empty();
}

/*
 * The base that @def (emit.cc, thread_base_asm()) computes, from a
 * descriptor call: its increments, adds and loads through the thread
 * pointer, its other uses given the address where they are.  Adds the
 * increments rewritten to @n.
 */
static void rewrite_base(gasm *def, unsigned int *n, unsigned int *nchecks)
{
	tree base = TREE_VALUE(gimple_asm_output_op(def, 0)), off;
	gimple_stmt_iterator gsi;
	imm_use_iterator iter;
	auto_vec<gimple *> uses;
	bool phi = false, checked;
	gimple *use;
	unsigned int i;

	if (TREE_CODE(base) != SSA_NAME)
		return;
	off = make_ssa_name(TREE_TYPE(base));
	checked = merge_checks(base);
	*nchecks += checked;
	gsi = gsi_for_stmt(def);
	gsi_insert_before(&gsi, descriptor_asm(off, gimple_location(def),
					       checked), GSI_SAME_STMT);
	FOR_EACH_IMM_USE_STMT(use, iter, base)
		uses.safe_push(use);
	FOR_EACH_VEC_ELT(uses, i, use) {
		gasm *as;

		if (is_a<gphi *>(use)) {
			phi = true;
			continue;
		}
		if ((as = rewrite_dynamic(use, base, off))) {
			gimple_stmt_iterator at = gsi_for_stmt(use);

			*n += !gimple_asm_noutputs(as);
			replace(&at, as);
			continue;
		}
		/* Anything else takes the address, where it is. */
		tree addr = address_before(use, off);
		use_operand_p use_p;
		ssa_op_iter oi;

		FOR_EACH_SSA_USE_OPERAND(use_p, use, oi, SSA_OP_USE)
			if (USE_FROM_PTR(use_p) == base)
				SET_USE(use_p, addr);
		if (gasm *call = dyn_cast<gasm *>(use))
			copy_behind(call, addr);
		update_stmt(use);
	}
	/* The old base, left for a PHI alone. */
	gsi = gsi_for_stmt(def);
	if (!phi) {
		gsi_remove(&gsi, true);
		release_defs(def);
		return;
	}
	gasm *as = address_asm(base, off, gimple_location(def));
	gsi_replace(&gsi, as, false);
	update_stmt(as);
}

static bool tls_gate(function *fun)
{
	enum tls_model model;

	if (!fun || !ap_opts.per_thread || !ap_thread_var ||
	    !ap_increments_are_asm())
		return false;
	model = DECL_TLS_MODEL(ap_thread_var);
	return model == TLS_MODEL_LOCAL_EXEC ||
	       model == TLS_MODEL_GLOBAL_DYNAMIC ||
	       model == TLS_MODEL_LOCAL_DYNAMIC;
}

/* The shared object's way: every base from a descriptor call. */
static void descriptors(function *fun, unsigned int *n, unsigned int *nbases,
			unsigned int *nchecks)
{
	auto_vec<gasm *> bases;
	auto_vec<gimple *> named;
	basic_block bb;
	unsigned int i;
	gimple *stmt;
	gasm *def;

	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi))
			if (ap_thread_base_p(gsi_stmt(gsi)))
				bases.safe_push(as_a<gasm *>(gsi_stmt(gsi)));
	FOR_EACH_VEC_ELT(bases, i, def)
		rewrite_base(def, n, nchecks);
	*nbases = bases.length();
	/* A check's call that reached the copy through a copy of its base
	 * (-O0) names the copy still: its own descriptor call, once per
	 * thread. */
	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi))
			if (names_copy(gsi_stmt(gsi)) &&
			    ap_thread_check_stmt_p(gsi_stmt(gsi)))
				named.safe_push(gsi_stmt(gsi));
	FOR_EACH_VEC_ELT(named, i, stmt) {
		gimple_stmt_iterator gsi = gsi_for_stmt(stmt);
		tree off = make_ssa_name(ptr_type_node);

		gsi_insert_before(&gsi, descriptor_asm(off,
				  gimple_location(stmt), false), GSI_SAME_STMT);
		copy_behind(as_a<gasm *>(stmt), address_before(stmt, off));
		update_stmt(stmt);
	}
}

static unsigned int tls_execute(function *fun)
{
	unsigned int n = 0, all = 0, nbases = 0, nchecks = 0;
	basic_block bb;

	if (DECL_TLS_MODEL(ap_thread_var) != TLS_MODEL_LOCAL_EXEC) {
		descriptors(fun, &n, &nbases, &nchecks);
		if (dump_file)
			fprintf(dump_file, "arcov: %u increments addressed "
				"from the thread pointer, %u descriptor "
				"calls, %u with the entry check\n", n, nbases,
				nchecks);
		return nchecks ? TODO_cleanup_cfg : 0;
	}
	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gasm *stmt = dyn_cast<gasm *>(gsi_stmt(gsi)), *as;
			bool add;

			if (!stmt)
				continue;
			add = ap_add_asm_p(stmt);
			if (!add && !ap_increment_asm_p(stmt))
				continue;
			all++;
			as = rewrite_local_exec(stmt, ap_counter_asm_ref(stmt),
				add ? TREE_VALUE(gimple_asm_input_op(
						stmt, 1)) : NULL_TREE);
			if (!as)
				continue;
			replace(&gsi, as);
			n++;
		}
	if (dump_file)
		fprintf(dump_file, "arcov: %u of %u increments addressed "
			"from the thread pointer\n", n, all);
	return 0;
}

ARCOV_GIMPLE_PASS(make_pass, "arcov_tls", tls_gate, tls_execute,
		  PROP_cfg | PROP_ssa)

static bool frame_gate(function *fun)
{
	return fun && tls_gate(fun) &&
	       DECL_TLS_MODEL(ap_thread_var) != TLS_MODEL_LOCAL_EXEC;
}

/* Whether @insn is a descriptor call with the stack moved around it
 * (@full), made bare. */
static bool make_bare(rtx_insn *insn, const char *full, const char *bare)
{
	rtx body = PATTERN(insn);
	bool done = false;
	int i;

	if (GET_CODE(body) != PARALLEL)
		return false;
	for (i = 0; i < XVECLEN(body, 0); i++) {
		rtx x = XVECEXP(body, 0, i);

		if (GET_CODE(x) != SET || GET_CODE(SET_SRC(x)) != ASM_OPERANDS ||
		    strcmp(ASM_OPERANDS_TEMPLATE(SET_SRC(x)), full) != 0)
			continue;
		ASM_OPERANDS_TEMPLATE(SET_SRC(x)) = bare;
		done = true;
	}
	return done;
}

/*
 * Once the prologue is made: in a function whose frame keeps the stack
 * pointer aligned and nothing below it (most functions that make a
 * call: the backend aligns their frames for it), the descriptor call
 * needs no lines around it: 4 instructions fewer per call.  Where it
 * runs after the prologue: anywhere unless the prologue was moved off
 * the entry (shrink-wrapping), else after it in its block.
 */
static unsigned int frame_execute(function *fun)
{
	char *full[2], *bare[2];
	const char *gc_bare[2];
	unsigned int n = 0, all = 0, k;
	basic_block bb;
	rtx_insn *insn;

	for (k = 0; k < 2; k++) {
		full[k] = descriptor_text(false, k);
		bare[k] = descriptor_text(true, k);
		gc_bare[k] = ggc_strdup(bare[k]);
	}
	FOR_EACH_BB_FN(bb, fun) {
		bool after = !crtl->shrink_wrapped &&
			     !crtl->shrink_wrapped_separate;

		FOR_BB_INSNS(bb, insn) {
			if (NOTE_P(insn) &&
			    NOTE_KIND(insn) == NOTE_INSN_PROLOGUE_END)
				after = true;
			if (!NONJUMP_INSN_P(insn) ||
			    GET_CODE(PATTERN(insn)) != PARALLEL)
				continue;
			if (!after || !ap_frame_aligned_no_red_zone()) {
				rtx x = XVECEXP(PATTERN(insn), 0, 0);

				for (k = 0; k < 2; k++)
					all += GET_CODE(x) == SET &&
					       GET_CODE(SET_SRC(x)) ==
							ASM_OPERANDS &&
					       strcmp(ASM_OPERANDS_TEMPLATE(
							SET_SRC(x)),
						      full[k]) == 0;
				continue;
			}
			for (k = 0; k < 2; k++)
				if (make_bare(insn, full[k], gc_bare[k]))
					n++, all++;
		}
	}
	if (dump_file)
		fprintf(dump_file, "arcov: %u of %u descriptor calls without "
			"the stack moved\n", n, all);
	for (k = 0; k < 2; k++) {
		free(full[k]);
		free(bare[k]);
	}
	return 0;
}

ARCOV_RTL_PASS(make_frame_pass, "arcov_tlsdesc_frame", frame_gate,
	       frame_execute)

/**
 * ap_tls_frame_pass - the pass that drops the descriptor calls' stack
 * lines where the frame makes them useless, for plugin.cc to register
 * after "pro_and_epilogue".
 */
opt_pass *ap_tls_frame_pass(void)
{
	return make_frame_pass();
}

/**
 * ap_tls_counters_pass - the pass, for plugin.cc to register as the last
 * GIMPLE pass (after "optimized").
 */
opt_pass *ap_tls_counters_pass(void)
{
	return make_pass();
}
