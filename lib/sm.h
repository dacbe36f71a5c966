/* sm.h -- GCC 3.3 gcov-io encodings shared by every format (doc/formats.md §1).
 *
 * Integers are little-endian sign-magnitude: 4-byte "words" and 8-byte
 * "counters"; the sign is bit 7 of the last byte, so the magnitude has 31
 * or 63 bits.  Strings come delimited (.bb, §1.4a) or counted (.bbg/.da,
 * §1.4b); both are NUL-terminated and zero-padded to a multiple of 4.
 *
 * Reading goes through a bounds-checked cursor over an in-memory image
 * (struct arcov_rd); writing through struct arcov_wr, which only counts
 * bytes when its buffer is NULL -- so a writer is run once to size the
 * output and once to fill it, and the two can never disagree.
 */
#ifndef ARCOV_SM_H
#define ARCOV_SM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ARCOV_WORD 4
#define ARCOV_COUNTER 8
#define ARCOV_WORD_MAX INT32_MAX	/* largest 4-byte magnitude */
#define ARCOV_COUNTER_MAX INT64_MAX	/* largest 8-byte magnitude */

/* Separators and markers, as signed values. */
#define ARCOV_SEP_FILE (-1)		/* .bb file marker, string delimiter */
#define ARCOV_SEP_FN (-2)		/* .bb function marker */
#define ARCOV_DA_MAGIC (-123)		/* .da block magic */

/**
 * arcov_sm_encode - write @v as a @width-byte sign-magnitude integer.
 * @width is 4 or 8.  Returns 0, or ARCOV_ERANGE if |v| needs more than
 * 8*@width-1 bits (the historical writer silently mangled some of these).
 */
int arcov_sm_encode(unsigned char *p, int64_t v, int width);

/**
 * arcov_sm_decode - value of the @width-byte sign-magnitude integer at @p.
 * "Negative zero" decodes as 0.
 */
int64_t arcov_sm_decode(const unsigned char *p, int width);

/* Occupied size of a string of @len characters: roundup4(len + 1). */
static inline size_t arcov_str_padded(size_t len)
{
	return (len / 4 + 1) * 4;
}

/* ---- reading ---- */

/* The value of the 4 (8) little-endian bytes at @p: the inverse of
 * arcov_put_le32() (arcov_put_le64()), one load where the host agrees. */
static inline uint32_t arcov_get_le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline uint64_t arcov_get_le64(const unsigned char *p)
{
	return arcov_get_le32(p) | (uint64_t)arcov_get_le32(p + 4) << 32;
}

struct arcov_rd {
	const unsigned char *data;
	size_t size;
	size_t pos;
	const char *name;	/* file name for messages */
	struct arcov_err *err;	/* may be NULL */
};

void arcov_rd_init(struct arcov_rd *r, const void *data, size_t size,
		   const char *name, struct arcov_err *err);

static inline size_t arcov_rd_left(const struct arcov_rd *r)
{
	return r->size - r->pos;
}

/**
 * arcov_rd_fail - record an error at @offset of the file being read.
 * Returns @code.
 */
