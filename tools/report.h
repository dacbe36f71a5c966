/* report.h -- the gcov-compatible reports of arcov: the options they share
 * and one entry point per output flavour (gcov 12, gcov 3.3, gcov 3.2).
 */
#ifndef ARCOV_REPORT_H
#define ARCOV_REPORT_H

#include <stdio.h>

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
	int json_format;	/* -j: gcov's JSON intermediate format */
	const char *lcov;	/* --lcov FILE: lcov tracefile, "-" stdout */
	const char *cobertura;	/* --cobertura FILE: Cobertura XML */
	double fail_under_line;	/* --fail-under-line N (percent), 0 off */
	double fail_under_branch;	/* --fail-under-branch N */
	int exclude_eh;		/* --exclude-exception-branches */
};

/**
 * arcov_report_legacy - one gcov 3.x run on @arg: stdout text to @out,
 * notes and errors to @diag, .gcov files in the current directory.
 * Returns 0, or 1 when something could not be read or reported.
 */
int arcov_report_legacy(const struct arcov_report_opts *o, const char *arg,
			FILE *out, FILE *diag);

/**
 * arcov_report_modern - one gcov 12 run over all of @args (@nargs of them):
 * sources shared between objects are reported once with their counts
 * summed.  Returns 0, or 1 when some object could not be read or reported.
 */
int arcov_report_modern(const struct arcov_report_opts *o, char **args,
			int nargs, FILE *out, FILE *diag);

/**
 * arcov_mangle_path - gcov 12's mangle_path() of @path into @dst (room for
 * strlen(@path) + 1): '/' becomes '#' and a ".." component '^'.
 */
void arcov_mangle_path(char *dst, const char *path);

#ifdef __cplusplus
}
#endif

#endif
