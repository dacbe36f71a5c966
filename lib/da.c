/* da.c -- the .da arc-counter file (doc/formats.md §4): reader and writer.
 *
 * The reader accepts exactly what the writer can reproduce byte for byte:
 * blocks are read until the data ends, extension bytes past the standard
 * 40 are kept verbatim, and the shared cursor (sm.c) refuses "negative
 * zero" encodings, which would not be written back as read.
 */
#include <config.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "da.h"
#include "sm.h"

/* Smallest function record: -1, length 0, "\0\0\0\0", -1, checksum,
 * counter count.  Bounds the function count before anything is allocated. */
#define DA_RECORD_MIN (6 * ARCOV_WORD)

/* Read a word in [0, INT32_MAX]. */
static int rd_count(struct arcov_rd *r, uint32_t *v, const char *what)
{
	int32_t w;
	int rc;

	rc = arcov_rd_word_range(r, &w, 0, ARCOV_WORD_MAX, what);
	if (!rc)
		*v = (uint32_t)w;
	return rc;
}

/* The field names of one summary triple, for error messages. */
struct summary_names {
	const char *arcs, *sum, *max;
};

static const struct summary_names program_names = {
	"program arc count", "program sum", "program maximum"
};
static const struct summary_names object_names = {
	"object arc count", "object sum", "object maximum"
};

/* One summary triple of the extension block.  The names are constants:
 * every block of every .da the runtime merges passes here. */
static int rd_summary(struct arcov_rd *r, struct arcov_da_summary *s,
		      const struct summary_names *names)
{
	int rc;

	rc = rd_count(r, &s->arcs, names->arcs);
	if (!rc)
		rc = arcov_rd_counter(r, &s->sum, names->sum);
	if (!rc)
		rc = arcov_rd_counter(r, &s->max, names->max);
	return rc;
}

/* Whether @n items of at least @min_bytes each, the count @what read at
 * @at, fit in the bytes left: a lying count must not make us allocate. */
static int rd_fits(struct arcov_rd *r, size_t at, uint32_t n,
		   size_t min_bytes, const char *what)
{
	if (n <= arcov_rd_left(r) / min_bytes)
		return 0;
	return arcov_rd_fail(r, ARCOV_ETRUNC, at,
			     "%s %lu needs at least %llu bytes, %zu left",
			     what, (unsigned long)n,
			     (unsigned long long)n * min_bytes,
			     arcov_rd_left(r));
}

/*
 * A zeroed array of @n elements of @size bytes for the count @what read at
 * @at, allocated only once rd_fits() says they fit.  NULL with *@rc = 0
 * for @n == 0; NULL with *@rc < 0 on error.
 */
static void *rd_array(struct arcov_rd *r, size_t at, uint32_t n,
		      size_t min_bytes, size_t size, const char *what, int *rc)
{
	void *p;

	*rc = rd_fits(r, at, n, min_bytes, what);
	if (*rc || !n)
		return NULL;
	p = calloc(n, size);
	if (!p)
		*rc = arcov_rd_fail(r, ARCOV_ENOMEM, at, "%s %lu: out of memory",
				    what, (unsigned long)n);
	return p;
}

/*
 * Where the names and counters of one block's function records go once
 * read: one allocation per block (blk->store), not two per function --
 * the runtime reads every .da back at each merge, and the allocator cost
 * more than the reading.  Counters first, so they are aligned.
 */
struct store {
	uint64_t *counters;	/* next free counter */
	size_t counters_left;
	char *names;		/* next free name byte */
	size_t names_left;
};

/*
 * Size the store of @nfns records from the cursor: their counter counts
 * and name lengths, read ahead without checking anything else.  The scan
 * stops at the first record whose lengths do not fit in the bytes left;
 * rd_fn() fails on that record or an earlier one, so the store is never
 * short of what rd_fn() takes from it.
 */
static int store_alloc(struct arcov_rd *r, uint32_t nfns,
		       struct store *st, void **mem)
{
	const unsigned char *p = r->data + r->pos, *end = r->data + r->size;
	size_t counters = 0, names = 0, len, padded;
	uint32_t i, w;

	for (i = 0; i < nfns; i++) {
		/* Delimiter, length, characters, delimiter, checksum,
		 * counter count. */
		if (end - p < 2 * ARCOV_WORD)
			break;
		w = arcov_get_le32(p + ARCOV_WORD);
		if (w & 0x80000000u)
			break;
		len = w;
		padded = arcov_str_padded(len);
		if ((size_t)(end - p) - 2 * ARCOV_WORD < padded + 3 * ARCOV_WORD)
			break;
		p += 4 * ARCOV_WORD + padded;
		w = arcov_get_le32(p);
		p += ARCOV_WORD;
		if (w & 0x80000000u || w > (size_t)(end - p) / ARCOV_COUNTER)
			break;
		p += (size_t)w * ARCOV_COUNTER;
		counters += w;
		names += len + 1;
	}
	*mem = NULL;
	if (counters || names) {
		/* Both are bounded by the bytes of the image. */
		*mem = malloc(counters * sizeof (uint64_t) + names);
		if (!*mem)
			return arcov_rd_fail(r, ARCOV_ENOMEM, r->pos,
					     "function records: out of memory");
	}
	st->counters = (uint64_t *)*mem;
	st->counters_left = counters;
	st->names = *mem ? (char *)*mem + counters * sizeof (uint64_t) : NULL;
	st->names_left = names;
	return 0;
}

