/* strmap.c -- a string-keyed table with open addressing (strmap.h). */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "strmap.h"

static size_t str_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return (size_t)h;
}

static size_t strmap_slot(const struct strmap *m, const char *key)
{
	size_t i = str_hash(key) & (m->cap - 1);

	while (m->keys[i] && strcmp(m->keys[i], key))
		i = (i + 1) & (m->cap - 1);
	return i;
}

/* 1 and *@val when @key is in @m, else 0. */
int strmap_get(const struct strmap *m, const char *key, size_t *val)
{
	size_t i;

	if (!m->cap)
		return 0;
	i = strmap_slot(m, key);
	if (!m->keys[i])
		return 0;
	*val = m->vals[i];
	return 1;
}

/* Add @key (absent from @m; copied) with @val. */
int strmap_put(struct strmap *m, const char *key, size_t val)
{
	size_t i;

	if (2 * (m->n + 1) > m->cap) {
		struct strmap big = { m->cap ? 2 * m->cap : 64, m->n, NULL,
				      NULL };

		big.keys = calloc(big.cap, sizeof *big.keys);
		big.vals = calloc(big.cap, sizeof *big.vals);
		if (!big.keys || !big.vals) {
			free(big.keys);
			free(big.vals);
			return ARCOV_ENOMEM;
		}
		for (i = 0; i < m->cap; i++) {
			if (m->keys[i]) {
				size_t j = strmap_slot(&big, m->keys[i]);

				big.keys[j] = m->keys[i];
				big.vals[j] = m->vals[i];
			}
		}
		free(m->keys);
		free(m->vals);
		*m = big;
	}
	i = strmap_slot(m, key);
	m->keys[i] = strdup(key);
	if (!m->keys[i])
		return ARCOV_ENOMEM;
	m->vals[i] = val;
	m->n++;
	return 0;
}

void strmap_free(struct strmap *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->keys[i]);
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}

