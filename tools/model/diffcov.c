/* diffcov.c -- differential coverage (diffcov.h). */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "diffcov.h"
#include "util.h"

static const char *const names[ARCOV_DC_N] = {
	"", "UNC", "LBC", "UIC", "UBC", "GBC", "GIC", "GNC", "CBC", "EUB",
	"ECB", "DUB", "DCB"
};

static const char *const whats[ARCOV_DC_N] = {
	"", "uncovered new code", "lost baseline coverage",
	"uncovered included code", "uncovered baseline code",
	"gained baseline coverage", "gained included coverage",
	"gained new coverage", "covered baseline code",
	"excluded uncovered baseline", "excluded covered baseline",
	"deleted uncovered baseline", "deleted covered baseline"
};

const char *arcov_dcat_name(enum arcov_dcat c)
{
	return c < ARCOV_DC_N ? names[c] : "";
}

const char *arcov_dcat_what(enum arcov_dcat c)
{
	return c < ARCOV_DC_N ? whats[c] : "";
}

/* Whether @path is @name or ends with "/@name". */
static int ends_with(const char *path, const char *name)
{
	size_t n = strlen(path), k = strlen(name);

	return k <= n && !strcmp(path + n - k, name) &&
	       (k == n || path[n - k - 1] == '/');
}

/* The diff's file that is @path now, or NULL. */
static const struct udiff_file *diff_file(const struct udiff *d,
					  const char *path)
{
	size_t i;

	for (i = 0; i < d->nfiles; i++)
		if (d->files[i].new_name &&
		    ends_with(path, d->files[i].new_name))
			return &d->files[i];
	return NULL;
}

/* The baseline's record of the source @path (changed by @f). */
static const struct tracefile_src *base_src(const struct tracefile *t,
					    const char *path,
					    const struct udiff_file *f)
{
	size_t i;

	for (i = 0; i < t->nsrcs; i++)
		if (!strcmp(t->srcs[i].path, path))
			return &t->srcs[i];
	for (i = 0; f && f->old_name && i < t->nsrcs; i++)
		if (ends_with(t->srcs[i].path, f->old_name))
			return &t->srcs[i];
	return NULL;
}

/* Whether line @ln of @src is code now, and its count into *@count. */
static int code_now(const struct arcov_msrc *src, uint32_t ln,
		    int64_t *count)
{
	int64_t k = arcov_msrc_find(src, ln);

	if (k < 0 || !src->lines[k].exists ||
	    arcov_excl_line(&src->excl, ln))
		return 0;
	*count = src->lines[k].count;
	return 1;
}

/* The categories of @src, whose change is @f and baseline @b. */
static int categorize(struct arcov_diffcov *dc, struct arcov_dsrc *d,
		      const struct arcov_msrc *src,
		      const struct udiff_file *f,
		      const struct tracefile_src *b)
{
	uint32_t n = src->nlines ? src->lnum[src->nlines - 1] : 0, ln, old;
	size_t i, k;
	int64_t count, bc;

	/* Room for the baseline's lines wherever they are now. */
	for (i = 0; b && i < b->n; i++) {
		ln = f ? udiff_new_line(f, b->lnum[i]) : b->lnum[i];
		if (ln > n)
			n = ln;
	}
	d->nlines = n;
	d->cat = calloc((size_t)n + 1, 1);
	if (!d->cat)
		return ARCOV_ENOMEM;
	for (k = 0; k < src->nlines; k++) {
		enum arcov_dcat c = ARCOV_DC_NONE;

		ln = src->lnum[k];
		if (!code_now(src, ln, &count))
			continue;
		old = f ? udiff_old_line(f, ln) : ln;
		bc = b && old ? tracefile_count(b, old) : -1;
		if (!old)
			c = count ? ARCOV_DC_GNC : ARCOV_DC_UNC;
		else if (!dc->baseline)
			c = ARCOV_DC_NONE;
		else if (bc < 0)
			c = count ? ARCOV_DC_GIC : ARCOV_DC_UIC;
		else if (bc)
			c = count ? ARCOV_DC_CBC : ARCOV_DC_LBC;
		else
			c = count ? ARCOV_DC_GBC : ARCOV_DC_UBC;
		d->cat[ln] = (unsigned char)c;
	}
	for (i = 0; b && i < b->n; i++) {
		int covered = b->count[i] > 0;

		ln = f ? udiff_new_line(f, b->lnum[i]) : b->lnum[i];
		/* A tree's lines carry no exclusion: a source the diff
		 * leaves alone had today's markers then too. */
		if (ln && dc->base_tree && !f &&
		    arcov_excl_line(&src->excl, ln))
			continue;
		if (ln && !code_now(src, ln, &count)) {
			d->cat[ln] = covered ? ARCOV_DC_ECB : ARCOV_DC_EUB;
		} else if (!ln) {
			struct arcov_ddel *more = realloc(d->del, (d->ndel + 1) *
							  sizeof *more);

			if (!more)
				return ARCOV_ENOMEM;
			d->del = more;
			k = arcov_lower_bound(f->deleted, f->ndeleted,
					      b->lnum[i]);
			d->del[d->ndel].old = b->lnum[i];
			d->del[d->ndel].at = f->deleted_at[k];
			d->del[d->ndel].text = f->deleted_text[k];
			d->del[d->ndel++].cat = covered ? ARCOV_DC_DCB :
							  ARCOV_DC_DUB;
			d->counts[covered ? ARCOV_DC_DCB : ARCOV_DC_DUB]++;
		}
	}
	for (ln = 1; ln <= n; ln++)
		d->counts[d->cat[ln]]++;
	d->counts[ARCOV_DC_NONE] = 0;
	return 0;
}

