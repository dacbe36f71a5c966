/* derive.cc -- entry counts computed from the callers' counters.
 *
 * A function of the unit that only this unit's instrumented functions can
 * call, each by a direct call, is entered exactly as often as its call
 * sites run, and each call site's block count is, in its caller's graph,
 * a signed sum of the caller's counters (doc/notes-format.md §4, "Derived
 * entry counts").  Such a function keeps its entry arc off the spanning
 * tree, so the .bbg and the .da are those of a graph with a counter there,
 * but the arc gets no increment: the runtime computes its counter at dump
 * time, before it writes the .da (runtime/derive.c), from a table this
 * file builds.  The .da on disk holds what the increment would have
 * counted, and every reader, gcov 3.3 among them, solves the graph from
 * the .da alone.
 *
 * A call site's count is exact only where the caller's graph is: a frame
 * left through a fake arc, or paused in a call at dump time, must leave
 * its block through an arc the solution may set freely (a fake arc on the
 * tree), else the solved count of some block would differ from the real
 * one (caller_exact()).  A function some caller of which is not exact,
 * whose entry count would depend on itself through calls (recursion,
 * mutual recursion through call sites whose count involves the callee's
 * entry), or that the checks below do not admit, gets its increment back
 * after all (ap_derive_finish()).
 *
 * Order: ap_derive_init() before any function is instrumented (which
 * functions may be derived: graph.cc asks ap_derive_eligible() to keep
 * their entry arc off the tree), ap_derive_add_function() for each
 * instrumented function before its increments are emitted,
 * ap_derive_finish() once all are, ap_derive_table() when the object is
 * emitted, ap_derive_release() at the end.  With -fdump-ipa-all (GCC
 * takes no -fdump-ipa-arcov for a plugin's pass) the decisions go to the
 * pass's dump file, NAME.c.NNNi.arcov (bench/increments reads them).
 */
#include "compat.h"
#include "arcov-plugin.h"

/* One counter times a coefficient, in the unit's counter array. */
struct term {
	uint32_t counter;
	int64_t coef;
};

/* A function whose entry count may be derived. */
struct candidate {
	tree decl;
	unsigned int ncalls;	/* direct calls in the call graph */
	unsigned int nsites;	/* calls found in instrumented callers */
	bool instrumented;	/* its entry arc went off the tree */
	bool derived;		/* still derivable */
	const char *why;	/* why not, for the dump file */
	uint32_t slot;		/* its entry arc's counter */
	vec<struct term> terms;
	int mark;		/* ap_derive_finish()'s ordering */
};

static vec<struct candidate> cands;
static hash_map<tree, unsigned int> *cand_index;
/* Derived functions in the order the runtime computes them. */
static vec<unsigned int> order;

/* Whether nothing but a direct call from one of @instrumented can enter
 * @node: not visible outside the unit, its address never taken, no alias,
 * no attribute that lets the linker, the loader or an asm reach it. */
static bool only_called_here(cgraph_node *node, hash_set<tree> *instrumented)
{
	tree decl = node->decl;
	cgraph_edge *e;

	/* Not force_output: at -O0 GCC sets it on every static function,
	 * to emit it even if unused; the "used" attribute, which also sets
	 * it, is DECL_PRESERVE_P. */
	if (TREE_PUBLIC(decl) || DECL_EXTERNAL(decl) ||
	    node->externally_visible || node->address_taken ||
	    node->forced_by_abi || node->alias ||
	    node->thunk || DECL_PRESERVE_P(decl) ||
	    DECL_STATIC_CONSTRUCTOR(decl) || DECL_STATIC_DESTRUCTOR(decl) ||
	    (DECL_NAME(decl) && MAIN_NAME_P(DECL_NAME(decl))) ||
	    DECL_IS_RETURNS_TWICE(decl))
		return false;
	/* Any reference (an address, an alias, an ifunc resolver's use)
	 * is a way in that no call site counts. */
	if (node->ref_list.referring.length())
		return false;
	if (lookup_attribute("used", DECL_ATTRIBUTES(decl)) ||
	    lookup_attribute("ifunc", DECL_ATTRIBUTES(decl)))
		return false;
	/* A caller left out by filter= or exclude=, an OpenMP region
	 * outlined into a function of its own: calls nobody counts. */
	for (e = node->callers; e; e = e->next_caller)
		if (!e->call_stmt || !instrumented->contains(e->caller->decl))
			return false;
	return true;
}

