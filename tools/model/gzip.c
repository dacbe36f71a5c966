/* gzip.c -- whole buffers gzipped, for the outputs their readers take
 * compressed (gcov's .gcov.json.gz, Chrome's and Perfetto's .json.gz). */
#include <config.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "gzip.h"

/* @size bytes at @data gzipped (RFC 1952, as gzip and gzopen() write it)
 * into a malloc'd buffer of *@out_size bytes; NULL when out of memory. */
unsigned char *arcov_gzip(const void *data, size_t size, size_t *out_size)
{
	size_t cap, fed = 0;
	unsigned char *buf, *bigger;
	z_stream z;
	int r;

	memset(&z, 0, sizeof z);
	/* 15 + 16: a gzip header and trailer around the deflate stream. */
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return NULL;
	cap = size / 2 + 1024;
	buf = malloc(cap);
	z.next_out = buf;
	z.avail_out = (uInt)(cap > UINT_MAX ? UINT_MAX : cap);
	/* avail_in and avail_out are unsigned ints: chunks of that. */
	for (r = buf ? Z_OK : Z_MEM_ERROR; r == Z_OK || r == Z_BUF_ERROR;) {
		if (!z.avail_in && fed < size) {
			size_t n = size - fed > UINT_MAX ? UINT_MAX :
							   size - fed;

			z.next_in = (Bytef *)data + fed;
			z.avail_in = (uInt)n;
			fed += n;
		}
		if (!z.avail_out) {
			bigger = realloc(buf, cap * 2);
			if (!bigger) {
				r = Z_MEM_ERROR;
				break;
			}
			buf = bigger;
			cap *= 2;
			z.next_out = buf + z.total_out;
			z.avail_out = (uInt)(cap - z.total_out > UINT_MAX ?
					     UINT_MAX : cap - z.total_out);
		}
		r = deflate(&z, fed == size ? Z_FINISH : Z_NO_FLUSH);
		if (r == Z_STREAM_END)
			break;
	}
	deflateEnd(&z);
	if (r != Z_STREAM_END) {
		free(buf);
		return NULL;
	}
	*out_size = (size_t)z.total_out;
	return buf;
}
