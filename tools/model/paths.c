/* paths.c -- growing lists of path strings, and joining paths. */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "paths.h"

int arcov_paths_add(struct arcov_paths *p, const char *s)
{
	char *copy;

	if (p->n == p->cap) {
		size_t ncap = p->cap ? 2 * p->cap : 16;
		char **v = realloc(p->v, ncap * sizeof *v);

		if (!v)
			return ARCOV_ENOMEM;
		p->v = v;
		p->cap = ncap;
	}
	copy = strdup(s);
	if (!copy)
		return ARCOV_ENOMEM;
	p->v[p->n++] = copy;
	return 0;
}

int arcov_paths_has(const struct arcov_paths *p, const char *s)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (!strcmp(p->v[i], s))
			return 1;
	return 0;
}

int arcov_paths_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void arcov_paths_free(struct arcov_paths *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		free(p->v[i]);
	free(p->v);
	memset(p, 0, sizeof *p);
}

char *arcov_path_join(const char *dir, const char *name)
{
	size_t n = strlen(dir), m = strlen(name);
	char *s;

	if (!strcmp(dir, "."))
		return strdup(name);
	s = malloc(n + m + 2);
	if (!s)
		return NULL;
	memcpy(s, dir, n);
	if (n && dir[n - 1] != '/')
		s[n++] = '/';
	memcpy(s + n, name, m + 1);
	return s;
}

char *arcov_cwd(void)
{
	size_t size = 256;
	char *buf = NULL, *bigger;

	for (;;) {
		bigger = realloc(buf, size);
		if (!bigger)
			break;
		buf = bigger;
		if (getcwd(buf, size))
			return buf;
		if (errno != ERANGE)
			break;
		size *= 2;
	}
	free(buf);
	return NULL;
}