/**
 * ap_derive_init - find the functions whose entry count may be derived.
 * @fns: the functions about to be instrumented
 * @n:   how many
 */
void ap_derive_init(const tree *fns, unsigned int n)
{
	hash_set<tree> instrumented;
	unsigned int i;

	cand_index = new hash_map<tree, unsigned int>;
	if (!ap_opts.derive)
		return;
	for (i = 0; i < n; i++)
		instrumented.add(fns[i]);
	for (i = 0; i < n; i++) {
		cgraph_node *node = cgraph_node::get(fns[i]);
		struct candidate c;
		cgraph_edge *e;

		if (!node || !only_called_here(node, &instrumented))
			continue;
		memset(&c, 0, sizeof c);
		c.decl = fns[i];
		for (e = node->callers; e; e = e->next_caller)
			c.ncalls++;
		c.derived = true;
		cand_index->put(fns[i], cands.length());
		cands.safe_push(c);
	}
}

/**
 * ap_derive_eligible - whether @fndecl's entry arc should stay off the
 * spanning tree, to be counted from its callers (graph.cc).
 */
bool ap_derive_eligible(tree fndecl)
{
	return cand_index && cand_index->get(fndecl);
}

/* setjmp and its kin return at once the first time and never jump nor
 * write the counts: a frame is never paused in them, so neither their
 * fake arc, which may close a cycle with the arc from ENTRY that their
 * block gets, nor the abnormal edge GCC gives them is ever taken. */
static bool setjmp_call_p(basic_block bb)
{
	gimple_stmt_iterator gsi = gsi_last_nondebug_bb(bb);
	gcall *call = gsi_end_p(gsi) ? NULL : dyn_cast<gcall *>(gsi_stmt(gsi));
	tree fndecl = call ? gimple_call_fndecl(call) : NULL_TREE;
	static const char *const names[] = {
		"setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp"
	};
	const char *name;
	size_t i;

	if (!fndecl)
		return false;
	if (fndecl_built_in_p(fndecl, BUILT_IN_SETJMP))
		return true;
	if (!DECL_EXTERNAL(fndecl))
		return false;
	name = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fndecl));
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

/*
 * Whether the solution of @g from its counters gives every block the
 * number of times it was entered, whenever the runtime writes them.  It
 * does when the real run, with each frame that is still open or was left
 * by a jump, an exception or a call that did not return completed by its
 * block's fake arc to EXIT and the loopback, is a flow of the graph that
 * differs from the run only on tree arcs.  So: every fake arc is on the
 * tree (setjmp's excepted, never taken), and each abnormal or exception
 * edge, which the .bbg replaces by a way out to EXIT and a way in from
 * ENTRY, leaves a block with an arc into EXIT on the tree and enters one
 * with an arc from ENTRY on the tree.  A block that only abnormal edges
 * enter and leave (GCC's abnormal dispatcher, between every call and the
 * setjmp receivers) counts 0 in the graph, its fake arcs too: a jump
 * through it is a jump from the call to the receiver.  A frame can be
 * open at a dump only in a call that may not return, which ends its
 * block with a fake arc.
 */
