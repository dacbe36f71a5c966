/* util.h -- the small arithmetic and array helpers the model's files share. */
#ifndef ARCOV_MODEL_UTIL_H
#define ARCOV_MODEL_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"

/* arcov_add_sat - @a + @b, held at the int64_t limits. */
static inline int64_t arcov_add_sat(int64_t a, int64_t b)
{
	if (b > 0 && a > INT64_MAX - b)
		return INT64_MAX;
	if (b < 0 && a < INT64_MIN - b)
		return INT64_MIN;
	return a + b;
}

/* arcov_uadd_sat - @a + @b, held at UINT64_MAX. */
static inline uint64_t arcov_uadd_sat(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/**
 * arcov_grow - make room for @need elements of @size bytes in the array
 * *@p of capacity *@cap, doubling.  Returns 0 or ARCOV_ENOMEM (the array
 * is then unchanged).
 */
static inline int arcov_grow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 4;
	void *q;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	if (n > SIZE_MAX / size)
		return ARCOV_ENOMEM;
	q = realloc(*p, n * size);
	if (!q)
		return ARCOV_ENOMEM;
	*p = q;
	*cap = n;
	return 0;
}

/* arcov_lower_bound - the index of the first of the @n ascending values
 * at @v that is @x or more (@n when none is). */
static inline size_t arcov_lower_bound(const uint32_t *v, size_t n, uint32_t x)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* arcov_cmp_u32 - qsort()'s order of two uint32_t. */
int arcov_cmp_u32(const void *a, const void *b);

/* arcov_sort_u32 - sort the @n values at @v in ascending order. */
void arcov_sort_u32(uint32_t *v, size_t n);

/* arcov_sort_unique - sort the @n values at @v and keep each once; returns
 * how many are left. */
size_t arcov_sort_unique(uint32_t *v, size_t n);

/**
 * arcov_read_line - gcov 12's read_line(): the next line of @f without its
 * newline, in *@buf (*@len bytes, grown as needed; start both at 0, free
 * *@buf at the end); NULL at end of file or when out of memory.
 */
char *arcov_read_line(FILE *f, char **buf, size_t *len);

#endif
