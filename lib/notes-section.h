/* notes-section.h -- the .arcov_notes ELF section (doc/notes-format.md §3):
 * the records each instrumented object leaves in its object file, naming
 * its .bb, .bbg, .da and .arcov-notes files by absolute path.
 */
#ifndef ARCOV_NOTES_SECTION_H
#define ARCOV_NOTES_SECTION_H

#include <stddef.h>

#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ARCOV_SECTION_NAME ".arcov_notes"
#define ARCOV_SECTION_MAGIC "ARCOV"
#define ARCOV_SECTION_VERSION "1"

/* The paths of one record, in record order. */
enum {
	ARCOV_SECTION_BB,
	ARCOV_SECTION_BBG,
	ARCOV_SECTION_DA,
	ARCOV_SECTION_NOTES,
	ARCOV_SECTION_NPATHS
};

/**
 * arcov_section_parse - walk the section bytes @data (@size of them, found
 * at offset @base of the file @name) and call @each with the four paths
 * of every version-1 record, in section order.  Records of another version
 * are skipped up to the next "ARCOV" string, as the format allows.
 *
 * Returns 0; what @each returned when that is not 0 (the walk stops); or
 * ARCOV_ETRUNC / ARCOV_EFORMAT with "NAME: offset N: what" in @err for an
 * unterminated string, a record cut short, a path that is not absolute
 * or a .bbg path that does not end in ".bbg".
 */
int arcov_section_parse(const char *data, size_t size, const char *name,
			size_t base,
			int (*each)(void *ctx, const char *const *paths),
			void *ctx, struct arcov_err *err);

#ifdef __cplusplus
}
#endif

#endif