static bool caller_exact(const struct ap_graph *g)
{
	bool *tree_exit = XCNEWVEC(bool, g->nblocks);
	bool *tree_entry = XCNEWVEC(bool, g->nblocks);
	bool *through = XNEWVEC(bool, g->nblocks);
	uint32_t exit = g->nblocks - 1, b;
	bool exact = true;
	size_t i;

	for (b = 0; b < g->nblocks; b++)
		through[b] = b != 0 && b != exit;
	for (i = 0; i < g->narcs; i++) {
		const struct ap_arc *a = &g->arcs[i];

		if (!a->ignore && !((a->flags & ARCOV_ARC_FAKE) && a->src == 0 &&
				    (a->flags & ARCOV_ARC_ON_TREE)))
			through[a->src] = through[a->dest] = false;
		if (a->ignore || !(a->flags & ARCOV_ARC_ON_TREE))
			continue;
		if (a->dest == exit)
			tree_exit[a->src] = true;
		if (a->src == 0)
			tree_entry[a->dest] = true;
	}
	for (i = 0; i < g->narcs && exact; i++) {
		const struct ap_arc *a = &g->arcs[i];

		if (!a->ignore)
			continue;
		if (a->flags & ARCOV_ARC_FAKE)
			exact = through[a->src] || setjmp_call_p(a->e->src);
		else
			exact = (a->src == 0 || tree_exit[a->src] ||
				 through[a->src] || setjmp_call_p(a->e->src)) &&
				(a->dest == exit || tree_entry[a->dest] ||
				 through[a->dest]);
		if (!exact && dump_file)
			fprintf(dump_file, "arcov: %s: counts not exact: "
				"arc %u->%u\n", ap_function_name(cfun->decl),
				a->src, a->dest);
	}
	XDELETEVEC(tree_exit);
	XDELETEVEC(tree_entry);
	XDELETEVEC(through);
	return exact;
}

/*
 * The spanning tree of one function, rooted at ENTRY, for the flow of a
 * tree arc as a sum of counters: removing the tree arc between a block x
 * and its parent cuts the blocks into x's subtree and the rest, and, as
 * flow is conserved in every block (the loopback included), the tree arc
 * carries what the counted arcs take out of the subtree less what they
 * bring in.
 */
struct flow_tree {
	size_t *up;		/* per block: its tree arc to the parent */
	uint32_t *tin, *tout;	/* DFS interval: y in x's subtree iff
				 * tin[x] <= tin[y] && tout[y] <= tout[x] */
	uint32_t *counter;	/* per arc off the tree: its counter */
};

static void flow_tree_build(const struct ap_graph *g, uint32_t first,
			    struct flow_tree *t)
{
	vec<size_t> *adj = XCNEWVEC(vec<size_t>, g->nblocks);
	auto_vec<uint32_t> stack;
	size_t *next = XCNEWVEC(size_t, g->nblocks);
	bool *seen = XCNEWVEC(bool, g->nblocks);
	uint32_t clock = 0, k = first;
	size_t i;

	t->up = XNEWVEC(size_t, g->nblocks);
	t->tin = XNEWVEC(uint32_t, g->nblocks);
	t->tout = XNEWVEC(uint32_t, g->nblocks);
	t->counter = XNEWVEC(uint32_t, g->narcs);
	for (i = 0; i < g->narcs; i++) {
		const struct ap_arc *a = &g->arcs[i];

		if (a->ignore)
			continue;
		if (!(a->flags & ARCOV_ARC_ON_TREE)) {
			t->counter[i] = k++;
			continue;
		}
		adj[a->src].safe_push(i);
		adj[a->dest].safe_push(i);
	}
	t->up[0] = g->narcs;
	t->tin[0] = clock++;
	seen[0] = true;
	stack.safe_push(0);
	while (!stack.is_empty()) {
		uint32_t x = stack.last();

		if (next[x] < adj[x].length()) {
			const struct ap_arc *a = &g->arcs[adj[x][next[x]]];
			uint32_t y = a->src == x ? a->dest : a->src;

			if (!seen[y]) {
				seen[y] = true;
				t->up[y] = adj[x][next[x]];
				t->tin[y] = clock++;
				stack.safe_push(y);
			}
			next[x]++;
			continue;
		}
		t->tout[x] = clock++;
		stack.pop();
	}
	for (i = 0; i < g->nblocks; i++)
		adj[i].release();
	XDELETEVEC(adj);
	XDELETEVEC(next);
	XDELETEVEC(seen);
}

