/* stream.c -- reading the freestanding runtime's counter stream
 * (stream.h, doc/stream-format.md) on the host.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "sm.h"
#include "stream.h"

/* A cursor over the stream bytes; errors name the field and offset. */
struct cur {
	const unsigned char *p;
	size_t size, pos;
	const char *name;
	struct arcov_err *err;
};

static int cur_fail(struct cur *c, int code, const char *what)
{
	return arcov_errf(c->err, code, c->name, (long)c->pos, "%s", what);
}

static int cur_word(struct cur *c, uint32_t *v, const char *what)
{
	if (c->size - c->pos < 4)
		return cur_fail(c, ARCOV_ETRUNC, what);
	*v = arcov_get_le32(c->p + c->pos);
	c->pos += 4;
	return 0;
}

/* A string: its length, its bytes, 1 to 4 zeros; a malloc'd copy. */
static int cur_string(struct cur *c, char **s, const char *what)
{
	uint32_t len;
	size_t padded, i;
	int rc = cur_word(c, &len, what);

	if (rc)
		return rc;
	padded = ARCOV_STREAM_PADDED((size_t)len);
	if (c->size - c->pos < padded)
		return cur_fail(c, ARCOV_ETRUNC, what);
	if (memchr(c->p + c->pos, 0, len))
		return cur_fail(c, ARCOV_EFORMAT, what);
	for (i = len; i < padded; i++)
		if (c->p[c->pos + i])
			return cur_fail(c, ARCOV_EFORMAT, what);
	*s = malloc((size_t)len + 1);
	if (!*s)
		return ARCOV_ENOMEM;
	memcpy(*s, c->p + c->pos, len);
	(*s)[len] = 0;
	c->pos += padded;
	return 0;
}

static int read_fn(struct cur *c, struct arcov_stream_fn *fn)
{
	uint32_t i;
	int rc;

	rc = cur_string(c, &fn->name, "function name");
	if (!rc)
		rc = cur_word(c, &fn->checksum, "checksum");
	if (!rc)
		rc = cur_word(c, &fn->ncounters, "counter count");
	if (rc)
		return rc;
	/* Never more than the bytes left can hold. */
	if ((c->size - c->pos) / ARCOV_COUNTER < fn->ncounters)
		return cur_fail(c, ARCOV_ETRUNC, "counters");
	fn->counters = malloc(fn->ncounters ? fn->ncounters * sizeof(uint64_t)
					    : 1);
	if (!fn->counters)
		return ARCOV_ENOMEM;
	for (i = 0; i < fn->ncounters; i++, c->pos += ARCOV_COUNTER) {
		uint64_t v = arcov_get_le64(c->p + c->pos);

		fn->counters[i] = v > ARCOV_COUNTER_MAX ? ARCOV_COUNTER_MAX : v;
	}
	return 0;
}

static int read_obj(struct cur *c, struct arcov_stream_obj *o)
{
	uint32_t i;
	int rc;

	rc = cur_word(c, &o->stamp, "stamp");
	if (!rc)
		rc = cur_string(c, &o->da_path, ".da path");
	if (!rc)
		rc = cur_word(c, &o->nfns, "function count");
	if (rc)
		return rc;
	if (!*o->da_path)
		return cur_fail(c, ARCOV_EFORMAT, "empty .da path");
	/* A function record takes at least 16 bytes. */
	if ((c->size - c->pos) / 16 < o->nfns)
		return cur_fail(c, ARCOV_ETRUNC, "functions");
	o->fns = calloc(o->nfns ? o->nfns : 1, sizeof *o->fns);
	if (!o->fns)
		return ARCOV_ENOMEM;
	for (i = 0; i < o->nfns; i++) {
		rc = read_fn(c, &o->fns[i]);
		if (rc)
			return rc;
	}
	return 0;
}

