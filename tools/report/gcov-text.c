/* gcov-text.c -- arcov's default report: the .gcov files and stdout text of
 * gcov 12 (GCC 12's gcov.cc: output_lines, output_line_beginning,
 * output_line_details, output_branch_count, output_function_details,
 * format_gcov, executed_summary, file_summary, output_gcov_file,
 * generate_results), over the line tables of lines.c.
 *
 * Differences, all because a .bb/.bbg pair carries less than a .gcno:
 * "Runs:" counts the .da blocks that matched (a .da keeps no run count);
 * the functions of a group (template instances, the symbols of one
 * constructor) are printed in the order the notes list them, which need
 * not be the order of gcov 12's sections.
 */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "percent.h"

#define SGR_SEQ(s) "\33[" s "m\33[K"
#define SGR_RESET SGR_SEQ("")
#define LINE_START "        -:    0:"

struct text {
	const struct arcov_report_opts *o;
	FILE *out;
	FILE *diag;
	int multiple;			/* several objects: no Graph/Data/Runs */
	const struct arcov_obj *obj;	/* the one object otherwise */
};

static void executed_summary(FILE *out, int lines, int executed)
{
	char buf[ARCOV_PERCENT_MAX];

	if (lines)
		fprintf(out, "Lines executed:%s of %d\n",
			arcov_format_gcov(executed, lines, 2, buf), lines);
	else
		fprintf(out, "No executable lines\n");
}

static void file_summary(const struct text *t, const struct arcov_msrc *src)
{
	const struct arcov_cov *c = &src->gcov_cov;
	char buf[ARCOV_PERCENT_MAX];

	fprintf(t->out, "File '%s'\n", src->display);
	executed_summary(t->out, c->lines, c->lines_executed);
	if (!t->o->branch_probabilities)
		return;
	if (c->branches) {
		fprintf(t->out, "Branches executed:%s of %d\n",
			arcov_format_gcov(c->branches_executed, c->branches, 2,
					  buf),
			c->branches);
		fprintf(t->out, "Taken at least once:%s of %d\n",
			arcov_format_gcov(c->branches_taken, c->branches, 2,
					  buf),
			c->branches);
	} else {
		fprintf(t->out, "No branches\n");
	}
	if (c->calls)
		fprintf(t->out, "Calls executed:%s of %d\n",
			arcov_format_gcov(c->calls_executed, c->calls, 2,
					  buf),
			c->calls);
	else
		fprintf(t->out, "No calls\n");
}

/* The name to print for @fn: demangled with -m when that works. */
static char *fn_name(const struct text *t, const struct arcov_mfn *fn)
{
	return t->o->demangled_names ? arcov_demangle(fn->name) :
				       strdup(fn->name);
}

/* Right-align the @len bytes at @s in @width columns at @dst, as printf's
 * "%*s" does (never truncating); returns the bytes written. */
static size_t pad_left(char *dst, const char *s, size_t len, size_t width)
{
	size_t pad = len < width ? width - len : 0;

	memset(dst, ' ', pad);
	memcpy(dst + pad, s, len);
	return pad + len;
}

/* @v in decimal at @dst (no terminator); returns the digits written. */
static size_t put_u64(char *dst, uint64_t v)
{
	char tmp[20];
	size_t n = 0, i;

	do
		tmp[n++] = (char)('0' + v % 10);
	while (v /= 10);
	for (i = 0; i < n; i++)
		dst[i] = tmp[n - 1 - i];
	return n;
}

/* A source line's tail: ":TEXT\n".  Lines are most of a .gcov file, so
 * they go out in two writes rather than through printf's parser. */
static void line_text(FILE *f, const char *text)
{
	putc(':', f);
	fputs(text, f);
	putc('\n', f);
}

/* "        -:LINE", the count column of a line without code. */
static void no_code(FILE *f, uint32_t line_num)
{
	char s[32], num[12];
	size_t n = pad_left(s, "-", 1, 9);

	s[n++] = ':';
	n += pad_left(s + n, num, put_u64(num, line_num), 5);
	fwrite(s, 1, n, f);
}

/* gcov 12's output_line_beginning(), and arcov's "~" after the count of
 * a line whose count is an @inexact bound (doc/report-formats.md).  Built
 * in a buffer, as printf's "%9s:%5u" would print it, and written once. */