static void flow_tree_free(struct flow_tree *t)
{
	XDELETEVEC(t->up);
	XDELETEVEC(t->tin);
	XDELETEVEC(t->tout);
	XDELETEVEC(t->counter);
}

static bool in_subtree(const struct flow_tree *t, uint32_t x, uint32_t y)
{
	return t->tin[x] <= t->tin[y] && t->tout[y] <= t->tout[x];
}

/* Add @mult times the count of block @b of @g, as counters, to @out. */
static void add_block_count(const struct ap_graph *g,
			    const struct flow_tree *t, uint32_t b, int64_t mult,
			    vec<struct term> *out)
{
	size_t i, j;

	for (i = 0; i < g->narcs; i++) {
		const struct ap_arc *a = &g->arcs[i];
		uint32_t x;
		int64_t s;

		if (a->ignore || a->dest != b)
			continue;
		if (!(a->flags & ARCOV_ARC_ON_TREE)) {
			struct term one = { t->counter[i], mult };

			out->safe_push(one);
			continue;
		}
		/* x: the end of the tree arc on the subtree's side; the arc
		 * enters the subtree when x is its destination. */
		x = t->up[a->src] == i ? a->src : a->dest;
		s = x == a->dest ? mult : -mult;
		for (j = 0; j < g->narcs; j++) {
			const struct ap_arc *c = &g->arcs[j];
			bool from, to;

			if (c->ignore || (c->flags & ARCOV_ARC_ON_TREE))
				continue;
			from = in_subtree(t, x, c->src);
			to = in_subtree(t, x, c->dest);
			if (from != to) {
				struct term one = { t->counter[j],
						    from ? s : -s };

				out->safe_push(one);
			}
		}
	}
}

static struct candidate *candidate_of(tree fndecl)
{
	unsigned int *i = fndecl && cand_index ? cand_index->get(fndecl) : NULL;

	return i ? &cands[*i] : NULL;
}

/**
 * ap_derive_add_function - note @fun's calls to derivable functions, and
 * its own entry counter if it is one.
 * @fun:   the function being instrumented, its graph @g built
 * @first: index in the unit's counter array of its first counter
 */
void ap_derive_add_function(function *fun, const struct ap_graph *g,
			    uint32_t first)
{
	struct candidate *self = candidate_of(fun->decl);
	struct flow_tree t;
	bool exact, built = false;
	basic_block bb;

	if (self) {
		/* The entry arc is off the tree and comes first. */
		self->instrumented = g->narcs && g->arcs[0].derived;
		self->slot = first;
		if (!self->instrumented) {
			self->derived = false;
			self->why = "entered by more than its calls";
		}
	}
	if (cands.is_empty())
		return;
	exact = caller_exact(g);
	FOR_EACH_BB_FN(bb, fun) {
		gimple_stmt_iterator gsi;
		int64_t calls = 0;
		struct candidate *c = NULL;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));
			struct candidate *callee =
				call ? candidate_of(gimple_call_fndecl(call))
				     : NULL;

			if (!callee)
				continue;
			callee->nsites++;
			if (!exact) {
				callee->derived = false;
				callee->why = "a caller's counts are not exact";
				continue;
			}
			/* Every statement of a block runs as often as the
			 * block: only its last may not let control go on. */
			if (!built) {
				flow_tree_build(g, first, &t);
				built = true;
			}
			if (c && c != callee) {
				add_block_count(g, &t, ap_block_number(g, bb),
						calls, &c->terms);
				calls = 0;
			}
			c = callee;
			calls++;
		}
		if (c && calls)
			add_block_count(g, &t, ap_block_number(g, bb), calls,
					&c->terms);
	}
	if (built)
		flow_tree_free(&t);
}

