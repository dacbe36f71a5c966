/* fileio.h -- whole-file reads and crash-safe whole-file writes. */
#ifndef ARCOV_FILEIO_H
#define ARCOV_FILEIO_H

#include <stddef.h>
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * arcov_file_slurp - read all of @path into a malloc'd buffer.
 * A missing file is ARCOV_EIO with errno ENOENT preserved.
 */
int arcov_file_slurp(const char *path, unsigned char **data, size_t *size,
		     struct arcov_err *err);

/**
 * arcov_file_slurp_optional - arcov_file_slurp(), but a missing file reads
 * as empty (*@data NULL, *@size 0) and costs no message: the runtime asks
 * for every .da that a first run has not written yet.
 */
int arcov_file_slurp_optional(const char *path, unsigned char **data,
			      size_t *size, struct arcov_err *err);

/**
 * arcov_file_replace - write @size bytes to @path atomically: a temporary
 * file in the same directory, fsync, rename over @path.  A crash at any
 * point leaves either the old or the new contents.
 */
int arcov_file_replace(const char *path, const void *data, size_t size,
		       struct arcov_err *err);

#ifdef __cplusplus
}
#endif

#endif
