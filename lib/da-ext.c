/* da-ext.c -- build and search the tagged .da extension tail (da-ext.h). */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "da.h"
#include "da-ext.h"
#include "sm.h"

/* Occupied size of an entry payload of @len bytes. */
static size_t ext_padded(size_t len)
{
	return (len + 3) / 4 * 4;
}

static void wr_entry(struct arcov_wr *w, int32_t tag, const void *payload,
		     size_t len)
{
	static const unsigned char zeros[4];

	arcov_wr_word(w, tag);
	arcov_wr_word(w, len > (size_t)ARCOV_WORD_MAX ? -1 : (int64_t)len);
	if (len > (size_t)ARCOV_WORD_MAX && !w->status)
		w->status = ARCOV_ERANGE;
	arcov_wr_bytes(w, payload, len);
	arcov_wr_bytes(w, zeros, ext_padded(len) - len);
}

/* The entries of a run's tail into @w. */
static void wr_run(struct arcov_wr *w, const char *label, uint32_t stamp)
{
	unsigned char word[4];

	if (label)
		wr_entry(w, ARCOV_EXT_LABEL, label, strlen(label));
	if (stamp) {
		word[0] = (unsigned char)stamp;
		word[1] = (unsigned char)(stamp >> 8);
		word[2] = (unsigned char)(stamp >> 16);
		word[3] = (unsigned char)(stamp >> 24 & 0x7f);
		wr_entry(w, ARCOV_EXT_STAMP, word, sizeof word);
	}
}

int arcov_ext_run_tail(const char *label, uint32_t stamp,
		       unsigned char **tail, uint32_t *len)
{
	size_t n = label ? strlen(label) : 0;
	struct arcov_wr w;
	unsigned char *buf;

	*tail = NULL;
	*len = 0;
	/* The whole extension block (40 + tail) must fit a word. */
	if (n > (size_t)ARCOV_WORD_MAX - ARCOV_DA_EXT_STD - 6 * ARCOV_WORD ||
	    stamp > (uint32_t)ARCOV_WORD_MAX)
		return ARCOV_ERANGE;
	if (!label && !stamp)
		return 0;
	arcov_wr_init(&w, NULL, 0);
	wr_run(&w, label, stamp);
	buf = malloc(w.len);
	if (!buf)
		return ARCOV_ENOMEM;
	arcov_wr_init(&w, buf, w.len);
	wr_run(&w, label, stamp);
	if (w.status) {
		free(buf);
		return w.status;
	}
	*tail = buf;
	*len = (uint32_t)w.len;
	return 0;
}

int arcov_ext_label_tail(const char *label, unsigned char **tail,
			 uint32_t *len)
{
	return arcov_ext_run_tail(label, 0, tail, len);
}

uint32_t arcov_ext_stamp(const unsigned char *tail, uint32_t len)
{
	const unsigned char *p;
	uint32_t n;

	if (arcov_ext_find(tail, len, ARCOV_EXT_STAMP, &p, &n) || n != 4)
		return 0;
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)(p[3] & 0x7f) << 24;
}

int arcov_ext_find(const unsigned char *tail, uint32_t len, int32_t tag,
		   const unsigned char **payload, uint32_t *size)
{
	struct arcov_rd r;
	int32_t t, n;

	arcov_rd_init(&r, tail, len, NULL, NULL);
	while (arcov_rd_left(&r)) {
		if (arcov_rd_word_range(&r, &t, 1, ARCOV_WORD_MAX, "tag") ||
		    arcov_rd_word_range(&r, &n, 0, ARCOV_WORD_MAX, "length"))
			return ARCOV_EFORMAT;
		if (ext_padded((size_t)n) > arcov_rd_left(&r))
			return ARCOV_EFORMAT;
		if (t == tag) {
			*payload = r.data + r.pos;
			*size = (uint32_t)n;
			return 0;
		}
		r.pos += ext_padded((size_t)n);
	}
	return 1;
}
