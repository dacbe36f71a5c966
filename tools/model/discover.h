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
#include "log.h"

#include "elf-notes.h"
#include "paths.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * arcov_discover_tree - every file below @dir whose name ends in @suffix
 * (and is longer than it), as paths relative to @dir, appended to @out in
 * strcmp() order.
 *
 * Symbolic links to files are followed, links to directories are not, so
 * the walk always ends.  The directories where build systems compile their
 * probes (CMake's CompilerId*, CMakeScratch and CMakeTmp, meson's
 * meson-private) are not entered.  Returns 0, or a negative ARCOV_E* code with
 * "DIR: cannot read: why" in @err when some directory cannot be read.
 */
int arcov_discover_tree(const char *dir, const char *suffix,
			struct arcov_paths *out, struct arcov_err *err);

/**
 * arcov_discover_has_dir - whether any of @args (@nargs) is a directory.
 */
int arcov_discover_has_dir(char *const *args, int nargs);

/**
 * arcov_discover_linked - @args (@nargs, sources or objects named as gcov
 * names them) appended to @out, except one whose notes STEM.bbg do not
 * exist: it stands for the notes DIR/OUT-BASE.bbg beside it (STEM is
 * DIR/BASE), those of the programs compiled and linked from it in one
 * step, which GCC's dump base names so (doc/notes-format.md §1), when
 * there are any.  Returns 1 when some argument was replaced, 0 when none
 * was, ARCOV_ENOMEM.
 */
int arcov_discover_linked(char *const *args, int nargs,
			  struct arcov_paths *out);

/**
 * arcov_discover_objects - what the reporter reports for its command line:
 * each of @args (@nargs) as given, except a directory, which stands for
 * every .bbg file below it (in strcmp() order); then the .bbg files named
 * by each program of @progs, with @libs by the libraries they need too.
 * Appended to @out; paths found twice are listed once.
 *
 * Returns 0, or 1 when something was not found or could not be read (one
 * "arcov: ..." line each on @log; everything else is still listed).
 */
int arcov_discover_objects(char *const *args, int nargs,
			   const struct arcov_paths *progs, int libs,
			   struct arcov_paths *out, struct arcov_log *log);

#ifdef __cplusplus
}
#endif

#endif
