/* json.c -- gcov -j: GCC 12's JSON intermediate format, version "1"
 * (gcov.cc: generate_results, output_json_intermediate_file,
 * output_intermediate_json_line, get_gcov_intermediate_filename).
 *
 * Keys come in the order gcov.cc sets them, with its ", " and ": "
 * separators, all on one line.  What a .bb/.bbg pair cannot say: columns
 * are 0, "current_working_directory" is the reporter's (relative sources
 * are read from there), and "gcc_version" is the GCC the plugin was built
 * for.  Unlike gcov, excluded lines, excluded branches and hidden exception
 * branches are left out, and so is a function whose first line is
 * excluded, so that a consumer counts what the other reports count.
 */
#include <config.h>

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common.h"
#include "fileio.h"
#include "gzip.h"

struct arcov_json {
	const struct arcov_report_opts *o;
	char *file_name;	/* <name>.gcov.json.gz */
	FILE *f;		/* the document, in memory */
	char *buf;
	size_t size;
	int nfiles;
	const struct arcov_diffcov *dc;	/* active: categories written */
	const struct arcov_dsrc *dsrc;	/* the file being added's */
	long totals[ARCOV_DC_N];	/* the document's */
};

static const char *json_bool(int b)
{
	return b ? "true" : "false";
}

/* What follows the last dot, dropped. */
static void strip_extension(char *s)
{
	char *dot = strrchr(s, '.');

	if (dot)
		*dot = 0;
}

/* gcov 12's get_gcov_intermediate_filename() (without -x). */
static char *json_file_name(const struct arcov_report_opts *o,
			    const char *input)
{
	struct stat st;
	char *real = NULL, *name;
	const char *slash, *base;
	int dir = !stat(input, &st) && S_ISDIR(st.st_mode);

	/* A directory (".", "src/"): the name of the directory it is. */
	if (dir) {
		real = realpath(input, NULL);
		if (!real)
			return NULL;
		input = real;
	}
	slash = strrchr(input, '/');
	base = slash && slash[1] ? slash + 1 : input;
	name = malloc(2 * strlen(input) + sizeof "##.gcov.json.gz");
	if (!name) {
		free(real);
		return NULL;
	}
	strcpy(name, base);
	if (!dir)
		strip_extension(name);
	if (o->preserve_paths && slash) {
		strcat(name, "##");
		arcov_mangle_path(name + strlen(name), input);
		if (!dir)
			strip_extension(name);
	}
	strcat(name, ".gcov.json.gz");
	free(real);
	return name;
}

/* Start the document of one gcov -j run. */
static int json_begin(struct arcov_json **json,
		      const struct arcov_report_opts *o, const char *data_file,
		      const char *cwd)
{
	struct arcov_json *j = calloc(1, sizeof *j);

	if (!j)
		return ARCOV_ENOMEM;
	j->o = o;
	j->file_name = json_file_name(o, data_file);
	j->f = open_memstream(&j->buf, &j->size);
	if (!j->file_name || !j->f) {
		if (j->f)
			fclose(j->f);
		free(j->buf);
		free(j->file_name);
		free(j);
		return ARCOV_ENOMEM;
	}
	fputs("{\"format_version\": \"1\", \"gcc_version\": ", j->f);
	arcov_json_string(j->f, ARCOV_GCC_VERSION);
	fputs(", \"current_working_directory\": ", j->f);
	arcov_json_string(j->f, cwd);
	fputs(", \"data_file\": ", j->f);
	arcov_json_string(j->f, data_file);
	fputs(", \"files\": [", j->f);
	*json = j;
	return 0;
}

static void json_function(FILE *f, const struct arcov_mfn *fn)
{
	char *demangled = arcov_demangle(fn->name);

	fputs("{\"name\": ", f);
	arcov_json_string(f, fn->name);
	fputs(", \"demangled_name\": ", f);
	arcov_json_string(f, demangled ? demangled : fn->name);
	fprintf(f, ", \"start_line\": %u, \"start_column\": 0, "
		"\"end_line\": %u, \"end_column\": 0, \"blocks\": %u, "
		"\"blocks_executed\": %u, \"execution_count\": %" PRId64
		"%s}", arcov_fn_first_line(fn), arcov_fn_last_line(fn),
		fn->nblocks - 2, fn->blocks_executed,
		arcov_modern_calls(fn),
		/* arcov's, only where true: gcov 12's records otherwise. */
		fn->inexact ? ", \"inexact\": true" : "");
	free(demangled);
}

