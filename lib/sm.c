/* sm.c -- sign-magnitude integers and gcov strings (doc/formats.md §1).
 *
 * The one place that knows the byte encoding; .bb, .bbg and .da readers and
 * writers, the plugin and the runtime all go through here.
 */
#include <config.h>

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm.h"

int arcov_sm_encode(unsigned char *p, int64_t v, int width)
{
	/* Magnitude computed in unsigned arithmetic so INT64_MIN is safe. */
	uint64_t m = v < 0 ? -(uint64_t)v : (uint64_t)v;
	uint64_t limit = width == 8 ? (uint64_t)INT64_MAX : (uint64_t)INT32_MAX;

	if (m > limit)
		return ARCOV_ERANGE;
	if (width == 8)
		arcov_put_le64(p, m);
	else
		arcov_put_le32(p, (uint32_t)m);
	if (v < 0)
		p[width - 1] |= 0x80;
	return 0;
}

int64_t arcov_sm_decode(const unsigned char *p, int width)
{
	uint64_t m = 0;
	int i;

	for (i = width - 1; i >= 0; i--)
		m = (m << 8) | (i == width - 1 ? p[i] & 0x7f : p[i]);
	return (p[width - 1] & 0x80) ? -(int64_t)m : (int64_t)m;
}

/* ---- reading ---- */

void arcov_rd_init(struct arcov_rd *r, const void *data, size_t size,
		   const char *name, struct arcov_err *err)
{
	r->data = data;
	r->size = size;
	r->pos = 0;
	r->name = name;
	r->err = err;
}

