/* stream.h -- the counter stream of the freestanding runtime
 * (doc/stream-format.md): what a program without a file system sends
 * out, over a console, semihosting or a debugger, for the host to merge
 * into its .da files (arcov-merge --from-stream).
 *
 * The writer (runtime/freestanding.c) runs on the target with no C
 * library: it uses only the constants and the inline helpers of this
 * header.  The reader (stream.c) runs on the host.
 *
 * Layout, every integer an unsigned little-endian 32-bit word unless said
 * otherwise, every string its length then its bytes and 1 to 4 zero bytes
 * up to a multiple of 4 (ARCOV_STREAM_PADDED, as the .da's strings):
 *   header   "ARCOVSTM", version (1), flags (0)
 *   object   tag 1, stamp, .da path, function count F, then F times:
 *            name, checksum, counter count C, C counters of 64 bits
 *   end      tag 2, object count, FNV-1a hash of every byte before it
 * The hex-line form carries the same bytes as lines "arcov:HEX".
 */
#ifndef ARCOV_STREAM_H
#define ARCOV_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ARCOV_STREAM_MAGIC "ARCOVSTM"
#define ARCOV_STREAM_MAGIC_LEN 8
#define ARCOV_STREAM_VERSION 1
#define ARCOV_STREAM_OBJECT 1	/* record tags */
#define ARCOV_STREAM_END 2
/* The hex-line form: each line this prefix, then lowercase hex digits
 * (two per byte, at most ARCOV_STREAM_HEX_BYTES bytes a line), then a
 * newline; the reader takes these lines from any other output. */
#define ARCOV_STREAM_HEX_PREFIX "arcov:"
#define ARCOV_STREAM_HEX_BYTES 32

/* The bytes a string of @len bytes takes after its length word. */
#define ARCOV_STREAM_PADDED(len) (((len) / 4 + 1) * 4)

/* FNV-1a, 32 bits: the end record's check of the bytes before it. */
#define ARCOV_STREAM_HASH_INIT 2166136261u

static inline uint32_t arcov_stream_hash(uint32_t h, const void *p, size_t n)
{
	const unsigned char *b = (const unsigned char *)p;

	while (n--)
		h = (h ^ *b++) * 16777619u;
	return h;
}

/* One function's record, as read. */
struct arcov_stream_fn {
	char *name;
	uint32_t checksum;
	uint32_t ncounters;
	uint64_t *counters;
};

/* One object's record, as read: the counts of one run of one unit. */
struct arcov_stream_obj {
	char *da_path;		/* as the plugin recorded it */
	uint32_t stamp;
	uint32_t nfns;
	struct arcov_stream_fn *fns;
};

/* One stream: one dump of every registered object. */
struct arcov_stream {
	uint32_t nobjs;
	struct arcov_stream_obj *objs;
};

/**
 * arcov_stream_unhex - the stream bytes of @data (@size bytes): itself
 * when it starts with the magic, else the bytes of every hex line in it
 * (lines that do not start with ARCOV_STREAM_HEX_PREFIX are skipped, so
 * a console log may be given whole).  Returns 0 with a malloc'd *@out and
 * *@outlen, or ARCOV_ENOMEM, or ARCOV_EFORMAT (a bad hex line, no stream
 * at all) with @err saying where.
 */
int arcov_stream_unhex(const void *data, size_t size, const char *name,
		       unsigned char **out, size_t *outlen,
		       struct arcov_err *err);

/**
 * arcov_stream_read - parse the stream bytes at @data (@size) from offset
 * *@pos, one stream, into @s, and advance *@pos past it; several streams
 * (several dumps) may follow each other.  Rejects a bad magic, another
 * version, an unknown tag, truncation, a bad hash, counts the bytes left
 * cannot hold; a counter above ARCOV_COUNTER_MAX is read as that (a .da
 * counter saturates there).  Never allocates for more than the bytes left
 * can hold.  Returns 0 or ARCOV_E*.
 */
int arcov_stream_read(struct arcov_stream *s, const void *data, size_t size,
		      size_t *pos, const char *name, struct arcov_err *err);

/* Free what @s owns and zero it. */
void arcov_stream_free(struct arcov_stream *s);

#ifdef __cplusplus
}
#endif

#endif
