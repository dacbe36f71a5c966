/* paths.h -- growing lists of path strings, and joining paths: what the
 * object finders and arcov-merge share.
 */
#ifndef ARCOV_PATHS_H
#define ARCOV_PATHS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A growing list of malloc'd path strings. */
struct arcov_paths {
	size_t n;
	size_t cap;
	char **v;
};

/**
 * arcov_paths_add - append a copy of @s to @p.
 * Returns 0 or ARCOV_ENOMEM.
 */
int arcov_paths_add(struct arcov_paths *p, const char *s);

/**
 * arcov_paths_has - whether @p already holds the string @s.
 */
int arcov_paths_has(const struct arcov_paths *p, const char *s);

/**
 * arcov_paths_cmp - strcmp() order of two elements of arcov_paths.v, as
 * qsort() and bsearch() want it.
 */
int arcov_paths_cmp(const void *a, const void *b);

/* arcov_paths_free - release every string of @p and zero it. */
void arcov_paths_free(struct arcov_paths *p);

/**
 * arcov_path_join - "@dir/@name" in a fresh malloc'd string, or NULL when
 * out of memory.  A @dir of "." gives @name alone.
 */
char *arcov_path_join(const char *dir, const char *name);

/* arcov_cwd - malloc'd current directory, or NULL. */
char *arcov_cwd(void);

#ifdef __cplusplus
}
#endif

#endif
