/* names.h -- names as the reports print them. */
#ifndef ARCOV_NAMES_H
#define ARCOV_NAMES_H

#ifdef __cplusplus
extern "C" {
#endif

/**
 * arcov_demangle - malloc'd demangled @name when it is a C++ mangled name
 * ("_Z..."), else a copy; NULL when out of memory.
 */
char *arcov_demangle(const char *name);

/**
 * arcov_mangle_path - gcov 12's mangle_path() of @path into @dst (room for
 * strlen(@path) + 1): '/' becomes '#' and a ".." component '^'.
 */
void arcov_mangle_path(char *dst, const char *path);

#ifdef __cplusplus
}
#endif

#endif
