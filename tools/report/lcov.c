/* lcov.c -- --lcov FILE: an lcov tracefile, the records lcov's
 * geninfo (1.16) writes from gcov's text output.
 *
 * Per reported source, in this order: TN:, SF: (absolute), FN:/FNDA: per
 * function under its assembler name (duplicates merged by name, as lcov
 * keys functions), FNF:/FNH:, BRDA:/BRF:/BRH:, DA: per line, LF:/LH:,
 * end_of_record.  Branch records are what geninfo reads from `gcov -a -b
 * -c`: block numbers from the "-block N" lines of a source line (a block
 * that gcov does not list keeps the previous number, none before it giving
 * lcov's "unnamed" block 4294967295), branch numbers counting gcov's
 * "branch" and "call" lines of the source line, a count or "-" when the
 * block never ran.  Excluded lines, excluded branches, hidden exception
 * branches and functions whose first line is excluded are left out, as
 * geninfo leaves out what its markers exclude.  A function or line whose
 * count is an inexact bound is preceded by a comment, "# arcov inexact:
 * FN:LINE,NAME" or "# arcov inexact: DA:LINE", which lcov and genhtml
 * skip as they skip every record they do not know.
 */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define UNNAMED_BLOCK 4294967295u

/* Functions, merged by name, and their tallies. */
static int lcov_functions(FILE *f, const struct arcov_msrc *src)
{
	struct arcov_mfn **fns = arcov_sorted_fns(src);
	int64_t *counts;
	size_t i, j;
	int found = 0, hit = 0;

	counts = calloc(src->nfns ? src->nfns : 1, sizeof *counts);
	if (!fns || !counts) {
		free(fns);
		free(counts);
		return ARCOV_ENOMEM;
	}
	for (i = 0; i < src->nfns; i++) {
		if (arcov_excl_line(&src->excl, arcov_fn_first_line(fns[i]))) {
			fns[i] = NULL;
			continue;
		}
		for (j = 0; j < i; j++)
			if (fns[j] && !strcmp(fns[j]->name, fns[i]->name))
				break;
		if (j < i) {
			counts[j] += arcov_modern_calls(fns[i]);
			fns[i] = NULL;
			continue;
		}
		counts[i] = arcov_modern_calls(fns[i]);
		fprintf(f, "FN:%u,%s\n", arcov_fn_first_line(fns[i]),
			fns[i]->name);
		if (fns[i]->inexact)
			fprintf(f, "# arcov inexact: FN:%u,%s\n",
				arcov_fn_first_line(fns[i]), fns[i]->name);
	}
	for (i = 0; i < src->nfns; i++) {
		if (!fns[i])
			continue;
		fprintf(f, "FNDA:%" PRId64 ",%s\n", counts[i], fns[i]->name);
		found++;
		hit += counts[i] != 0;
	}
	fprintf(f, "FNF:%d\nFNH:%d\n", found, hit);
	free(fns);
	free(counts);
	return 0;
}

/* The branch records of line @ln of a function group, merged by position
 * as lcov merges gcov 12's records of the line, one per function; 0 if
 * the line is not a group's.  Adds to *@found and *@hit. */
static int lcov_group_branches(FILE *f, const struct arcov_mline *line,
			       uint32_t ln, int *found, int *hit)
{
	int64_t *sum = malloc(line->nbranches * sizeof *sum);
	unsigned char *ran = malloc(line->nbranches);
	uint32_t jx = 0;
	size_t i;
	int group = 0;

	for (i = 1; i < line->nbranches; i++)
		group |= line->branches[i].fn != line->branches[0].fn;
	/* Out of memory, the records of each function's blocks. */
	if (!group || !sum || !ran || arcov_mline_merge(line, sum, ran, NULL) < 0) {
		free(sum);
		free(ran);
		return 0;
	}
	/* Several functions, but not one group's: nothing merged. */
	for (i = 0, group = 0; i < line->nbranches; i++)
		group |= sum[i] < 0 && arcov_arc_is_branch(
			&line->branches[i].fn->arcs[line->branches[i].idx]);
	if (!group) {
		free(sum);
		free(ran);
		return 0;
	}
	for (i = 0; i < line->nbranches; i++) {
		if (sum[i] < 0)
			continue;
		if (ran[i])
			fprintf(f, "BRDA:%u,0,%u,%" PRId64 "\n", ln, jx,
				sum[i]);
		else
			fprintf(f, "BRDA:%u,0,%u,-\n", ln, jx);
		jx++;
		(*found)++;
		*hit += ran[i] && sum[i];
	}
	free(sum);
	free(ran);
	return 1;
}

