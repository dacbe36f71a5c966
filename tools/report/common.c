/* common.c -- what the reports share (common.h). */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <fcntl.h>
#include <sys/stat.h>

#include "common.h"

struct arcov_mfn **arcov_sorted_fns(const struct arcov_msrc *src)
{
	struct arcov_mfn **fns = malloc((src->nfns ? src->nfns : 1) *
					sizeof *fns);
	size_t i, j;

	if (!fns)
		return NULL;
	/* Insertion sort: stable, and sources hold few functions. */
	for (i = 0; i < src->nfns; i++) {
		struct arcov_mfn *fn = src->fns[i];
		uint32_t key = arcov_fn_first_line(fn);

		for (j = i; j > 0 && arcov_fn_first_line(fns[j - 1]) > key; j--)
			fns[j] = fns[j - 1];
		fns[j] = fn;
	}
	return fns;
}

int arcov_output_open(struct arcov_output *w, const char *path, FILE *out,
		      struct arcov_err *err)
{
	struct stat st;
	mode_t mask;
	size_t n;
	int fd;

	memset(w, 0, sizeof *w);
	w->path = path;
	w->out = out;
	if (!path || !strcmp(path, "-")) {
		w->f = out;
		return 0;
	}
	/* Never turn a device, a FIFO or a link into a regular file. */
	if (!lstat(path, &st) && !S_ISREG(st.st_mode))
		return arcov_errf(err, ARCOV_EIO, path, -1, "not a regular "
				  "file; not replaced");
	n = strlen(path);
	w->tmp = malloc(n + sizeof ".tmp.XXXXXX");
	if (!w->tmp)
		return arcov_errf(err, ARCOV_ENOMEM, path, -1,
				  "out of memory");
	memcpy(w->tmp, path, n);
	memcpy(w->tmp + n, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
	fd = mkostemp(w->tmp, O_CLOEXEC);
	if (fd < 0) {
		arcov_errf(err, ARCOV_EIO, path, -1, "cannot create: %s",
			   strerror(errno));
		free(w->tmp);
		w->tmp = NULL;
		return ARCOV_EIO;
	}
	/* The mode a plain fopen() would give. */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	w->f = fdopen(fd, "w");
	if (!w->f) {
		close(fd);
		unlink(w->tmp);
		free(w->tmp);
		w->tmp = NULL;
		return arcov_errf(err, ARCOV_ENOMEM, path, -1,
				  "out of memory");
	}
	return 0;
}

int arcov_output_close(struct arcov_output *w, struct arcov_err *err)
{
	int r = 0;

	if (!w->f)
		return 0;
	if (w->f == w->out) {
		if (fflush(w->f) || ferror(w->f))
			r = arcov_errf(err, ARCOV_EIO, NULL, -1,
				       "standard output: write error: %s",
				       strerror(errno));
	} else {
		if (ferror(w->f) | fclose(w->f))
			r = arcov_errf(err, ARCOV_EIO, w->path, -1,
				       "cannot write: %s", strerror(errno));
		else if (rename(w->tmp, w->path))
			r = arcov_errf(err, ARCOV_EIO, w->path, -1,
				       "cannot write: %s", strerror(errno));
		if (r < 0)
			unlink(w->tmp);
		free(w->tmp);
	}
	memset(w, 0, sizeof *w);
	return r;
}

void arcov_output_discard(struct arcov_output *w)
{
	if (w->f && w->f != w->out) {
		fclose(w->f);
		unlink(w->tmp);
		free(w->tmp);
	}
	memset(w, 0, sizeof *w);
}

const char *arcov_input_name(const struct arcov_modern *m, const char *arg,
			     char **canon)
{
	size_t i;

	*canon = NULL;
	for (i = 0; i < m->nsrcs; i++)
		if (!strcmp(m->srcs[i].name, arg))
			return m->srcs[i].display;
	*canon = strdup(arg);
	return *canon ? *canon : arg;
}

void arcov_report_dc_totals(const struct arcov_report_opts *o,
			    const struct arcov_project *p,
			    const struct arcov_diffcov *dc, long *t)
{
	size_t i;
	int c;

	for (c = 0; c < ARCOV_DC_N; c++)
		t[c] = dc->gone[c];
	for (i = 0; i < dc->nsrcs; i++)
		if (!arcov_report_skips(o, &p->lines.srcs[i]))
			for (c = 0; c < ARCOV_DC_N; c++)
				t[c] += dc->srcs[i].counts[c];
}

void arcov_line_branches(const struct arcov_msrc *src, size_t k, int *valid,
			 int *covered)
{
	const struct arcov_mline *line = &src->lines[k];
	int64_t *sum;
	unsigned char *ran;
	size_t i;

	*valid = *covered = 0;
	if (arcov_excl_branch(&src->excl, src->lnum[k]) || !line->nbranches)
		return;
	sum = malloc(line->nbranches * sizeof *sum);
	ran = malloc(line->nbranches);
	/* Out of memory, a group's branches count one by one. */
	if (!sum || !ran || arcov_mline_merge(line, sum, ran, NULL) < 0) {
		for (i = 0; i < line->nbranches; i++) {
			const struct arcov_marc *arc =
				&line->branches[i].fn->arcs[
					line->branches[i].idx];

			if (!arcov_arc_is_branch(arc))
				continue;
			(*valid)++;
			*covered += arc->total > 0;
		}
	} else {
		for (i = 0; i < line->nbranches; i++) {
			if (sum[i] < 0)
				continue;
			(*valid)++;
			*covered += sum[i] > 0;
		}
	}
	free(sum);
	free(ran);
}

void arcov_xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			/* XML 1.0 cannot carry other control characters. */
			putc((unsigned char)*s < 0x20 && *s != '\t' ? '?' : *s,
			     f);
		}
	}
}

