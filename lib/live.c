/* live.c -- the live file of continuous mode: header writer and the
 * bounded reader (doc/live-file.md). */
#include <config.h>

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "live.h"

static uint64_t round_page(uint64_t n)
{
	return (n + ARCOV_LIVE_ALIGN - 1) / ARCOV_LIVE_ALIGN * ARCOV_LIVE_ALIGN;
}

/* The counters fill whole pages, at least one: the mapping's length. */
uint64_t arcov_live_counters_len(uint32_t ncounters)
{
	return round_page(ncounters ? (uint64_t)ncounters * 8 : 1);
}

uint64_t arcov_live_folded_off(uint32_t header_size, uint32_t ncounters)
{
	return header_size + arcov_live_counters_len(ncounters);
}

uint64_t arcov_live_pending_off(uint32_t header_size, uint32_t ncounters)
{
	return arcov_live_folded_off(header_size, ncounters) +
	       (uint64_t)ncounters * 8;
}

uint64_t arcov_live_file_size(uint32_t header_size, uint32_t ncounters)
{
	return arcov_live_pending_off(header_size, ncounters) +
	       (uint64_t)ncounters * 8;
}

static void put32(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static uint32_t get32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static uint64_t roundup4(uint64_t n)
{
	return (n + 3) & ~(uint64_t)3;
}

/* Bytes of the metadata: per function checksum, counters, name length
 * and the name padded to 4; then the derive words. */
static uint64_t meta_len(const struct arcov_live *lv)
{
	uint64_t n = (uint64_t)lv->nderive * 4;
	uint32_t i;

	for (i = 0; i < lv->nfns; i++)
		n += 12 + roundup4(strlen(lv->fns[i].name));
	return n;
}

long arcov_live_header(const struct arcov_live *lv, unsigned char *buf,
		       size_t size)
{
	uint64_t meta = meta_len(lv), total;
	unsigned char *p;
	uint32_t i;
	size_t len;

	total = round_page(ARCOV_LIVE_FIXED + meta);
	if (total > 0x40000000)
		return ARCOV_ERANGE;
	if (!buf)
		return (long)total;
	if (size < total)
		return ARCOV_ERANGE;
	memset(buf, 0, total);
	put32(buf, ARCOV_LIVE_MAGIC);
	put32(buf + 4, ARCOV_LIVE_VERSION);
	put32(buf + 8, (uint32_t)total);
	put32(buf + ARCOV_LIVE_OFF_STATE, lv->state);
	put32(buf + 16, lv->ncounters);
	put32(buf + 20, lv->nfns);
	put32(buf + 24, lv->nderive);
	put32(buf + 28, lv->stamp);
	put32(buf + 32, lv->flags);
	put32(buf + 36, (uint32_t)meta);
	memcpy(buf + 40, &lv->pid, 8);
	p = buf + ARCOV_LIVE_FIXED;
	for (i = 0; i < lv->nfns; i++) {
		len = strlen(lv->fns[i].name);
		put32(p, lv->fns[i].checksum);
		put32(p + 4, lv->fns[i].ncounters);
		put32(p + 8, (uint32_t)len);
		memcpy(p + 12, lv->fns[i].name, len);
		p += 12 + roundup4(len);
	}
	for (i = 0; i < lv->nderive; i++, p += 4)
		put32(p, lv->derive[i]);
	return (long)total;
}

void arcov_live_free(struct arcov_live *lv)
{
	free(lv->fns);
	free(lv->derive);
	free(lv->counters);
	free(lv->folded);
	free(lv->pending);
	free(lv->names);
	memset(lv, 0, sizeof *lv);
}

/* A copy of the @n words at @off of @data. */
static uint64_t *words(const unsigned char *data, uint64_t off, uint32_t n)
{
	uint64_t *w = malloc(n ? (size_t)n * 8 : 1);

	if (w)
		memcpy(w, data + off, (size_t)n * 8);
	return w;
}

/* The function records and derive words of the metadata at @p, @len
 * bytes at file offset ARCOV_LIVE_FIXED. */
static int read_meta(struct arcov_live *lv, const unsigned char *p,
		     uint32_t len, const char *path, struct arcov_err *err)
{
	uint32_t i, at = 0, nlen, sum = 0;
	char *name;

	/* Each record takes at least 12 bytes, each derive word 4. */
	if (lv->nfns > len / 12)
		return arcov_errf(err, ARCOV_ETRUNC, path, 20,
				  "%lu functions in %lu bytes of metadata",
				  (unsigned long)lv->nfns, (unsigned long)len);
	if (lv->nderive > len / 4)
		return arcov_errf(err, ARCOV_ETRUNC, path, 24,
				  "%lu derive words in %lu bytes of metadata",
				  (unsigned long)lv->nderive,
				  (unsigned long)len);
	lv->fns = calloc(lv->nfns ? lv->nfns : 1, sizeof *lv->fns);
	lv->names = malloc((size_t)len + lv->nfns + 1);
	lv->derive = malloc(lv->nderive ? (size_t)lv->nderive * 4 : 1);
	if (!lv->fns || !lv->names || !lv->derive)
		return arcov_errf(err, ARCOV_ENOMEM, path, -1, "out of memory");
	name = lv->names;
	for (i = 0; i < lv->nfns; i++) {
		if (len - at < 12)
			return arcov_errf(err, ARCOV_ETRUNC, path,
					  ARCOV_LIVE_FIXED + (long)at,
					  "function record %lu truncated",
					  (unsigned long)i);
		nlen = get32(p + at + 8);
		if (nlen > len - at - 12 || !nlen)
			return arcov_errf(err, nlen ? ARCOV_ETRUNC :
					  ARCOV_EFORMAT, path,
					  ARCOV_LIVE_FIXED + (long)at + 8,
					  "function name of %lu bytes",
					  (unsigned long)nlen);
		lv->fns[i].checksum = get32(p + at);
		lv->fns[i].ncounters = get32(p + at + 4);
		if (lv->fns[i].ncounters > lv->ncounters - sum)
			return arcov_errf(err, ARCOV_EFORMAT, path,
					  ARCOV_LIVE_FIXED + (long)at + 4,
					  "function counters exceed the object's %lu",
					  (unsigned long)lv->ncounters);
		sum += lv->fns[i].ncounters;
		memcpy(name, p + at + 12, nlen);
		name[nlen] = 0;
		if (strlen(name) != nlen)
			return arcov_errf(err, ARCOV_EFORMAT, path,
					  ARCOV_LIVE_FIXED + (long)at + 12,
					  "NUL in a function name");
		lv->fns[i].name = name;
		name += nlen + 1;
		if (roundup4(nlen) > len - at - 12)
			return arcov_errf(err, ARCOV_ETRUNC, path,
					  ARCOV_LIVE_FIXED + (long)len,
					  "function name padding truncated");
		for (; nlen % 4; nlen++)
			if (p[at + 12 + nlen])
				return arcov_errf(err, ARCOV_EFORMAT, path,
						  ARCOV_LIVE_FIXED + (long)at +
						  12 + (long)nlen,
						  "padding not zero");
		at += 12 + nlen;
	}
	if (sum != lv->ncounters)
		return arcov_errf(err, ARCOV_EFORMAT, path, 16,
				  "%lu counters, the functions have %lu",
				  (unsigned long)lv->ncounters,
				  (unsigned long)sum);
	if (len - at != (uint64_t)lv->nderive * 4)
		return arcov_errf(err, ARCOV_EFORMAT, path,
				  ARCOV_LIVE_FIXED + (long)at,
				  "%lu bytes left for %lu derive words",
				  (unsigned long)(len - at),
				  (unsigned long)lv->nderive);
	for (i = 0; i < lv->nderive; i++)
		lv->derive[i] = get32(p + at + 4 * i);
	return 0;
}

int arcov_live_read(struct arcov_live *lv, const unsigned char *data,
		    size_t size, const char *path, struct arcov_err *err)
{
	uint32_t magic, meta, i;
	uint64_t need;
	int rc;

	memset(lv, 0, sizeof *lv);
	if (size < ARCOV_LIVE_FIXED)
		return arcov_errf(err, ARCOV_ETRUNC, path, (long)size,
				  "live file header truncated");
	magic = get32(data);
	if (magic != ARCOV_LIVE_MAGIC)
		return arcov_errf(err, ARCOV_EMAGIC, path, 0,
				  magic == __builtin_bswap32(ARCOV_LIVE_MAGIC) ?
				  "live file of the other byte order" :
				  "not a live file");
	lv->version = get32(data + 4);
	if (lv->version != ARCOV_LIVE_VERSION)
		return arcov_errf(err, ARCOV_EFORMAT, path, 4,
				  "live file version %lu, not %d",
				  (unsigned long)lv->version,
				  ARCOV_LIVE_VERSION);
	lv->header_size = get32(data + 8);
	lv->state = get32(data + ARCOV_LIVE_OFF_STATE);
	lv->ncounters = get32(data + 16);
	lv->nfns = get32(data + 20);
	lv->nderive = get32(data + 24);
	lv->stamp = get32(data + 28);
	lv->flags = get32(data + 32);
	meta = get32(data + 36);
	memcpy(&lv->pid, data + 40, 8);
	if (lv->header_size % ARCOV_LIVE_ALIGN || !lv->header_size)
		return arcov_errf(err, ARCOV_EFORMAT, path, 8,
				  "header size %lu is not whole pages",
				  (unsigned long)lv->header_size);
	if (lv->state > ARCOV_LIVE_PENDING)
		return arcov_errf(err, ARCOV_EFORMAT, path,
				  ARCOV_LIVE_OFF_STATE, "state %lu",
				  (unsigned long)lv->state);
	if ((uint64_t)ARCOV_LIVE_FIXED + meta > lv->header_size)
		return arcov_errf(err, ARCOV_EFORMAT, path, 36,
				  "%lu bytes of metadata overrun the header",
				  (unsigned long)meta);
	need = arcov_live_file_size(lv->header_size, lv->ncounters);
	if (need > size)
		return arcov_errf(err, ARCOV_ETRUNC, path, (long)size,
				  "%lu counters need %llu bytes",
				  (unsigned long)lv->ncounters,
				  (unsigned long long)need);
	for (i = 48; i < lv->header_size; i++) {
		if (i == ARCOV_LIVE_FIXED)
			i += meta;
		if (i < lv->header_size && data[i])
			return arcov_errf(err, ARCOV_EFORMAT, path, (long)i,
					  "reserved byte not zero");
	}
	rc = read_meta(lv, data + ARCOV_LIVE_FIXED, meta, path, err);
	if (rc)
		return rc;
	lv->counters = words(data, lv->header_size, lv->ncounters);
	lv->folded = words(data, arcov_live_folded_off(lv->header_size,
						      lv->ncounters),
			   lv->ncounters);
	lv->pending = words(data, arcov_live_pending_off(lv->header_size,
							lv->ncounters),
			    lv->ncounters);
	if (!lv->counters || !lv->folded || !lv->pending)
		return arcov_errf(err, ARCOV_ENOMEM, path, -1, "out of memory");
	return 0;
}

uint64_t arcov_live_hash(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t h = 0xcbf29ce484222325ull;

	while (n--) {
		h ^= *b++;
		h *= 0x100000001b3ull;
	}
	return h;
}

/* Whether @s is one or more decimal digits, then @end. */
static const char *digits(const char *s)
{
	if (*s < '0' || *s > '9')
		return NULL;
	while (*s >= '0' && *s <= '9')
		s++;
	return s;
}

int arcov_live_name_kind(const char *name, const char *base)
{
	size_t n = strlen(base);
	const char *s;

	if (strncmp(name, base, n))
		return 0;
	name += n;
	if (!strncmp(name, ".live.", 6)) {
		s = digits(name + 6);
		if (s && *s == '-')
			s = digits(s + 1);
		return s && !*s ? 1 : 0;
	}
	if (!strncmp(name, ".live-new.", 10)) {
		s = digits(name + 10);
		return s && !*s ? 2 : 0;
	}
	return 0;
}

size_t arcov_live_count(const char *da)
{
	const char *slash = strrchr(da, '/'), *base = slash ? slash + 1 : da;
	char dir[PATH_MAX];
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	if (slash && (size_t)(slash - da) >= sizeof dir)
		return 0;
	if (slash) {
		memcpy(dir, da, (size_t)(slash - da));
		dir[slash - da] = 0;
	}
	d = opendir(!slash ? "." : *dir ? dir : "/");
	if (!d)
		return 0;
	while ((e = readdir(d)))
		n += arcov_live_name_kind(e->d_name, base) == 1;
	closedir(d);
	return n;
}
