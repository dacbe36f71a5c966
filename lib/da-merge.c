/* da-merge.c -- matching, adding and folding .da blocks (da-merge.h). */
#include <config.h>

#include <string.h>

#include "da-ext.h"
#include "da-merge.h"
#include "sm.h"

uint64_t arcov_da_add(uint64_t a, uint64_t b)
{
	if (a > ARCOV_COUNTER_MAX)
		a = ARCOV_COUNTER_MAX;
	return b > ARCOV_COUNTER_MAX - a ? ARCOV_COUNTER_MAX : a + b;
}

static uint32_t arcs_add(uint32_t a, uint32_t b)
{
	if (a > ARCOV_WORD_MAX)
		a = ARCOV_WORD_MAX;
	return b > ARCOV_WORD_MAX - a ? ARCOV_WORD_MAX : a + b;
}

void arcov_da_counters_add(uint64_t *to, const uint64_t *from, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		to[i] = arcov_da_add(to[i], from[i]);
}

void arcov_da_summary_counters(struct arcov_da_summary *s, const uint64_t *c,
			       size_t n)
{
	struct arcov_da_summary add = { 0, 0, 0 };
	size_t i;

	add.arcs = n > ARCOV_WORD_MAX ? ARCOV_WORD_MAX : (uint32_t)n;
	for (i = 0; i < n; i++) {
		add.sum = arcov_da_add(add.sum, c[i]);
		if (c[i] > add.max)
			add.max = c[i];
	}
	arcov_da_summary_add(s, &add);
}

void arcov_da_summary_add(struct arcov_da_summary *s,
			  const struct arcov_da_summary *add)
{
	s->arcs = arcs_add(s->arcs, add->arcs);
	s->sum = arcov_da_add(s->sum, add->sum);
	if (add->max > s->max)
		s->max = add->max;
	if (s->max > ARCOV_COUNTER_MAX)
		s->max = ARCOV_COUNTER_MAX;
}

void arcov_da_summary_fold(struct arcov_da_summary *s,
			   const struct arcov_da_summary *run)
{
	if (run->arcs > s->arcs)
		s->arcs = run->arcs;
	s->sum = arcov_da_add(s->sum, run->sum);
	s->max = arcov_da_add(s->max, run->max);
}

void arcov_da_block_resum(struct arcov_da_block *blk)
{
	arcov_da_block_summarize(blk);
	if (blk->object.sum > ARCOV_COUNTER_MAX)
		blk->object.sum = ARCOV_COUNTER_MAX;
	if (blk->object.max > ARCOV_COUNTER_MAX)
		blk->object.max = ARCOV_COUNTER_MAX;
	if (blk->object.arcs > ARCOV_WORD_MAX)
		blk->object.arcs = ARCOV_WORD_MAX;
}

int arcov_da_fn_cmp(const struct arcov_da_fn *rec, const char *name,
		    uint32_t checksum, uint32_t ncounters)
{
	int c = strcmp(rec->name, name);

	if (c)
		return c;
	if (rec->checksum != checksum)
		return rec->checksum < checksum ? -1 : 1;
	if (rec->ncounters != ncounters)
		return rec->ncounters < ncounters ? -1 : 1;
	return 0;
}

int arcov_da_block_mergeable(const struct arcov_da_block *blk)
{
	const unsigned char *payload;
	uint32_t size;

	/* Tag 0 is never used, so searching for it walks the whole tail. */
	return arcov_ext_find(blk->ext_tail, blk->ext_tail_len, 0, &payload,
			      &size) > 0;
}

int arcov_da_blocks_match(const struct arcov_da_block *a,
			  const struct arcov_da_block *b)
{
	uint32_t i;

	if (a->nfns != b->nfns || a->ext_tail_len != b->ext_tail_len ||
	    (a->ext_tail_len &&
	     memcmp(a->ext_tail, b->ext_tail, a->ext_tail_len)) ||
	    !arcov_da_block_mergeable(a))
		return 0;
	for (i = 0; i < a->nfns; i++)
		if (arcov_da_fn_cmp(&a->fns[i], b->fns[i].name,
				    b->fns[i].checksum, b->fns[i].ncounters))
			return 0;
	return 1;
}

size_t arcov_da_find_block(const struct arcov_da *da,
			   const struct arcov_da_block *blk)
{
	size_t k;

	for (k = 0; k < da->nblocks; k++)
		if (arcov_da_blocks_match(&da->blocks[k], blk))
			break;
	return k;
}

void arcov_da_block_add(struct arcov_da_block *to,
			const struct arcov_da_block *from)
{
	uint32_t i;

	for (i = 0; i < to->nfns; i++)
		arcov_da_counters_add(to->fns[i].counters,
				      from->fns[i].counters,
				      to->fns[i].ncounters);
	arcov_da_summary_fold(&to->program, &from->program);
	arcov_da_block_resum(to);
}

size_t arcov_da_fn_total(const struct arcov_da *da, const char *name,
			 uint32_t checksum, uint32_t ncounters, uint64_t *out)
{
	size_t k, n = 0;
	uint32_t i;

	for (k = 0; k < da->nblocks; k++) {
		const struct arcov_da_block *blk = &da->blocks[k];

		for (i = 0; i < blk->nfns; i++) {
			if (arcov_da_fn_cmp(&blk->fns[i], name, checksum,
					    ncounters))
				continue;
			arcov_da_counters_add(out, blk->fns[i].counters,
					      ncounters);
			n++;
		}
	}
	return n;
}
