/* util.h -- the small arithmetic and array helpers the model's files share. */
#ifndef ARCOV_MODEL_UTIL_H
#define ARCOV_MODEL_UTIL_H

#include <stddef.h>
#include <stdint.h>
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

#endif