int arcov_rd_fail(struct arcov_rd *r, int code, size_t offset,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* arcov_rd_word() of a word past the end or written as negative zero:
 * the error. */
int arcov_rd_word_fail(struct arcov_rd *r, const char *what);

/* Read a 4-byte word; @what names the field for the error message.
 * Inline: every record of every file is mostly words. */
static inline int arcov_rd_word(struct arcov_rd *r, int32_t *v,
				const char *what)
{
	uint32_t u;

	/* *@v is set either way, which spares every caller a warning that
	 * it may be used uninitialized. */
	*v = 0;
	if (arcov_rd_left(r) < ARCOV_WORD)
		return arcov_rd_word_fail(r, what);
	u = arcov_get_le32(r->data + r->pos);
	if (u == 0x80000000u)
		return arcov_rd_word_fail(r, what);
	*v = u & 0x80000000u ? -(int32_t)(u & 0x7fffffffu) : (int32_t)u;
	r->pos += ARCOV_WORD;
	return 0;
}
/* Read a word that must lie in [lo, hi]. */
int arcov_rd_word_range(struct arcov_rd *r, int32_t *v, int32_t lo, int32_t hi,
			const char *what);
/* Read a word that must equal @want (a separator or marker). */
int arcov_rd_expect(struct arcov_rd *r, int32_t want, const char *what);
/* Read an 8-byte counter that must be >= 0. */
int arcov_rd_counter(struct arcov_rd *r, uint64_t *v, const char *what);
/* Read @n counters into @v: arcov_rd_counter() @n times, in one loop. */
int arcov_rd_counters(struct arcov_rd *r, uint64_t *v, size_t n,
		      const char *what);
/* Read a counted string (§1.4b) into a fresh malloc'd C string. */
int arcov_rd_counted_string(struct arcov_rd *r, char **s, const char *what);
/* Check a counted string as arcov_rd_counted_string() does, but copy
 * nothing: *@s points at its @*len characters in the image, which are
 * followed by a NUL byte. */
int arcov_rd_counted_view(struct arcov_rd *r, const char **s, size_t *len,
			  const char *what);
/* Read a delimited string (§1.4a) whose delimiter @delim has already been
 * consumed; reads the characters, padding and closing delimiter. */
int arcov_rd_delimited_tail(struct arcov_rd *r, int32_t delim, char **s,
			    const char *what);

/* ---- writing ---- */

struct arcov_wr {
	unsigned char *data;	/* NULL: only count */
	size_t cap;		/* capacity of data */
	size_t len;		/* bytes written (or counted) so far */
	int status;		/* first error, sticky */
	int grows;		/* data is malloc'd and grows on demand */
};

void arcov_wr_init(struct arcov_wr *w, void *data, size_t cap);

/**
 * arcov_wr_init_alloc - a writer into a malloc'd buffer of @hint bytes
 * that grows as needed, so a record is serialized in one pass instead of
 * two.  The caller frees w->data (which may be NULL) whatever the result;
 * running out of memory is ARCOV_ENOMEM from arcov_wr_result().
 */
void arcov_wr_init_alloc(struct arcov_wr *w, size_t hint);

/* arcov_wr_reserve()'s slow path: grow a growing writer, else record
 * ARCOV_ERANGE; counts @n bytes either way. */
unsigned char *arcov_wr_overflow(struct arcov_wr *w, size_t n);

/*
 * The primitives are inline: the runtime serializes every counter and
 * name at each dump, and a call per word would cost more than the
 * encoding itself.
 */

/* Store @v as 4 (8) little-endian bytes.  Byte by byte, so it is right on
 * any host; GCC merges the stores into one where the host agrees. */
static inline void arcov_put_le32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

static inline void arcov_put_le64(unsigned char *p, uint64_t v)
{
	arcov_put_le32(p, (uint32_t)v);
	arcov_put_le32(p + 4, (uint32_t)(v >> 32));
}

/* The bits of a word holding @v, which must lie in
 * [-ARCOV_WORD_MAX, ARCOV_WORD_MAX], for arcov_put_le32(). */
static inline uint32_t arcov_sm_word(int64_t v)
{
	return v < 0 ? (uint32_t)-v | 0x80000000u : (uint32_t)v;
}

/* Record ARCOV_ERANGE unless an earlier error is already recorded. */
static inline void arcov_wr_range_error(struct arcov_wr *w)
{
	if (!w->status)
		w->status = ARCOV_ERANGE;
}

/*
 * Count @n more bytes and return where they go -- or NULL when only
 * counting, after an error, or when they do not fit a fixed buffer (which
 * records ARCOV_ERANGE).
 */
static inline unsigned char *arcov_wr_reserve(struct arcov_wr *w, size_t n)
{
	unsigned char *p = NULL;

	if (w->data && !w->status) {
		if (w->cap - w->len < n)
			return arcov_wr_overflow(w, n);
		p = w->data + w->len;
	}
	w->len += n;
	return p;
}

static inline void arcov_wr_bytes(struct arcov_wr *w, const void *p, size_t n)
{
	unsigned char *to = arcov_wr_reserve(w, n);

	if (to)
		memcpy(to, p, n);
}

/* Write a 4-byte word; |@v| above ARCOV_WORD_MAX records ARCOV_ERANGE. */
static inline void arcov_wr_word(struct arcov_wr *w, int64_t v)
{
	unsigned char *p;

	if (v > ARCOV_WORD_MAX || v < -ARCOV_WORD_MAX)
		arcov_wr_range_error(w);
	p = arcov_wr_reserve(w, ARCOV_WORD);
	if (p)
		arcov_put_le32(p, arcov_sm_word(v));
}

/* Write an 8-byte counter; above ARCOV_COUNTER_MAX records ARCOV_ERANGE. */
static inline void arcov_wr_counter(struct arcov_wr *w, uint64_t v)
{
	unsigned char *p;

	if (v > (uint64_t)ARCOV_COUNTER_MAX)
		arcov_wr_range_error(w);
	p = arcov_wr_reserve(w, ARCOV_COUNTER);
	if (p)
		arcov_put_le64(p, v);
}

/* Write @n counters: the size and error of arcov_wr_counter() on each. */
void arcov_wr_counters(struct arcov_wr *w, const uint64_t *v, size_t n);
void arcov_wr_counted_string(struct arcov_wr *w, const char *s);
void arcov_wr_delimited_string(struct arcov_wr *w, int32_t delim, const char *s);

/* A writer's return value: its first error, else the size in bytes. */
ssize_t arcov_wr_result(const struct arcov_wr *w);

#ifdef __cplusplus
}
#endif

#endif