void arcov_fn_tally(const struct arcov_msrc *src, long *fns, long *called)
{
	size_t i;

	*fns = *called = 0;
	for (i = 0; i < src->nfns; i++) {
		if (arcov_excl_line(&src->excl,
				    arcov_fn_first_line(src->fns[i])))
			continue;
		(*fns)++;
		*called += arcov_modern_calls(src->fns[i]) != 0;
	}
}

const char *arcov_report_rel(const struct arcov_project *p,
			     const struct arcov_msrc *src)
{
	const char *base = p->lines.root ? p->lines.root : p->lines.cwd;
	size_t n = base ? strlen(base) : 0;

	if (n && !strncmp(src->path, base, n) && src->path[n] == '/')
		return src->path + n + 1;
	return src->path;
}

/* The index of the @n NUL-terminated lines that fill @text (kept, and
 * released with the index by arcov_lines_free()), or NULL (@text freed). */
static char **index_lines(char *text, size_t n)
{
	char **lines = n ? malloc(n * sizeof *lines) : NULL;
	char *p = text;
	size_t i;

	if (!lines) {
		free(text);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		lines[i] = p;
		p += strlen(p) + 1;
	}
	return lines;
}

/* All of @f in a malloc'd buffer of *@len bytes (and room for one more). */
static char *slurp(FILE *f, size_t *len)
{
	struct stat st;
	size_t cap = 65536, got;
	char *buf, *bigger;

	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > 0 && (uint64_t)st.st_size < SIZE_MAX / 2)
		cap = (size_t)st.st_size + 2;
	buf = malloc(cap);
	*len = 0;
	while (buf && (got = fread(buf + *len, 1, cap - *len - 1, f)) > 0) {
		*len += got;
		if (cap - *len > 1)
			continue;
		bigger = cap < SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
		if (!bigger) {
			free(buf);
			return NULL;
		}
		buf = bigger;
		cap *= 2;
	}
	return buf;
}

/* Lines of text with NUL bytes in them, cut exactly as
 * arcov_read_line() cuts them from @buf's @len bytes: NUL-separated. */
static char *cut_as_gcov(char *buf, size_t len, size_t *n)
{
	FILE *mf = fmemopen(buf, len, "r");
	char *out = NULL, *line, *lb = NULL, *bigger;
	size_t cap = 0, used = 0, lblen = 0, k;

	*n = 0;
	if (!mf)
		return NULL;
	while ((line = arcov_read_line(mf, &lb, &lblen))) {
		k = strlen(line) + 1;
		if (used + k > cap) {
			cap = (used + k) * 2;
			bigger = realloc(out, cap);
			if (!bigger)
				break;
			out = bigger;
		}
		memcpy(out + used, line, k);
		used += k;
		(*n)++;
	}
	fclose(mf);
	free(lb);
	return out;
}

/*
 * One read of the whole file, cut in place, and an index of its lines: a
 * source is read once per report, and a line per malloc() cost as much
 * time as printing it and twice its bytes.  The lines are the ones gcov 12's
 * read_line() gives (arcov_read_line()); a file holding NUL bytes, where
 * that cuts lines oddly, is cut by arcov_read_line() itself.
 */
char **arcov_read_lines(FILE *f, size_t *n)
{
	char *buf, *cut, **lines;
	size_t len, i;

	*n = 0;
	buf = slurp(f, &len);
	if (!buf || !len) {
		free(buf);
		return NULL;
	}
	if (memchr(buf, 0, len)) {
		cut = cut_as_gcov(buf, len, n);
		free(buf);
		lines = cut ? index_lines(cut, *n) : NULL;
		if (!lines)
			*n = 0;
		return lines;
	}
	for (i = 0; i < len; i++)
		if (buf[i] == '\n') {
			buf[i] = 0;
			(*n)++;
		}
	if (buf[len - 1]) {
		buf[len++] = 0;		/* a last line without its newline */
		(*n)++;
	}
	lines = index_lines(buf, *n);
	if (!lines)
		*n = 0;
	return lines;
}

void arcov_lines_free(char **lines)
{
	if (lines)
		free(lines[0]);
	free(lines);
}

void arcov_json_string(FILE *f, const char *s)
{
	const unsigned char *p;

	putc('"', f);
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", f);
		else if (*p == '\t')
			fputs("\\t", f);
		else if (*p < 0x20)
			fprintf(f, "\\u%04x", *p);
		else
			putc(*p, f);
	}
	putc('"', f);
}