/* One record of "lines": @line, number @ln of @src, in the function
 * @in_fn (or none); @own: a group function's own line, whose branches
 * are all its own, where a source's line leaves out those of groups,
 * and its count the group functions' own records'. */
static void json_line(const struct arcov_json *j, const struct arcov_msrc *src,
		      const struct arcov_mline *line, uint32_t ln,
		      const struct arcov_mfn *in_fn, int own)
{
	int64_t count = own ? line->count : line->count - line->group_count;

	FILE *f = j->f;
	size_t i;
	int first = 1;

	fprintf(f, "{\"line_number\": %u, ", ln);
	if (in_fn) {
		fputs("\"function_name\": ", f);
		arcov_json_string(f, in_fn->name);
		fputs(", ", f);
	}
	fprintf(f, "\"count\": %" PRId64 ", \"unexecuted_block\": %s, %s",
		count, json_bool(line->has_unexecuted_block),
		line->inexact ? "\"inexact\": true, " : "");
	if (j->dsrc && ln <= j->dsrc->nlines && j->dsrc->cat[ln])
		fprintf(f, "\"category\": \"%s\", ",
			arcov_dcat_name(j->dsrc->cat[ln]));
	fputs("\"branches\": [", f);
	for (i = 0; j->o->branch_probabilities &&
		    !arcov_excl_branch(&src->excl, ln) && i < line->nbranches;
	     i++) {
		const struct arcov_mfn *fn = line->branches[i].fn;
		const struct arcov_marc *arc = &fn->arcs[line->branches[i].idx];

		if (!arcov_arc_is_branch(arc) || (!own && fn->is_group))
			continue;
		fprintf(f, "%s{\"count\": %" PRId64 ", \"throw\": %s, "
			"\"fallthrough\": %s}", first ? "" : ", ",
			arc->total, json_bool(arc->is_throw),
			json_bool(arc->fall_through));
		first = 0;
	}
	fputs("]}", f);
}

/* ", \"differential\": {\"UNC\": N, ...}": lines per category. */
static void json_categories(FILE *f, const long *counts)
{
	int c;

	fputs(", \"differential\": {", f);
	for (c = ARCOV_DC_NONE + 1; c < ARCOV_DC_N; c++)
		fprintf(f, "%s\"%s\": %ld", c == 1 ? "" : ", ",
			arcov_dcat_name(c), counts[c]);
	fputs("}", f);
}

/* The records of @fn, a function of a group: its own lines, numbered
 * from its first, as gcov 12 writes them where the group starts. */
static void json_group_fn(const struct arcov_json *j,
			  const struct arcov_msrc *src,
			  const struct arcov_mfn *fn, int *first)
{
	uint32_t k;

	for (k = 0; k < fn->ngroup_lines; k++) {
		if (arcov_excl_line(&src->excl, fn->group_lnum[k]))
			continue;
		if (!*first)
			fputs(", ", j->f);
		json_line(j, src, &fn->group_lines[k], fn->group_lnum[k], fn,
			  1);
		*first = 0;
	}
}

