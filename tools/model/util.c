/* util.c -- the model's small helpers that are not inline (util.h). */
#include <config.h>

#include <stdlib.h>

#include "util.h"

int arcov_cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

size_t arcov_sort_unique(uint32_t *v, size_t n)
{
	size_t i, k;

	if (n)
		qsort(v, n, sizeof *v, arcov_cmp_u32);
	for (i = k = 0; i < n; i++)
		if (!k || v[k - 1] != v[i])
			v[k++] = v[i];
	return k;
}
