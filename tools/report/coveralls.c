/* coveralls.c -- --coveralls FILE: the JSON Coveralls' API takes
 * (docs.coveralls.io/api-reference, "source_files"):
 *
 *   {"service_name": ..., "repo_token": ..., "source_files": [
 *     {"name": "src/x.c", "source_digest": MD5,
 *      "coverage": [null, 1, 0, ...],
 *      "branches": [LINE, BLOCK, BRANCH, HITS, ...]}]}
 *
 * One entry per reported source, named from the --root (else from the
 * current directory when below it, else absolute), with the MD5 of its
 * text and a coverage entry per line of it (null: no code or excluded;
 * else the count); its branches as the summary counts them (a group's
 * once per position), numbered from 0 on each line, block 0.  The service
 * name and the token come from COVERALLS_SERVICE_NAME (default "arcov")
 * and COVERALLS_REPO_TOKEN, as the Coveralls tools read them; a source
 * that cannot be read is left out, with a note.
 */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "md5.h"

/* @src's text: its MD5 into @hex, its line count into *@n.  0, or -1
 * when it cannot be read. */
static int digest(const struct arcov_msrc *src, char hex[33], uint32_t *n)
{
	FILE *f = fopen(src->path, "rb");
	struct arcov_md5 c;
	char buf[8192];
	size_t got, i;
	int last = '\n';

	if (!f)
		return -1;
	arcov_md5_init(&c);
	*n = 0;
	while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
		arcov_md5_add(&c, buf, got);
		for (i = 0; i < got; i++)
			*n += buf[i] == '\n';
		last = buf[got - 1];
	}
	fclose(f);
	/* A last line without its newline is a line too. */
	*n += last != '\n';
	arcov_md5_hex(&c, hex);
	return 0;
}

static void source_file(FILE *f, const struct arcov_project *p,
			const struct arcov_msrc *src, const char *hex,
			uint32_t nlines, int first)
{
	uint32_t ln;
	size_t k = 0, i;
	int valid, covered, any = 0;

	fputs(first ? "\n  {\"name\": " : ",\n  {\"name\": ", f);
	arcov_json_string(f, arcov_report_rel(p, src));
	fprintf(f, ", \"source_digest\": \"%s\", \"coverage\": [", hex);
	if (src->nlines && src->lnum[src->nlines - 1] > nlines)
		nlines = src->lnum[src->nlines - 1];
	for (ln = 1; ln <= nlines; ln++) {
		while (k < src->nlines && src->lnum[k] < ln)
			k++;
		if (ln > 1)
			fputs(", ", f);
		if (k < src->nlines && src->lnum[k] == ln &&
		    src->lines[k].exists && !arcov_excl_line(&src->excl, ln))
			fprintf(f, "%" PRId64, src->lines[k].count);
		else
			fputs("null", f);
	}
	fputs("], \"branches\": [", f);
	for (k = 0; k < src->nlines; k++) {
		const struct arcov_mline *line = &src->lines[k];
		int64_t *sum;
		unsigned char *ran;
		int nb = 0;

		arcov_line_branches(src, k, &valid, &covered);
		if (!valid || !line->exists)
			continue;
		sum = malloc(line->nbranches * sizeof *sum);
		ran = malloc(line->nbranches);
		if (!sum || !ran || arcov_mline_merge(line, sum, ran,
						       NULL) < 0) {
			free(sum);
			free(ran);
			continue;
		}
		for (i = 0; i < line->nbranches; i++) {
			if (sum[i] < 0)
				continue;
			fprintf(f, "%s%u, 0, %d, %" PRId64, any++ ? ", " : "",
				src->lnum[k], nb++, ran[i] ? sum[i] : 0);
		}
		free(sum);
		free(ran);
	}
	fputs("]}", f);
}

int arcov_coveralls_write(const struct arcov_report_opts *o,
			  const struct arcov_project *p, FILE *out,
			  FILE *diag)
{
	const struct arcov_modern *m = &p->lines;
	const char *service = getenv("COVERALLS_SERVICE_NAME");
	const char *token = getenv("COVERALLS_REPO_TOKEN");
	struct arcov_output w;
	struct arcov_err err = { 0 };
	char hex[33];
	uint32_t nlines;
	size_t i;
	int first = 1;

	if (arcov_output_open(&w, o->coveralls, out, &err) < 0) {
		fprintf(diag, "arcov: %s\n", err.msg);
		return 1;
	}
	fputs("{\"service_name\": ", w.f);
	arcov_json_string(w.f, service && *service ? service : "arcov");
	if (token && *token) {
		fputs(", \"repo_token\": ", w.f);
		arcov_json_string(w.f, token);
	}
	fputs(", \"source_files\": [", w.f);
	for (i = 0; i < m->nsrcs; i++) {
		const struct arcov_msrc *src = &m->srcs[i];

		if (arcov_report_skips(o, src) || !src->lines)
			continue;
		if (digest(src, hex, &nlines) < 0) {
			fprintf(diag, "arcov: %s: cannot be read; left out of "
				"the Coveralls file\n", src->path);
			continue;
		}
		source_file(w.f, p, src, hex, nlines, first);
		first = 0;
	}
	fputs("\n]}\n", w.f);
	if (arcov_output_close(&w, &err) < 0) {
		fprintf(diag, "arcov: %s\n", err.msg);
		return 1;
	}
	return 0;
}
