/* gzip.h -- whole buffers gzipped (gzip.c). */
#ifndef ARCOV_GZIP_H
#define ARCOV_GZIP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * arcov_gzip - @size bytes at @data gzipped (RFC 1952, as gzip and
 * gzopen() write it) into a malloc'd buffer of *@out_size bytes; NULL
 * when out of memory.
 */
unsigned char *arcov_gzip(const void *data, size_t size, size_t *out_size);

#ifdef __cplusplus
}
#endif

#endif
