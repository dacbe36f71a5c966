/* gcov-legacy.c -- arcov --legacy=3.3 and --legacy=3.2: the text gcov 3.3
 * and gcov 3.2 printed, byte for byte (doc/formats.md §5.4-§5.8), over the line
 * tables of legacy-lines.c.
 *
 * Where the old tools aborted or crashed (corrupt .da, a .bb that does not
 * fit its .bbg) arcov prints "arcov: FILE: offset N: what" and reports the
 * next file instead.  Source text is copied with fgets() into a 200-byte
 * buffer exactly as they did, so over-long lines, a missing final newline
 * and a source shorter than the table come out the same.
 */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common.h"
#include "legacy-lines.h"
#include "object.h"
#include "percent.h"
#include "report.h"

#define STRING_SIZE 200		/* the old tools' source line buffer */

/* gcov 3.3's function_summary(), for a function or a file. */
static void summary33(FILE *out, const struct arcov_cov *c, const char *title,
		      const char *name, int branches)
{
	char buf[ARCOV_PERCENT_MAX];

	if (c->lines)
		fprintf(out, "%s of %d lines executed in %s %s\n",
			arcov_format_hwint((uint64_t)c->lines_executed,
				     (uint64_t)c->lines, 2, buf),
			c->lines, title, name);
	else
		fprintf(out, "No executable lines in %s %s\n", title, name);
	if (!branches)
		return;
	if (c->branches) {
		fprintf(out, "%s of %d branches executed in %s %s\n",
			arcov_format_hwint((uint64_t)c->branches_executed,
				     (uint64_t)c->branches, 2, buf),
			c->branches, title, name);
		fprintf(out, "%s of %d branches taken at least once in %s %s\n",
			arcov_format_hwint((uint64_t)c->branches_taken,
				     (uint64_t)c->branches, 2, buf),
			c->branches, title, name);
	} else {
		fprintf(out, "No branches in %s %s\n", title, name);
	}
	if (c->calls)
		fprintf(out, "%s of %d calls executed in %s %s\n",
			arcov_format_hwint((uint64_t)c->calls_executed,
				     (uint64_t)c->calls, 2, buf),
			c->calls, title, name);
	else
		fprintf(out, "No calls in %s %s\n", title, name);
}

static double pct32(int a, int b)
{
	return (double)a / b * 100;
}

/* gcov 3.2's summaries: "%6.2f%%" in double precision. */
static void summary32(FILE *out, const struct arcov_cov *c, const char *title,
		      const char *name, int branches)
{
	if (c->lines)
		fprintf(out, "%6.2f%% of %d source lines executed in %s %s\n",
			pct32(c->lines_executed, c->lines), c->lines, title,
			name);
	else
		fprintf(out, "No executable source lines in %s %s\n", title,
			name);
	if (!branches)
		return;
	if (c->branches) {
		fprintf(out, "%6.2f%% of %d branches executed in %s %s\n",
			pct32(c->branches_executed, c->branches), c->branches,
			title, name);
		fprintf(out,
			"%6.2f%% of %d branches taken at least once in %s %s\n",
			pct32(c->branches_taken, c->branches), c->branches,
			title, name);
	} else {
		fprintf(out, "No branches in %s %s\n", title, name);
	}
	if (c->calls)
		fprintf(out, "%6.2f%% of %d calls executed in %s %s\n",
			pct32(c->calls_executed, c->calls), c->calls, title,
			name);
	else
		fprintf(out, "No calls in %s %s\n", title, name);
}

struct legacy_ctx {
	const struct arcov_report_opts *o;
	FILE *out;
};

static void fn_summary(void *ctx, const char *name,
		       const struct arcov_cov *cov)
{
	struct legacy_ctx *c = ctx;

	if (c->o->legacy == 32)
		summary32(c->out, cov, "function", name,
			  c->o->branch_probabilities);
	else
		summary33(c->out, cov, "function", name,
			  c->o->branch_probabilities);
}

