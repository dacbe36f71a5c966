/* derive.c -- counters that no increment updates, computed at dump time.
 *
 * An object of ABI version 3 may list derived counters (arcov-abi.h): the
 * entry counter of a function that only the unit's counted call sites can
 * enter, which the plugin left without an increment (plugin/derive.cc).
 * A dump takes the counters, computes these from the others, then
 * summarizes and writes them, so the .da holds what an increment would
 * have counted and every reader solves the graph from the .da alone.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "da-merge.h"
#include "internal.h"
#include "sm.h"

/* The table of @obj, or NULL; *@n its words. */
static const uint32_t *table(const struct arcov_object *obj, uint32_t *n)
{
	if (obj->version < 3 || !obj->nderive) {
		*n = 0;
		return NULL;
	}
	*n = obj->nderive;
	return obj->derive;
}

/**
 * arcov_rt_derive_defect - why @obj's table of derived counters cannot be
 * used, or NULL if it is sound: every entry whole, every index a counter
 * of the object.
 */
const char *arcov_rt_derive_defect(const struct arcov_object *obj)
{
	const uint32_t *w;
	uint32_t n, i = 0, k;

	w = table(obj, &n);
	if (n && !w)
		return "derived counter table missing";
	while (i < n) {
		if (n - i < 2 || w[i] >= obj->ncounters ||
		    (n - i - 2) / 2 < w[i + 1])
			return "derived counter table malformed";
		k = w[i + 1];
		i += 2;
		for (; k; k--, i += 2)
			if (w[i] >= obj->ncounters)
				return "derived counter table malformed";
	}
	return NULL;
}

/**
 * arcov_rt_derive - compute the derived counters of @obj in @counts, its
 * counters taken by a dump, and fold each value into @sum (saturating) and
 * @max, as the other counters were.  The derived counters are 0 in
 * @counts before (nothing increments them), unless the object was built
 * with derive-check: then they were counted, and each is compared with
 * its derivation and kept.
 */
void arcov_rt_derive(const struct arcov_object *obj, uint64_t *counts,
		     uint64_t *sum, uint64_t *max)
{
	const uint32_t *w;
	uint32_t n, i = 0, k;

	w = table(obj, &n);
	while (i < n) {
		uint32_t dst = w[i];
		uint64_t v = 0;

		k = w[i + 1];
		i += 2;
		for (; k; k--, i += 2)
			v += (uint64_t)(int64_t)(int32_t)w[i + 1] * counts[w[i]];
		if (obj->flags & ARCOV_OBJ_DERIVE_CHECK) {
			if (v != counts[dst])
				arcov_rt_warn("%s: derived counter %lu is %llu, counted %llu",
					      obj->da_path, (unsigned long)dst,
					      (unsigned long long)v,
					      (unsigned long long)counts[dst]);
			continue;
		}
		/* Below zero only when the callers' counters lost
		 * increments (plain ones that threads raced on): not a
		 * count near 2^64 but 0, which leaves the contradiction
		 * to the reporter, that marks the function inexact. */
		if ((int64_t)v < 0)
			v = 0;
		counts[dst] = v;
		if (__builtin_add_overflow(*sum, v, sum))
			*sum = UINT64_MAX;
		if (v > *max)
			*max = v;
	}
}

/**
 * arcov_rt_derive_summary - add @obj's counters, its runs added to them
 * and derived ones computed, to the program summary @s without taking them (an object not written
 * by this dump).
 */
void arcov_rt_derive_summary(const struct arcov_object *obj,
			     struct arcov_da_summary *s)
{
	uint64_t *copy, sum = 0, max = 0;
	uint32_t n, nruns = arcov_rt_nruns(obj);

	table(obj, &n);
	copy = n || nruns ? malloc(obj->ncounters * sizeof *copy + 1) : NULL;
	if (!copy) {
		/* Without the derived and run counters rather than not at
		 * all. */
		arcov_da_summary_counters(s, obj->counters, obj->ncounters);
		return;
	}
	memcpy(copy, obj->counters, obj->ncounters * sizeof *copy);
	arcov_rt_runs_expand(obj, obj->counters + obj->ncounters, copy);
	arcov_rt_derive(obj, copy, &sum, &max);
	arcov_da_summary_counters(s, copy, obj->ncounters);
	free(copy);
}

void arcov_rt_summary_set(struct arcov_da_summary *s, size_t n, uint64_t sum,
			  uint64_t max)
{
	s->arcs = n > ARCOV_WORD_MAX ? ARCOV_WORD_MAX : (uint32_t)n;
	/* Saturating at UINT64_MAX and clamping once at the end gives the
	 * same totals as clamping every counter and every partial sum. */
	s->sum = sum > ARCOV_COUNTER_MAX ? ARCOV_COUNTER_MAX : sum;
	s->max = max > ARCOV_COUNTER_MAX ? ARCOV_COUNTER_MAX : max;
}

void arcov_rt_summarize(const struct arcov_object *obj, uint64_t *counts,
			struct arcov_da_summary *run)
{
	uint64_t sum = 0, max = 0;
	uint32_t i;

	for (i = 0; i < obj->ncounters; i++)
		arcov_rt_tally(counts[i], &sum, &max);
	arcov_rt_derive(obj, counts, &sum, &max);
	arcov_rt_summary_set(run, obj->ncounters, sum, max);
}