/* The lines of the files the diff deletes, as the baseline had them. */
static void deleted_files(struct arcov_diffcov *dc)
{
	size_t i, k, j;

	for (i = 0; i < dc->diff.nfiles; i++) {
		const struct udiff_file *f = &dc->diff.files[i];

		if (f->new_name || !f->old_name)
			continue;
		for (k = 0; k < dc->base.nsrcs; k++) {
			const struct tracefile_src *b = &dc->base.srcs[k];

			if (!ends_with(b->path, f->old_name))
				continue;
			for (j = 0; j < b->n; j++)
				dc->gone[b->count[j] ? ARCOV_DC_DCB :
				   ARCOV_DC_DUB]++;
			break;
		}
	}
}

int arcov_diffcov_build(struct arcov_diffcov *dc,
			const struct arcov_project *p,
			const struct arcov_project_opts *o,
			const char *baseline, const char *diff,
			struct arcov_err *err)
{
	const struct arcov_modern *m = &p->lines;
	size_t i;
	int r;

	memset(dc, 0, sizeof *dc);
	if (!baseline && !diff)
		return 0;
	dc->active = 1;
	dc->baseline = baseline != NULL;
	if (baseline && (r = arcov_baseline_read(&dc->base, baseline, o,
						 &dc->base_tree, err)) < 0)
		return r;
	if (diff && (r = udiff_read(&dc->diff, diff, err)) < 0)
		return r;
	dc->srcs = calloc(m->nsrcs ? m->nsrcs : 1, sizeof *dc->srcs);
	if (!dc->srcs)
		return arcov_errf(err, ARCOV_ENOMEM, NULL, -1, "out of memory");
	dc->nsrcs = m->nsrcs;
	for (i = 0; i < m->nsrcs; i++) {
		const struct arcov_msrc *src = &m->srcs[i];
		const struct udiff_file *f = diff_file(&dc->diff, src->path);
		const struct tracefile_src *b =
			baseline ? base_src(&dc->base, src->path, f) : NULL;

		if (src->filtered || !src->lines)
			continue;
		if (categorize(dc, &dc->srcs[i], src, f, b) < 0)
			return arcov_errf(err, ARCOV_ENOMEM, NULL, -1,
					  "out of memory");
	}
	deleted_files(dc);
	return 0;
}

void arcov_diffcov_free(struct arcov_diffcov *dc)
{
	size_t i;

	for (i = 0; i < dc->nsrcs; i++) {
		free(dc->srcs[i].cat);
		free(dc->srcs[i].del);
	}
	free(dc->srcs);
	tracefile_free(&dc->base);
	udiff_free(&dc->diff);
	memset(dc, 0, sizeof *dc);
}
