/* exclude.c -- find lcov/gcovr/arcov exclusion markers in a source file
 * (the rules are in exclude.h).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "exclude.h"
#include "fileio.h"

static const char *const prefixes[] = { "LCOV", "GCOVR", "GCOV", "ARCOV" };

enum { KIND_LINE, KIND_BRANCH, NKINDS };
enum { MARK_LINE = 1, MARK_START = 2, MARK_STOP = 4 };

/* The open region of one kind, if any. */
struct region {
	uint32_t start;		/* its _START line, 0 when none open */
	const char *prefix;
};

static const char *marker_prefix(const char *line, const char *at)
{
	size_t i, n;

	for (i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
		n = strlen(prefixes[i]);
		if ((size_t)(at - line) >= n && !memcmp(at - n, prefixes[i], n))
			return prefixes[i];
	}
	return NULL;
}

static int starts(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);

	return (size_t)(end - p) >= n && !memcmp(p, word, n);
}

/* The markers on one line: MARK_* bits per kind; the prefix of the last
 * _START or _STOP seen, for messages. */
static void line_marks(const char *line, const char *end,
		       unsigned marks[NKINDS], const char *prefix[NKINDS])
{
	const char *p = line, *hit;

	marks[KIND_LINE] = marks[KIND_BRANCH] = 0;
	while ((hit = memmem(p, (size_t)(end - p), "_EXCL_", 6))) {
		const char *pre = marker_prefix(line, hit);
		const char *w = hit + 6;
		int kind = KIND_LINE;
		unsigned mark = 0;

		p = hit + 1;
		if (!pre)
			continue;
		if (starts(w, end, "BR_")) {
			kind = KIND_BRANCH;
			w += 3;
		}
		if (starts(w, end, "LINE"))
			mark = MARK_LINE;
		else if (starts(w, end, "START"))
			mark = MARK_START;
		else if (starts(w, end, "STOP"))
			mark = MARK_STOP;
		marks[kind] |= mark;
		if (mark & (MARK_START | MARK_STOP))
			prefix[kind] = pre;
	}
}

static void warn(struct arcov_log *log, const char *name, uint32_t ln, const char *msg,
		 const char *prefix, const char *br, const char *what)
{
	if (log)
		arcov_logf(log, "arcov: warning: %s:%u: %s_EXCL_%s%s %s\n", name,
			ln, prefix, br, msg, what);
}

int arcov_excl_scan(struct arcov_excl *ex, const char *text, size_t size,
		    const char *name, struct arcov_log *log)
{
	static const char *const br[NKINDS] = { "", "BR_" };
	static const unsigned char flag[NKINDS] = {
		ARCOV_EXCL_LINE | ARCOV_EXCL_BRANCH, ARCOV_EXCL_BRANCH
	};
	struct region open[NKINDS] = { { 0, NULL }, { 0, NULL } };
	const char *p = text, *end = text + size, *nl;
	uint32_t ln = 0, n = 1;
	int k;

	/* Most sources have no marker at all: keep nothing for them. */
	if (!memmem(text, size, "_EXCL_", 6))
		return 0;
	for (nl = text; nl < end && (nl = memchr(nl, '\n', (size_t)(end - nl)));
	     nl++)
		n++;
	ex->flags = calloc((size_t)n + 1, 1);
	if (!ex->flags)
		return ARCOV_ENOMEM;
	ex->nlines = n + 1;

	while (p < end) {
		unsigned marks[NKINDS];
		const char *prefix[NKINDS] = { NULL, NULL };

		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		ln++;
		line_marks(p, nl, marks, prefix);
		for (k = 0; k < NKINDS; k++) {
			/* As lcov: a _STOP first ends the region, else a
			 * _START opens one. */
			if (marks[k] & MARK_STOP) {
				if (!open[k].start)
					warn(log, name, ln, "STOP", prefix[k],
					     br[k],
					     "without a _START; ignored");
				open[k].start = 0;
			} else if (marks[k] & MARK_START) {
				if (open[k].start)
					warn(log, name, ln, "START", prefix[k],
					     br[k], "inside an open region; "
					     "regions do not nest");
				else
					open[k] = (struct region){ ln,
								   prefix[k] };
			}
			if ((marks[k] & MARK_LINE) || open[k].start)
				ex->flags[ln] |= flag[k];
		}
		p = nl < end ? nl + 1 : end;
	}
	for (k = 0; k < NKINDS; k++)
		if (open[k].start)
			warn(log, name, open[k].start, "START",
			     open[k].prefix, br[k], "is never stopped; "
			     "excluded to the end of the file");
	return 0;
}

int arcov_excl_load(struct arcov_excl *ex, const char *path,
		    const char *name, struct arcov_log *log)
{
	unsigned char *data;
	size_t size;
	int r;

	r = arcov_file_slurp(path, &data, &size, NULL);
	if (r == ARCOV_ENOMEM)
		return r;
	if (r < 0)
		return 0;
	r = arcov_excl_scan(ex, (const char *)data, size, name, log);
	free(data);
	return r;
}

void arcov_excl_free(struct arcov_excl *ex)
{
	free(ex->flags);
	memset(ex, 0, sizeof *ex);
}
