/* cycles.c -- gcov 12's count of the flow around the elementary cycles
 * made of the blocks attached to one line (gcov.cc: get_cycles_count,
 * after Hawick and James's circuit enumeration), which a line's count
 * adds to the arcs entering its blocks from outside.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "util.h"

int arcov_mline_has_block(const struct arcov_mline *line,
			  const struct arcov_mfn *fn, uint32_t b)
{
	size_t i;

	for (i = 0; i < line->nblocks; i++)
		if (line->blocks[i].fn == fn && line->blocks[i].idx == b)
			return 1;
	return 0;
}


/* Workspace of the Hawick-James circuit search of one start block. */
struct circuit {
	const struct arcov_mline *line;
	struct arcov_mfn *fn;
	uint32_t start;
	uint32_t *path;		/* arc indices */
	size_t npath;
	uint32_t *blocked;	/* blocked blocks, in blocking order */
	uint32_t **lists;	/* lists[i]: blocks that blocked[i] holds */
	size_t *nlist;
	size_t nblocked;
	int64_t count;
};

static int arc_in_scope(const struct circuit *c, const struct arcov_marc *arc)
{
	return arcov_gcc_index(arc->dst, c->fn->nblocks) >=
		       arcov_gcc_index(c->start, c->fn->nblocks) &&
	       arc->cs_count > 0 && arcov_mline_has_block(c->line, c->fn, arc->dst);
}

static ssize_t blocked_at(const struct circuit *c, uint32_t b)
{
	size_t i;

	for (i = 0; i < c->nblocked; i++)
		if (c->blocked[i] == b)
			return (ssize_t)i;
	return -1;
}

static void unblock(struct circuit *c, uint32_t u)
{
	ssize_t at = blocked_at(c, u);
	uint32_t *list;
	size_t n, i;

	if (at < 0)
		return;
	list = c->lists[at];
	n = c->nlist[at];
	memmove(&c->blocked[at], &c->blocked[at + 1],
		(c->nblocked - (size_t)at - 1) * sizeof *c->blocked);
	memmove(&c->lists[at], &c->lists[at + 1],
		(c->nblocked - (size_t)at - 1) * sizeof *c->lists);
	memmove(&c->nlist[at], &c->nlist[at + 1],
		(c->nblocked - (size_t)at - 1) * sizeof *c->nlist);
	c->nblocked--;
	for (i = 0; i < n; i++)
		unblock(c, list[i]);
	free(list);
}

static void handle_cycle(struct circuit *c)
{
	int64_t min = INT64_MAX;
	size_t i;

	for (i = 0; i < c->npath; i++)
		if (c->fn->arcs[c->path[i]].cs_count < min)
			min = c->fn->arcs[c->path[i]].cs_count;
	if (min <= 0)
		return;		/* gcov 12 asserts this away */
	c->count = arcov_add_sat(c->count, min);
	for (i = 0; i < c->npath; i++)
		c->fn->arcs[c->path[i]].cs_count -= min;
}

static int path_has_dead_arc(const struct circuit *c)
{
	size_t i;

	for (i = 0; i < c->npath; i++)
		if (c->fn->arcs[c->path[i]].cs_count <= 0)
			return 1;
	return 0;
}

static int circuit(struct circuit *c, uint32_t v)
{
	struct arcov_mblock *blk = &c->fn->blocks[v];
	int found = 0;
	uint32_t i;

	c->blocked[c->nblocked] = v;
	c->lists[c->nblocked] = NULL;
	c->nlist[c->nblocked++] = 0;

	for (i = 0; i < blk->nsucc; i++) {
		struct arcov_marc *arc = &c->fn->arcs[blk->succ[i]];

		if (!arc_in_scope(c, arc))
			continue;
		c->path[c->npath++] = blk->succ[i];
		if (arc->dst == c->start) {
			handle_cycle(c);
			found = 1;
		} else if (!path_has_dead_arc(c) &&
			   blocked_at(c, arc->dst) < 0) {
			found |= circuit(c, arc->dst);
		}
		c->npath--;
	}

	if (found) {
		unblock(c, v);
		return 1;
	}
	for (i = 0; i < blk->nsucc; i++) {
		struct arcov_marc *arc = &c->fn->arcs[blk->succ[i]];
		ssize_t at;
		size_t j;
		uint32_t *more;

		if (!arc_in_scope(c, arc))
			continue;
		at = blocked_at(c, arc->dst);
		if (at < 0)
			continue;	/* gcov 12 asserts this away */
		for (j = 0; j < c->nlist[at]; j++)
			if (c->lists[at][j] == v)
				break;
		if (j < c->nlist[at])
			continue;
		more = realloc(c->lists[at], (c->nlist[at] + 1) * sizeof *more);
		if (!more)
			continue;	/* only loses a later unblocking */
		more[c->nlist[at]++] = v;
		c->lists[at] = more;
	}
	return 0;
}

/* gcov 12's get_cycles_count(): the flow around elementary cycles made of
 * the blocks attached to @line. */
int64_t arcov_mline_cycles(const struct arcov_mline *line)
{
	int64_t total = 0;
	size_t i, j;

	for (i = 0; i < line->nblocks; i++) {
		struct circuit c;
		size_t n = line->blocks[i].fn->nblocks + 1;

		memset(&c, 0, sizeof c);
		c.line = line;
		c.fn = line->blocks[i].fn;
		c.start = line->blocks[i].idx;
		/* Most blocks have no arc to another block of their line:
		 * no cycle starts there, and no workspace is needed. */
		for (j = 0; j < c.fn->blocks[c.start].nsucc; j++)
			if (arc_in_scope(&c, &c.fn->arcs[
					 c.fn->blocks[c.start].succ[j]]))
				break;
		if (j == c.fn->blocks[c.start].nsucc)
			continue;
		c.path = malloc((c.fn->narcs + 1) * sizeof *c.path);
		c.blocked = malloc(n * sizeof *c.blocked);
		c.lists = malloc(n * sizeof *c.lists);
		c.nlist = malloc(n * sizeof *c.nlist);
		if (c.path && c.blocked && c.lists && c.nlist) {
			circuit(&c, c.start);
			total = arcov_add_sat(total, c.count);
		}
		for (j = 0; c.lists && j < c.nblocked; j++)
			free(c.lists[j]);
		free(c.path);
		free(c.blocked);
		free(c.lists);
		free(c.nlist);
	}
	return total;
}
