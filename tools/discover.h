/* discover.h -- finding the objects of a whole project: the files with a
 * given suffix below a directory (.bbg for the reporter, .da for
 * arcov-merge), and the notes named by the .arcov_notes ELF section of a
 * program and, on request, of the shared libraries it needs
 * (doc/notes-format.md §3).
 */
#ifndef ARCOV_DISCOVER_H
#define ARCOV_DISCOVER_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"

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

/**
 * arcov_discover_tree - every file below @dir whose name ends in @suffix
 * (and is longer than it), as paths relative to @dir, appended to @out in
 * strcmp() order.
 *
 * Symbolic links to files are followed, links to directories are not, so
 * the walk always ends.  Returns 0, or a negative ARCOV_E* code with
 * "DIR: cannot read: why" in @err when some directory cannot be read.
 */
int arcov_discover_tree(const char *dir, const char *suffix,
			struct arcov_paths *out, struct arcov_err *err);

/**
 * arcov_discover_binary - the .bbg paths named by the .arcov_notes section
 * of the ELF file @prog, appended to @out in section order without
 * duplicates (the same unit linked twice gives two identical records).
 * @libs: also walk the DT_NEEDED libraries of @prog, and theirs, found as
 *        the dynamic loader would (DT_RPATH, LD_LIBRARY_PATH, DT_RUNPATH
 *        with $ORIGIN expanded, the cache listed by "ldconfig -p", then
 *        the system directories) and take their records too
 * @diag: receives one "arcov: ..." line per library that cannot be found
 *        or read
 *
 * Returns 0; 1 when some library was not found or not readable (@diag
 * says which; the others are still listed); or a negative ARCOV_E* code
 * with "PROG: ..." in @err when @prog itself cannot be read, is not ELF,
 * has no .arcov_notes section or a malformed one.
 */
int arcov_discover_binary(const char *prog, int libs, struct arcov_paths *out,
			  FILE *diag, struct arcov_err *err);

/**
 * arcov_discover_has_dir - whether any of @args (@nargs) is a directory.
 */
int arcov_discover_has_dir(char *const *args, int nargs);

/**
 * arcov_discover_objects - what the reporter reports for its command line:
 * each of @args (@nargs) as given, except a directory, which stands for
 * every .bbg file below it (in strcmp() order); then the .bbg files named
 * by each program of @progs, with @libs by the libraries they need too.
 * Appended to @out; paths found twice are listed once.
 *
 * Returns 0, or 1 when something was not found or could not be read (one
 * "arcov: ..." line each on @diag; everything else is still listed).
 */
int arcov_discover_objects(char *const *args, int nargs,
			   const struct arcov_paths *progs, int libs,
			   struct arcov_paths *out, FILE *diag);

#ifdef __cplusplus
}
#endif

#endif
