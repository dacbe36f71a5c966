/* graph.cc -- one function's flow graph as the .bbg describes it.
 *
 * Follows GCC 3.3's branch_prob() (FORMATS.md §3.3): checksum on the plain
 * CFG, fake arcs for calls that may not return and for blocks that cannot
 * reach EXIT, abnormal and exception edges replaced by fake arcs to EXIT and
 * from ENTRY, then a spanning tree whose arcs get no counter.  Unlike 3.3,
 * which filled the tree in edge-list order, the tree here prefers arcs that
 * static loop information says are hot, so counters sit on cold arcs.
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

/* §3.3 steps 2-5.  Exception edges count as abnormal, as they were in 3.3. */
static void add_fake_arcs(function *fun)
{
	basic_block bb;
	edge_iterator ei;
	edge e;

	flow_call_edges_add(NULL);
	add_noreturn_fake_exit_edges();
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
}

/* A block whose only way out is a fake arc ends in a call that does not
 * return (abort, exit, a throw): the path into it is cold. */
static bool dead_end_p(basic_block bb)
{
	edge_iterator ei;
	edge e;

	if (bb == EXIT_BLOCK_PTR_FOR_FN(cfun))
		return false;
	FOR_EACH_EDGE(e, ei, bb->succs)
		if (!(e->flags & (EDGE_FAKE | EDGE_EH)))
			return false;
	return true;
}

/* An arc from a loop's header that stays in the loop runs once per
 * iteration, as often as the back edge. */
static bool loop_continue_p(edge e)
{
	class loop *l = e->src->loop_father;

	return current_loops && l && l->header == e->src &&
	       e->dest->loop_father &&
	       flow_bb_inside_loop_p(l, e->dest);
}

/*
 * Static estimate of how often @e runs, used only to order the spanning
 * tree.  No profile exists this early, so loop depth stands in for it:
 * each level of nesting dominates everything below; within a level, back
 * edges and the header's arc into the body run on every iteration, and a
 * block's only successor runs as often as the block, while the arms of a
 * condition share its count.
 */
static int arc_weight(edge e)
{
	int w = 0;

	if (current_loops && e->src->loop_father && e->dest->loop_father)
		w = 4 * (int)loop_depth(find_common_loop(e->src->loop_father,
							  e->dest->loop_father));
	if ((e->flags & EDGE_DFS_BACK) || loop_continue_p(e))
		w += 2;
	else if (single_succ_p(e->src))
		w += 1;
	if (dead_end_p(e->dest))
		w = -1;
	return w;
}

static uint32_t arc_flags(edge e)
{
	uint32_t flags = 0;

	if (e->flags & EDGE_FAKE)
		flags |= ARCOV_ARC_FAKE;
	/* GIMPLE marks neither arm of a condition as falling through; RTL,
	 * which 3.3 saw, normally lays out the false arm next. */
	if (e->flags & (EDGE_FALLTHRU | EDGE_FALSE_VALUE))
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
		a->weight = arc_weight(e);
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

struct tree_key {
	int weight;
	bool critical;
	size_t index;
};

static int tree_key_cmp(const void *pa, const void *pb)
{
	const struct tree_key *a = (const struct tree_key *)pa;
	const struct tree_key *b = (const struct tree_key *)pb;

	if (a->weight != b->weight)
		return a->weight > b->weight ? -1 : 1;
	/* A counter on a critical edge costs a new block: keep them off. */
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
	 * after the return value is set: these go on the tree first. */
	for (i = 0; i + 1 < g->narcs; i++) {
		struct ap_arc *a = &g->arcs[i];

		if (!a->ignore &&
		    ((a->flags & ARCOV_ARC_FAKE) || a->dest == exit))
			tree_try(parent, a);
		else if (!a->ignore) {
			keys[nkeys].weight = a->weight;
			keys[nkeys].critical = EDGE_CRITICAL_P(a->e);
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
	memset(g, 0, sizeof *g);
	compact_blocks();
	g->checksum = plain_checksum(fun);
	add_fake_arcs(fun);
	compact_blocks();
	mark_dfs_back_edges(fun);
	if (n_basic_blocks_for_fn(fun) > INT_MAX / 2) {
		error("arcov: function %qD has too many basic blocks",
		      fun->decl);
		return false;
	}
	g->nblocks = (uint32_t)n_basic_blocks_for_fn(fun);
	list_arcs(fun, g);
	build_spanning_tree(g);
	return true;
}

/**
 * ap_graph_free - release what ap_graph_build() allocated.
 */
void ap_graph_free(struct ap_graph *g)
{
	XDELETEVEC(g->arcs);
	memset(g, 0, sizeof *g);
}