static void line_beginning(FILE *f, const struct text *t, int exists,
			   int unexceptional, int has_unexecuted_block,
			   int inexact, int64_t count, uint32_t line_num,
			   const char *exceptional_string,
			   const char *unexceptional_string,
			   uint32_t maximum_count)
{
	char s[80], num[16], out[128];
	size_t ns = 0, nn, n;

	if (!exists) {
		s[ns++] = '-';
	} else if (count > 0) {
		ns = put_u64(s, (uint64_t)count);
		if (has_unexecuted_block)
			s[ns++] = '*';
		if (inexact)
			s[ns++] = '~';
	} else {
		const char *m = unexceptional ? unexceptional_string :
						exceptional_string;

		ns = strlen(m);
		memcpy(s, m, ns);
		if (inexact)
			s[ns++] = '~';
	}
	n = pad_left(out, s, ns, 9);
	out[n++] = ':';
	nn = pad_left(num, s + ns, put_u64(s + ns, line_num), 5);
	if (t->o->hotness_colors && maximum_count) {
		fwrite(out, 1, n, f);
		if (count * 2 > (int64_t)maximum_count)
			fputs(SGR_SEQ("41"), f);
		else if (count * 5 > (int64_t)maximum_count)
			fputs(SGR_SEQ("43"), f);
		else if (count * 10 > (int64_t)maximum_count)
			fputs(SGR_SEQ("42"), f);
		fwrite(num, 1, nn, f);
		fputs(SGR_RESET, f);
	} else {
		memcpy(out + n, num, nn);
		fwrite(out, 1, n + nn, f);
	}
}

/* gcov 12's output_branch_count(): 1 when a line was printed.  A branch
 * counts @count of @total (its block's count), a group's summed. */
static int branch_count(FILE *f, const struct text *t, int ix,
			const struct arcov_mfn *fn, const struct arcov_marc *arc,
			int64_t count, int64_t total)
{
	int dp = -t->o->branch_counts;
	char buf[ARCOV_PERCENT_MAX];

	switch (arcov_arc_kind(arc)) {
	case ARCOV_ARC_HIDDEN:
		return 0;
	case ARCOV_ARC_CALL:
		if (total)
			fprintf(f, "call   %2d returned %s\n", ix,
				arcov_format_gcov(total - arc->total, total,
						  dp, buf));
		else
			fprintf(f, "call   %2d never executed\n", ix);
		return 1;
	case ARCOV_ARC_BRANCH:
		if (total)
			fprintf(f, "branch %2d taken %s%s\n", ix,
				arcov_format_gcov(count, total, dp, buf),
				arc->fall_through ? " (fallthrough)" :
				arc->is_throw ? " (throw)" : "");
		else
			fprintf(f, "branch %2d never executed\n", ix);
		return 1;
	case ARCOV_ARC_UNCOND:
		if (!t->o->unconditional ||
		    fn->blocks[arc->dst].is_call_return)
			return 0;
		if (total)
			fprintf(f, "unconditional %2d taken %s\n", ix,
				arcov_format_gcov(arc->total, total, dp,
						  buf));
		else
			fprintf(f, "unconditional %2d never executed\n", ix);
		return 1;
	}
	return 0;
}

/* gcov 12's output_line_details(): -a block lines and -b arc lines.  A
 * source's line leaves out the blocks and arcs of functions of groups,
 * which their own sections show (@own: a group function's line). */
static void line_details(FILE *f, const struct text *t,
			 const struct arcov_mline *line, uint32_t line_num,
			 int own)
{
	size_t i;
	uint32_t a;
	int ix = 0, jx = 0;

	if (t->o->all_blocks) {
		for (i = 0; i < line->nblocks; i++) {
			const struct arcov_mfn *fn = line->blocks[i].fn;
			const struct arcov_mblock *blk =
				&fn->blocks[line->blocks[i].idx];

			if (!arcov_mref_shown(&line->blocks[i]) ||
			    (!own && fn->is_group))
				continue;
			if (!blk->is_call_return) {
				/* gcov passes "exceptional" where it means
				 * "unexceptional": an unexecuted ordinary
				 * block shows %%%%%. */
				line_beginning(f, t, line->exists,
					       blk->exceptional, 0,
					       fn->inexact, blk->total,
					       line_num, "%%%%%", "$$$$$", 0);
				fprintf(f, "-block %2d\n", ix++);
			}
			if (!t->o->branch_probabilities)
				continue;
			for (a = 0; a < blk->nsucc; a++)
				jx += branch_count(f, t, jx, fn,
						   &fn->arcs[blk->succ[a]],
						   fn->arcs[blk->succ[a]].total,
						   blk->total);
		}
	} else if (t->o->branch_probabilities) {
		for (i = 0; i < line->nbranches; i++) {
			const struct arcov_mfn *fn = line->branches[i].fn;

			if (!own && fn->is_group)
				continue;
			const struct arcov_marc *arc =
				&fn->arcs[line->branches[i].idx];

			ix += branch_count(f, t, ix, fn, arc, arc->total,
					   fn->blocks[arc->src].total);
		}
	}
}

