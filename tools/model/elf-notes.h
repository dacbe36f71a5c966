/* elf-notes.h -- the objects a linked program is made of: the records of
 * its .arcov_notes section (doc/notes-format.md §3) and, on request, of
 * the shared libraries it needs, found as the dynamic loader finds them.
 */
#ifndef ARCOV_ELF_NOTES_H
#define ARCOV_ELF_NOTES_H

#include <stdio.h>

#include "error.h"
#include "log.h"
#include "paths.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * arcov_discover_binary - the .bbg paths named by the .arcov_notes section
 * of the ELF file @prog, appended to @out in section order without
 * duplicates (the same unit linked twice gives two identical records).
 * @libs: also walk the DT_NEEDED libraries of @prog, and theirs, found as
 *        the dynamic loader would (DT_RPATH, LD_LIBRARY_PATH, DT_RUNPATH
 *        with $ORIGIN expanded, the cache listed by "ldconfig -p", then
 *        the system directories) and take their records too
 * @log: receives one "arcov: ..." line per library that cannot be found
 *        or read
 *
 * Returns 0; 1 when some library was not found or not readable (@log
 * says which; the others are still listed); or a negative ARCOV_E* code
 * with "PROG: ..." in @err when @prog itself cannot be read, is not ELF,
 * has no .arcov_notes section or a malformed one.
 */
int arcov_discover_binary(const char *prog, int libs, struct arcov_paths *out,
			  struct arcov_log *log, struct arcov_err *err);

#ifdef __cplusplus
}
#endif

#endif
