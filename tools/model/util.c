/* util.c -- the model's small helpers that are not inline (util.h). */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

int arcov_cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

#define RADIX_BITS 11
#define RADIX_SIZE (1u << RADIX_BITS)

/* One stable counting pass of an LSD radix sort: @n values from @from to
 * @to, ordered by their RADIX_BITS bits from @shift. */
static void radix_pass(const uint32_t *from, uint32_t *to, size_t n,
		       unsigned shift)
{
	size_t start[RADIX_SIZE] = { 0 };
	size_t i, sum = 0;

	for (i = 0; i < n; i++)
		start[(from[i] >> shift) & (RADIX_SIZE - 1)]++;
	for (i = 0; i < RADIX_SIZE; i++) {
		size_t c = start[i];

		start[i] = sum;
		sum += c;
	}
	for (i = 0; i < n; i++)
		to[start[(from[i] >> shift) & (RADIX_SIZE - 1)]++] = from[i];
}

void arcov_sort_u32(uint32_t *v, size_t n)
{
	uint32_t *tmp, *from = v, *to, *t, max = 0;
	unsigned shift;
	size_t i, j;

	/* A block's run of lines is a handful of values, usually sorted:
	 * insertion sort, with no call per comparison as qsort() makes. */
	if (n <= 64) {
		for (i = 1; i < n; i++) {
			uint32_t x = v[i];

			for (j = i; j > 0 && v[j - 1] > x; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		return;
	}
	/* A source's lines, met object by object: linear radix passes,
	 * as many as the largest value needs (two below line 4194304),
	 * instead of n log n comparisons through a function pointer. */
	tmp = malloc(n * sizeof *tmp);
	if (!tmp) {
		qsort(v, n, sizeof *v, arcov_cmp_u32);
		return;
	}
	for (i = 0; i < n; i++)
		if (v[i] > max)
			max = v[i];
	to = tmp;
	for (shift = 0; shift < 32 && (shift == 0 || max >> shift);
	     shift += RADIX_BITS) {
		radix_pass(from, to, n, shift);
		t = from;
		from = to;
		to = t;
	}
	if (from != v)
		memcpy(v, from, n * sizeof *v);
	free(tmp);
}

size_t arcov_sort_unique(uint32_t *v, size_t n)
{
	size_t i, k;

	arcov_sort_u32(v, n);
	for (i = k = 0; i < n; i++)
		if (!k || v[k - 1] != v[i])
			v[k++] = v[i];
	return k;
}

char *arcov_read_line(FILE *f, char **buf, size_t *len)
{
	size_t pos = 0, n;
	char *bigger;

	if (!*len) {
		*buf = malloc(200);
		if (!*buf)
			return NULL;
		*len = 200;
	}
	while (fgets(*buf + pos, (int)(*len - pos), f)) {
		n = strlen(*buf + pos);
		if (n && (*buf)[pos + n - 1] == '\n') {
			(*buf)[pos + n - 1] = 0;
			return *buf;
		}
		pos += n;
		if (pos > *len / 2) {
			bigger = realloc(*buf, *len * 2);
			if (!bigger)
				break;
			*buf = bigger;
			*len *= 2;
		}
	}
	return pos ? *buf : NULL;
}