/* gcov 12's output_function_details(), printed with -b only. */
static void function_details(FILE *f, const struct text *t,
			     const struct arcov_mfn *fn)
{
	int64_t returned = arcov_modern_returns(fn);
	int64_t called = arcov_modern_calls(fn);
	char b1[ARCOV_PERCENT_MAX], b2[ARCOV_PERCENT_MAX];
	char b3[ARCOV_PERCENT_MAX];
	char *name;

	if (!t->o->branch_probabilities)
		return;
	name = fn_name(t, fn);
	fprintf(f, "function %s called %s returned %s blocks executed %s%s\n",
		name ? name : fn->name, arcov_format_gcov(called, 0, -1, b1),
		arcov_format_gcov(returned, called, 0, b2),
		arcov_format_gcov(fn->blocks_executed,
				  (int64_t)fn->nblocks - 2, 0, b3),
		fn->inexact ? " (inexact)" : "");
	free(name);
}

/* All lines of @name, or none when it cannot be read. */
static char **read_source(const char *path, const char *name, size_t *n,
			  FILE *diag, int newer, FILE *gcov)
{
	char **lines;
	FILE *f;

	*n = 0;
	f = fopen(path, "r");
	if (!f) {
		fprintf(diag, "Cannot open source file %s\n", name);
		return NULL;
	}
	if (newer)
		fprintf(gcov, LINE_START "Source is newer than graph\n");
	lines = arcov_read_lines(f, n);
	fclose(f);
	return lines;
}

/* A function of a source and where it starts, for output_lines(). */
struct fn_start {
	uint32_t line;
	size_t k;		/* index in src->fns: ties keep that order */
	const struct arcov_mfn *fn;
};

static int cmp_fn_start(const void *pa, const void *pb)
{
	const struct fn_start *a = pa, *b = pb;

	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->k < b->k ? -1 : a->k > b->k;
}

/* @src's functions by start line, so output_lines() meets them in one
 * pass rather than scanning them all at every line; NULL when out of
 * memory (said on the diagnostics). */
static struct fn_start *fns_by_line(const struct text *t,
				    const struct arcov_msrc *src)
{
	struct fn_start *v = malloc((src->nfns ? src->nfns : 1) * sizeof *v);
	size_t k;

	if (!v) {
		fprintf(t->diag, "arcov: out of memory\n");
		return NULL;
	}
	for (k = 0; k < src->nfns; k++) {
		v[k].line = src->fns[k]->start_line;
		v[k].k = k;
		v[k].fn = src->fns[k];
	}
	if (src->nfns)
		qsort(v, src->nfns, sizeof *v, cmp_fn_start);
	return v;
}

#define FN_SEPARATOR "------------------\n"

/* One function's section after the lines of its group (gcov 12's
 * output_lines()): its name, its details, and its own lines from its
 * first to its last. */
static void group_section(FILE *f, const struct text *t,
			  const struct arcov_msrc *src,
			  const struct arcov_mfn *fn, char **text, size_t nsrc)
{
	char *name = fn_name(t, fn);
	uint32_t l, k = 0;

	fputs(FN_SEPARATOR, f);
	fprintf(f, "%s:\n", name ? name : fn->name);
	free(name);
	function_details(f, t, fn);
	for (l = arcov_fn_first_line(fn); l <= arcov_fn_last_line(fn) &&
					  l <= nsrc; l++) {
		const struct arcov_mline *line = NULL;

		while (k < fn->ngroup_lines && fn->group_lnum[k] < l)
			k++;
		if (k < fn->ngroup_lines && fn->group_lnum[k] == l)
			line = &fn->group_lines[k];
		if (line)
			line_beginning(f, t, 1, line->unexceptional,
				       line->has_unexecuted_block,
				       line->inexact, line->count,
				       l, "=====", "#####",
				       src->maximum_count);
		else
			no_code(f, l);
		line_text(f, text[l - 1]);
		if (line)
			line_details(f, t, line, l, 1);
	}
}

