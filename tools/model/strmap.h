/* strmap.h -- a table from strings to indices, with open addressing: the
 * call graph's names, files and nodes.
 */
#ifndef ARCOV_STRMAP_H
#define ARCOV_STRMAP_H

#include <stddef.h>

struct strmap {
	size_t cap;		/* a power of two, or 0 */
	size_t n;
	char **keys;
	size_t *vals;
};

/* strmap_get - whether @key is in @m; its value then goes to *@val. */
int strmap_get(const struct strmap *m, const char *key, size_t *val);

/* strmap_put - add a copy of @key, which must not be in @m yet, with @val.
 * Returns 0 or ARCOV_ENOMEM. */
int strmap_put(struct strmap *m, const char *key, size_t val);

/* strmap_free - release everything @m holds; @m is zeroed. */
void strmap_free(struct strmap *m);

#endif