/* The branch records of line @ln; adds to *@found and *@hit. */
static void lcov_line_branches(FILE *f, const struct arcov_mline *line,
			       uint32_t ln, int *found, int *hit)
{
	uint32_t block = UNNAMED_BLOCK, ix = 0, jx = 0, a;
	size_t i;

	if (lcov_group_branches(f, line, ln, found, hit))
		return;

	for (i = 0; i < line->nblocks; i++) {
		const struct arcov_mfn *fn = line->blocks[i].fn;
		const struct arcov_mblock *blk =
			&fn->blocks[line->blocks[i].idx];

		if (!arcov_mref_shown(&line->blocks[i]))
			continue;
		if (!blk->is_call_return)
			block = ix++;
		for (a = 0; a < blk->nsucc; a++) {
			const struct arcov_marc *arc = &fn->arcs[blk->succ[a]];

			/* A call takes a number, as its "call" line does. */
			if (arcov_arc_kind(arc) == ARCOV_ARC_CALL)
				jx++;
			if (!arcov_arc_is_branch(arc))
				continue;
			if (blk->total)
				fprintf(f, "BRDA:%u,%u,%u,%" PRId64 "\n", ln,
					block, jx, arc->total);
			else
				fprintf(f, "BRDA:%u,%u,%u,-\n", ln, block, jx);
			jx++;
			(*found)++;
			*hit += blk->total && arc->total;
		}
	}
}

/* TN:@test, with what lcov does not take in a test name as '_'. */
static void lcov_test_name(FILE *f, const char *test)
{
	fputs("TN:", f);
	for (; test && *test; test++)
		fputc((*test >= 'a' && *test <= 'z') ||
		      (*test >= 'A' && *test <= 'Z') ||
		      (*test >= '0' && *test <= '9') ? *test : '_', f);
	fputc('\n', f);
}

static int lcov_source(FILE *f, const struct arcov_msrc *src,
		       const char *test)
{
	int found = 0, hit = 0, r;
	size_t k;

	lcov_test_name(f, test);
	fputs("SF:", f);
	fprintf(f, "%s\n", src->path);
	r = lcov_functions(f, src);
	if (r < 0)
		return r;
	for (k = 0; k < src->nlines; k++)
		if (src->lines[k].exists &&
		    !arcov_excl_branch(&src->excl, src->lnum[k]))
			lcov_line_branches(f, &src->lines[k], src->lnum[k],
					   &found, &hit);
	fprintf(f, "BRF:%d\nBRH:%d\n", found, hit);
	found = hit = 0;
	for (k = 0; k < src->nlines; k++) {
		const struct arcov_mline *line = &src->lines[k];
		uint32_t ln = src->lnum[k];

		if (!line->exists || arcov_excl_line(&src->excl, ln))
			continue;
		if (line->inexact)
			fprintf(f, "# arcov inexact: DA:%u\n", ln);
		fprintf(f, "DA:%u,%" PRId64 "\n", ln, line->count);
		found++;
		hit += line->count != 0;
	}
	fprintf(f, "LF:%d\nLH:%d\nend_of_record\n", found, hit);
	return 0;
}

int arcov_lcov_write(const struct arcov_report_opts *o,
		     const struct arcov_project *const *ps,
		     const char *const *tests, size_t n, FILE *out, FILE *diag)
{
	struct arcov_output w;
	struct arcov_err err = { 0 };
	size_t i, t;
	int rc = 0;

	if (arcov_output_open(&w, o->lcov, out, &err) < 0) {
		fprintf(diag, "arcov: %s\n", err.msg);
		return 1;
	}
	for (t = 0; t < n && !rc; t++) {
		const struct arcov_modern *m = &ps[t]->lines;

		for (i = 0; i < m->nsrcs; i++) {
			const struct arcov_msrc *src = &m->srcs[i];

			if (arcov_report_skips(o, src) || !src->lines)
				continue;
			if (lcov_source(w.f, src, tests ? tests[t] : NULL)) {
				fprintf(diag, "arcov: out of memory\n");
				rc = 1;
				break;
			}
		}
	}
	if (rc) {
		arcov_output_discard(&w);
	} else if (arcov_output_close(&w, &err) < 0) {
		fprintf(diag, "arcov: %s\n", err.msg);
		rc = 1;
	}
	return rc;
}