/* gcov 12's output_lines(). */
static void output_lines(FILE *f, const struct text *t,
			 const struct arcov_msrc *src)
{
	struct fn_start *starts = fns_by_line(t, src);
	size_t nstarts = starts ? src->nfns : 0, next = 0;
	size_t group = 0, ngroup = 0;	/* in starts[], the group open */
	uint32_t group_end = 0;		/* its last line */
	char **text;
	size_t nsrc, k = 0;
	uint32_t ln;

	if (t->o->hotness_colors)
		fputs(LINE_START "Colorization: line numbers: hotness: "
		      SGR_SEQ("41") "> 50%" SGR_RESET " "
		      SGR_SEQ("43") "> 20%" SGR_RESET " "
		      SGR_SEQ("42") "> 10%" SGR_RESET "\n", f);
	fprintf(f, LINE_START "Source:%s\n", src->display);
	if (!t->multiple) {
		fprintf(f, LINE_START "Graph:%s\n", t->obj->bbg_path);
		fprintf(f, LINE_START "Data:%s\n",
			t->obj->have_da ? t->obj->da_path : "-");
		fprintf(f, LINE_START "Runs:%u\n", t->obj->runs);
	}
	text = read_source(src->path, src->name, &nsrc, t->diag,
			   !src->file_time, f);

	for (ln = 1; ln <= nsrc; ln++) {
		const struct arcov_mline *line;
		size_t j;

		while (next < nstarts && starts[next].line < ln)
			next++;
		for (j = next; j < nstarts && starts[j].line == ln; j++)
			;
		if (!group_end && j - next > 1) {
			group = next;
			ngroup = j - next;
			for (group_end = ln; next < j; next++)
				if (arcov_fn_last_line(starts[next].fn) >
				    group_end)
					group_end = arcov_fn_last_line(
						starts[next].fn);
		}
		for (; next < j; next++)
			if (!group_end)
				function_details(f, t, starts[next].fn);
		while (k < src->nlines && src->lnum[k] < ln)
			k++;
		if (!src->lines || k == src->nlines || src->lnum[k] != ln) {
			no_code(f, ln);
			line_text(f, text[ln - 1]);
		} else {
			line = &src->lines[k];
			line_beginning(f, t, line->exists, line->unexceptional,
				       line->has_unexecuted_block,
				       line->inexact, line->count,
				       ln, "=====", "#####",
				       src->maximum_count);
			line_text(f, text[ln - 1]);
			line_details(f, t, line, ln, 0);
		}
		if (group_end == ln) {
			for (j = group; j < group + ngroup; j++)
				group_section(f, t, src, starts[j].fn, text,
					      nsrc);
			fputs(FN_SEPARATOR, f);
			group_end = 0;
		}
	}
	arcov_lines_free(text);
	free(starts);
}

static void mangle_name(char *dst, const char *name, int preserve)
{
	const char *slash = strrchr(name, '/');

	if (preserve)
		arcov_mangle_path(dst, name);
	else
		strcpy(dst, slash ? slash + 1 : name);
}

/* gcov 12's make_gcov_file_name(). */
static char *gcov_file_name(const struct text *t, const char *input,
			    const char *src)
{
	char *name = malloc(strlen(input) + strlen(src) + 8);

	if (!name)
		return NULL;
	name[0] = 0;
	if (t->o->long_file_names && strcmp(src, input)) {
		mangle_name(name, input, t->o->preserve_paths);
		strcat(name, "##");
	}
	mangle_name(name + strlen(name), src, t->o->preserve_paths);
	strcat(name, ".gcov");
	return name;
}

