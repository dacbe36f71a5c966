/* udiff.c -- the unified diff reader (udiff.h).
 *
 * A hunk "@@ -O,o +N,n @@" is followed by lines starting ' ' (on both
 * sides), '-' (old only), '+' (new only) or '\' ("No newline at end of
 * file"); it ends when both counts are used up.  Every ' ' line is an
 * anchor, and so is the first line after each hunk, so a new line that
 * was not added maps to its old number from the anchor before it.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "udiff.h"
#include "util.h"

/* The name in a "--- " or "+++ " line: the path up to a tab, "a/" or
 * "b/" taken off; NULL for /dev/null (or out of memory: *@nomem). */
static char *header_name(const char *s, int *nomem)
{
	size_t n = strcspn(s, "\t");
	char *name;

	if (n == 9 && !strncmp(s, "/dev/null", 9))
		return NULL;
	if (n > 2 && (s[0] == 'a' || s[0] == 'b') && s[1] == '/') {
		s += 2;
		n -= 2;
	}
	name = strndup(s, n);
	if (!name)
		*nomem = 1;
	return name;
}

/* Append @v to *@a (*@n entries, *@cap room); 0 or ARCOV_ENOMEM. */
static int push_u32(uint32_t **a, size_t *n, size_t *cap, uint32_t v)
{
	if (arcov_grow((void **)a, cap, *n + 1, sizeof **a))
		return ARCOV_ENOMEM;
	(*a)[(*n)++] = v;
	return 0;
}

struct caps {
	size_t added, deleted, at, text, anchors;
};

static int add_anchor(struct udiff_file *f, struct caps *c, uint32_t old,
		      uint32_t new)
{
	if (arcov_grow((void **)&f->anchors, &c->anchors, f->nanchors + 1,
		       sizeof *f->anchors))
		return ARCOV_ENOMEM;
	f->anchors[f->nanchors].old = old;
	f->anchors[f->nanchors++].new = new;
	return 0;
}

static int add_deleted(struct udiff_file *f, struct caps *c, uint32_t old,
		       uint32_t at, const char *text)
{
	size_t n = f->ndeleted, k = n;

	if (push_u32(&f->deleted, &k, &c->deleted, old))
		return ARCOV_ENOMEM;
	k = n;
	if (push_u32(&f->deleted_at, &k, &c->at, at) ||
	    arcov_grow((void **)&f->deleted_text, &c->text, n + 1,
		       sizeof *f->deleted_text))
		return ARCOV_ENOMEM;
	f->deleted_text[n] = strdup(text);
	f->ndeleted++;
	return f->deleted_text[n] ? 0 : ARCOV_ENOMEM;
}

