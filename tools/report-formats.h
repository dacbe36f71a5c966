/* report-formats.h -- the machine-readable reports over gcov 12's line
 * tables (gcov's JSON intermediate format, lcov tracefiles, Cobertura XML)
 * and the coverage gates.
 *
 * They all see the tables as the text report leaves them: sources
 * accumulated, exclusion markers and hidden exception branches taken out.
 * A function's extent is the one its .arcov-notes gives, else the lines
 * that hold its code.
 */
#ifndef ARCOV_REPORT_FORMATS_H
#define ARCOV_REPORT_FORMATS_H

#include <stdio.h>

#include "lines.h"
#include "report.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exit statuses of the gates; 1 (unreadable input) and 2 (usage) win. */
#define ARCOV_GATE_LINE 3	/* line coverage below --fail-under-line */
#define ARCOV_GATE_BRANCH 4	/* branches below --fail-under-branch */
#define ARCOV_GATE_BOTH 5	/* both */

/* arcov_fn_first_line - @fn's declarator line. */
static inline uint32_t arcov_fn_first_line(const struct arcov_mfn *fn)
{
	return fn->decl_line ? fn->decl_line : fn->start_line;
}

/* arcov_fn_last_line - @fn's last line, its closing brace if known. */
static inline uint32_t arcov_fn_last_line(const struct arcov_mfn *fn)
{
	return fn->close_line >= arcov_fn_first_line(fn) ? fn->close_line :
							   fn->end_line;
}

/* arcov_arc_is_branch - whether @arc is a branch the reports count: a
 * conditional arc, not a call's, not hidden. */
static inline int arcov_arc_is_branch(const struct arcov_marc *arc)
{
	return !arc->is_unconditional && !arc->is_call_non_return &&
	       !arc->hidden;
}

/* arcov_report_skips - whether -r leaves @src out (an absolute name). */
static inline int arcov_report_skips(const struct arcov_report_opts *o,
				     const struct arcov_msrc *src)
{
	return o->relative_only && src->display[0] == '/';
}

/* arcov_report_wants_branches - whether line counts must collect arcs. */
static inline int arcov_report_wants_branches(const struct arcov_report_opts *o)
{
	return o->branch_probabilities || o->lcov || o->cobertura ||
	       o->fail_under_branch > 0;
}

/**
 * arcov_report_prepare - what every report of @m needs before line counts
 * are taken: each source's exclusion markers, and what the plugin's notes
 * say (function extents; exception branches hidden with
 * --exclude-exception-branches).  Warnings go to @diag.
 * Returns 0 or ARCOV_ENOMEM.
 */
int arcov_report_prepare(const struct arcov_report_opts *o,
			 struct arcov_modern *m, FILE *diag);

/**
 * arcov_report_exports - write the --lcov and --cobertura files asked for,
 * once every reported source of @m is accumulated.  Returns 0, or 1 when
 * one could not be written.
 */
int arcov_report_exports(const struct arcov_report_opts *o,
			 const struct arcov_modern *m, FILE *out, FILE *diag);

/**
 * arcov_sorted_fns - @src's functions by first line, ties in load order.
 * Returns a malloc'd array of src->nfns entries, or NULL when out of memory.
 */
struct arcov_mfn **arcov_sorted_fns(const struct arcov_msrc *src);

/**
 * arcov_demangle - malloc'd demangled @name when it is a C++ mangled name
 * ("_Z..."), else a copy; NULL when out of memory.
 */
char *arcov_demangle(const char *name);

/* arcov_cwd - malloc'd current directory, or NULL. */
char *arcov_cwd(void);

/**
 * arcov_output_open - @path opened for writing, or @out for "-"; NULL
 * (said on @diag) when it cannot be created.
 */
FILE *arcov_output_open(const char *path, FILE *out, FILE *diag);

/**
 * arcov_output_close - close what arcov_output_open() gave; returns 0, or
 * 1 when writing failed (said on @diag).
 */
int arcov_output_close(FILE *f, const char *path, FILE *out, FILE *diag);

struct arcov_json;

/**
 * arcov_json_begin - start the JSON document of one gcov -j run.
 * @data_file: the name gcov 12 puts in "data_file" and derives the
 *             <name>.gcov.json.gz file name from
 * Returns 0 or ARCOV_ENOMEM.
 */
int arcov_json_begin(struct arcov_json **json,
		     const struct arcov_report_opts *o, const char *data_file);

/* arcov_json_add - add accumulated @src to "files". */
void arcov_json_add(struct arcov_json *json, const struct arcov_msrc *src);

/**
 * arcov_json_end - finish and write the document: one line on @out with
 * -t, else gzipped to <name>.gcov.json.gz with "Creating" on @out; free
 * @json.  Returns 0, or 1 when it could not be written (said on @diag).
 */
int arcov_json_end(struct arcov_json *json, FILE *out, FILE *diag);

/**
 * arcov_lcov_write - the lcov tracefile of every reported source of @m to
 * @o->lcov ("-": @out).  Returns 0, or 1 when it could not be written.
 */
int arcov_lcov_write(const struct arcov_report_opts *o,
		     const struct arcov_modern *m, FILE *out, FILE *diag);

/**
 * arcov_cobertura_write - the Cobertura XML report of every reported
 * source of @m to @o->cobertura ("-": @out).  Returns 0, or 1 when it
 * could not be written.
 */
int arcov_cobertura_write(const struct arcov_report_opts *o,
			  const struct arcov_modern *m, FILE *out,
			  FILE *diag);

/**
 * arcov_report_gates - check the totals of every reported source of @m
 * against --fail-under-line and --fail-under-branch (no lines or no
 * branches count as full coverage).  Says on @diag which failed.
 * Returns 0 or an ARCOV_GATE_* status.
 */
int arcov_report_gates(const struct arcov_report_opts *o,
		       const struct arcov_modern *m, FILE *diag);

#ifdef __cplusplus
}
#endif

#endif