static int term_cmp(const void *pa, const void *pb)
{
	const struct term *a = (const struct term *)pa;
	const struct term *b = (const struct term *)pb;

	return a->counter < b->counter ? -1 : a->counter > b->counter;
}

/* Add up @c's terms per counter and drop those that cancel; false if a
 * coefficient does not fit the table's 32 bits. */
static bool terms_fold(struct candidate *c)
{
	unsigned int i, n = 0;

	c->terms.qsort(term_cmp);
	for (i = 0; i < c->terms.length(); i++) {
		if (n && c->terms[n - 1].counter == c->terms[i].counter)
			c->terms[n - 1].coef += c->terms[i].coef;
		else
			c->terms[n++] = c->terms[i];
		if (n && c->terms[n - 1].coef == 0)
			n--;
	}
	c->terms.truncate(n);
	for (i = 0; i < n; i++)
		if (c->terms[i].coef > INT32_MAX || c->terms[i].coef < INT32_MIN)
			return false;
	return true;
}

/* The derived function whose entry counter is @counter, if any. */
static int slot_owner(const int *owner, uint32_t ncounters, uint32_t counter)
{
	return counter < ncounters ? owner[counter] : -1;
}

/* Whether every derived function @c's terms read has its counter
 * computed already (mark 2) or counted. */
static bool ready_p(const struct candidate *c, const int *owner,
		    uint32_t ncounters)
{
	unsigned int i;

	for (i = 0; i < c->terms.length(); i++) {
		int o = slot_owner(owner, ncounters, c->terms[i].counter);

		if (o >= 0 && cands[o].derived && cands[o].mark != 2)
			return false;
	}
	return true;
}

/* Some derived function left waiting depends, through the others left,
 * on itself: follow the first waiting dependency from @start until a
 * function comes round again, which lies on a cycle. */
static unsigned int on_cycle(unsigned int start, const int *owner,
			     uint32_t ncounters)
{
	unsigned int x = start, i;

	for (;;) {
		struct candidate *c = &cands[x];

		if (c->mark == 1)
			return x;
		c->mark = 1;
		for (i = 0; i < c->terms.length(); i++) {
			int o = slot_owner(owner, ncounters,
					   c->terms[i].counter);

			if (o >= 0 && cands[o].derived && cands[o].mark != 2) {
				x = (unsigned int)o;
				break;
			}
		}
		gcc_assert(i < c->terms.length());
	}
}

/* Put the derived functions in an order where each one's terms are known
 * when it is computed; a function whose count would depend on itself
 * (recursion, mutual recursion) is counted instead, which breaks its
 * cycle. */
static void order_derived(uint32_t ncounters)
{
	int *owner = XNEWVEC(int, ncounters ? ncounters : 1);
	bool progress = true;
	unsigned int i, left;

	for (i = 0; i < ncounters; i++)
		owner[i] = -1;
	for (i = 0; i < cands.length(); i++)
		if (cands[i].derived)
			owner[cands[i].slot] = (int)i;
	for (;;) {
		while (progress) {
			progress = false;
			for (i = 0; i < cands.length(); i++) {
				struct candidate *c = &cands[i];

				if (!c->derived || c->mark == 2 ||
				    !ready_p(c, owner, ncounters))
					continue;
				c->mark = 2;
				order.safe_push(i);
				progress = true;
			}
		}
		for (left = 0; left < cands.length(); left++)
			if (cands[left].derived && cands[left].mark != 2)
				break;
		if (left == cands.length())
			break;
		i = on_cycle(left, owner, ncounters);
		cands[i].derived = false;
		cands[i].why = "its count depends on itself (recursion)";
		for (left = 0; left < cands.length(); left++)
			if (cands[left].mark == 1)
				cands[left].mark = 0;
		progress = true;
	}
	XDELETEVEC(owner);
}

