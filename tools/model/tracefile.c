/* tracefile.c -- the lcov tracefile reader (tracefile.h). */
#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracefile.h"
#include "util.h"

struct line {
	uint32_t lnum;
	int64_t count;
};

static int cmp_line(const void *a, const void *b)
{
	const struct line *x = a, *y = b;

	return x->lnum < y->lnum ? -1 : x->lnum > y->lnum;
}

/* Sort @s's lines and sum those listed twice. */
static int settle(struct tracefile_src *s)
{
	struct line *v = malloc((s->n ? s->n : 1) * sizeof *v);
	size_t i, k = 0;

	if (!v)
		return ARCOV_ENOMEM;
	for (i = 0; i < s->n; i++) {
		v[i].lnum = s->lnum[i];
		v[i].count = s->count[i];
	}
	qsort(v, s->n, sizeof *v, cmp_line);
	for (i = 0; i < s->n; i++) {
		if (k && s->lnum[k - 1] == v[i].lnum) {
			s->count[k - 1] = arcov_add_sat(s->count[k - 1],
							v[i].count);
			continue;
		}
		s->lnum[k] = v[i].lnum;
		s->count[k++] = v[i].count;
	}
	s->n = k;
	free(v);
	return 0;
}

/* The source @path of @t, made when first met; NULL when out of memory. */
static struct tracefile_src *source(struct tracefile *t, size_t *cap,
				    const char *path)
{
	size_t i;

	for (i = 0; i < t->nsrcs; i++)
		if (!strcmp(t->srcs[i].path, path))
			return &t->srcs[i];
	if (arcov_grow((void **)&t->srcs, cap, t->nsrcs + 1, sizeof *t->srcs))
		return NULL;
	memset(&t->srcs[t->nsrcs], 0, sizeof *t->srcs);
	t->srcs[t->nsrcs].path = strdup(path);
	if (!t->srcs[t->nsrcs].path)
		return NULL;
	return &t->srcs[t->nsrcs++];
}

int tracefile_read(struct tracefile *t, const char *path,
		   struct arcov_err *err)
{
	FILE *in = fopen(path, "r");
	struct tracefile_src *s = NULL;
	char *buf = NULL, *line;
	size_t len = 0, cap = 0, i, lcap = 0;
	long lineno = 0;
	unsigned long ln;
	long long count;
	int r = 0;

	memset(t, 0, sizeof *t);
	if (!in)
		return arcov_errf(err, ARCOV_EIO, path, -1, "cannot open: %s",
				  strerror(errno));
	while ((line = arcov_read_line(in, &buf, &len))) {
		lineno++;
		if (!strncmp(line, "SF:", 3)) {
			s = source(t, &cap, line + 3);
			if (!s) {
				r = ARCOV_ENOMEM;
				break;
			}
			lcap = s->cap;
		} else if (!strncmp(line, "DA:", 3)) {
			if (!s || sscanf(line + 3, "%lu,%lld", &ln, &count) != 2 ||
			    !ln || ln > UINT32_MAX || count < 0) {
				r = arcov_errf(err, ARCOV_EFORMAT, path, -1,
					       "line %ld: a bad DA: record",
					       lineno);
				break;
			}
			lcap = s->cap;
			if (arcov_grow((void **)&s->lnum, &lcap, s->n + 1,
				       sizeof *s->lnum) ||
			    arcov_grow((void **)&s->count, &s->cap, s->n + 1,
				       sizeof *s->count)) {
				r = ARCOV_ENOMEM;
				break;
			}
			s->lnum[s->n] = (uint32_t)ln;
			s->count[s->n++] = count;
		} else if (!strcmp(line, "end_of_record")) {
			s = NULL;
		}
	}
	for (i = 0; !r && i < t->nsrcs; i++)
		r = settle(&t->srcs[i]);
	if (r == ARCOV_ENOMEM)
		arcov_errf(err, r, path, -1, "out of memory");
	free(buf);
	fclose(in);
	return r;
}

int64_t tracefile_count(const struct tracefile_src *s, uint32_t ln)
{
	size_t k = arcov_lower_bound(s->lnum, s->n, ln);

	return k < s->n && s->lnum[k] == ln ? s->count[k] : -1;
}

void tracefile_free(struct tracefile *t)
{
	size_t i;

	for (i = 0; i < t->nsrcs; i++) {
		free(t->srcs[i].path);
		free(t->srcs[i].lnum);
		free(t->srcs[i].count);
	}
	free(t->srcs);
	memset(t, 0, sizeof *t);
}
