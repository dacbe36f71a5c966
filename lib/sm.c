/* sm.c -- sign-magnitude integers and gcov strings (FORMATS.md §1).
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
	int i;

	if (m > limit)
		return ARCOV_ERANGE;
	for (i = 0; i < width; i++, m >>= 8)
		p[i] = (unsigned char)(m & 0xff);
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

int arcov_rd_word(struct arcov_rd *r, int32_t *v, const char *what)
{
	int rc = rd_need(r, ARCOV_WORD, what);

	if (!rc)
		rc = rd_canonical(r, ARCOV_WORD, what);
	if (rc)
		return rc;
	*v = (int32_t)arcov_sm_decode(r->data + r->pos, ARCOV_WORD);
	r->pos += ARCOV_WORD;
	return 0;
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

int arcov_rd_counter(struct arcov_rd *r, uint64_t *v, const char *what)
{
	const unsigned char *p = r->data + r->pos;
	uint64_t m = 0;
	int i, rc;

	/* Counters dominate every .da, and the runtime reads them back at
	 * each merge: a clear sign bit means a plain little-endian value. */
	if (arcov_rd_left(r) >= ARCOV_COUNTER && !(p[7] & 0x80)) {
		for (i = ARCOV_COUNTER - 1; i >= 0; i--)
			m = m << 8 | p[i];
		r->pos += ARCOV_COUNTER;
		*v = m;
		return 0;
	}
	rc = rd_need(r, ARCOV_COUNTER, what);
	if (!rc)
		rc = rd_canonical(r, ARCOV_COUNTER, what);
	if (rc)
		return rc;
	return arcov_rd_fail(r, ARCOV_ERANGE, r->pos, "negative %s %lld", what,
			     (long long)arcov_sm_decode(p, ARCOV_COUNTER));
}

/* Copy @len characters at the cursor, then check NUL, padding and the
 * closing delimiter. */
static int rd_string_body(struct arcov_rd *r, size_t len, int32_t delim,
			  char **s, const char *what)
{
	size_t padded = arcov_str_padded(len), i, at = r->pos;
	char *copy;
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
	copy = malloc(len + 1);
	if (!copy)
		return arcov_rd_fail(r, ARCOV_ENOMEM, at, "%s: out of memory",
				     what);
	memcpy(copy, r->data + at, len);
	copy[len] = 0;
	r->pos += padded;
	rc = arcov_rd_expect(r, delim, "string delimiter");
	if (rc) {
		free(copy);
		return rc;
	}
	*s = copy;
	return 0;
}

int arcov_rd_counted_string(struct arcov_rd *r, char **s, const char *what)
{
	int32_t len;
	int rc;

	rc = arcov_rd_expect(r, ARCOV_SEP_FILE, "string delimiter");
	if (rc)
		return rc;
	/* Only the sign is checked here: rd_string_body() bounds the length
	 * by the bytes actually left before allocating anything. */
	rc = arcov_rd_word_range(r, &len, 0, INT32_MAX, "string length");
	if (rc)
		return rc;
	return rd_string_body(r, (size_t)len, ARCOV_SEP_FILE, s, what);
}

int arcov_rd_delimited_tail(struct arcov_rd *r, int32_t delim, char **s,
			    const char *what)
{
	const unsigned char *p = r->data + r->pos, *end = r->data + r->size;
	const unsigned char *nul = memchr(p, 0, (size_t)(end - p));

	/* The characters end at the first NUL; a name without one can only
	 * be a truncated file. */
	if (!nul)
		return arcov_rd_fail(r, ARCOV_ETRUNC, r->pos,
				     "%s is not NUL-terminated", what);
	return rd_string_body(r, (size_t)(nul - p), delim, s, what);
}

/* ---- writing ---- */

void arcov_wr_init(struct arcov_wr *w, void *data, size_t cap)
{
	w->data = data;
	w->cap = data ? cap : 0;
	w->len = 0;
	w->status = 0;
}

void arcov_wr_bytes(struct arcov_wr *w, const void *p, size_t n)
{
	if (w->data && !w->status) {
		if (w->cap - w->len < n)
			w->status = ARCOV_ERANGE;
		else
			memcpy(w->data + w->len, p, n);
	}
	w->len += n;
}

/*
 * Store magnitude @m (already range-checked) with sign @neg as @width bytes.
 * Without a buffer this only counts, so the sizing pass costs next to
 * nothing -- the runtime serializes every counter twice at each dump.
 */
static inline void wr_sm(struct arcov_wr *w, uint64_t m, int neg, int width)
{
	int i;

	if (w->data && !w->status) {
		if (w->cap - w->len < (size_t)width) {
			w->status = ARCOV_ERANGE;
		} else {
			unsigned char *p = w->data + w->len;

			for (i = 0; i < width; i++, m >>= 8)
				p[i] = (unsigned char)m;
			if (neg)
				p[width - 1] |= 0x80;
		}
	}
	w->len += (size_t)width;
}

void arcov_wr_word(struct arcov_wr *w, int64_t v)
{
	uint64_t m = v < 0 ? -(uint64_t)v : (uint64_t)v;

	if (m > (uint64_t)ARCOV_WORD_MAX) {
		if (!w->status)
			w->status = ARCOV_ERANGE;
		m = 0;
	}
	wr_sm(w, m, v < 0 && m, ARCOV_WORD);
}

void arcov_wr_counter(struct arcov_wr *w, uint64_t v)
{
	if (v > (uint64_t)ARCOV_COUNTER_MAX) {
		if (!w->status)
			w->status = ARCOV_ERANGE;
		v = 0;
	}
	wr_sm(w, v, 0, ARCOV_COUNTER);
}

static void wr_string_body(struct arcov_wr *w, const char *s, size_t len)
{
	static const unsigned char zeros[4];

	arcov_wr_bytes(w, s, len);
	arcov_wr_bytes(w, zeros, arcov_str_padded(len) - len);
}

void arcov_wr_counted_string(struct arcov_wr *w, const char *s)
{
	size_t len = strlen(s);

	arcov_wr_word(w, ARCOV_SEP_FILE);
	arcov_wr_word(w, len > (size_t)ARCOV_WORD_MAX ? -1 : (int64_t)len);
	if (len > (size_t)ARCOV_WORD_MAX && !w->status)
		w->status = ARCOV_ERANGE;
	wr_string_body(w, s, len);
	arcov_wr_word(w, ARCOV_SEP_FILE);
}

void arcov_wr_delimited_string(struct arcov_wr *w, int32_t delim, const char *s)
{
	arcov_wr_word(w, delim);
	wr_string_body(w, s, strlen(s));
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