static int rd_fn(struct arcov_rd *r, struct arcov_da_fn *fn, struct store *st)
{
	const char *name;
	size_t at, len;
	uint32_t n;
	int rc;

	fn->offset = r->pos;
	rc = arcov_rd_counted_view(r, &name, &len, "function name");
	if (!rc)
		rc = rd_count(r, &fn->checksum, "checksum");
	if (rc)
		return rc;
	at = r->pos;
	rc = rd_count(r, &n, "counter count");
	if (!rc)
		rc = rd_fits(r, at, n, ARCOV_COUNTER, "counter count");
	if (rc)
		return rc;
	/* store_alloc() read the same lengths: this cannot fail. */
	if (n > st->counters_left || len + 1 > st->names_left)
		return arcov_rd_fail(r, ARCOV_EFORMAT, fn->offset,
				     "function record does not match its scan");
	fn->name = st->names;
	memcpy(fn->name, name, len + 1);
	st->names += len + 1;
	st->names_left -= len + 1;
	fn->counters = NULL;
	if (n) {
		fn->counters = st->counters;
		st->counters += n;
		st->counters_left -= n;
	}
	fn->ncounters = n;
	return arcov_rd_counters(r, fn->counters, n, "counter");
}

static int rd_block(struct arcov_rd *r, struct arcov_da_block *blk)
{
	size_t count_at, ext_at, tail;
	struct store st = { NULL, 0, NULL, 0 };
	int32_t magic, ext;
	uint32_t nfns, i;
	int rc;

	blk->offset = r->pos;
	rc = arcov_rd_word(r, &magic, "magic");
	if (rc)
		return rc;
	if (magic != ARCOV_DA_MAGIC)
		return arcov_rd_fail(r, ARCOV_EMAGIC, blk->offset,
				     "bad magic number %ld (expected %d)",
				     (long)magic, ARCOV_DA_MAGIC);
	count_at = r->pos;
	rc = rd_count(r, &nfns, "function count");
	if (rc)
		return rc;
	ext_at = r->pos;
	rc = arcov_rd_word_range(r, &ext, ARCOV_DA_EXT_STD, ARCOV_WORD_MAX,
				 "extension length");
	if (rc)
		return rc;
	if ((size_t)ext > arcov_rd_left(r))
		return arcov_rd_fail(r, ARCOV_ETRUNC, ext_at,
				     "extension length %ld exceeds the %zu bytes left",
				     (long)ext, arcov_rd_left(r));
	rc = rd_summary(r, &blk->program, &program_names);
	if (!rc)
		rc = rd_summary(r, &blk->object, &object_names);
	if (rc)
		return rc;
	tail = (size_t)ext - ARCOV_DA_EXT_STD;
	if (tail) {
		blk->ext_tail = malloc(tail);
		if (!blk->ext_tail)
			return arcov_rd_fail(r, ARCOV_ENOMEM, r->pos,
					     "extension block: out of memory");
		memcpy(blk->ext_tail, r->data + r->pos, tail);
		blk->ext_tail_len = (uint32_t)tail;
		r->pos += tail;
	}

	blk->fns = rd_array(r, count_at, nfns, DA_RECORD_MIN, sizeof *blk->fns,
			    "function count", &rc);
	if (rc)
		return rc;
	blk->nfns = nfns;
	rc = store_alloc(r, nfns, &st, &blk->store);
	for (i = 0; !rc && i < nfns; i++)
		rc = rd_fn(r, &blk->fns[i], &st);
	return rc;
}

/**
 * arcov_da_read - parse a .da image of one or more blocks.
 * @da:   model to fill; on error it is left empty (freeing it is harmless)
 * @data: the file's bytes, @size of them
 * @name: file name used in error messages
 * @err:  optional error detail
 *
 * Returns 0 or a negative ARCOV_E* code.
 */
int arcov_da_read(struct arcov_da *da, const void *data, size_t size,
		  const char *name, struct arcov_err *err)
{
	struct arcov_rd r;
	size_t cap = 0;
	int rc;

	memset(da, 0, sizeof *da);
	arcov_rd_init(&r, data, size, name, err);
	if (!size)
		return arcov_rd_fail(&r, ARCOV_ETRUNC, 0, "empty .da file");
	while (arcov_rd_left(&r)) {
		struct arcov_da_block *blk;

		/* Each block takes at least 52 bytes, so this stays bounded. */
		if (da->nblocks == cap) {
			size_t ncap = cap ? 2 * cap : 1;

			blk = realloc(da->blocks, ncap * sizeof *blk);
			if (!blk) {
				rc = arcov_rd_fail(&r, ARCOV_ENOMEM, r.pos,
						   "blocks: out of memory");
				goto free_da;
			}
			da->blocks = blk;
			cap = ncap;
		}
		blk = &da->blocks[da->nblocks++];
		memset(blk, 0, sizeof *blk);
		rc = rd_block(&r, blk);
		if (rc)
			goto free_da;
	}
	return 0;

free_da:
	arcov_da_free(da);
	return rc;
}