int udiff_read(struct udiff *d, const char *path, struct arcov_err *err)
{
	FILE *in = fopen(path, "r");
	char *buf = NULL, *line, *old = NULL;
	size_t len = 0, cap = 0;
	struct udiff_file *f = NULL;
	struct caps c = { 0 };
	uint32_t o = 0, n = 0, oleft = 0, nleft = 0;
	long lineno = 0;
	int nomem = 0, r = 0;
	unsigned long a, b, x, y;

	memset(d, 0, sizeof *d);
	if (!in)
		return arcov_errf(err, ARCOV_EIO, path, -1, "cannot open: %s",
				  strerror(errno));
	while ((line = arcov_read_line(in, &buf, &len))) {
		lineno++;
		if (oleft || nleft) {
			/* Inside a hunk. */
			if (*line == '\\')
				continue;
			if (*line == '+' && nleft) {
				r = push_u32(&f->added, &f->nadded, &c.added, n);
				n++, nleft--;
			} else if (*line == '-' && oleft) {
				r = add_deleted(f, &c, o, n, line + 1);
				o++, oleft--;
			} else if ((*line == ' ' || !*line) && oleft && nleft) {
				r = add_anchor(f, &c, o, n);
				o++, oleft--, n++, nleft--;
			} else {
				r = arcov_errf(err, ARCOV_EFORMAT, path, -1,
					       "line %ld: a hunk ends early",
					       lineno);
				break;
			}
			if (!r && !oleft && !nleft)
				r = add_anchor(f, &c, o, n);
			if (r)
				break;
			continue;
		}
		if (!strncmp(line, "--- ", 4)) {
			free(old);
			old = header_name(line + 4, &nomem);
			if (nomem)
				break;
			/* "--- /dev/null": a new file; remember that. */
			if (!old)
				old = strdup("");
			if (!old) {
				nomem = 1;
				break;
			}
		} else if (!strncmp(line, "+++ ", 4) && old) {
			if (arcov_grow((void **)&d->files, &cap, d->nfiles + 1,
				       sizeof *d->files)) {
				nomem = 1;
				break;
			}
			f = &d->files[d->nfiles++];
			memset(f, 0, sizeof *f);
			memset(&c, 0, sizeof c);
			f->old_name = *old ? old : NULL;
			if (!*old)
				free(old);
			old = NULL;
			f->new_name = header_name(line + 4, &nomem);
			if (nomem)
				break;
		} else if (!strncmp(line, "@@ -", 4) && f) {
			x = y = 1;
			if (sscanf(line, "@@ -%lu,%lu +%lu,%lu @@", &a, &x, &b,
				   &y) != 4 &&
			    sscanf(line, "@@ -%lu +%lu,%lu @@", &a, &b, &y) != 3 &&
			    sscanf(line, "@@ -%lu,%lu +%lu @@", &a, &x, &b) != 3 &&
			    sscanf(line, "@@ -%lu +%lu @@", &a, &b) != 2) {
				r = arcov_errf(err, ARCOV_EFORMAT, path, -1,
					       "line %ld: not a hunk header",
					       lineno);
				break;
			}
			/* An empty side names the line before the hunk. */
			o = x ? (uint32_t)a : (uint32_t)a + 1;
			n = y ? (uint32_t)b : (uint32_t)b + 1;
			oleft = (uint32_t)x;
			nleft = (uint32_t)y;
			if (!oleft && !nleft)
				r = add_anchor(f, &c, o, n);
			if (r)
				break;
		}
	}
	if (!r && nomem)
		r = arcov_errf(err, ARCOV_ENOMEM, path, -1, "out of memory");
	if (!r && (oleft || nleft))
		r = arcov_errf(err, ARCOV_ETRUNC, path, -1, "the last hunk "
			       "is cut short");
	free(old);
	free(buf);
	fclose(in);
	return r;
}

/* The last anchor of @f at or before line @n of the new side (@new) or
 * of the old; its index plus one, 0 when there is none. */
static size_t anchor_before(const struct udiff_file *f, uint32_t n, int new)
{
	size_t lo = 0, hi = f->nanchors;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if ((new ? f->anchors[mid].new : f->anchors[mid].old) <= n)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Whether @n is among the @count ascending @v. */
static int listed(const uint32_t *v, size_t count, uint32_t n)
{
	size_t k = arcov_lower_bound(v, count, n);

	return k < count && v[k] == n;
}

uint32_t udiff_old_line(const struct udiff_file *f, uint32_t n)
{
	size_t a;

	if (listed(f->added, f->nadded, n))
		return 0;
	a = anchor_before(f, n, 1);
	/* Before the first hunk, lines are where they were. */
	return a ? f->anchors[a - 1].old + (n - f->anchors[a - 1].new) : n;
}

uint32_t udiff_new_line(const struct udiff_file *f, uint32_t o)
{
	size_t a;

	if (listed(f->deleted, f->ndeleted, o))
		return 0;
	a = anchor_before(f, o, 0);
	return a ? f->anchors[a - 1].new + (o - f->anchors[a - 1].old) : o;
}

void udiff_free(struct udiff *d)
{
	size_t i, k;

	for (i = 0; i < d->nfiles; i++) {
		struct udiff_file *f = &d->files[i];

		free(f->old_name);
		free(f->new_name);
		free(f->added);
		free(f->deleted);
		free(f->deleted_at);
		for (k = 0; k < f->ndeleted; k++)
			free(f->deleted_text[k]);
		free(f->deleted_text);
		free(f->anchors);
	}
	free(d->files);
	memset(d, 0, sizeof *d);
}
