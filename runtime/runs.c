/* runs.c -- run counters, added to their members at dump time.
 *
 * An object of ABI version 4 may list run counters (arcov-abi.h): where
 * several counters were incremented in one straight stretch of code,
 * with nothing between them that could call, trap or throw, they always
 * ran equally often, and the plugin made one increment of a run counter
 * of its own instead (plugin/runs.cc).  A dump takes the run counters
 * with the others and adds each one's value to its members first, so
 * every count, derived entry count and summary is what the separate
 * increments would have counted; run counters never reach the .da.
 */
#include <config.h>

#include "internal.h"

/* The table of @obj, or NULL; *@nruns its runs and *@nwords the words of
 * its entries, which follow the two header words. */
static const uint32_t *table(const struct arcov_object *obj,
			     uint32_t *nruns, uint32_t *nwords)
{
	*nruns = *nwords = 0;
	if (obj->version < 4 || !obj->runs)
		return NULL;
	*nruns = obj->runs[0];
	*nwords = obj->runs[1];
	return obj->runs + 2;
}

/**
 * arcov_rt_nruns - how many run counters follow @obj's counters.
 */
uint32_t arcov_rt_nruns(const struct arcov_object *obj)
{
	uint32_t nruns, nwords;

	table(obj, &nruns, &nwords);
	return nruns;
}

/**
 * arcov_rt_runs_defect - why @obj's run table cannot be used, or NULL if
 * it is sound: exactly its runs, each with at least two members, every
 * member a counter of the object (not a run), no more runs than a
 * 32-bit index of the counters after them can name.
 */
const char *arcov_rt_runs_defect(const struct arcov_object *obj)
{
	const uint32_t *w;
	uint32_t nruns, n, i = 0, r, k;

	w = table(obj, &nruns, &n);
	if (!w)
		return NULL;
	if (nruns > UINT32_MAX - obj->ncounters)
		return "run table malformed";
	for (r = 0; r < nruns; r++) {
		if (i >= n || w[i] < 2 || (n - i - 1) / 2 < w[i])
			return "run table malformed";
		k = w[i];
		i++;
		for (; k; k--, i += 2)
			if (w[i] >= obj->ncounters)
				return "run table malformed";
	}
	if (i != n)
		return "run table malformed";
	return NULL;
}

/**
 * arcov_rt_runs_expand - add to @counts, @obj's counters, what its runs
 * counted: @runs[r] times each member's multiplicity for run r, modulo
 * 2^64 as the separate increments would have wrapped.  The table must
 * be sound (arcov_rt_runs_defect()).
 */
void arcov_rt_runs_expand(const struct arcov_object *obj,
			  const uint64_t *runs, uint64_t *counts)
{
	const uint32_t *w;
	uint32_t nruns, n, i = 0, r, k;

	w = table(obj, &nruns, &n);
	for (r = 0; r < nruns; r++) {
		uint64_t v = runs[r];

		k = w[i++];
		for (; k; k--, i += 2)
			counts[w[i]] += v * w[i + 1];
	}
}
