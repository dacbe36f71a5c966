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