int arcov_rd_fail(struct arcov_rd *r, int code, size_t offset,
		  const char *fmt, ...)
{
	char what[ARCOV_ERR_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return arcov_errf(r->err, code, r->name, (long)offset, "%s", what);
}

static int rd_need(struct arcov_rd *r, size_t n, const char *what)
{
	if (arcov_rd_left(r) < n)
		return arcov_rd_fail(r, ARCOV_ETRUNC, r->pos,
				     "truncated %s: need %zu bytes, %zu left",
				     what, n, arcov_rd_left(r));
	return 0;
}

/* "Negative zero" decodes as 0 but would be written back as plain 0, so a
 * reader that accepted it could not promise byte-exact round trips; no
 * writer ever produces it (§1.1). */
static int rd_canonical(struct arcov_rd *r, int width, const char *what)
{
	const unsigned char *p = r->data + r->pos;

	if (p[width - 1] == 0x80 && arcov_sm_decode(p, width) == 0)
		return arcov_rd_fail(r, ARCOV_EFORMAT, r->pos,
				     "%s written as negative zero", what);
	return 0;
}

int arcov_rd_word_fail(struct arcov_rd *r, const char *what)
{
	int rc = rd_need(r, ARCOV_WORD, what);

	return rc ? rc : rd_canonical(r, ARCOV_WORD, what);
}

int arcov_rd_word_range(struct arcov_rd *r, int32_t *v, int32_t lo, int32_t hi,
			const char *what)
{
	size_t at = r->pos;
	int rc = arcov_rd_word(r, v, what);

	if (rc)
		return rc;
	if (*v < lo || *v > hi)
		return arcov_rd_fail(r, ARCOV_ERANGE, at,
				     "%s %ld out of range [%ld, %ld]", what,
				     (long)*v, (long)lo, (long)hi);
	return 0;
}

int arcov_rd_expect(struct arcov_rd *r, int32_t want, const char *what)
{
	size_t at = r->pos;
	int32_t v;
	int rc = arcov_rd_word(r, &v, what);

	if (rc)
		return rc;
	if (v != want)
		return arcov_rd_fail(r, ARCOV_EFORMAT, at,
				     "expected %s (%ld), found %ld", what,
				     (long)want, (long)v);
	return 0;
}

/* The counter at the cursor is negative, negative zero or past the
 * end: the error. */
static int rd_counter_fail(struct arcov_rd *r, const char *what)
{
	int rc = rd_need(r, ARCOV_COUNTER, what);

	if (!rc)
		rc = rd_canonical(r, ARCOV_COUNTER, what);
	if (rc)
		return rc;
	return arcov_rd_fail(r, ARCOV_ERANGE, r->pos, "negative %s %lld", what,
			     (long long)arcov_sm_decode(r->data + r->pos,
							ARCOV_COUNTER));
}

int arcov_rd_counters(struct arcov_rd *r, uint64_t *v, size_t n,
		      const char *what)
{
	const unsigned char *p = r->data + r->pos;
	size_t fit = arcov_rd_left(r) / ARCOV_COUNTER, i;

	/* Counters dominate every .da, and the runtime reads them back at
	 * each merge: while the sign bits are clear, each is a plain
	 * little-endian value. */
	for (i = 0; i < n && i < fit; i++) {
		uint64_t m = arcov_get_le64(p + i * ARCOV_COUNTER);

		if (m >> 63)
			break;
		v[i] = m;
	}
	r->pos += i * ARCOV_COUNTER;
	return i < n ? rd_counter_fail(r, what) : 0;
}

int arcov_rd_counter(struct arcov_rd *r, uint64_t *v, const char *what)
{
	return arcov_rd_counters(r, v, 1, what);
}

/* Check the @len characters at the cursor, their NUL, padding and the
 * closing delimiter, and step past them all; *@s points at the
 * characters. */
static int rd_string_body(struct arcov_rd *r, size_t len, int32_t delim,
			  const char **s, const char *what)
{
	size_t padded = arcov_str_padded(len), i, at = r->pos;
	int rc;

	rc = rd_need(r, padded, what);
	if (rc)
		return rc;
	if (memchr(r->data + at, 0, len))
		return arcov_rd_fail(r, ARCOV_EFORMAT, at,
				     "%s contains a NUL byte", what);
	for (i = len; i < padded; i++)
		if (r->data[at + i])
			return arcov_rd_fail(r, ARCOV_EFORMAT, at + i,
					     "%s: padding byte is not zero",
					     what);
	r->pos += padded;
	rc = arcov_rd_expect(r, delim, "string delimiter");
	if (rc)
		return rc;
	*s = (const char *)r->data + at;
	return 0;
}

/* A malloc'd copy of the @len characters at @s, or NULL with the error
 * recorded at @at. */
static char *rd_copy(struct arcov_rd *r, const char *s, size_t len, size_t at,
		     const char *what)
{
	char *copy = malloc(len + 1);

	if (!copy) {
		arcov_rd_fail(r, ARCOV_ENOMEM, at, "%s: out of memory", what);
		return NULL;
	}
	memcpy(copy, s, len + 1);
	return copy;
}

int arcov_rd_counted_view(struct arcov_rd *r, const char **s, size_t *len,
			  const char *what)
{
	int32_t n;
	int rc;

	rc = arcov_rd_expect(r, ARCOV_SEP_FILE, "string delimiter");
	if (rc)
		return rc;
	/* Only the sign is checked here: rd_string_body() bounds the length
	 * by the bytes actually left. */
	rc = arcov_rd_word_range(r, &n, 0, INT32_MAX, "string length");
	if (rc)
		return rc;
	*len = (size_t)n;
	return rd_string_body(r, (size_t)n, ARCOV_SEP_FILE, s, what);
}

int arcov_rd_counted_string(struct arcov_rd *r, char **s, const char *what)
{
	const char *view;
	size_t len, at = r->pos + 2 * ARCOV_WORD;
	int rc;

	rc = arcov_rd_counted_view(r, &view, &len, what);
	if (rc)
		return rc;
	*s = rd_copy(r, view, len, at, what);
	return *s ? 0 : ARCOV_ENOMEM;
}

int arcov_rd_delimited_tail(struct arcov_rd *r, int32_t delim, char **s,
			    const char *what)
{
	const unsigned char *p = r->data + r->pos, *end = r->data + r->size;
	const unsigned char *nul = memchr(p, 0, (size_t)(end - p));
	const char *view;
	size_t at = r->pos;
	int rc;

	/* The characters end at the first NUL; a name without one can only
	 * be a truncated file. */
	if (!nul)
		return arcov_rd_fail(r, ARCOV_ETRUNC, r->pos,
				     "%s is not NUL-terminated", what);
	rc = rd_string_body(r, (size_t)(nul - p), delim, &view, what);
	if (rc)
		return rc;
	*s = rd_copy(r, view, (size_t)(nul - p), at, what);
	return *s ? 0 : ARCOV_ENOMEM;
}

/* ---- writing ---- */

void arcov_wr_init(struct arcov_wr *w, void *data, size_t cap)
{
	w->data = data;
	w->cap = data ? cap : 0;
	w->len = 0;
	w->status = 0;
	w->grows = 0;
}

void arcov_wr_init_alloc(struct arcov_wr *w, size_t hint)
{
	arcov_wr_init(w, malloc(hint ? hint : 1), hint ? hint : 1);
	w->grows = 1;
	if (!w->data)
		w->status = ARCOV_ENOMEM;
}

unsigned char *arcov_wr_overflow(struct arcov_wr *w, size_t n)
{
	size_t cap = w->cap;
	unsigned char *p;

	if (!w->grows) {
		w->status = ARCOV_ERANGE;
		goto count;
	}
	/* Doubling keeps the copies linear in the final size. */
	while (cap - w->len < n) {
		if (cap > SIZE_MAX / 2) {
			w->status = ARCOV_ENOMEM;
			goto count;
		}
		cap *= 2;
	}
	p = realloc(w->data, cap);
	if (!p) {
		w->status = ARCOV_ENOMEM;
		goto count;
	}
	w->data = p;
	w->cap = cap;
	p += w->len;
	w->len += n;
	return p;

count:
	w->len += n;
	return NULL;
}

/**
 * arcov_wr_counters - write the @n counters at @v.
 * The size and the error are those of arcov_wr_counter() on each in turn,
 * but the range is checked in the same sweep that stores them: counters
 * make up most of every .da, and the runtime writes each of them twice at
 * every dump.
 */
void arcov_wr_counters(struct arcov_wr *w, const uint64_t *v, size_t n)
{
	unsigned char *p = arcov_wr_reserve(w, n * ARCOV_COUNTER);
	uint64_t any = 0;
	size_t i;

	if (p) {
		for (i = 0; i < n; i++, p += ARCOV_COUNTER) {
			arcov_put_le64(p, v[i]);
			any |= v[i];
		}
	} else {
		for (i = 0; i < n; i++)
			any |= v[i];
	}
	if (any > (uint64_t)ARCOV_COUNTER_MAX)
		arcov_wr_range_error(w);
}

/* Store @len characters of @s zero-padded to @padded bytes: the last word
 * is zeroed first and the characters copied over its start, so the
 * padding costs one store instead of a second copy. */
static void put_padded(unsigned char *p, const char *s, size_t len,
		       size_t padded)
{
	arcov_put_le32(p + padded - ARCOV_WORD, 0);
	memcpy(p, s, len);
}

void arcov_wr_counted_string(struct arcov_wr *w, const char *s)
{
	size_t len = strlen(s), padded = arcov_str_padded(len);
	uint32_t sep = arcov_sm_word(ARCOV_SEP_FILE);
	unsigned char *p;

	if (len > (size_t)ARCOV_WORD_MAX)
		arcov_wr_range_error(w);
	/* Names are most of a .da after the counters: separator, length,
	 * characters and separator go into one reservation. */
	p = arcov_wr_reserve(w, 3 * ARCOV_WORD + padded);
	if (p) {
		arcov_put_le32(p, sep);
		arcov_put_le32(p + ARCOV_WORD, (uint32_t)len);
		put_padded(p + 2 * ARCOV_WORD, s, len, padded);
		arcov_put_le32(p + 2 * ARCOV_WORD + padded, sep);
	}
}

void arcov_wr_delimited_string(struct arcov_wr *w, int32_t delim, const char *s)
{
	size_t len = strlen(s), padded = arcov_str_padded(len);
	unsigned char *p;

	arcov_wr_word(w, delim);
	p = arcov_wr_reserve(w, padded);
	if (p)
		put_padded(p, s, len, padded);
	arcov_wr_word(w, delim);
}

ssize_t arcov_wr_result(const struct arcov_wr *w)
{
	if (w->status)
		return w->status;
	if (w->len > SSIZE_MAX)
		return ARCOV_ERANGE;
	return (ssize_t)w->len;
}