static void wr_summary(struct arcov_wr *w, const struct arcov_da_summary *s)
{
	arcov_wr_word(w, s->arcs);
	arcov_wr_counter(w, s->sum);
	arcov_wr_counter(w, s->max);
}

static void wr_block(struct arcov_wr *w, const struct arcov_da_block *blk)
{
	uint32_t i;

	arcov_wr_word(w, ARCOV_DA_MAGIC);
	arcov_wr_word(w, blk->nfns);
	arcov_wr_word(w, (int64_t)ARCOV_DA_EXT_STD + blk->ext_tail_len);
	wr_summary(w, &blk->program);
	wr_summary(w, &blk->object);
	if (blk->ext_tail_len)	/* ext_tail may be NULL; memcpy forbids it */
		arcov_wr_bytes(w, blk->ext_tail, blk->ext_tail_len);
	for (i = 0; i < blk->nfns; i++) {
		const struct arcov_da_fn *fn = &blk->fns[i];

		arcov_wr_counted_string(w, fn->name);
		arcov_wr_word(w, fn->checksum);
		arcov_wr_word(w, fn->ncounters);
		arcov_wr_counters(w, fn->counters, fn->ncounters);
	}
}

/**
 * arcov_da_write - serialize every block of @da, in order.
 * @buf: destination of at least arcov_da_write(da, NULL, 0) bytes, or NULL
 *       to only compute the size
 * Returns the size in bytes, or ARCOV_ERANGE if a value does not fit its
 * field (e.g. a counter above INT64_MAX) or @cap is too small.
 */
ssize_t arcov_da_write(const struct arcov_da *da, void *buf, size_t cap)
{
	struct arcov_wr w;
	size_t i;

	arcov_wr_init(&w, buf, cap);
	for (i = 0; i < da->nblocks; i++)
		wr_block(&w, &da->blocks[i]);
	return arcov_wr_result(&w);
}

/**
 * arcov_da_write_alloc - serialize every block of @da in one pass.
 * @hint: the expected size; a close guess saves copying the buffer
 * @buf:  receives a malloc'd buffer holding the bytes, or NULL on error
 *
 * The runtime writes a .da at every dump: serializing once instead of
 * sizing first halves the cost.  Returns the size, or ARCOV_ERANGE as
 * arcov_da_write() does, or ARCOV_ENOMEM.
 */
ssize_t arcov_da_write_alloc(const struct arcov_da *da, size_t hint,
			     unsigned char **buf)
{
	struct arcov_wr w;
	ssize_t size;
	size_t i;

	arcov_wr_init_alloc(&w, hint);
	for (i = 0; i < da->nblocks; i++)
		wr_block(&w, &da->blocks[i]);
	size = arcov_wr_result(&w);
	if (size < 0) {
		free(w.data);
		w.data = NULL;
	}
	*buf = w.data;
	return size;
}

/**
 * arcov_da_block_write - serialize the single block @blk.
 * Same convention as arcov_da_write().
 */
ssize_t arcov_da_block_write(const struct arcov_da_block *blk, void *buf,
			     size_t cap)
{
	struct arcov_wr w;

	arcov_wr_init(&w, buf, cap);
	wr_block(&w, blk);
	return arcov_wr_result(&w);
}

/**
 * arcov_da_block_summarize - set blk->object to (counters, sum, max).
 * Totals that overflow their fields saturate, so writing such a block
 * fails with ARCOV_ERANGE instead of storing a wrapped, plausible value.
 */
void arcov_da_block_summarize(struct arcov_da_block *blk)
{
	uint64_t arcs = 0, sum = 0, max = 0;
	uint32_t i, j;

	for (i = 0; i < blk->nfns; i++) {
		const struct arcov_da_fn *fn = &blk->fns[i];

		arcs += fn->ncounters;
		for (j = 0; j < fn->ncounters; j++) {
			uint64_t c = fn->counters[j];

			sum = c > UINT64_MAX - sum ? UINT64_MAX : sum + c;
			if (c > max)
				max = c;
		}
	}
	blk->object.arcs = arcs > UINT32_MAX ? UINT32_MAX : (uint32_t)arcs;
	blk->object.sum = sum;
	blk->object.max = max;
}

/**
 * arcov_da_block_free - release what @blk owns and zero it.
 */
void arcov_da_block_free(struct arcov_da_block *blk)
{
	free(blk->store);
	free(blk->fns);
	free(blk->ext_tail);
	memset(blk, 0, sizeof *blk);
}

/**
 * arcov_da_free - release every block of @da and zero it.
 */
void arcov_da_free(struct arcov_da *da)
{
	size_t i;

	for (i = 0; i < da->nblocks; i++)
		arcov_da_block_free(&da->blocks[i]);
	free(da->blocks);
	memset(da, 0, sizeof *da);
}