/* Add accumulated @src to "files". */
static void json_add(struct arcov_json *j, const struct arcov_msrc *src)
{
	struct arcov_mfn **fns = arcov_sorted_fns(src), **stack;
	size_t k, next = 0, group = 0, depth = 0;
	FILE *f = j->f;
	int first = 1;

	stack = malloc((src->nfns ? src->nfns : 1) * sizeof *stack);
	if (!fns || !stack) {
		/* Leave the document unfinished: json_end() fails. */
		fclose(j->f);
		j->f = NULL;
		goto free_lists;
	}
	fputs(j->nfiles++ ? ", {\"file\": " : "{\"file\": ", f);
	arcov_json_string(f, src->name);
	fputs(", \"functions\": [", f);
	for (k = 0; k < src->nfns; k++) {
		if (arcov_excl_line(&src->excl, arcov_fn_first_line(fns[k])))
			continue;
		if (!first)
			fputs(", ", f);
		json_function(f, fns[k]);
		first = 0;
	}
	fputs("], \"lines\": [", f);
	first = 1;
	for (k = 0; src->lines && k <= src->nlines; k++) {
		uint32_t ln = k < src->nlines ? src->lnum[k] : UINT32_MAX;

		/* The functions of groups starting here or before: their
		 * own lines first, as gcov 12 has them. */
		for (; group < src->nfns &&
		       arcov_fn_first_line(fns[group]) <= ln; group++)
			if (fns[group]->is_group)
				json_group_fn(j, src, fns[group], &first);
		if (k == src->nlines)
			break;
		/* The innermost function that started and has not ended,
		 * functions of groups aside. */
		for (; next < src->nfns &&
		       arcov_fn_first_line(fns[next]) <= ln; next++)
			if (!fns[next]->is_group)
				stack[depth++] = fns[next];
		while (depth && arcov_fn_last_line(stack[depth - 1]) < ln)
			depth--;
		if (src->lines[k].exists && !src->lines[k].group_only &&
		    !arcov_excl_line(&src->excl, ln)) {
			if (!first)
				fputs(", ", f);
			json_line(j, src, &src->lines[k], ln,
				  depth ? stack[depth - 1] : NULL, 0);
			first = 0;
		}
	}
	fputs("]", f);
	if (j->dc->active && j->dsrc)
		json_categories(f, j->dsrc->counts);
	fputs("}", f);
free_lists:
	free(fns);
	free(stack);
}

/* Finish and write the document; free @j. */
static int json_end(struct arcov_json *j, FILE *out, FILE *diag)
{
	struct arcov_err err = { 0 };
	unsigned char *gz;
	size_t gz_size;
	int rc = 0;

	if (!j->f) {
		fprintf(diag, "arcov: out of memory\n");
		rc = 1;
		goto free_json;
	}
	fputs("]", j->f);
	if (j->dc->active)
		json_categories(j->f, j->totals);
	fputs("}", j->f);
	if (fclose(j->f)) {
		fprintf(diag, "arcov: out of memory\n");
		rc = 1;
		goto free_json;
	}
	if (j->o->use_stdout) {
		fwrite(j->buf, 1, j->size, out);
		putc('\n', out);
		goto free_json;
	}
	if (!j->o->quiet)
		fprintf(out, "Creating '%s'\n", j->file_name);
	gz = arcov_gzip(j->buf, j->size, &gz_size);
	if (!gz) {
		fprintf(diag, "arcov: out of memory\n");
		rc = 1;
		goto free_json;
	}
	if (arcov_file_replace(j->file_name, gz, gz_size, &err) < 0) {
		fprintf(diag, "Cannot open JSON output file %s\n",
			j->file_name);
		fprintf(diag, "arcov: %s\n", err.msg);
		rc = 1;
	}
	free(gz);
free_json:
	free(j->buf);
	free(j->file_name);
	free(j);
	return rc;
}

int arcov_json_write(const struct arcov_report_opts *o,
		     const struct arcov_project *p,
		     const struct arcov_diffcov *dc, const char *input,
		     FILE *out, FILE *diag)
{
	const struct arcov_modern *m = &p->lines;
	struct arcov_json *json;
	const char *name;
	char *canon;
	size_t i;

	name = arcov_input_name(m, input, &canon);
	if (json_begin(&json, o, name, p->cwd) < 0) {
		fprintf(diag, "arcov: out of memory\n");
		free(canon);
		return 1;
	}
	free(canon);
	json->dc = dc;
	if (dc->active)
		arcov_report_dc_totals(o, p, dc, json->totals);
	for (i = 0; i < m->nsrcs; i++) {
		if (arcov_report_skips(o, &m->srcs[i]))
			continue;
		json->dsrc = dc->active && dc->srcs[i].cat ? &dc->srcs[i] :
							     NULL;
		json_add(json, &m->srcs[i]);
	}
	return json_end(json, out, diag);
}
