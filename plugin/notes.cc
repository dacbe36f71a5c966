/* notes.cc -- the notes files of one translation unit: .bb and .bbg.
 *
 * Functions are added as the pass meets them; the files are written once,
 * at the end of the unit, through the format library (doc/formats.md §2, §3).
 * File names are GCC's own auxiliary base name, where it puts its .gcno
 * (doc/notes-format.md §1): with -c/-S and -o OUT, OUT without its suffix,
 * as GCC 3.3 did; compiling and linking in one step, the driver's dump
 * directory OUTPUT- before the source's base name.  GCC 3.3 used the bare
 * source name there, so two programs linked from one source in one
 * directory shared notes and each build made the other's counts stale.
 */
#include "compat.h"
#include "arcov-plugin.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bb.h"
#include "fileio.h"

static struct arcov_bb notes_bb;
static struct arcov_bbg notes_bbg;
/* File of the last file marker written anywhere in the .bb (§2.2). */
static int notes_last_file = -1;
static char *notes_base;
static char *notes_da;
/* Per function recorded, the index among its first block's .bb items of
 * the line that only its declarator brings, or -1 (drop_inlined_decls()). */
static vec<int> notes_decl_item;

static char *strip_suffix(const char *name)
{
	char *s = xstrdup(name);
	char *dot = strrchr(s, '.');

	if (dot && dot > lbasename(s))
		*dot = '\0';
	return s;
}

/*
 * libtool compiles the PIC object of x.lo into .libs/x.o, and linking a
 * library or module named x removes .libs/x.* but for *.o and *.gcno; the
 * non-PIC x.o beside x.lo has notes of its own (calls may be replaced at
 * run time in PIC code, so the trees differ).  So the files of an object
 * in a directory named .libs go to its subdirectory arcov, which libtool
 * leaves alone (doc/notes-format.md §1).  @base is freed or returned.
 */
static char *outside_libtool_objdir(char *base)
{
	const char *name = lbasename(base);
	size_t dirlen = (size_t)(name - base);
	char *dir, *moved;

	if (dirlen < 6 || strncmp(name - 6, ".libs/", 6) ||
	    (dirlen > 6 && !IS_DIR_SEPARATOR(name[-7])))
		return base;
	dir = concat("", base, NULL);
	strcpy(dir + dirlen, "arcov");
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		warning(0, "arcov: cannot create %qs: %m", dir);
	moved = concat(dir, "/", name, NULL);
	free(dir);
	free(base);
	return moved;
}

/**
 * ap_notes_base - path of the notes files without their suffix.
 */
const char *ap_notes_base(void)
{
	const char *aux = aux_base_name;
	char *base;

	if (notes_base)
		return notes_base;
	if (aux && *aux)
		base = xstrdup(aux);
	else
		base = strip_suffix(lbasename(main_input_filename));
	if (ap_opts.dir) {
		notes_base = concat(ap_opts.dir, "/", lbasename(base), NULL);
		free(base);
	} else {
		notes_base = outside_libtool_objdir(base);
	}
	return notes_base;
}

static char *absolute(const char *path, const char *suffix)
{
	if (IS_ABSOLUTE_PATH(path))
		return concat(path, suffix, NULL);
	return concat(getpwd(), "/", path, suffix, NULL);
}

/**
 * ap_da_path - absolute path of the .da file recorded in the object.
 */
const char *ap_da_path(void)
{
	if (!notes_da)
		notes_da = absolute(ap_notes_base(), ".da");
	return notes_da;
}

/**
 * ap_build_stamp - this compilation's stamp, 1 .. 2^31-1, which the
 * object gives its .da blocks and the extension notes name, so that a
 * report can tell counts of another build of the same source (gcov's
 * notes/data stamp).  From GCC's random seed, so -frandom-seed gives
 * reproducible objects.
 */
uint32_t ap_build_stamp(void)
{
	static uint32_t stamp;

	if (!stamp) {
		unsigned HOST_WIDE_INT seed = get_random_seed(false);

		stamp = (uint32_t)(seed ^ seed >> 31 ^ seed >> 62) & 0x7fffffff;
		if (!stamp)
			stamp = 1;
	}
	return stamp;
}

/* Where a block's line comes from. */
enum {
	REF_STMT = 1,	/* a statement, or the function's declarator */
	REF_GOTO = 2,	/* only the goto folded into the block's arc */
	REF_LABEL = 4	/* a label */
};

