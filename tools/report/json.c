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
#include <zlib.h>

#include "common.h"
#include "fileio.h"

struct arcov_json {
	const struct arcov_report_opts *o;
	char *file_name;	/* <name>.gcov.json.gz */
	FILE *f;		/* the document, in memory */
	char *buf;
	size_t size;
	int nfiles;
};

static void json_string(FILE *f, const char *s)
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
	const char *slash = strrchr(input, '/');
	const char *base = slash ? slash + 1 : input;
	char *name = malloc(2 * strlen(input) + sizeof "##.gcov.json.gz");

	if (!name)
		return NULL;
	strcpy(name, base);
	strip_extension(name);
	if (o->preserve_paths && slash) {
		strcat(name, "##");
		arcov_mangle_path(name + strlen(name), input);
		strip_extension(name);
	}
	strcat(name, ".gcov.json.gz");
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
	json_string(j->f, ARCOV_GCC_VERSION);
	fputs(", \"current_working_directory\": ", j->f);
	json_string(j->f, cwd);
	fputs(", \"data_file\": ", j->f);
	json_string(j->f, data_file);
	fputs(", \"files\": [", j->f);
	*json = j;
	return 0;
}

static void json_function(FILE *f, const struct arcov_mfn *fn)
{
	char *demangled = arcov_demangle(fn->name);

	fputs("{\"name\": ", f);
	json_string(f, fn->name);
	fputs(", \"demangled_name\": ", f);
	json_string(f, demangled ? demangled : fn->name);
	fprintf(f, ", \"start_line\": %u, \"start_column\": 0, "
		"\"end_line\": %u, \"end_column\": 0, \"blocks\": %u, "
		"\"blocks_executed\": %u, \"execution_count\": %" PRId64 "}",
		arcov_fn_first_line(fn), arcov_fn_last_line(fn),
		fn->nblocks - 2, fn->blocks_executed,
		arcov_modern_calls(fn));
	free(demangled);
}

/* One record of "lines": @line, number @ln of @src, in the function
 * @in_fn (or none); @own: a group function's own line, whose branches
 * are all its own, where a source's line leaves out those of groups. */
static void json_line(const struct arcov_json *j, const struct arcov_msrc *src,
		      const struct arcov_mline *line, uint32_t ln,
		      const struct arcov_mfn *in_fn, int own)
{
	FILE *f = j->f;
	size_t i;
	int first = 1;

	fprintf(f, "{\"line_number\": %u, ", ln);
	if (in_fn) {
		fputs("\"function_name\": ", f);
		json_string(f, in_fn->name);
		fputs(", ", f);
	}
	fprintf(f, "\"count\": %" PRId64 ", \"unexecuted_block\": %s, "
		"\"branches\": [", line->count,
		json_bool(line->has_unexecuted_block));
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
	json_string(f, src->name);
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
	fputs("]}", f);
free_lists:
	free(fns);
	free(stack);
}

static unsigned char *gzip_bytes(const char *data, size_t size,
				 size_t *out_size)
{
	size_t cap, fed = 0;
	unsigned char *buf, *bigger;
	z_stream z;
	int r;

	memset(&z, 0, sizeof z);
	/* 15 + 16: a gzip header and trailer around the deflate stream. */
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return NULL;
	cap = size / 2 + 1024;
	buf = malloc(cap);
	z.next_out = buf;
	z.avail_out = (uInt)(cap > UINT_MAX ? UINT_MAX : cap);
	/* avail_in and avail_out are unsigned ints: chunks of that. */
	for (r = buf ? Z_OK : Z_MEM_ERROR; r == Z_OK || r == Z_BUF_ERROR;) {
		if (!z.avail_in && fed < size) {
			size_t n = size - fed > UINT_MAX ? UINT_MAX :
							   size - fed;

			z.next_in = (Bytef *)data + fed;
			z.avail_in = (uInt)n;
			fed += n;
		}
		if (!z.avail_out) {
			bigger = realloc(buf, cap * 2);
			if (!bigger) {
				r = Z_MEM_ERROR;
				break;
			}
			buf = bigger;
			cap *= 2;
			z.next_out = buf + z.total_out;
			z.avail_out = (uInt)(cap - z.total_out > UINT_MAX ?
					     UINT_MAX : cap - z.total_out);
		}
		r = deflate(&z, fed == size ? Z_FINISH : Z_NO_FLUSH);
		if (r == Z_STREAM_END)
			break;
	}
	deflateEnd(&z);
	if (r != Z_STREAM_END) {
		free(buf);
		return NULL;
	}
	*out_size = (size_t)z.total_out;
	return buf;
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
	fputs("]}", j->f);
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
	gz = gzip_bytes(j->buf, j->size, &gz_size);
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
		     const struct arcov_project *p, const char *input,
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
	for (i = 0; i < m->nsrcs; i++)
		if (!arcov_report_skips(o, &m->srcs[i]))
			json_add(json, &m->srcs[i]);
	return json_end(json, out, diag);
}