/* gcov 12's output_gcov_file(); returns 1 on a write failure. */
static int output_gcov_file(const struct text *t, const char *input,
			    const struct arcov_msrc *src)
{
	char *name = gcov_file_name(t, input, src->display);
	struct arcov_output w;
	struct arcov_err err = { 0 };
	int rc = 0;

	if (!name) {
		fprintf(t->diag, "arcov: out of memory\n");
		return 1;
	}
	if (src->cov.lines && arcov_output_open(&w, name, NULL, &err) < 0) {
		fprintf(t->diag, "Could not open output file '%s'\n", name);
		fprintf(t->diag, "arcov: %s\n", err.msg);
		free(name);
		return 1;
	}
	if (src->cov.lines) {
		fprintf(t->out, "Creating '%s'\n", name);
		output_lines(w.f, t, src);
		if (arcov_output_close(&w, &err) < 0) {
			fprintf(t->diag, "Error writing output file '%s'\n",
				name);
			fprintf(t->diag, "arcov: %s\n", err.msg);
			rc = 1;
		}
	} else {
		unlink(name);
		fprintf(t->out, "Removing '%s'\n", name);
	}
	free(name);
	return rc;
}

/* The object whose Graph, Data and Runs a single-object report names. */
static const struct arcov_obj *only_object(const struct arcov_project *p)
{
	const struct arcov_obj *obj = NULL;
	size_t i;

	for (i = 0; i < p->nobjs; i++)
		if (arcov_pobj_usable(&p->objs[i]))
			obj = &p->objs[i].obj;
	return obj;
}

int arcov_report_text(const struct arcov_report_opts *o,
		      const struct arcov_project *p, const char *arg,
		      FILE *out, FILE *diag)
{
	const struct arcov_modern *m = &p->lines;
	struct text t = { o, out, diag, p->nobjs > 1, only_object(p) };
	const char *input;
	char *canon;
	int rc = 0;
	size_t i;

	if (!t.obj)
		return 0;
	if (o->function_summaries) {
		for (i = 0; i < m->nfns; i++) {
			const struct arcov_mfn *fn = m->fns[i];
			char *name;

			if (!arcov_mfn_listed(fn))
				continue;
			name = fn_name(&t, fn);
			fprintf(out, "Function '%s'\n",
				name ? name : fn->name);
			free(name);
			/* gcov 12 counts no line of a group's function
			 * here: it says "No executable lines". */
			executed_summary(out, fn->is_group ? 0 : fn->cov.lines,
					 fn->cov.lines_executed);
			fprintf(out, "\n");
		}
	}
	input = arcov_input_name(m, arg, &canon);
	for (i = 0; i < m->nsrcs; i++) {
		const struct arcov_msrc *src = &m->srcs[i];

		if (arcov_report_skips(o, src))
			continue;
		if (!o->use_stdout)
			file_summary(&t, src);
		if (o->no_output)
			continue;
		if (o->json_format) {
			if (!o->use_stdout)
				fprintf(out, "\n");
		} else if (o->use_stdout) {
			if (src->cov.lines)
				output_lines(out, &t, src);
		} else {
			rc |= output_gcov_file(&t, input, src);
			fprintf(out, "\n");
		}
	}
	free(canon);
	return rc;
}

/* Differential coverage: "Differential lines: UNC 1, LBC 0, ..." in
 * lcov 2's order, then the share of new lines run. */
static void diff_total(const struct arcov_report_opts *o,
		       const struct arcov_project *p,
		       const struct arcov_diffcov *dc, FILE *out)
{
	char buf[ARCOV_PERCENT_MAX];
	long t[ARCOV_DC_N], lines;
	int c;

	arcov_report_dc_totals(o, p, dc, t);
	fputs("Differential lines:", out);
	for (c = ARCOV_DC_NONE + 1; c < ARCOV_DC_N; c++)
		fprintf(out, "%s %s %ld", c == 1 ? "" : ",",
			arcov_dcat_name(c), t[c]);
	fputc('\n', out);
	lines = t[ARCOV_DC_GNC] + t[ARCOV_DC_UNC];
	if (lines)
		fprintf(out, "New lines executed:%s of %ld\n",
			arcov_format_gcov(t[ARCOV_DC_GNC], lines, 2, buf),
			lines);
	else
		fputs("No new lines\n", out);
}

void arcov_report_text_total(const struct arcov_report_opts *o,
			     const struct arcov_project *p,
			     const struct arcov_diffcov *dc, FILE *out)
{
	const struct arcov_modern *m = &p->lines;
	int lines = 0, executed = 0;
	size_t i;

	if (o->use_stdout)
		return;
	for (i = 0; i < m->nsrcs; i++) {
		if (arcov_report_skips(o, &m->srcs[i]))
			continue;
		lines += m->srcs[i].cov.lines;
		executed += m->srcs[i].cov.lines_executed;
	}
	executed_summary(out, lines, executed);
	if (dc->active)
		diff_total(o, p, dc, out);
}