int arcov_stream_read(struct arcov_stream *s, const void *data, size_t size,
		      size_t *pos, const char *name, struct arcov_err *err)
{
	struct cur c = { data, size, *pos, name, err };
	uint32_t v, tag, hash;
	struct arcov_stream_obj *bigger;
	int rc;

	memset(s, 0, sizeof *s);
	if (size - c.pos < ARCOV_STREAM_MAGIC_LEN ||
	    memcmp(c.p + c.pos, ARCOV_STREAM_MAGIC, ARCOV_STREAM_MAGIC_LEN))
		return cur_fail(&c, ARCOV_EMAGIC, "not an arcov stream");
	c.pos += ARCOV_STREAM_MAGIC_LEN;
	rc = cur_word(&c, &v, "version");
	if (rc)
		return rc;
	if (v != ARCOV_STREAM_VERSION) {
		c.pos -= 4;
		return arcov_errf(err, ARCOV_EFORMAT, name, (long)c.pos,
				  "stream version %u, not %d", v,
				  ARCOV_STREAM_VERSION);
	}
	rc = cur_word(&c, &v, "flags");
	if (rc)
		return rc;
	/* Version 1 defines none. */
	if (v) {
		c.pos -= 4;
		return cur_fail(&c, ARCOV_EFORMAT, "unknown flags");
	}
	for (;;) {
		rc = cur_word(&c, &tag, "record tag");
		if (rc)
			goto fail;
		if (tag == ARCOV_STREAM_END)
			break;
		if (tag != ARCOV_STREAM_OBJECT) {
			c.pos -= 4;
			rc = cur_fail(&c, ARCOV_EFORMAT, "unknown record tag");
			goto fail;
		}
		/* An object record takes at least 16 bytes. */
		if ((size - c.pos) / 16 < (size_t)s->nobjs + 1) {
			rc = cur_fail(&c, ARCOV_ETRUNC, "object");
			goto fail;
		}
		bigger = realloc(s->objs, (s->nobjs + 1) * sizeof *bigger);
		if (!bigger) {
			rc = ARCOV_ENOMEM;
			goto fail;
		}
		s->objs = bigger;
		memset(&s->objs[s->nobjs], 0, sizeof *s->objs);
		s->nobjs++;
		rc = read_obj(&c, &s->objs[s->nobjs - 1]);
		if (rc)
			goto fail;
	}
	rc = cur_word(&c, &v, "object count");
	if (!rc && v != s->nobjs) {
		c.pos -= 4;
		rc = cur_fail(&c, ARCOV_EFORMAT,
			      "object count differs from the records");
	}
	if (rc)
		goto fail;
	hash = arcov_stream_hash(ARCOV_STREAM_HASH_INIT, c.p + *pos,
				 c.pos - *pos);
	rc = cur_word(&c, &v, "hash");
	if (!rc && v != hash) {
		c.pos -= 4;
		rc = cur_fail(&c, ARCOV_EFORMAT,
			      "hash mismatch: the stream is damaged");
	}
	if (rc)
		goto fail;
	*pos = c.pos;
	return 0;

fail:
	if (rc == ARCOV_ENOMEM)
		arcov_errf(err, rc, name, -1, "out of memory");
	arcov_stream_free(s);
	return rc;
}

void arcov_stream_free(struct arcov_stream *s)
{
	uint32_t i, k;

	for (i = 0; i < s->nobjs; i++) {
		struct arcov_stream_obj *o = &s->objs[i];

		for (k = 0; o->fns && k < o->nfns; k++) {
			free(o->fns[k].name);
			free(o->fns[k].counters);
		}
		free(o->fns);
		free(o->da_path);
	}
	free(s->objs);
	memset(s, 0, sizeof *s);
}

static int hexval(unsigned char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

int arcov_stream_unhex(const void *data, size_t size, const char *name,
		       unsigned char **out, size_t *outlen,
		       struct arcov_err *err)
{
	const unsigned char *p = data, *end = p + size, *line, *eol;
	const size_t plen = strlen(ARCOV_STREAM_HEX_PREFIX);
	unsigned char *buf;
	size_t n = 0;
	long lineno = 0;

	*out = NULL;
	*outlen = 0;
	buf = malloc(size / 2 + 1);
	if (!buf)
		return arcov_errf(err, ARCOV_ENOMEM, name, -1, "out of memory");
	if (size >= ARCOV_STREAM_MAGIC_LEN &&
	    !memcmp(p, ARCOV_STREAM_MAGIC, ARCOV_STREAM_MAGIC_LEN)) {
		free(buf);
		buf = malloc(size ? size : 1);
		if (!buf)
			return arcov_errf(err, ARCOV_ENOMEM, name, -1,
					  "out of memory");
		memcpy(buf, p, size);
		*out = buf;
		*outlen = size;
		return 0;
	}
	for (line = p; line < end; line = eol + (eol < end)) {
		const unsigned char *q;

		lineno++;
		eol = memchr(line, '\n', (size_t)(end - line));
		if (!eol)
			eol = end;
		/* Console noise before the prefix (a carriage return, a
		 * timestamp) is allowed; the hex runs to the line's end. */
		q = line;
		while (q + plen <= eol && memcmp(q, ARCOV_STREAM_HEX_PREFIX,
						 plen))
			q++;
		if (q + plen > eol)
			continue;
		for (q += plen; q < eol && *q != '\r'; q += 2) {
			int hi = hexval(q[0]), lo = q + 1 < eol ? hexval(q[1]) : -1;

			if (hi < 0 || lo < 0) {
				free(buf);
				return arcov_errf(err, ARCOV_EFORMAT, name, -1,
						  "line %ld: bad hex digit",
						  lineno);
			}
			buf[n++] = (unsigned char)(hi << 4 | lo);
		}
	}
	if (!n) {
		free(buf);
		return arcov_errf(err, ARCOV_EFORMAT, name, -1,
				  "no arcov stream (neither the binary form "
				  "nor \"" ARCOV_STREAM_HEX_PREFIX "\" lines)");
	}
	*out = buf;
	*outlen = n;
	return 0;
}
