/* freestanding.c -- libarcov-freestanding.a: the counters of a program
 * without a file system, sent out as a byte stream (lib/stream.h,
 * doc/stream-format.md).
 *
 * No C library, no allocation, no threads, no static data of its own:
 * built with -ffreestanding and -fno-tree-loop-distribute-patterns so
 * that GCC emits no memset() or memcpy() call for its loops either.  The
 * objects are found through the linker section the plugin fills under
 * -fplugin-arg-arcov-freestanding (arcov-abi.h), so nothing needs to run
 * before main().
 */
#include "arcov-abi.h"
#include "arcov-freestanding.h"
#include "stream.h"

#define PUBLIC __attribute__((visibility("default")))

/* The linker brackets the section; weak, so that a program with no
 * instrumented unit links and streams no object. */
extern struct arcov_object *const __start_arcov_objects[]
	__attribute__((weak, visibility("hidden")));
extern struct arcov_object *const __stop_arcov_objects[]
	__attribute__((weak, visibility("hidden")));

/* The sink: the caller's put, in binary or in hex lines, and the running
 * hash of the bytes so far. */
struct sink {
	arcov_put_fn *put;
	void *ctx;
	int hex;
	int rc;
	uint32_t hash;
	unsigned nline;		/* bytes on the current hex line */
	char line[sizeof ARCOV_STREAM_HEX_PREFIX - 1 +
		  2 * ARCOV_STREAM_HEX_BYTES + 1];
};

static void flush_line(struct sink *s)
{
	unsigned len = sizeof ARCOV_STREAM_HEX_PREFIX - 1 + 2 * s->nline;

	if (!s->nline || s->rc)
		return;
	s->line[len] = '\n';
	s->rc = s->put(s->line, len + 1, s->ctx);
	s->nline = 0;
}

static void emit(struct sink *s, const unsigned char *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	if (s->rc)
		return;
	s->hash = arcov_stream_hash(s->hash, p, n);
	if (!s->hex) {
		s->rc = s->put(p, n, s->ctx);
		return;
	}
	for (i = 0; i < n; i++) {
		char *d = s->line + sizeof ARCOV_STREAM_HEX_PREFIX - 1 +
			  2 * s->nline;

		d[0] = digits[p[i] >> 4];
		d[1] = digits[p[i] & 15];
		if (++s->nline == ARCOV_STREAM_HEX_BYTES)
			flush_line(s);
	}
}

static void emit_word(struct sink *s, uint32_t v)
{
	unsigned char b[4] = { (unsigned char)v, (unsigned char)(v >> 8),
			       (unsigned char)(v >> 16),
			       (unsigned char)(v >> 24) };

	emit(s, b, 4);
}

static void emit_counter(struct sink *s, uint64_t v)
{
	emit_word(s, (uint32_t)v);
	emit_word(s, (uint32_t)(v >> 32));
}

/* A string: its length, its bytes, 1 to 4 zeros. */
static void emit_string(struct sink *s, const char *str)
{
	static const unsigned char zeros[4];
	size_t len = 0;

	while (str[len])
		len++;
	emit_word(s, (uint32_t)len);
	emit(s, (const unsigned char *)str, len);
	emit(s, zeros, ARCOV_STREAM_PADDED(len) - len);
}

/* Whether this runtime understands @obj's layout. */
static int known(const struct arcov_object *obj)
{
	return obj && obj->version >= 1 && obj->version <= ARCOV_ABI_VERSION;
}

/*
 * The derived counters of @obj (arcov-abi.h), computed in place from the
 * others: nothing increments them, so each stream rewrites them with
 * their value.  A table that names a counter out of range is left alone,
 * as the hosted runtime refuses it (runtime/derive.c).
 */
static void derive(struct arcov_object *obj)
{
	const uint32_t *w = obj->derive;
	uint32_t n = obj->nderive, i = 0, k, idx;
	uint64_t v;

	if (obj->version < 3 || !n || !w ||
	    (obj->flags & ARCOV_OBJ_DERIVE_CHECK))
		return;
	while (i < n) {
		if (n - i < 2 || w[i] >= obj->ncounters ||
		    (n - i - 2) / 2 < w[i + 1])
			return;
		for (k = 0; k < w[i + 1]; k++)
			if (w[i + 2 + 2 * k] >= obj->ncounters)
				return;
		i += 2 + 2 * w[i + 1];
	}
	for (i = 0; i < n; ) {
		idx = w[i];
		k = w[i + 1];
		i += 2;
		for (v = 0; k; k--, i += 2)
			v += obj->counters[w[i]] * (uint64_t)(int64_t)(int32_t)w[i + 1];
		obj->counters[idx] = v;
	}
}

static void emit_object(struct sink *s, struct arcov_object *obj)
{
	const uint64_t *c = obj->counters;
	uint32_t i, k;

	derive(obj);
	emit_word(s, ARCOV_STREAM_OBJECT);
	emit_word(s, obj->version >= 2 ? obj->stamp : 0);
	emit_string(s, obj->da_path);
	emit_word(s, obj->nfns);
	for (i = 0; i < obj->nfns; i++) {
		const struct arcov_fn_info *fn = &obj->fns[i];

		emit_string(s, fn->name);
		emit_word(s, fn->checksum);
		emit_word(s, fn->ncounters);
		for (k = 0; k < fn->ncounters; k++)
			emit_counter(s, *c++);
	}
}

static int stream(struct sink *s, struct arcov_object *const *objs,
		  struct arcov_object *const *end)
{
	struct arcov_object *const *p;
	uint32_t nobjs = 0;

	s->hash = ARCOV_STREAM_HASH_INIT;
	emit(s, (const unsigned char *)ARCOV_STREAM_MAGIC,
	     ARCOV_STREAM_MAGIC_LEN);
	emit_word(s, ARCOV_STREAM_VERSION);
	emit_word(s, 0);
	for (p = objs; p && p < end; p++)
		if (known(*p)) {
			emit_object(s, *p);
			nobjs++;
		}
	emit_word(s, ARCOV_STREAM_END);
	emit_word(s, nobjs);
	emit_word(s, s->hash);
	if (s->hex)
		flush_line(s);
	return s->rc;
}

/* Field by field: an initializer would zero the line buffer, through a
 * memset() call on some targets. */
int arcov_stream_objects(struct arcov_object *const *objs,
			 struct arcov_object *const *end, arcov_put_fn *put,
			 void *ctx, int hex)
{
	static const char prefix[] = ARCOV_STREAM_HEX_PREFIX;
	struct sink s;
	unsigned i;

	s.put = put;
	s.ctx = ctx;
	s.hex = hex;
	s.rc = 0;
	s.nline = 0;
	for (i = 0; i < sizeof prefix - 1; i++)
		s.line[i] = prefix[i];
	return stream(&s, objs, end);
}

PUBLIC int arcov_stream(arcov_put_fn *put, void *ctx)
{
	return arcov_stream_objects(__start_arcov_objects,
				    __stop_arcov_objects, put, ctx, 0);
}

PUBLIC int arcov_stream_hex(arcov_put_fn *put, void *ctx)
{
	return arcov_stream_objects(__start_arcov_objects,
				    __stop_arcov_objects, put, ctx, 1);
}

PUBLIC void arcov_reset(void)
{
	struct arcov_object *const *p;
	uint32_t i;

	for (p = __start_arcov_objects; p && p < __stop_arcov_objects; p++)
		if (known(*p))
			for (i = 0; i < (*p)->ncounters; i++)
				(*p)->counters[i] = 0;
}
