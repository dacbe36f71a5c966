/* md5.h -- MD5 (RFC 1321), for the one format that names a source by it:
 * Coveralls' source_digest.  Not for anything that needs security.
 */
#ifndef ARCOV_MD5_H
#define ARCOV_MD5_H

#include <stddef.h>
#include <stdint.h>

struct arcov_md5 {
	uint32_t h[4];
	uint64_t len;		/* bytes fed */
	unsigned char buf[64];
};

/* arcov_md5_init - start @c. */
void arcov_md5_init(struct arcov_md5 *c);

/* arcov_md5_add - feed @n bytes at @p. */
void arcov_md5_add(struct arcov_md5 *c, const void *p, size_t n);

/* arcov_md5_hex - finish @c: the digest in 32 lower-case hex digits. */
void arcov_md5_hex(struct arcov_md5 *c, char hex[33]);

#endif