/* A (file, line) pair met in a block, with its position of first sight. */
struct line_ref {
	int file;
	uint32_t line;
	uint32_t goto_column;	/* of the goto, if kind has REF_GOTO */
	size_t seq;
	int kind;	/* REF_* met for it in the block, or-ed */
	bool drop;	/* not listed: a prune_*() rule applies */
	bool cont;	/* dropped as a continuation: an earlier block of
			 * the chain lists it (prune_continuations()) */
	bool user_label;	/* a label the source names (not a case's) */
	bool decl_only;	/* the function's declarator, no statement */
};

/* Where a statement is: the place of a goto that borrowed it. */
struct place {
	int file;
	uint32_t line;
	uint32_t column;
};

/* The lines of one real block, each once, in order of first sight. */
struct block_lines {
	struct line_ref *refs;
	size_t n;
};

static int line_ref_by_key(const void *pa, const void *pb)
{
	const struct line_ref *a = (const struct line_ref *)pa;
	const struct line_ref *b = (const struct line_ref *)pb;

	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int line_ref_by_seq(const void *pa, const void *pb)
{
	const struct line_ref *a = (const struct line_ref *)pa;
	const struct line_ref *b = (const struct line_ref *)pb;

	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static bool add_location(struct line_ref *refs, size_t *n, location_t loc,
			 int kind, vec<struct place> *places)
{
	expanded_location xl;
	int file;

	if (RESERVED_LOCATION_P(loc))
		return true;
	xl = expand_location(loc);
	if (!xl.file || xl.line <= 0)
		return true;
	file = arcov_bb_intern_file(&notes_bb, xl.file);
	if (file < 0)
		return false;
	refs[*n].file = file;
	refs[*n].line = (uint32_t)xl.line;
	refs[*n].goto_column = xl.column > 0 ? (uint32_t)xl.column : 0;
	refs[*n].seq = *n;
	refs[*n].kind = kind;
	refs[*n].drop = false;
	refs[*n].cont = false;
	refs[*n].user_label = false;
	refs[*n].decl_only = false;
	if (places && kind != REF_GOTO) {
		struct place at = { file, refs[*n].line, refs[*n].goto_column };

		places->safe_push(at);
	}
	(*n)++;
	return true;
}

/* The line of the call of an always_inline function whose return @bb
 * continues from, when the call's value is kept: the store of the value
 * the inliner puts there, first in the block (inline-returns.cc).  A
 * value built in place (the return slot: "S v = make ();") needs no
 * store, and gcov 12 lists no line there. */
static bool add_inline_return(struct line_ref *refs, size_t *n,
			      basic_block bb, vec<struct place> *places)
{
	gimple *call = ap_inline_return_call(bb);

	if (!call || !gimple_call_lhs(call) ||
	    gimple_call_return_slot_opt_p(as_a<gcall *>(call)))
		return true;
	return add_location(refs, n, gimple_location(call), REF_STMT, places);
}

/*
 * Whether @stmt loads a capture of a lambda: "_5 = __closure->__this".
 * The C++ front end gives a captured variable (and "this") a value
 * expression whose place is the capture's first use in the body, and
 * every load of it carries that place, whatever statement it serves:
 * "this" loaded for the second of two assertions goes back to the first
 * one's line after the call of the second (jsoncpp's test lambdas read
 * 18 on that line for 9 calls).  Such a load is part of the statement
 * around it and names no line of its own.
 */
static bool loads_capture(const gimple *stmt)
{
	tree ref, base;

	if (!is_gimple_assign(stmt) ||
	    gimple_assign_rhs_code(stmt) != COMPONENT_REF)
		return false;
	ref = gimple_assign_rhs1(stmt);
	base = TREE_OPERAND(ref, 0);
	if (TREE_CODE(base) == MEM_REF || TREE_CODE(base) == INDIRECT_REF)
		base = TREE_OPERAND(base, 0);
	if (TREE_CODE(base) == SSA_NAME)
		base = SSA_NAME_VAR(base);
	return base && TREE_CODE(base) == PARM_DECL && DECL_NAME(base) &&
	       !strcmp(IDENTIFIER_POINTER(DECL_NAME(base)), "__closure");
}

/*
 * The lines of one real block: the function's own line for the first
 * block (as GCC puts the opening brace there), every statement's line,
 * and the line of a goto the CFG builder folded into the block's only
 * edge (fake arcs aside).  Each line appears once per block, since gcov
 * 3.x adds a block's count to a line once per occurrence.  The
 * statements' places go on @places.
 */
static bool collect_block(struct block_lines *bl, basic_block bb, bool first,
			  vec<struct place> *places)
{
	size_t cap = 2, n = 0, i, k;
	struct line_ref *refs;
	gimple_stmt_iterator gsi;
	edge real_succ = NULL, e;
	edge_iterator ei;
	bool ok = true;

	/* The block's only arc but the fake one of a call ending it: the
	 * goto of "f (); break;" is folded into it. */
	FOR_EACH_EDGE(e, ei, bb->succs)
		if (!(e->flags & EDGE_FAKE)) {
			if (real_succ) {
				real_succ = NULL;
				break;
			}
			real_succ = e;
		}

	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
		cap++;
	refs = XNEWVEC(struct line_ref, cap + 1);
	if (first) {
		ok = add_location(refs, &n,
				  DECL_SOURCE_LOCATION(current_function_decl),
				  REF_STMT, places);
		if (ok && n)
			refs[0].decl_only = true;
	}
	if (ok)
		ok = add_inline_return(refs, &n, bb, places);
	/* A case label is no statement a goto borrows the place of: a
	 * jump into the block it starts carries its place, and keeps its
	 * line (notes-format.md §4, "Lines"); GCC drops such labels from
	 * the blocks it merges them into.  A label the source names stays
	 * in its block, in GCC's too, and a jump carrying its place (a
	 * loop's back jump to a first statement "again:") is one of the
	 * runs the block counts. */
	for (gsi = gsi_start_bb(bb); ok && !gsi_end_p(gsi); gsi_next(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);
		size_t at = n;
		bool user;

		if (is_gimple_debug(stmt) || loads_capture(stmt))
			continue;
		if (ap_inline_return_split(stmt))
			continue;
		if (gimple_code(stmt) != GIMPLE_LABEL) {
			ok = add_location(refs, &n, gimple_location(stmt),
					  REF_STMT, places);
			continue;
		}
		user = !DECL_ARTIFICIAL(gimple_label_label(
				as_a<glabel *>(stmt)));
		ok = add_location(refs, &n, gimple_location(stmt), REF_LABEL,
				  user ? places : NULL);
		if (ok && n > at)
			refs[at].user_label = user;
	}
	if (ok && real_succ)
		ok = add_location(refs, &n, real_succ->goto_locus, REF_GOTO,
				  places);
	if (!ok) {
		XDELETEVEC(refs);
		return false;
	}
	qsort(refs, n, sizeof *refs, line_ref_by_key);
	for (i = 0, k = 0; i < n; i++) {
		if (k && refs[i].file == refs[k - 1].file &&
		    refs[i].line == refs[k - 1].line) {
			refs[k - 1].kind |= refs[i].kind;
			refs[k - 1].user_label |= refs[i].user_label;
			refs[k - 1].decl_only = false;
			if (refs[i].kind == REF_GOTO)
				refs[k - 1].goto_column = refs[i].goto_column;
			continue;
		}
		refs[k++] = refs[i];
	}
	qsort(refs, k, sizeof *refs, line_ref_by_seq);
	bl->refs = refs;
	bl->n = k;
	return true;
}

/* Whether @bl holds the line (@file, @line); if @listed, only if it or
 * a block before it in a chain of continuations lists it. */
static bool block_has_line(const struct block_lines *bl, int file,
			   uint32_t line, bool listed)
{
	size_t i;

	for (i = 0; i < bl->n; i++)
		if (bl->refs[i].file == file && bl->refs[i].line == line)
			return !listed || !bl->refs[i].drop ||
			       bl->refs[i].cont;
	return false;
}

/* Whether @line is the last line of @file that @bl lists: the line gcov
 * 12 attaches the block to (it sorts a block's lines), and so whether the
 * block counts among that line's blocks under its rule. */
static bool block_ends_on(const struct block_lines *bl, int file,
			  uint32_t line)
{
	uint32_t last = 0;
	size_t i;

	for (i = 0; i < bl->n; i++)
		if (!bl->refs[i].drop && bl->refs[i].file == file &&
		    bl->refs[i].line > last)
			last = bl->refs[i].line;
	return last == line;
}

static int place_cmp(const void *pa, const void *pb)
{
	const struct place *a = (const struct place *)pa;
	const struct place *b = (const struct place *)pb;

	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->column < b->column ? -1 : a->column > b->column;
}

/* How many edges of @edges lead on in the function: fake arcs and, if
 * @skip_eh, exception edges left out. */
static unsigned int real_edges(vec<edge, va_gc> *edges, bool skip_eh)
{
	edge_iterator ei;
	edge e;
	unsigned int n = 0;

	FOR_EACH_EDGE(e, ei, edges)
		n += !(e->flags & EDGE_FAKE) &&
		     !(skip_eh && (e->flags & EDGE_EH));
	return n;
}

/*
 * Rule 1: a line that only the goto folded into a block's arc brings is
 * not listed there when the goto borrowed the place of a statement of the
 * function: the C front end gives a loop's back jump the place of the
 * body's first statement, and the jump out of an "if" branch the if's;
 * the statement's block counts the line, and the jumps are not runs of
 * it.  A "break;", "continue;" or "goto" has a place of its own, even on
 * a line with other code, and keeps its block.
 */
static void prune_gotos(struct block_lines *bls, uint32_t nreal,
			vec<struct place> *places)
{
	size_t i;
	uint32_t b;

	places->qsort(place_cmp);
	for (b = 0; b < nreal; b++)
		for (i = 0; i < bls[b].n; i++) {
			struct line_ref *r = &bls[b].refs[i];
			struct place at = { r->file, r->line, r->goto_column };

			if (r->kind == REF_GOTO &&
			    places->bsearch(&at, place_cmp))
				r->drop = true;
		}
}

/* The line of the statement that ends @bb with a branch, in @file and
 * @line; false when @bb ends otherwise or its place is unknown. */
static bool branch_line(basic_block bb, int *file, uint32_t *line)
{
	gimple *last = last_nondebug_stmt(bb);
	expanded_location xl;

	if (!last || RESERVED_LOCATION_P(gimple_location(last)))
		return false;
	xl = expand_location(gimple_location(last));
	if (!xl.file || xl.line <= 0)
		return false;
	*file = arcov_bb_intern_file(&notes_bb, xl.file);
	*line = (uint32_t)xl.line;
	return *file >= 0;
}

/* Whether a block @bl that branches on line @bline of @bfile keeps its
 * line @r that the chain before it lists: the branch's own line, and the
 * block's last line, to which gcov 12's rule attaches it, where the line
 * counts the block's entries and not its runs ("a () &&" then "b ()->c ()
 * &&" on the next line: the test of c's value is on the line of the &&,
 * the statement that stores it on c's line).  A line below the last is
 * counted per run, so a line the chain already lists would count twice. */
static bool branch_keeps(const struct block_lines *bl,
			 const struct line_ref *r, int bfile, uint32_t bline)
{
	uint32_t last = 0;
	size_t i;

	if (r->file == bfile && r->line == bline)
		return true;
	for (i = 0; i < bl->n; i++)
		if (bl->refs[i].file == r->file && bl->refs[i].line > last)
			last = bl->refs[i].line;
	return r->line == last;
}

/* The block @bb continues in a straight line, when it does: its only way
 * in that the .bbg holds is the only way on of its source, neither an
 * exception nor an abnormal edge, nor the function's entry.  NULL if
 * none. */
static basic_block chain_pred(function *fun, basic_block bb)
{
	edge in = NULL;
	edge_iterator ei;
	edge e;

	if (real_edges(bb->preds, false) != 1)
		return NULL;
	FOR_EACH_EDGE(e, ei, bb->preds)
		if (!(e->flags & EDGE_FAKE))
			in = e;
	if ((in->flags & (EDGE_EH | EDGE_ABNORMAL)) ||
	    in->src == ENTRY_BLOCK_PTR_FOR_FN(fun) ||
	    real_edges(in->src->succs, true) != 1)
		return NULL;
	return in->src;
}

/*
 * Rule 2: a statement without control flow of its own is listed in one
 * block only, so that gcov 3.x's sum (doc/formats.md §2.3) counts it once per
 * execution.  The compiler splits such a statement over several blocks
 * only in a straight line: after a call that ends its block and before
 * the return of "return EXPR;", or the store of a call's value that may
 * throw ("d = f (...);" under -fexceptions: the call sets a temporary, the
 * next block copies it to d).  So a block whose only way in is the only
 * way on of its predecessor does not list the lines that a block before
 * it in that straight line lists, but for the line of the statement it
 * branches on, if it does.  Further back in the straight line, only
 * lines the block is not attached to under gcov 12's rule (not its last)
 * are left out: "this" in a lambda is a value expression carrying the
 * place of its first use, so a later statement's load of it returns to
 * that line after the call of the statement between, and gcov 12 counts
 * the statement's line then.
 * A line with control flow of its own (a "for" header, "a ? b : c", an
 * "if" whose condition calls) joins or branches, and stays in each of its
 * blocks as under GCC 3.3.
 */
static void prune_continuations(function *fun, struct block_lines *bls,
				const struct ap_graph *g)
{
	int *order = XNEWVEC(int, n_basic_blocks_for_fn(fun));
	int n = pre_and_rev_post_order_compute_fn(fun, NULL, order, false);
	int k;

	/* Predecessors first: a line stays with the first block of a chain
	 * that keeps it (rule 1 may have taken it from an empty one). */
	for (k = 0; k < n; k++) {
		basic_block bb = BASIC_BLOCK_FOR_FN(fun, order[k]);
		struct block_lines *bl = &bls[ap_block_number(g, bb) - 1];
		const struct block_lines *from;
		basic_block in;
		size_t i;
		int bfile = -1;
		uint32_t bline = 0;

		if ((real_edges(bb->succs, true) > 1 &&
		     !branch_line(bb, &bfile, &bline)) ||
		    !(in = chain_pred(fun, bb)))
			continue;
		for (i = 0; i < bl->n; i++) {
			basic_block p = in;
			int steps = n;

			if (bfile >= 0 && branch_keeps(bl, &bl->refs[i],
						       bfile, bline))
				continue;
			for (; p && steps--; p = chain_pred(fun, p)) {
				/* Further back, only a line the block is not
				 * attached to under gcov 12's rule (its last):
				 * "return f ();" after the cleanups of its
				 * scope returns to the line, and gcov 12
				 * counts that entry. */
				if (p != in && block_ends_on(bl,
							     bl->refs[i].file,
							     bl->refs[i].line))
					break;
				from = &bls[ap_block_number(g, p) - 1];
				if (block_has_line(from, bl->refs[i].file,
						   bl->refs[i].line, true)) {
					bl->refs[i].drop = true;
					bl->refs[i].cont = true;
					break;
				}
			}
		}
	}
	XDELETEVEC(order);
}

/* Whether an arc of @edges that the .bbg holds (not fake, and not an
 * exception or abnormal edge, whose destination the .bbg enters from
 * ENTRY instead) joins a block whose lines satisfy @test(file, line). */
static bool joins(vec<edge, va_gc> *edges, bool succs,
		  const struct block_lines *bls, const struct ap_graph *g,
		  bool (*test)(const struct block_lines *, int, uint32_t),
		  const struct line_ref *r)
{
	edge_iterator ei;
	edge e;

	FOR_EACH_EDGE(e, ei, edges) {
		uint32_t b = ap_block_number(g, succs ? e->dest : e->src);

		if (!(e->flags & (EDGE_FAKE | EDGE_EH | EDGE_ABNORMAL)) &&
		    b && b < g->nblocks - 1 &&
		    test(&bls[b - 1], r->file, r->line))
			return true;
	}
	return false;
}

static bool block_lists(const struct block_lines *bl, int file,
			uint32_t line)
{
	return block_has_line(bl, file, line, true);
}

/*
 * Rules 1 and 2 give a line back to a block between two blocks of that
 * line under gcov 12's rule, which counts a line's entries from blocks not
 * its own: the arc out of the block would become such an entry and count
 * a second time the executions it continues (a loop or a lambda written
 * on one line).  The line keeps all its blocks then, as a line with
 * control flow of its own may.  Repeated until nothing changes, since a
 * block given its line back may be between others.
 */
static void keep_lines_flowing_on(function *fun, struct block_lines *bls,
				  const struct ap_graph *g)
{
	bool changed = true;

	while (changed) {
		basic_block bb;

		changed = false;
		FOR_EACH_BB_FN(bb, fun) {
			struct block_lines *bl =
				&bls[ap_block_number(g, bb) - 1];
			size_t i;

			for (i = 0; i < bl->n; i++) {
				struct line_ref *r = &bl->refs[i];

				if (!r->drop ||
				    !joins(bb->preds, false, bls, g,
					   block_lists, r) ||
				    !joins(bb->succs, true, bls, g,
					   block_ends_on, r))
					continue;
				r->drop = r->cont = false;
				changed = true;
			}
		}
	}
}

/*
 * Rule 3: code run only when an exception is thrown (landing pads,
 * cleanups, catch handlers; ap_graph.eh_only) does not list the lines of
 * the statement that threw into it.  The .bbg replaces the exception edge
 * by a fake arc from ENTRY (doc/formats.md §3.3 step 5), so under gcov 12's
 * rule, which counts a line's entries from other lines, each throw would
 * enter that line anew: "try { f(); } catch (...) { n++; }" on one line
 * would count the calls plus the throws.  Handlers on lines of their own
 * keep them.
 */
static void prune_handlers(function *fun, struct block_lines *bls,
			   const struct ap_graph *g)
{
	uint32_t *work = XNEWVEC(uint32_t, g->nblocks);
	bool *seen = XNEWVEC(bool, g->nblocks);
	basic_block bb;

	FOR_EACH_BB_FN(bb, fun) {
		uint32_t t = ap_block_number(g, bb);
		edge_iterator ei;
		edge e;

		FOR_EACH_EDGE(e, ei, bb->succs) {
			uint32_t top = 0, x = ap_block_number(g, e->dest);

			if (!(e->flags & EDGE_EH) || !g->eh_only[x])
				continue;
			memset(seen, 0, g->nblocks * sizeof *seen);
			seen[x] = true;
			work[top++] = x;
			while (top) {
				struct block_lines *bl;
				basic_block xb;
				edge_iterator ej;
				edge f;
				size_t i;

				x = work[--top];
				bl = &bls[x - 1];
				for (i = 0; i < bl->n; i++)
					if (block_has_line(&bls[t - 1],
							   bl->refs[i].file,
							   bl->refs[i].line,
							   false))
						bl->refs[i].drop = true;
				xb = BASIC_BLOCK_FOR_FN(fun, x - 1 +
							NUM_FIXED_BLOCKS);
				FOR_EACH_EDGE(f, ej, xb->succs) {
					uint32_t y = ap_block_number(g, f->dest);

					if (!(f->flags & EDGE_FAKE) &&
					    g->eh_only[y] && !seen[y]) {
						seen[y] = true;
						work[top++] = y;
					}
				}
			}
		}
	}
	XDELETEVEC(seen);
	XDELETEVEC(work);
}

/*
 * Rule 4: a line that only a case label brings to a block that goes on to
 * later lines is not listed there when a jump into the label's place has
 * a block of its own listing it (split_goto_edges() in graph.cc, as GCC
 * 12 splits it).  GCC merges labels that share a place ("default: ;" at
 * the end of a switch is where the switch's breaks and the enclosing
 * if's false arm go), so the block after the label counts every arrival,
 * most of them jumps past the label's line: Lua's never taken
 * "default: api_check(...);" read 4330, the count of the code after the
 * switch.  Then the line reads the jumps that carry its place, as under
 * gcov 12's rule, which attaches such a block to its last line only.  A
 * label the source names ("again:") is passed by every arrival at its
 * block, those falling into it, its gotos' and a loop's back jump that
 * carries its place alike, and GCC keeps it in the block: its line
 * stays.
 */
static void prune_labels(struct block_lines *bls, uint32_t nreal)
{
	uint32_t b, c;
	size_t i, k;

	for (b = 0; b < nreal; b++)
		for (i = 0; i < bls[b].n; i++) {
			struct line_ref *r = &bls[b].refs[i];
			bool jumped = false;

			if (r->kind != REF_LABEL || r->drop || r->user_label ||
			    block_ends_on(&bls[b], r->file, r->line))
				continue;
			for (c = 0; c < nreal && !jumped; c++)
				for (k = 0; k < bls[c].n; k++)
					if (bls[c].refs[k].kind == REF_GOTO &&
					    !bls[c].refs[k].drop &&
					    bls[c].refs[k].file == r->file &&
					    bls[c].refs[k].line == r->line)
						jumped = true;
			if (jumped)
				r->drop = true;
		}
}

/* The .bb list of @blk from @bl, the lines not pruned; the index of the
 * item of a line only the declarator brings, if any, in *@decl_item. */
static void fill_block(struct arcov_bb_block *blk,
		       const struct block_lines *bl, int *decl_item)
{
	size_t i;

	blk->items = XCNEWVEC(struct arcov_bb_item, 2 * bl->n + 1);
	for (i = 0; i < bl->n; i++) {
		if (bl->refs[i].drop)
			continue;
		if (bl->refs[i].file != notes_last_file) {
			blk->items[blk->nitems++].file =
				(uint32_t)bl->refs[i].file;
			notes_last_file = bl->refs[i].file;
		}
		if (bl->refs[i].decl_only)
			*decl_item = (int)blk->nitems;
		blk->items[blk->nitems++].line = bl->refs[i].line;
	}
}

/* The declarator's line stays only the declarator's if no block but the
 * first has a statement on it. */
static void find_decl_only(struct block_lines *bls, uint32_t nreal)
{
	struct line_ref *d = NULL;
	uint32_t b;
	size_t i;

	for (i = 0; nreal && i < bls[0].n; i++)
		if (bls[0].refs[i].decl_only)
			d = &bls[0].refs[i];
	for (b = 1; d && b < nreal; b++)
		for (i = 0; i < bls[b].n; i++)
			if (bls[b].refs[i].file == d->file &&
			    bls[b].refs[i].line == d->line)
				d->decl_only = false;
}

static bool add_bb_function(function *fun, const char *name,
			    const struct ap_graph *g)
{
	uint32_t nreal = g->nblocks - 2, b = 0;
	struct block_lines *bls = XCNEWVEC(struct block_lines, nreal + 1);
	auto_vec<struct place> places;
	struct arcov_bb_fn *fn;
	basic_block bb;
	int decl_item = -1;
	bool ok = true;

	FOR_EACH_BB_FN(bb, fun) {
		ok = collect_block(&bls[b], bb, b == 0, &places);
		if (!ok)
			goto free_lines;
		b++;
	}
	prune_gotos(bls, nreal, &places);
	prune_continuations(fun, bls, g);
	keep_lines_flowing_on(fun, bls, g);
	prune_handlers(fun, bls, g);
	prune_labels(bls, nreal);
	find_decl_only(bls, nreal);

	notes_bb.fns = XRESIZEVEC(struct arcov_bb_fn, notes_bb.fns,
				  notes_bb.nfns + 1);
	fn = &notes_bb.fns[notes_bb.nfns++];
	memset(fn, 0, sizeof *fn);
	fn->name = xstrdup(name);
	fn->nblocks = g->nblocks;
	fn->blocks = XCNEWVEC(struct arcov_bb_block, g->nblocks);
	for (b = 0; b < nreal; b++)
		fill_block(&fn->blocks[b + 1], &bls[b], &decl_item);
	/* Only the early inliner's work is before gcov's instrumentation,
	 * and it always inlines an always_inline function; one the IPA
	 * inliner takes at -O2 has its record in gcov. */
	if (!lookup_attribute("always_inline", DECL_ATTRIBUTES(fun->decl)))
		decl_item = -1;
	notes_decl_item.safe_push(decl_item);
free_lines:
	for (b = 0; b < nreal; b++)
		XDELETEVEC(bls[b].refs);
	XDELETEVEC(bls);
	return ok;
}

static bool add_bbg_function(const char *name, const struct ap_graph *g)
{
	struct arcov_bbg_fn *fn;
	uint32_t nwritten = 0, k = 0;
	size_t i;
	int rc;

	for (i = 0; i < g->narcs; i++)
		nwritten += !g->arcs[i].ignore;
	notes_bbg.fns = XRESIZEVEC(struct arcov_bbg_fn, notes_bbg.fns,
				   notes_bbg.nfns + 1);
	fn = &notes_bbg.fns[notes_bbg.nfns];
	rc = arcov_bbg_fn_init(fn, name, g->checksum, g->nblocks, nwritten);
	if (rc < 0)
		goto fail;
	notes_bbg.nfns++;
	for (i = 0; i < g->narcs; i++) {
		if (g->arcs[i].ignore)
			continue;
		fn->arcs[k].src = g->arcs[i].src;
		fn->arcs[k].dest = g->arcs[i].dest;
		fn->arcs[k].flags = g->arcs[i].flags;
		k++;
	}
	rc = arcov_bbg_fn_finish(fn);
	if (rc < 0)
		goto fail;
	return true;
fail:
	error("arcov: cannot record the flow graph of %qs: %s", name,
	      arcov_strerror(rc));
	return false;
}

/**
 * ap_notes_add_function - record @fun's line lists and flow graph.
 * @fun:  the current function, its blocks compacted by ap_graph_build()
 * @name: assembler name written to both files
 * @g:    its graph
 * Returns false after a diagnostic.
 */
bool ap_notes_add_function(function *fun, const char *name,
			   const struct ap_graph *g)
{
	return add_bb_function(fun, name, g) && add_bbg_function(name, g);
}

/**
 * ap_notes_graphs - the functions recorded so far, in counter order.
 */
const struct arcov_bbg *ap_notes_graphs(void)
{
	return &notes_bbg;
}

static void write_file(const char *path, ssize_t size,
		       ssize_t (*fill)(const void *, void *, size_t),
		       const void *model)
{
	struct arcov_err err;
	unsigned char *buf;
	int rc;

	if (size < 0) {
		error_at(UNKNOWN_LOCATION, "arcov: cannot encode %qs: %s",
			 path, arcov_strerror((int)size));
		return;
	}
	buf = XNEWVEC(unsigned char, size ? size : 1);
	if (fill(model, buf, (size_t)size) != size) {
		error_at(UNKNOWN_LOCATION, "arcov: cannot encode %qs", path);
		goto free_buf;
	}
	rc = arcov_file_replace(path, buf, (size_t)size, &err);
	if (rc < 0)
		error_at(UNKNOWN_LOCATION, "arcov: %s", err.msg);
free_buf:
	XDELETEVEC(buf);
}

static ssize_t fill_bb(const void *model, void *buf, size_t cap)
{
	return arcov_bb_write((const struct arcov_bb *)model, buf, cap);
}

static ssize_t fill_bbg(const void *model, void *buf, size_t cap)
{
	return arcov_bbg_write((const struct arcov_bbg *)model, buf, cap);
}

/*
 * A function GCC only inlined (emitted.cc) before gcov instruments, an
 * always_inline one, has no line of its own in gcov: its declarator's
 * line, which the plugin gives its first block as GCC gives the opening
 * brace to a function's entry, has no code once the body is in its
 * callers, and gcov lists no count there (fmt's FMT_INLINE functions, always_inline,
 * at -O0).  Its statements' lines stay, counted by the inlined copies.
 */
static void drop_inlined_decls(void)
{
	size_t i;

	gcc_assert(notes_decl_item.length() == notes_bb.nfns);
	for (i = 0; i < notes_bb.nfns; i++) {
		struct arcov_bb_block *blk;
		int k = notes_decl_item[i];

		if (k < 0 || notes_bb.fns[i].nblocks < 3 || !ap_ext_inlined(i))
			continue;
		blk = &notes_bb.fns[i].blocks[1];
		memmove(&blk->items[k], &blk->items[k + 1],
			(blk->nitems - (uint32_t)k - 1) * sizeof *blk->items);
		blk->nitems--;
	}
}

/**
 * ap_notes_write - write <base>.bb, <base>.bbg and <base>.arcov-notes.
 * An existing <base>.da is kept: the runtime appends a block when the
 * object changed, and the reporter reads only the records that match the
 * notes (doc/notes-format.md §1).
 */
void ap_notes_write(void)
{
	const char *base = ap_notes_base();
	char *path;

	drop_inlined_decls();
	path = concat(base, ".bb", NULL);
	write_file(path, arcov_bb_write(&notes_bb, NULL, 0), fill_bb,
		   &notes_bb);
	free(path);
	path = concat(base, ".bbg", NULL);
	write_file(path, arcov_bbg_write(&notes_bbg, NULL, 0), fill_bbg,
		   &notes_bbg);
	free(path);
	path = concat(base, ".arcov-notes", NULL);
	ap_ext_write(path);
	free(path);
}

/**
 * ap_notes_release - free everything this file holds.
 */
void ap_notes_release(void)
{
	arcov_bb_free(&notes_bb);
	arcov_bbg_free(&notes_bbg);
	free(notes_base);
	free(notes_da);
	notes_decl_item.release();
	notes_base = NULL;
	notes_da = NULL;
}
