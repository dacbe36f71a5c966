/* fuzz-stream.c -- fuzz target: the counter stream's reader (lib/stream.c)
 * and its hex-line decoder, against the freestanding runtime's writer
 * (runtime/freestanding.c, compiled in here).
 *
 * An input the decoder takes gives stream bytes; each stream the reader
 * accepts is written again by the runtime's writer from objects built of
 * what was read, and must come out byte for byte as read (counters at
 * most 2^63-1, which the reader keeps as they are); the hex form of those
 * bytes decodes to them again.
 */
#include <config.h>

#include "fuzz.h"
#include "sm.h"
#include "stream.h"
#include "../../runtime/freestanding.c"

/* What a put() collects. */
struct buf {
	unsigned char *p;
	size_t n, cap;
};

static int collect(const void *data, size_t len, void *ctx)
{
	struct buf *b = ctx;

	if (b->n + len > b->cap) {
		b->cap = (b->n + len) * 2;
		b->p = realloc(b->p, b->cap);
		FUZZ_CHECK(b->p != NULL);
	}
	memcpy(b->p + b->n, data, len);
	b->n += len;
	return 0;
}

/* Whether a counter of @s is ARCOV_COUNTER_MAX, which the reader also
 * makes of larger ones: those bytes cannot be told apart. */
static int saturated(const struct arcov_stream *s)
{
	uint32_t i, k, c;

	for (i = 0; i < s->nobjs; i++)
		for (k = 0; k < s->objs[i].nfns; k++)
			for (c = 0; c < s->objs[i].fns[k].ncounters; c++)
				if (s->objs[i].fns[k].counters[c] ==
				    ARCOV_COUNTER_MAX)
					return 1;
	return 0;
}

/* Write @s again through the runtime's writer; hex when @hex. */
static struct buf rewrite(const struct arcov_stream *s, int hex)
{
	struct arcov_object *objs = fuzz_alloc(s->nobjs * sizeof *objs);
	struct arcov_object **table = fuzz_alloc(s->nobjs * sizeof *table);
	struct buf out = { NULL, 0, 0 };
	uint32_t i, k, n;

	for (i = 0; i < s->nobjs; i++) {
		const struct arcov_stream_obj *o = &s->objs[i];
		struct arcov_fn_info *fns = fuzz_alloc(o->nfns * sizeof *fns);
		uint64_t *counters;

		for (k = 0, n = 0; k < o->nfns; k++)
			n += o->fns[k].ncounters;
		counters = fuzz_alloc((size_t)n * sizeof *counters);
		for (k = 0, n = 0; k < o->nfns; k++) {
			fns[k].name = o->fns[k].name;
			fns[k].checksum = o->fns[k].checksum;
			fns[k].ncounters = o->fns[k].ncounters;
			memcpy(counters + n, o->fns[k].counters,
			       o->fns[k].ncounters * sizeof *counters);
			n += o->fns[k].ncounters;
		}
		memset(&objs[i], 0, sizeof objs[i]);
		objs[i].version = 2;
		objs[i].da_path = o->da_path;
		objs[i].nfns = o->nfns;
		objs[i].ncounters = n;
		objs[i].fns = fns;
		objs[i].counters = counters;
		objs[i].stamp = o->stamp;
		table[i] = &objs[i];
	}
	FUZZ_CHECK(arcov_stream_objects(table, table + s->nobjs, collect, &out,
					hex) == 0);
	for (i = 0; i < s->nobjs; i++) {
		free((void *)objs[i].fns);
		free(objs[i].counters);
	}
	free(table);
	free(objs);
	return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arcov_err err = { 0, "" };
	unsigned char *bytes, *again;
	size_t len, len2, pos = 0, start;
	struct arcov_stream s;
	struct buf out;
	int rc;

	rc = arcov_stream_unhex(data, size, FUZZ_NAME, &bytes, &len, &err);
	if (rc) {
		fuzz_check_refusal(rc, &err);
		return 0;
	}
	FUZZ_CHECK(len <= size);
	while (pos < len) {
		start = pos;
		rc = arcov_stream_read(&s, bytes, len, &pos, FUZZ_NAME, &err);
		if (rc) {
			fuzz_check_refusal(rc, &err);
			FUZZ_CHECK(pos == start);
			break;
		}
		FUZZ_CHECK(pos > start && pos <= len);
		if (saturated(&s)) {
			arcov_stream_free(&s);
			continue;
		}
		out = rewrite(&s, 0);
		FUZZ_CHECK(out.n == pos - start &&
			   !memcmp(out.p, bytes + start, out.n));
		free(out.p);
		/* The hex form decodes to the same bytes. */
		out = rewrite(&s, 1);
		FUZZ_CHECK(arcov_stream_unhex(out.p, out.n, FUZZ_NAME, &again,
					      &len2, &err) == 0);
		FUZZ_CHECK(len2 == pos - start &&
			   !memcmp(again, bytes + start, len2));
		free(again);
		free(out.p);
		arcov_stream_free(&s);
	}
	free(bytes);
	return 0;
}