static const char *after_slash(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* gcov 3.3's make_gcov_file_name(). */
static char *gcov_name33(const struct arcov_report_opts *o, const char *src,
			 const char *input)
{
	char *name = malloc(strlen(src) + strlen(input) + 10);
	char *cptr, *prev;

	if (!name)
		return NULL;
	name[0] = 0;
	if (o->long_file_names && strcmp(src, input)) {
		strcat(name, o->preserve_paths ? input : after_slash(input));
		strcat(name, "##");
	}
	strcat(name, o->preserve_paths ? src : after_slash(src));
	if (o->preserve_paths) {
		/* '/' -> '#', drop "./", "../" -> "^/" (then '#'). */
		for (cptr = name; (cptr = strchr((prev = cptr), '/'));) {
			unsigned shift = 0;

			if (prev + 1 == cptr && prev[0] == '.') {
				shift = 2;
			} else if (prev + 2 == cptr && prev[0] == '.' &&
				   prev[1] == '.') {
				shift = 1;
				prev[1] = '^';
			} else {
				*cptr++ = '#';
			}
			if (shift) {
				cptr = prev;
				do
					prev[0] = prev[shift];
				while (*prev++);
			}
		}
	}
	strcat(name, ".gcov");
	return name;
}

/* gcov 3.2's output name: [input.]source.gcov, basenames only. */
static char *gcov_name32(const struct arcov_report_opts *o, const char *src,
			 const char *src_path, const char *input)
{
	char *name = malloc(strlen(src_path) + strlen(input) + 8);

	if (!name)
		return NULL;
	name[0] = 0;
	if (o->long_file_names && strcmp(after_slash(src), input)) {
		strcat(name, after_slash(input));
		strcat(name, ".");
	}
	strcat(name, after_slash(src_path));
	strcat(name, ".gcov");
	return name;
}

static void branch_lines33(FILE *f, const struct arcov_report_opts *o,
			   const struct arcov_legacy_line *l)
{
	char buf[ARCOV_PERCENT_MAX];
	size_t i;

	for (i = 0; i < l->nbranches; i++) {
		const struct arcov_legacy_branch *br = &l->branches[i];

		if (br->is_call) {
			if (!br->total)
				fprintf(f, "call   %2d never executed\n", (int)i);
			else
				fprintf(f, "call   %2d returns %s\n", (int)i,
					arcov_format_hwint(br->total - br->hits,
						     br->total,
						     -o->branch_counts, buf));
		} else {
			if (!br->total)
				fprintf(f, "branch %2d never executed\n",
					(int)i);
			else
				fprintf(f, "branch %2d taken %s\n", (int)i,
					arcov_format_hwint(br->hits, br->total,
						     -o->branch_counts, buf));
		}
	}
}

/* The entry of line @n of @t, for calls with @n ascending; *@k is the
 * cursor (start at 0).  Lines the .bb does not list read as empty. */
static const struct arcov_legacy_line *legacy_line(
	const struct arcov_legacy_table *t, size_t *k, uint32_t n)
{
	static const struct arcov_legacy_line none;

	while (*k < t->n && t->lnum[*k] < n)
		(*k)++;
	return *k < t->n && t->lnum[*k] == n ? &t->lines[*k] : &none;
}

/* gcov 3.3's output_line_info(). */
static void write_gcov33(FILE *f, const struct arcov_report_opts *o,
			 const struct arcov_obj *obj, const char *name,
			 const struct arcov_legacy_table *t, FILE *diag)
{
	char string[STRING_SIZE];
	const char *retval = "";
	FILE *src;
	struct stat st;
	uint32_t n;
	size_t k = 0;
	char buf[ARCOV_PERCENT_MAX];

	fprintf(f, "%9s:%5d:Source:%s\n", "-", 0, name);
	fprintf(f, "%9s:%5d:Object:%s\n", "-", 0, obj->bb_path);
	src = fopen(name, "r");
	if (!src) {
		fprintf(diag, "Could not open source file %s.\n", name);
		retval = NULL;
	} else if (!fstat(fileno(src), &st) && st.st_mtime > obj->bb_mtime) {
		fprintf(diag, "Warning: source file %s is newer than %s\n",
			name, obj->bb_path);
		fprintf(f, "%9s:%5d:Source is newer than compiler output\n",
			"-", 0);
	}

	for (n = 1; n < t->maxline; n++) {
		const struct arcov_legacy_line *l = legacy_line(t, &k, n);

		fprintf(f, "%9s:%5ld:", !l->exists ? "-" :
			!l->count ? "#####" :
			arcov_format_hwint(l->count, 0, -1, buf), (long)n);
		if (retval) {
			do {
				retval = fgets(string, STRING_SIZE, src);
				if (!retval) {
					fprintf(diag, "Unexpected EOF while "
						"reading source file %s.\n",
						name);
					break;
				}
				fputs(retval, f);
			} while (!retval[0] ||
				 retval[strlen(retval) - 1] != '\n');
		}
		if (!retval)
			fputs("??\n", f);
		if (o->branch_probabilities)
			branch_lines33(f, o, l);
	}

	if (retval) {
		long ln = n;

		for (; (retval = fgets(string, STRING_SIZE, src)); ln++) {
			fprintf(f, "%9s:%5ld:%s", "-", ln, retval);
			while (!retval[0] ||
			       retval[strlen(retval) - 1] != '\n') {
				retval = fgets(string, STRING_SIZE, src);
				if (!retval)
					break;
				fputs(retval, f);
			}
		}
	}
	if (src)
		fclose(src);
}

/* (hits * 100 + total / 2) / total without overflow. */
static uint64_t rounded_pct(uint64_t hits, uint64_t total)
{
	return (uint64_t)(((unsigned __int128)hits * 100 + (total >> 1)) /
			  total);
}

static void branch_lines32(FILE *f, const struct arcov_report_opts *o,
			   const struct arcov_legacy_line *l)
{
	size_t i;

	for (i = 0; i < l->nbranches; i++) {
		const struct arcov_legacy_branch *br = &l->branches[i];

		if (br->is_call) {
			if (!br->total)
				fprintf(f, "call %d never executed\n", (int)i);
			else if (o->branch_counts)
				fprintf(f, "call %d returns = %" PRIu64 "\n",
					(int)i, br->total - br->hits);
			else
				fprintf(f, "call %d returns = %" PRIu64 "%%\n",
					(int)i, 100 - rounded_pct(br->hits,
								  br->total));
		} else {
			if (!br->total)
				fprintf(f, "branch %d never executed\n",
					(int)i);
			else if (o->branch_counts)
				fprintf(f, "branch %d taken = %" PRIu64 "\n",
					(int)i, br->hits);
			else
				fprintf(f, "branch %d taken = %" PRIu64 "%%\n",
					(int)i, rounded_pct(br->hits,
							    br->total));
		}
	}
}

/* gcov 3.2's listing: the source is already open. */
static void write_gcov32(FILE *f, FILE *src, const struct arcov_report_opts *o,
			 const char *src_path,
			 const struct arcov_legacy_table *t, FILE *diag)
{
	char string[STRING_SIZE] = "";
	char *retval;
	size_t len, k = 0;
	uint32_t n;

	for (n = 1; n < t->maxline; n++) {
		const struct arcov_legacy_line *l = legacy_line(t, &k, n);

		/* At EOF fgets() leaves the buffer alone: the old text is
		 * printed again, as gcov 3.2 did. */
		retval = fgets(string, STRING_SIZE, src);
		if (l->exists) {
			if (l->count)
				fprintf(f, "%12" PRIu64 "    %s", l->count,
					string);
			else
				fprintf(f, "      ######    %s", string);
		} else {
			fprintf(f, "\t\t%s", string);
		}
		len = strlen(string);
		while ((!len || !string[0] ||
			string[strlen(string) - 1] != '\n') &&
		       retval) {
			retval = fgets(string, STRING_SIZE, src);
			fputs(string, f);
		}
		if (o->branch_probabilities)
			branch_lines32(f, o, l);
		if (!retval) {
			fprintf(diag, "Unexpected EOF while reading source "
				"file %s.\n", src_path);
			break;
		}
	}

	retval = fgets(string, STRING_SIZE, src);
	while (retval) {
		fprintf(f, "\t\t%s", string);
		len = strlen(string);
		while ((!len || !string[0] ||
			string[strlen(string) - 1] != '\n') &&
		       retval) {
			retval = fgets(string, STRING_SIZE, src);
			fputs(string, f);
		}
		retval = fgets(string, STRING_SIZE, src);
	}
}

/* Open the .gcov named @gname (or take stdout for -t). */
/* Start the .gcov file @gname (made in memory, put in place whole). */
static FILE *open_gcov(const struct arcov_report_opts *o,
		       struct arcov_output *w, const char *gname, FILE *out,
		       FILE *diag)
{
	struct arcov_err err = { 0 };

	if (arcov_output_open(w, o->use_stdout ? NULL : gname, out,
			      &err) < 0) {
		fprintf(diag, "Could not open output file %s.\n", gname);
		fprintf(diag, "arcov: %s\n", err.msg);
		return NULL;
	}
	if (!o->use_stdout)
		fprintf(out, "Creating %s.\n", gname);
	return w->f;
}

static int close_gcov(const struct arcov_report_opts *o,
		      struct arcov_output *w, const char *gname, FILE *diag)
{
	struct arcov_err err = { 0 };

	if (o->use_stdout) {
		memset(w, 0, sizeof *w);	/* stdout: checked at exit */
		return 0;
	}
	if (arcov_output_close(w, &err) == 0)
		return 0;
	fprintf(diag, "Error writing output file %s.\n", gname);
	fprintf(diag, "arcov: %s\n", err.msg);
	return 1;
}

static int report_source33(const struct arcov_report_opts *o,
			   const struct arcov_obj *obj, const char *arg,
			   const char *name, const struct arcov_legacy_table *t,
			   const struct arcov_cov *total, FILE *out, FILE *diag)
{
	struct arcov_output w;
	char *gname;
	FILE *f;
	int rc = 0;

	summary33(out, total, "file", name, o->branch_probabilities);
	if (o->no_output)
		return 0;
	gname = gcov_name33(o, name, arg);
	if (!gname) {
		fprintf(diag, "arcov: out of memory\n");
		return 1;
	}
	f = open_gcov(o, &w, gname, out, diag);
	if (f) {
		write_gcov33(f, o, obj, name, t, diag);
		rc = close_gcov(o, &w, gname, diag);
	} else {
		rc = 1;
	}
	free(gname);
	return rc;
}

static int report_source32(const struct arcov_report_opts *o,
			   const char *arg, const char *name,
			   const struct arcov_legacy_table *t,
			   const struct arcov_cov *total, FILE *out, FILE *diag)
{
	const char *objdir = o->object;
	char *path, *gname = NULL;
	struct arcov_output w;
	FILE *src = NULL, *f;
	int rc = 1;

	/* gcov 3.2 looks for a relative source under the -o directory. */
	path = malloc(strlen(name) + (objdir ? strlen(objdir) : 0) + 2);
	if (!path) {
		fprintf(diag, "arcov: out of memory\n");
		return 1;
	}
	if (name[0] != '/' && objdir && objdir[0])
		sprintf(path, "%s%s%s", objdir,
			objdir[strlen(objdir) - 1] == '/' ? "" : "/", name);
	else
		strcpy(path, name);

	summary32(out, total, "file", path, o->branch_probabilities);
	if (o->no_output) {
		rc = 0;
		goto free_path;
	}
	src = fopen(path, "r");
	if (!src) {
		/* A note, as in gcov 3.2, not a failure of the report. */
		fprintf(diag, "Could not open source file %s.\n", path);
		rc = 0;
		goto free_path;
	}
	gname = gcov_name32(o, name, path, arg);
	if (!gname) {
		fprintf(diag, "arcov: out of memory\n");
		goto close_src;
	}
	f = open_gcov(o, &w, gname, out, diag);
	if (!f)
		goto free_gname;
	write_gcov32(f, src, o, path, t, diag);
	rc = close_gcov(o, &w, gname, diag);
free_gname:
	free(gname);
close_src:
	fclose(src);
free_path:
	free(path);
	return rc;
}

/* Say what gcov 3.x said about @po's object as it read it.  Returns 0
 * when the report can go on, -1 when it can but is incomplete, 1 when
 * there is nothing to report. */
static int check_loaded(const struct arcov_report_opts *o,
			const struct arcov_pobj *po, FILE *diag)
{
	const struct arcov_obj *obj = &po->obj;
	char msg[ARCOV_ERR_MAX];
	size_t k;
	int r = 0;

	if (obj->missing == ARCOV_OBJ_MISSING_BB) {
		fprintf(diag, "Could not open basic block file %s.\n",
			obj->bb_path);
		return 1;
	}
	if (obj->missing == ARCOV_OBJ_MISSING_BBG) {
		/* gcov 3.2 opened the .da before the .bbg. */
		if (o->legacy == 32 && access(obj->da_path, R_OK))
			fprintf(diag, "Could not open data file %s.\n"
				"Assuming that all execution counts are "
				"zero.\n", obj->da_path);
		fprintf(diag, "Could not open program flow graph file %s.\n",
			obj->bbg_path);
		return 1;
	}
	if (po->rc < 0) {
		fprintf(diag, "arcov: %s\n", po->err.msg);
		return 1;
	}
	if (!obj->have_da)
		fprintf(diag, "Could not open data file %s.\n"
			"Assuming that all execution counts are zero.\n",
			obj->da_path);
	if (!obj->nfns) {
		fprintf(diag, "No executable code associated with file %s.\n",
			po->arg);
		return 1;
	}
	if (obj->nforeign)
		fprintf(diag, "arcov: warning: %s: %u block%s of another "
			"build of the object (a stale program ran?); not "
			"used\n", obj->da_path, obj->nforeign,
			obj->nforeign == 1 ? "" : "s");
	if (arcov_obj_stale_warning(obj, msg, sizeof msg))
		fprintf(diag, "arcov: warning: %s\n", msg);
	if (arcov_obj_live_warning(obj, msg, sizeof msg))
		fprintf(diag, "arcov: warning: %s\n", msg);
	if (arcov_obj_inexact_warning(obj, msg, sizeof msg))
		fprintf(diag, "arcov: warning: %s\n", msg);
	for (k = 0; k < obj->nfns; k++) {
		if (obj->fns[k].status < 0 && !obj->fns[k].counts.inexact) {
			fprintf(diag, "arcov: %s; reported as not executed\n",
				obj->fns[k].err->msg);
			r = -1;
		}
	}
	return r;
}

/* gcov 3.x's report of one argument's object. */
static int report_one(const struct arcov_report_opts *o,
		      const struct arcov_pobj *po, FILE *out, FILE *diag)
{
	const struct arcov_obj *obj = &po->obj;
	const char *arg = po->arg;
	struct arcov_legacy_src *srcs = NULL;
	struct legacy_ctx ctx = { o, out };
	struct arcov_legacy_walk walk = { 0 };
	struct arcov_log log = { 0 };
	ssize_t nsrcs, s;
	int rc;

	rc = check_loaded(o, po, diag);
	if (rc > 0)
		return rc;
	rc = rc < 0;
	nsrcs = arcov_legacy_sources(&obj->bb, &srcs);
	if (nsrcs < 0) {
		fprintf(diag, "arcov: out of memory\n");
		return 1;
	}
	walk.version = o->legacy;
	walk.branches = o->branch_probabilities;
	walk.fn_summaries = o->function_summaries;
	walk.fn_summary = fn_summary;
	walk.ctx = &ctx;
	walk.log = &log;
	for (s = 0; s < nsrcs; s++) {
		const char *name = obj->bb.files[srcs[s].file];
		struct arcov_legacy_table t = { 0 };
		struct arcov_cov total = { 0 };
		int r = arcov_legacy_lines(obj, &srcs[s], &walk, &t, &total);

		if (arcov_log_flush(&log, diag) < 0 || r < 0) {
			fprintf(diag, "arcov: out of memory\n");
			arcov_legacy_table_free(&t);
			rc = 1;
			break;
		}
		if (o->legacy == 32)
			rc |= report_source32(o, arg, name, &t, &total, out,
					      diag);
		else
			rc |= report_source33(o, obj, arg, name, &t, &total,
					      out, diag);
		arcov_legacy_table_free(&t);
	}
	arcov_legacy_sources_free(srcs, (size_t)nsrcs);
	arcov_log_free(&log);
	return rc;
}

int arcov_report_legacy(const struct arcov_report_opts *o,
			const struct arcov_project *p, FILE *out, FILE *diag)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < p->nobjs; i++)
		rc |= report_one(o, &p->objs[i], out, diag);
	return rc;
}
