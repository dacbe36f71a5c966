/* report.h -- arcov's reports: the options they share and one entry point
 * per output (gcov 12 text, gcov 3.3 and 3.2 text, JSON, lcov, Cobertura,
 * the coverage gates).
 */
#ifndef ARCOV_REPORT_H
#define ARCOV_REPORT_H

#include <stdio.h>

#include "callgraph.h"
#include "diffcov.h"
#include "profile.h"
#include "project.h"
#include "run-models.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Command-line options, named after gcov's long options. */
struct arcov_report_opts {
	int legacy;		/* 0: gcov 12 text; 32 or 33: that gcov */
	int all_blocks;		/* -a */
	int branch_probabilities;	/* -b */
	int branch_counts;	/* -c */
	int function_summaries;	/* -f */
	int unconditional;	/* -u */
	int no_output;		/* -n */
	int long_file_names;	/* -l */
	int preserve_paths;	/* -p */
	int relative_only;	/* -r */
	int use_stdout;		/* -t */
	int demangled_names;	/* -m */
	int hotness_colors;	/* -q */
	int display_progress;	/* -d */
	const char *object;	/* -o DIR|FILE */
	const char *source_prefix;	/* -s */
	long run;		/* --run N: 1-based .da block, 0 = all */
	const char *run_label;	/* --run LABEL: the blocks so labelled */
	int list_runs;		/* --list-runs */
	int per_run;		/* --per-run: lcov TN: records per run label */
	int json_format;	/* -j: gcov's JSON intermediate format */
	const char *lcov;	/* --lcov FILE: lcov tracefile, "-" stdout */
	const char *cobertura;	/* --cobertura FILE: Cobertura XML */
	const char *html;	/* --html DIR: the HTML site */
	const char *sonarqube;	/* --sonarqube FILE: SonarQube's XML */
	const char *coveralls;	/* --coveralls FILE: Coveralls' JSON */
	int summary_dirs;	/* --summary=dirs: a line per directory */
	double fail_under_line;	/* --fail-under-line N (percent), 0 off */
	double fail_under_branch;	/* --fail-under-branch N */
	double fail_under_new;	/* --fail-under-new N: new lines run */
	int exclude_eh;		/* --exclude-exception-branches */
	int quiet;		/* --quiet, or an output on stdout: no text */
};

/* Exit statuses of the gates; 1 (unreadable input) and 2 (usage) win. */
#define ARCOV_GATE_LINE 3	/* line coverage below --fail-under-line */
#define ARCOV_GATE_BRANCH 4	/* branches below --fail-under-branch */
#define ARCOV_GATE_BOTH 5	/* both */
/* Everything reported, but some function's counters contradict its flow
 * graph: its counts are bounds, marked inexact.  Below 1 and the gates. */
#define ARCOV_EXIT_INEXACT 6
#define ARCOV_GATE_NEW 7	/* new lines below --fail-under-new, the
				 * other gates passed */

/*
 * The outputs.  Each is a leaf over a project built once (project.h): it
 * reads the model, writes its own output, says what went wrong on @diag,
 * and calls no other output.  Each returns 0, or 1 when something could
 * not be reported or written (the gates: an ARCOV_GATE_* status).
 */

/**
 * arcov_report_legacy - gcov 3.x's report of each object of @p (loaded
 * with that gcov's file names and no line model): stdout text to @out,
 * notes and errors to @diag, .gcov files in the current directory.
 */
int arcov_report_legacy(const struct arcov_report_opts *o,
			const struct arcov_project *p, FILE *out, FILE *diag);

/**
 * arcov_report_text - gcov 12's report of @p: per source its summary on
 * @out and its .gcov file (or the annotated source on @out with -t); with
 * -j the summaries only, the sources going to arcov_json_write().
 * @input: the command-line name gcov 12 derives -l names from
 */
int arcov_report_text(const struct arcov_report_opts *o,
		      const struct arcov_project *p, const char *input,
		      FILE *out, FILE *diag);

/* arcov_report_text_total - the run's closing "Lines executed" line,
 * then with differential coverage (@dc active) each category's lines and
 * the share of new lines run. */
void arcov_report_text_total(const struct arcov_report_opts *o,
			     const struct arcov_project *p,
			     const struct arcov_diffcov *dc, FILE *out);

/**
 * arcov_json_write - gcov -j: the JSON intermediate document of @p's
 * sources, gzipped to <input>.gcov.json.gz with "Creating" on @out, or as
 * one line on @out with -t; with @dc active, each line's differential
 * category and each file's and the document's counts of them.
 */
int arcov_json_write(const struct arcov_report_opts *o,
		     const struct arcov_project *p,
		     const struct arcov_diffcov *dc, const char *input,
		     FILE *out, FILE *diag);

/**
 * arcov_lcov_write - the lcov tracefile of @ps (@n projects: one, or one
 * per run) to @o->lcov ("-": @out), each project's records under the test
 * name @tests[i] (TN:; none when @tests is NULL).
 */
int arcov_lcov_write(const struct arcov_report_opts *o,
		     const struct arcov_project *const *ps,
		     const char *const *tests, size_t n, FILE *out,
		     FILE *diag);

/* arcov_cobertura_write - Cobertura XML of @p to @o->cobertura. */
int arcov_cobertura_write(const struct arcov_report_opts *o,
			  const struct arcov_project *p, FILE *out,
			  FILE *diag);

/* arcov_sonarqube_write - SonarQube's generic coverage XML of @p to
 * @o->sonarqube. */
int arcov_sonarqube_write(const struct arcov_report_opts *o,
			  const struct arcov_project *p, FILE *out,
			  FILE *diag);

/* arcov_coveralls_write - Coveralls' JSON of @p to @o->coveralls. */
int arcov_coveralls_write(const struct arcov_report_opts *o,
			  const struct arcov_project *p, FILE *out,
			  FILE *diag);

/* arcov_report_dirs - --summary=dirs: lines, functions and branches of
 * each directory of @p's reported sources, on @out. */
void arcov_report_dirs(const struct arcov_report_opts *o,
		       const struct arcov_project *p, FILE *out);

/**
 * arcov_html_write - the HTML site of @p into the directory @o->html
 * (made if missing): index and directory pages, one page per source, and
 * with @runs (run-models.h; none when @runs->n is 0) what each test ran,
 * with @dc active each line's differential category, with @cg (or NULL)
 * the picture of the call graph, with @prof (or NULL) the time profile:
 * each function's calls and times, and a flame graph.
 */
int arcov_html_write(const struct arcov_report_opts *o,
		     const struct arcov_project *p,
		     const struct arcov_run_models *runs,
		     const struct arcov_diffcov *dc,
		     const struct arcov_callgraph *cg,
		     const struct arcov_profile *prof, FILE *diag);

/**
 * arcov_report_runs - --list-runs: the .da blocks of @p's objects, a row
 * per block number and label with how many objects hold it.
 */
int arcov_report_runs(const struct arcov_project *p, FILE *out, FILE *diag);

/**
 * arcov_report_gates - @p's totals against --fail-under-line and
 * --fail-under-branch, and @dc's new lines against --fail-under-new;
 * says on @diag which failed.  Returns 0 or an ARCOV_GATE_* status.
 */
int arcov_report_gates(const struct arcov_report_opts *o,
		       const struct arcov_project *p,
		       const struct arcov_diffcov *dc, FILE *diag);

#ifdef __cplusplus
}
#endif

#endif