/**
 * ap_derive_finish - decide, once every function is instrumented, which
 * entry counts are derived; the others get their increment now.
 * @ncounters: the unit's counters
 */
void ap_derive_finish(uint32_t ncounters)
{
	unsigned int i;

	for (i = 0; i < cands.length(); i++) {
		struct candidate *c = &cands[i];

		if (!c->instrumented) {
			c->derived = false;
			if (!c->why)
				c->why = "not instrumented";
			continue;
		}
		if (c->derived && c->nsites != c->ncalls) {
			c->derived = false;
			c->why = "calls not all found";
		}
		if (c->derived && !terms_fold(c)) {
			c->derived = false;
			c->why = "coefficient too large";
		}
	}
	order_derived(ncounters);
	for (i = 0; i < cands.length(); i++) {
		struct candidate *c = &cands[i];

		if (c->instrumented && (!c->derived || ap_opts.derive_check))
			ap_emit_entry_increment(DECL_STRUCT_FUNCTION(c->decl),
						c->slot);
	}
	if (dump_file)
		for (i = 0; i < cands.length(); i++) {
			struct candidate *c = &cands[i];

			if (!c->instrumented)
				fprintf(dump_file, "arcov: counted %s: %s\n",
					ap_function_name(c->decl), c->why);
			else if (c->derived)
				fprintf(dump_file,
					"arcov: derived %s counter %u terms %u\n",
					ap_function_name(c->decl), c->slot,
					c->terms.length());
			else
				fprintf(dump_file,
					"arcov: counted %s counter %u: %s\n",
					ap_function_name(c->decl), c->slot,
					c->why);
		}
}

static tree uint32_word(uint32_t v)
{
	return build_int_cst(uint32_type_node, v);
}

/**
 * ap_derive_table - the table of derived counters for the arcov_object
 * (runtime/arcov-abi.h, version 3): per derived counter, in the order
 * they are computed, its index, its number of terms, then per term a
 * counter and a signed coefficient (two's complement); NULL_TREE if
 * there is none.
 * @nwords: set to the number of words
 */
tree ap_derive_table(uint32_t *nwords)
{
	vec<constructor_elt, va_gc> *elts = NULL;
	unsigned int i, k, n = 0;
	tree type, var;

	*nwords = 0;
	for (i = 0; i < order.length(); i++)
		n += 2 + 2 * cands[order[i]].terms.length();
	if (!n)
		return NULL_TREE;
	for (i = 0, k = 0; i < order.length(); i++) {
		struct candidate *c = &cands[order[i]];
		unsigned int j;

		CONSTRUCTOR_APPEND_ELT(elts, size_int(k++),
				       uint32_word(c->slot));
		CONSTRUCTOR_APPEND_ELT(elts, size_int(k++),
				       uint32_word(c->terms.length()));
		for (j = 0; j < c->terms.length(); j++) {
			CONSTRUCTOR_APPEND_ELT(elts, size_int(k++),
				uint32_word(c->terms[j].counter));
			CONSTRUCTOR_APPEND_ELT(elts, size_int(k++),
				uint32_word((uint32_t)c->terms[j].coef));
		}
	}
	type = build_array_type(uint32_type_node,
				build_index_type(size_int(n - 1)));
	var = ap_static_var(type, "LARCOVD");
	TREE_READONLY(var) = 1;
	DECL_INITIAL(var) = build_constructor(type, elts);
	varpool_node::finalize_decl(var);
	varpool_node::get(var)->analyze();
	*nwords = n;
	return var;
}

/**
 * ap_derive_release - forget the unit's candidates.
 */
void ap_derive_release(void)
{
	unsigned int i;

	for (i = 0; i < cands.length(); i++)
		cands[i].terms.release();
	cands.release();
	order.release();
	delete cand_index;
	cand_index = NULL;
}
