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

int arcov_ext_label_tail(const char *label, unsigned char **tail,
			 uint32_t *len)
{
	size_t n = strlen(label);
	struct arcov_wr w;
	unsigned char *buf;

	/* The whole extension block (40 + tail) must fit a word. */
	if (n > (size_t)ARCOV_WORD_MAX - ARCOV_DA_EXT_STD - 3 * ARCOV_WORD)
		return ARCOV_ERANGE;
	arcov_wr_init(&w, NULL, 0);
	wr_entry(&w, ARCOV_EXT_LABEL, label, n);
	buf = malloc(w.len);
	if (!buf)
		return ARCOV_ENOMEM;
	arcov_wr_init(&w, buf, w.len);
	wr_entry(&w, ARCOV_EXT_LABEL, label, n);
	if (w.status) {
		free(buf);
		return w.status;
	}
	*tail = buf;
	*len = (uint32_t)w.len;
	return 0;
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
