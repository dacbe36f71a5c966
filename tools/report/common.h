/* common.h -- what the reports share: how they read the model's functions,
 * arcs and sources, and how they open and close their output files.
 *
 * They all see the model as project.h builds it: sources accumulated,
 * exclusion markers and hidden exception branches taken out, each
 * function's copies folded into its leader.  A function's extent is the
 * one its .arcov-notes gives, else the lines that hold its code.
 */
#ifndef ARCOV_REPORT_COMMON_H
#define ARCOV_REPORT_COMMON_H

#include <stdio.h>

#include "diffcov.h"
#include "lines.h"
#include "names.h"
#include "project.h"
#include "report.h"

#ifdef __cplusplus
extern "C" {
#endif

/* arcov_report_skips - whether @src is left out of the reports: by -r (an
 * absolute name), or by --root, --filter or --exclude. */
static inline int arcov_report_skips(const struct arcov_report_opts *o,
				     const struct arcov_msrc *src)
{
	return src->filtered || (o->relative_only && src->display[0] == '/');
}

/* arcov_mref_shown - whether the block or arc @r is one reports list: of
 * a function that leads its copies (the others' counts are in its
 * totals), and not a block that only passes its line on. */
static inline int arcov_mref_shown(const struct arcov_mref *r)
{
	return arcov_mfn_shown(r->fn) && !r->passed;
}

/**
 * arcov_sorted_fns - @src's functions by first line, ties in load order.
 * Returns a malloc'd array of src->nfns entries, or NULL when out of memory.
 */
struct arcov_mfn **arcov_sorted_fns(const struct arcov_msrc *src);

/**
 * arcov_input_name - the input name gcov 12 derives -l and -j file names
 * from for the command-line name @arg: the display name of the source it
 * names, else @arg itself (a copy in *@canon, which the caller frees).
 */
const char *arcov_input_name(const struct arcov_modern *m, const char *arg,
			     char **canon);



/* arcov_report_rel - the file of @src named from the --root, else from
 * the current directory when it is below it, else absolute: a part of
 * src->path. */
const char *arcov_report_rel(const struct arcov_project *p,
			     const struct arcov_msrc *src);

/* arcov_read_lines - the lines of @f without their newlines, as gcov 12's
 * read_line() gives them: an array of *@n, released with
 * arcov_lines_free() (NULL: none, or out of memory). */
char **arcov_read_lines(FILE *f, size_t *n);

/* arcov_lines_free - release what arcov_read_lines() returned. */
void arcov_lines_free(char **lines);

/* arcov_fn_tally - @src's functions as lcov counts them (FNF, FNH):
 * those whose first line is not excluded, and those of them called. */
void arcov_fn_tally(const struct arcov_msrc *src, long *fns, long *called);

/* arcov_json_string - @s as a JSON string, quotes included. */
void arcov_json_string(FILE *f, const char *s);

/* arcov_xml_text - @s as XML text or attribute value: markup characters
 * as entities, control characters XML 1.0 cannot carry as '?'. */
void arcov_xml_text(FILE *f, const char *s);

/**
 * arcov_line_branches - the branches of line @k of @src that count (not
 * excluded; a group's once per position, arcov_mline_merge()): how many
 * into *@valid, how many taken into *@covered.
 */
void arcov_line_branches(const struct arcov_msrc *src, size_t k, int *valid,
			 int *covered);

/**
 * arcov_report_dc_totals - the lines of each differential category in
 * @dc over @p's reported sources and the files the diff deletes, into
 * @t (ARCOV_DC_N entries).
 */
void arcov_report_dc_totals(const struct arcov_report_opts *o,
			    const struct arcov_project *p,
			    const struct arcov_diffcov *dc, long *t);

/*
 * An output file written to a temporary file beside it and renamed over
 * it when complete, so that a failed write -- a full disk, a file size
 * limit -- leaves the old file or none, never a partial one, in memory
 * that does not grow with the output; or the stream @out itself for "-"
 * (and for no path).  A path that names anything but a regular file (a
 * device, a FIFO, a symbolic link) is refused, not replaced.
 */
struct arcov_output {
	FILE *f;		/* where to write */
	FILE *out;
	const char *path;
	char *tmp;		/* the temporary file's name */
};

/**
 * arcov_output_open - start @w for @path.  Returns 0, or a negative
 * ARCOV_E* with "PATH: what" in @err.
 */
int arcov_output_open(struct arcov_output *w, const char *path, FILE *out,
		      struct arcov_err *err);

/**
 * arcov_output_close - finish @w: replace the file, or flush the stream.
 * Returns 0, or a negative ARCOV_E* with "PATH: what" (or "standard
 * output: ...") in @err.  A file that was refused (not a regular file)
 * or could not be written is left as it was.
 */
int arcov_output_close(struct arcov_output *w, struct arcov_err *err);

/* arcov_output_discard - drop what @w holds, writing nothing. */
void arcov_output_discard(struct arcov_output *w);

#ifdef __cplusplus
}
#endif

#endif
