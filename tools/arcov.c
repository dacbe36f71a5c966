/* arcov.c -- the reporter: gcov's command line over .bb/.bbg/.da files.
 *
 * Output is gcov 12's text layout by default, or gcov 3.3's or 3.2's with
 * --legacy=3.3 / --legacy=3.2.  A directory argument, or --binary PROG,
 * reports a whole project: the objects are found by discover.c.
 * --cachegrind, --callgrind and --webgrind also write the same objects as
 * profiles (export.h).  Exit status: 0 every file reported; 1 some file
 * missing, corrupt or inconsistent with its graph, or an output file or
 * export not written (the other files are still reported); 2 bad usage; 3, 4 or 5 total line coverage,
 * branch coverage or both below --fail-under-line / --fail-under-branch
 * (report-formats.h; 1 and 2 take precedence); 6 all reported, but some
 * counts are inexact bounds (counters that contradict their graph).
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "discover.h"
#include "export.h"
#include "profile-export.h"
#include "profile.h"
#include "project.h"
#include "report.h"
#include "run-models.h"
#include "trace.h"

enum { OPT_LEGACY = 256, OPT_LCOV, OPT_COBERTURA, OPT_FAIL_LINE,
       OPT_FAIL_BRANCH, OPT_EXCLUDE_EH, OPT_CACHEGRIND, OPT_CALLGRIND,
       OPT_WEBGRIND, OPT_WEBGRIND_VERSION, OPT_RUN, OPT_BINARY,
       OPT_BINARY_LIBS, OPT_DEBUG, OPT_QUIET, OPT_ROOT, OPT_FILTER,
       OPT_EXCLUDE, OPT_PATH_MAP, OPT_LIST_RUNS, OPT_PER_RUN,
       /* the time profile (profile-export.h) */
       OPT_PROFILE_FLAT, OPT_PROFILE_GRAPH, OPT_PROFILE_TIME,
       OPT_PROFILE_UNIT, OPT_WINIDEA, OPT_WINIDEA_INDENT, OPT_TIMELINE_BIN,
       OPT_TIMELINE_VERSION, OPT_CHROME_TRACE, OPT_HTML, OPT_VERBOSE,
       OPT_BASELINE, OPT_DIFF, OPT_FAIL_NEW, OPT_TRACE,
       OPT_SONARQUBE, OPT_SUMMARY, OPT_COVERALLS, OPT_FROM, OPT_TO,
       OPT_FUNCTION, OPT_MAX_SIZE, OPT_CHROME_ARGS, OPT_NO_FOLD };

static const struct option options[] = {
	{ "all-blocks", no_argument, NULL, 'a' },
	{ "branch-probabilities", no_argument, NULL, 'b' },
	{ "branch-counts", no_argument, NULL, 'c' },
	{ "display-progress", no_argument, NULL, 'd' },
	{ "function-summaries", no_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ "long-file-names", no_argument, NULL, 'l' },
	{ "demangled-names", no_argument, NULL, 'm' },
	{ "no-output", no_argument, NULL, 'n' },
	{ "object-directory", required_argument, NULL, 'o' },
	{ "object-file", required_argument, NULL, 'o' },
	{ "preserve-paths", no_argument, NULL, 'p' },
	{ "use-hotness-colors", no_argument, NULL, 'q' },
	{ "relative-only", no_argument, NULL, 'r' },
	{ "source-prefix", required_argument, NULL, 's' },
	{ "stdout", no_argument, NULL, 't' },
	{ "unconditional-branches", no_argument, NULL, 'u' },
	{ "version", no_argument, NULL, 'v' },
	{ "legacy", required_argument, NULL, OPT_LEGACY },
	{ "run", required_argument, NULL, OPT_RUN },
	{ "json-format", no_argument, NULL, 'j' },
	{ "lcov", required_argument, NULL, OPT_LCOV },
	{ "cobertura", required_argument, NULL, OPT_COBERTURA },
	{ "html", required_argument, NULL, OPT_HTML },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "diff", required_argument, NULL, OPT_DIFF },
	{ "fail-under-new", required_argument, NULL, OPT_FAIL_NEW },
	{ "trace", required_argument, NULL, OPT_TRACE },
	{ "sonarqube", required_argument, NULL, OPT_SONARQUBE },
	{ "coveralls", required_argument, NULL, OPT_COVERALLS },
	{ "summary", required_argument, NULL, OPT_SUMMARY },
	{ "fail-under-line", required_argument, NULL, OPT_FAIL_LINE },
	{ "fail-under-branch", required_argument, NULL, OPT_FAIL_BRANCH },
	{ "exclude-exception-branches", no_argument, NULL, OPT_EXCLUDE_EH },
	{ "cachegrind", required_argument, NULL, OPT_CACHEGRIND },
	{ "callgrind", required_argument, NULL, OPT_CALLGRIND },
	{ "webgrind", required_argument, NULL, OPT_WEBGRIND },
	{ "webgrind-version", required_argument, NULL, OPT_WEBGRIND_VERSION },
	{ "binary", required_argument, NULL, OPT_BINARY },
	{ "binary-libs", no_argument, NULL, OPT_BINARY_LIBS },
	{ "debug", required_argument, NULL, OPT_DEBUG },
	{ "quiet", no_argument, NULL, OPT_QUIET },
	{ "no-fold", no_argument, NULL, OPT_NO_FOLD },
	{ "verbose", no_argument, NULL, OPT_VERBOSE },
	{ "root", required_argument, NULL, OPT_ROOT },
	{ "filter", required_argument, NULL, OPT_FILTER },
	{ "exclude", required_argument, NULL, OPT_EXCLUDE },
	{ "path-map", required_argument, NULL, OPT_PATH_MAP },
	{ "list-runs", no_argument, NULL, OPT_LIST_RUNS },
	{ "per-run", no_argument, NULL, OPT_PER_RUN },
	{ "profile-flat", no_argument, NULL, OPT_PROFILE_FLAT },
	{ "profile-graph", no_argument, NULL, OPT_PROFILE_GRAPH },
	{ "profile-time", no_argument, NULL, OPT_PROFILE_TIME },
	{ "profile-unit", required_argument, NULL, OPT_PROFILE_UNIT },
	{ "winidea", required_argument, NULL, OPT_WINIDEA },
	{ "winidea-indent", required_argument, NULL, OPT_WINIDEA_INDENT },
	{ "timeline-bin", required_argument, NULL, OPT_TIMELINE_BIN },
	{ "timeline-version", required_argument, NULL, OPT_TIMELINE_VERSION },
	{ "chrome-trace", required_argument, NULL, OPT_CHROME_TRACE },
	{ "from", required_argument, NULL, OPT_FROM },
	{ "to", required_argument, NULL, OPT_TO },
	{ "function", required_argument, NULL, OPT_FUNCTION },
	{ "max-size", required_argument, NULL, OPT_MAX_SIZE },
	{ "chrome-args", no_argument, NULL, OPT_CHROME_ARGS },
	{ NULL, 0, NULL, 0 }
};

static void usage(FILE *f)
{
	fputs("Usage: arcov [OPTION...] SOURCE|OBJ|DIR...\n"
	      "  or:  arcov PROFILE-OPTION... TRACE...\n\n"
	      "Print code coverage information from .bb, .bbg and .da "
	      "files.\n"
	      "A directory stands for every object (.bbg) below it; a source\n"
	      "DIR/X.c without DIR/X.bbg for the programs linked from it in one\n"
	      "step, DIR/PROG-X.bbg.\n\n"
	      "  -a, --all-blocks                Show information for every "
	      "basic block\n"
	      "  -b, --branch-probabilities      Include branch probabilities "
	      "in output\n"
	      "  -c, --branch-counts             Output counts of branches "
	      "taken\n"
	      "                                    rather than percentages\n"
	      "  -d, --display-progress          Display progress "
	      "information\n"
	      "  -f, --function-summaries        Output summaries for each "
	      "function\n"
	      "  -h, --help                      Print this help, then exit\n"
	      "  -j, --json-format               Output JSON intermediate "
	      "format into\n"
	      "                                    .gcov.json.gz file\n"
	      "  -l, --long-file-names           Use long output file names "
	      "for included\n"
	      "                                    source files\n"
	      "  -m, --demangled-names           Output demangled function "
	      "names\n"
	      "  -n, --no-output                 Do not create an output "
	      "file\n"
	      "  -o, --object-directory DIR|FILE Search for object files in "
	      "DIR or called FILE\n"
	      "  -p, --preserve-paths            Preserve all pathname "
	      "components\n"
	      "  -q, --use-hotness-colors        Emit perf-like colored "
	      "output for hot lines\n"
	      "  -r, --relative-only             Only show data for relative "
	      "sources\n"
	      "  -s, --source-prefix DIR         Source prefix to elide\n"
	      "  -t, --stdout                    Output to stdout instead of "
	      "a file\n"
	      "  -u, --unconditional-branches    Show unconditional branch "
	      "counts too\n"
	      "  -v, --version                   Print version number, then "
	      "exit\n"
	      "      --legacy=3.3|3.2            Print what gcov 3.3 or 3.2 "
	      "printed\n"
	      "                                    (options -b -c -f -l -n "
	      "-o, and -p for 3.3)\n"
	      "      --run=N|LABEL               Use only the N-th block of "
	      "each .da file,\n"
	      "                                    or the blocks labelled "
	      "LABEL\n"
	      "      --list-runs                 List the runs the .da files "
	      "hold, by label\n"
	      "      --per-run                   With --lcov, one lcov test "
	      "(TN:) per run label\n"
	      "      --binary=PROG               Report the objects linked "
	      "into PROG\n"
	      "                                    (its .arcov_notes "
	      "section); repeatable\n"
	      "      --binary-libs               With --binary, also the "
	      "shared libraries\n"
	      "                                    PROG needs, found as the "
	      "dynamic loader\n"
	      "                                    would\n"
	      "      --lcov=FILE                 Also write an lcov tracefile "
	      "(- for stdout)\n"
	      "      --root=DIR                  Report the sources below DIR, "
	      "named from it\n"
	      "      --filter=REGEX              Report only sources whose "
	      "path matches\n"
	      "                                    (extended regex; "
	      "repeatable)\n"
	      "      --exclude=REGEX             Leave out sources whose path "
	      "matches\n"
	      "      --path-map=FROM=TO          Read sources recorded under "
	      "FROM from TO\n"
	      "      --verbose                   In a whole-tree report, name "
	      "each object without\n"
	      "                                    data, not just their "
	      "number\n"
	      "      --no-fold                   Leave continuous mode's live "
	      "files of dead\n"
	      "                                    processes unfolded (not "
	      "reported); by\n"
	      "                                    default they are folded "
	      "into their .da first\n"
	      "      --quiet                     No summaries and no .gcov "
	      "files; implied when\n"
	      "                                    an output goes to stdout "
	      "(FILE -)\n"
	      "      --cobertura=FILE            Also write Cobertura XML "
	      "(- for stdout)\n"
	      "      --sonarqube=FILE            Also write SonarQube's generic "
	      "coverage XML\n"
	      "      --coveralls=FILE            Also write Coveralls' JSON "
	      "(COVERALLS_REPO_TOKEN)\n"
	      "      --summary=dirs              Also print the totals of each "
	      "directory\n"
	      "      --html=DIR                  Also write an HTML site: "
	      "directory tree, annotated\n"
	      "                                    sources, tests (run "
	      "labels)\n"
	      "      --baseline=FILE.info|TREE   Differential coverage against "
	      "this lcov tracefile\n"
	      "                                    or saved tree of notes and "
	      "data (lcov 2's\n"
	      "                                    categories: UNC, LBC, GNC, "
	      "...)\n"
	      "      --diff=PATCH                The change since the "
	      "baseline, a unified diff\n"
	      "      --fail-under-new=N          Exit 7 if under N% of the "
	      "new lines ran\n"
	      "      --trace=TRACE               With --html, show this time "
	      "profile too\n"
	      "                                    (PROG.arcov-trace; "
	      "repeatable)\n"
	      "      --fail-under-line=N         Exit 3 if under N% of the "
	      "lines ran\n"
	      "      --fail-under-branch=N       Exit 4 if under N% of the "
	      "branches were taken\n"
	      "                                    (5 if both gates fail)\n"
	      "      --exclude-exception-branches  Leave out exception "
	      "handling branches\n"
	      "      --cachegrind=FILE           Also write a cachegrind "
	      "file (cg_annotate; - stdout)\n"
	      "      --callgrind=FILE            Also write a callgrind "
	      "profile with the call\n"
	      "                                    graph "
	      "(callgrind_annotate, KCachegrind)\n"
	      "      --webgrind=FILE             Also write a callgrind "
	      "profile to FILE and\n"
	      "                                    webgrind's preprocessed "
	      "form to FILE.webgrind\n"
	      "      --webgrind-version=7|6|5    The webgrind format version "
	      "(default 7)\n\n"
	      "Time profile (programs built with -fplugin-arg-arcov-profile "
	      "write\nPROG.arcov-trace; doc/profile.md).  Any of these options "
	      "makes the\narguments trace files, merged:\n"
	      "      --profile-flat              Print a gprof-like flat "
	      "profile\n"
	      "      --profile-graph             Print a gprof-like call "
	      "graph\n"
	      "      --profile-time              --callgrind and --webgrind "
	      "write times\n"
	      "                                    (--webgrind-version may "
	      "then be 4)\n"
	      "      --profile-unit=10ns|ns      Callgrind time unit "
	      "(default 10ns)\n"
	      "      --winidea=FILE              Write winIDEA-style XML "
	      "(mapping, statistics,\n"
	      "                                    timeline)\n"
	      "      --winidea-indent=N          Indent the XML by N spaces "
	      "(default 2; 0 none)\n"
	      "      --timeline-bin=FILE         Write the winIDEA binary "
	      "timeline\n"
	      "      --timeline-version=1.0|1.1  Its record version "
	      "(default 1.1)\n"
	      "      --chrome-trace=FILE         Write Chrome trace-event "
	      "JSON (FILE.gz: gzipped)\n"
	      "      --chrome-args               With each call's file, line "
	      "and core\n"
	      "      --from=TIME, --to=TIME      Timelines: only this window "
	      "(ns, us, ms\n"
	      "                                    or s since the profile's "
	      "start; default ns)\n"
	      "      --function=REGEX            Timelines: only the "
	      "functions matching REGEX\n"
	      "      --max-size=N[K|M|G]         Timeline files: at most N "
	      "bytes, the timeline\n"
	      "                                    cut short (what is left "
	      "out counts lost)\n"
	      "The timeline exports need a run with ARCOV_TIMELINE=1 (or a "
	      "size limit).\n\n"
	      "Lines and branches marked LCOV_EXCL_*, GCOVR_EXCL_* or "
	      "ARCOV_EXCL_* in the\n"
	      "sources count in no summary, JSON, lcov or Cobertura "
	      "output.\n\n"
	      "Exit status: 0 all reported, 1 some file missing or corrupt,\n"
	      "2 bad usage, 3 line coverage low, 4 branch coverage low, "
	      "5 both low,\n"
	      "6 all reported but some counts inexact (counters that "
	      "contradict their\n"
	      "flow graph, marked ~).\n", f);
}

/* The options gcov 3.3 and 3.2 knew (-p is 3.3 only). */
static int legacy_option_ok(int opt, int legacy)
{
	return strchr("bcflno", opt) || (opt == 'p' && legacy == 33) ||
	       opt == OPT_LEGACY || opt == OPT_RUN;
}

static int parse_percent(const char *s, double *percent)
{
	char *end;

	*percent = strtod(s, &end);
	return *s && !*end && *percent >= 0 && *percent <= 100;
}

/* The name of option @opt for messages: "-x" or "--long". */
static void option_name(int opt, char buf[64])
{
	const struct option *p;

	snprintf(buf, 64, "-%c", opt);
	for (p = options; p->name; p++)
		if (p->val == opt && opt > 255)
			snprintf(buf, 64, "--%s", p->name);
}

/* A whole number from 1. */
static int parse_count(const char *s, long *n)
{
	char *end;

	*n = strtol(s, &end, 10);
	return *s >= '0' && *s <= '9' && !*end && *n > 0;
}

/* --run N (a block number from 1) or --run LABEL (any other word). */
static int parse_run(const char *s, long *run, const char **label)
{
	if (*s >= '0' && *s <= '9')
		return parse_count(s, run);
	*label = s;
	return *s != 0;
}

/* Whether @path is a time-profile trace: its magic, whatever its name.
 * Without a profile option it would be taken for a coverage argument,
 * and the report made of the .bb and .da beside it. */
static int is_trace(const char *path)
{
	char magic[sizeof ARCOV_TRACE_MAGIC - 1];
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), yes = 0;
	struct stat st;

	if (fd < 0)
		return 0;
	/* Never wait on a FIFO. */
	if (!fstat(fd, &st) && S_ISREG(st.st_mode))
		yes = read(fd, magic, sizeof magic) == (ssize_t)sizeof magic &&
		      !memcmp(magic, ARCOV_TRACE_MAGIC, sizeof magic);
	close(fd);
	return yes;
}

/* A time since the profile's start: a number with an optional unit ns
 * (the default), us, ms or s. */
static int parse_time(const char *s, uint64_t *ns)
{
	static const struct { const char *unit; uint64_t ns; } units[] = {
		{ "", 1 }, { "ns", 1 }, { "us", 1000 }, { "ms", 1000000 },
		{ "s", 1000000000 },
	};
	unsigned long long v;
	char *end;
	size_t i;

	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	v = strtoull(s, &end, 10);
	for (i = 0; !errno && i < sizeof units / sizeof units[0]; i++) {
		if (strcmp(end, units[i].unit))
			continue;
		if (v > UINT64_MAX / units[i].ns)
			return 0;
		*ns = v * units[i].ns;
		return 1;
	}
	return 0;
}

/* A byte count from 1, with an optional K, M or G. */
static int parse_size(const char *s, uint64_t *n)
{
	unsigned long long v;
	unsigned shift = 0;
	char *end;

	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end == 'K')
		shift = 10, end++;
	else if (*end == 'M')
		shift = 20, end++;
	else if (*end == 'G')
		shift = 30, end++;
	if (errno || *end || !v || v > UINT64_MAX >> shift)
		return 0;
	*n = (uint64_t)v << shift;
	return 1;
}

/* Whether @path names standard output. */
static int is_stdout(const char *path)
{
	return path && !strcmp(path, "-");
}

/* --lcov with --per-run: each run label's model (run-models.h) under its
 * label as lcov's test name, the unlabelled blocks' without one; the
 * whole model when no run has a label. */
static int lcov_per_run(const struct arcov_report_opts *o,
			const struct arcov_run_models *runs,
			const struct arcov_project *all)
{
	const struct arcov_project **pv;
	size_t i;
	int rc;

	if (!runs->n)
		return arcov_lcov_write(o, &all, NULL, 1, stdout, stderr);
	pv = calloc(runs->n, sizeof *pv);
	if (!pv) {
		fprintf(stderr, "arcov: out of memory\n");
		return 1;
	}
	for (i = 0; i < runs->n; i++)
		pv[i] = &runs->ps[i];
	rc = arcov_lcov_write(o, pv, (const char *const *)runs->labels,
			      runs->n, stdout, stderr);
	free(pv);
	return rc;
}

/* The call graph of @p, as the exports (@x) and the site draw it; what
 * building it says goes to stderr when an export is asked for (the site
 * alone just goes without the picture).  0, or a negative ARCOV_E* with
 * the reason in @err. */
static int call_graph(struct arcov_callgraph *cg, const struct arcov_project *p,
		      const struct arcov_report_opts *o,
		      const struct arcov_export_opts *x, struct arcov_err *err)
{
	struct arcov_log log = { 0 };
	int r;

	r = arcov_callgraph_build(cg, p, o->demangled_names, &log, err);
	if (x->cachegrind || x->callgrind || x->webgrind)
		arcov_log_flush(&log, stderr);
	arcov_log_free(&log);
	if (r == 0 && !cg->nnodes)
		r = arcov_errf(err, ARCOV_EFORMAT, NULL, -1, "nothing to "
			       "export: the input holds no instrumented "
			       "function");
	return r;
}

/* Build the model of @args once and run every output asked for over it;
 * @named: what the command line named (a directory, a program) when
 * @args were found there, the name -j's file takes; @baseline and @diff:
 * differential coverage's inputs (diffcov.h), or NULL; @traces: the
 * time profile the site shows beside the counts (@ntraces files).
 * Returns the exit status: 1 when something could not be read or
 * written, else a failed gate's status, else ARCOV_EXIT_INEXACT when
 * some counts are bounds, else 0. */
static int report(const struct arcov_report_opts *o,
		  struct arcov_export_opts *x,
		  const struct arcov_project_opts *sel, char **args, int nargs,
		  const char *named, const char *baseline, const char *diff,
		  char *const *traces, size_t ntraces)
{
	struct arcov_profile prof = { 0 };
	int have_prof = 0;
	struct arcov_diffcov dc = { 0 };
	struct arcov_callgraph cg = { 0 };
	struct arcov_err err = { 0 }, cg_err = { 0 };
	int have_cg = 0;
	struct arcov_project_opts po = *sel;
	struct arcov_run_sel run = { 0 };
	struct arcov_run_models runs = { 0 };
	struct arcov_project p;
	const char *input = args[nargs - 1];
	int i, rc = 0, gate = 0, loaded = 0, inexact;

	po.objdir = o->object;
	po.style = o->legacy == 32 ? ARCOV_NAMES_GCOV32 :
		   o->legacy == 33 ? ARCOV_NAMES_GCOV33 : ARCOV_NAMES_MODERN;
	run.index = o->run;
	run.label = o->run_label;
	po.run = o->run || o->run_label ? &run : NULL;
	po.source_prefix = o->source_prefix;
	po.exclude_eh = o->exclude_eh;
	po.lines = !o->legacy;
	for (i = 0; o->display_progress && i < nargs; i++)
		printf("Processing file %d out of %d\n", i + 1, nargs);
	if (arcov_project_build(&p, &po, args, nargs) < 0) {
		arcov_log_flush(&p.log, stderr);
		fprintf(stderr, "arcov: out of memory\n");
		arcov_project_free(&p);
		return 1;
	}
	if (arcov_log_flush(&p.log, stderr) < 0)
		rc = 1;
	if (o->legacy) {
		rc |= arcov_report_legacy(o, &p, stdout, stderr);
		goto free_project;
	}
	if (o->list_runs) {
		rc |= arcov_report_runs(&p, stdout, stderr);
		goto free_project;
	}
	rc |= p.incomplete;
	if (arcov_diffcov_build(&dc, &p, &po, baseline, diff, &err) < 0) {
		fprintf(stderr, "arcov: %s\n", err.msg);
		rc = 1;
		goto free_runs;
	}
	for (i = 0; i < (int)p.nobjs; i++)
		loaded |= arcov_pobj_usable(&p.objs[i]);
	if (loaded && !o->quiet)
		rc |= arcov_report_text(o, &p, input, stdout, stderr);
	if (loaded && o->json_format && !o->no_output)
		rc |= arcov_json_write(o, &p, &dc, named ? named : input,
				       stdout, stderr);
	if (!o->quiet) {
		arcov_report_text_total(o, &p, &dc, stdout);
		if (o->summary_dirs && loaded)
			arcov_report_dirs(o, &p, stdout);
	}
	if (loaded && ((o->lcov && o->per_run) || o->html) &&
	    arcov_run_models_build(&runs, &po, args, nargs, &p) < 0) {
		fprintf(stderr, "arcov: out of memory\n");
		rc = 1;
		goto free_runs;
	}
	if (ntraces) {
		struct arcov_err perr = { 0 };

		have_prof = arcov_profile_load(&prof, traces, ntraces, 1,
					       &perr) == 0;
		if (!have_prof) {
			fprintf(stderr, "arcov: %s\n", perr.msg);
			rc = 1;
		}
	}
	/* The call graph, for the exports and the site's picture. */
	if (x->cachegrind || x->callgrind || x->webgrind || (loaded && o->html))
		have_cg = call_graph(&cg, &p, o, x, &cg_err) == 0;
	if (loaded) {
		if (o->lcov)
			rc |= o->per_run ? lcov_per_run(o, &runs, &p) :
			       arcov_lcov_write(o, (const struct arcov_project *
						    const[]){ &p },
						NULL, 1, stdout, stderr);
		if (o->cobertura)
			rc |= arcov_cobertura_write(o, &p, stdout, stderr);
		if (o->sonarqube)
			rc |= arcov_sonarqube_write(o, &p, stdout, stderr);
		if (o->coveralls)
			rc |= arcov_coveralls_write(o, &p, stdout, stderr);
		if (o->html)
			rc |= arcov_html_write(o, &p, &runs, &dc,
					       have_cg ? &cg : NULL,
					       have_prof ? &prof : NULL,
					       stderr);
		gate = arcov_report_gates(o, &p, &dc, stderr);
	}
	if (x->cachegrind || x->callgrind || x->webgrind)
		rc |= arcov_export(x, have_cg ? &cg : NULL, cg_err.msg,
				   stderr);
free_runs:
	arcov_profile_free(&prof);
	arcov_callgraph_free(&cg);
	arcov_diffcov_free(&dc);
	arcov_run_models_free(&runs);
free_project:
	inexact = p.inexact;
	arcov_project_free(&p);
	if (rc)
		return 1;
	return gate ? gate : inexact ? ARCOV_EXIT_INEXACT : 0;
}

int main(int argc, char **argv)
{
	/* Static: reachable, not leaked, on the early exits below. */
	static struct arcov_paths progs;
	struct arcov_report_opts o = { 0 };
	struct arcov_export_opts x = { NULL, NULL, NULL,
				       ARCOV_WEBGRIND_DEFAULT, argv, argc };
	struct arcov_paths objs = { 0 };
	int opt, i, rc = 0, libs = 0, nargs, debug_stats = 0;
	/* Live files of dead processes are folded by default: what their
	 * program's exit would have written (doc/live-file.md). */
	struct arcov_project_opts sel = { .fold_live = 1 };
	struct arcov_err err = { 0 };
	const char *named = NULL, *last_binary = NULL;
	const char *baseline = NULL, *diff = NULL;
	char *eq;
	/* Each option argument is one argv element at most.  Static, as
	 * progs: reachable, not leaked, on the early exits below. */
	static char **filters, **excludes, **traces;
	size_t ntraces = 0;
	static struct arcov_path_map *maps;

	/* A file-size limit (ulimit -f) is a write error (EFBIG), reported
	 * with the temporary files removed, not a death by SIGXFSZ. */
	signal(SIGXFSZ, SIG_IGN);
	filters = calloc((size_t)argc + 1, sizeof *filters);
	excludes = calloc((size_t)argc + 1, sizeof *excludes);
	maps = calloc((size_t)argc + 1, sizeof *maps);
	traces = calloc((size_t)argc + 1, sizeof *traces);
	if (!filters || !excludes || !maps || !traces) {
		fprintf(stderr, "arcov: out of memory\n");
		return 1;
	}
	sel.filters = filters;
	sel.excludes = excludes;
	sel.path_maps = maps;
	char **args;
	int seen[OPT_RUN + 1] = { 0 };
	struct arcov_profile_opts prof = { .to = UINT64_MAX };
	int profile_mode = 0, winidea_indent_set = 0, window = 0;
	int chrome_args = 0;
	/* Static: reachable, not leaked, on the early exits. */
	static regex_t fn_re;
	static int fn_re_set;
	long run_n;

	while ((opt = getopt_long(argc, argv, "abcdfhjlmno:pqrs:tuv", options,
				  NULL)) != -1) {
		if (opt >= 0 && opt <= OPT_RUN)
			seen[opt] = 1;
		switch (opt) {
		case 'a':
			o.all_blocks = 1;
			break;
		case 'b':
			o.branch_probabilities = 1;
			break;
		case 'c':
			o.branch_counts = 1;
			break;
		case 'd':
			o.display_progress = 1;
			break;
		case 'f':
			o.function_summaries = 1;
			break;
		case 'j':
			/* As in gcov, the later of -j and -n wins. */
			o.json_format = 1;
			o.no_output = 0;
			break;
		case 'l':
			o.long_file_names = 1;
			break;
		case 'm':
			o.demangled_names = 1;
			break;
		case 'n':
			o.no_output = 1;
			break;
		case 'o':
			o.object = optarg;
			break;
		case 'p':
			o.preserve_paths = 1;
			break;
		case 'q':
			o.hotness_colors = 1;
			break;
		case 'r':
			o.relative_only = 1;
			break;
		case 's':
			o.source_prefix = optarg;
			break;
		case 't':
			o.use_stdout = 1;
			break;
		case 'u':
			o.unconditional = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'v':
			printf("arcov %s\n", PACKAGE_VERSION);
			return 0;
		case OPT_LEGACY:
			if (!strcmp(optarg, "3.3")) {
				o.legacy = 33;
			} else if (!strcmp(optarg, "3.2")) {
				o.legacy = 32;
			} else {
				fprintf(stderr, "arcov: --legacy takes 3.3 or "
					"3.2, not '%s'\n", optarg);
				return 2;
			}
			break;
		case OPT_LCOV:
			o.lcov = optarg;
			break;
		case OPT_COBERTURA:
			o.cobertura = optarg;
			break;
		case OPT_HTML:
			o.html = optarg;
			break;
		case OPT_BASELINE:
			baseline = optarg;
			break;
		case OPT_DIFF:
			diff = optarg;
			break;
		case OPT_TRACE:
			traces[ntraces++] = optarg;
			break;
		case OPT_SONARQUBE:
			o.sonarqube = optarg;
			break;
		case OPT_COVERALLS:
			o.coveralls = optarg;
			break;
		case OPT_SUMMARY:
			if (strcmp(optarg, "dirs")) {
				fprintf(stderr, "arcov: --summary takes dirs, "
					"not '%s'\n", optarg);
				return 2;
			}
			o.summary_dirs = 1;
			break;
		case OPT_FAIL_NEW:
			if (!parse_percent(optarg, &o.fail_under_new)) {
				fprintf(stderr, "arcov: --fail-under-new takes "
					"a percentage from 0 to 100, not "
					"'%s'\n", optarg);
				return 2;
			}
			break;
		case OPT_FAIL_LINE:
		case OPT_FAIL_BRANCH:
			if (!parse_percent(optarg, opt == OPT_FAIL_LINE ?
						   &o.fail_under_line :
						   &o.fail_under_branch)) {
				fprintf(stderr, "arcov: --fail-under-%s takes "
					"a percentage from 0 to 100, not "
					"'%s'\n", opt == OPT_FAIL_LINE ?
					"line" : "branch", optarg);
				return 2;
			}
			break;
		case OPT_EXCLUDE_EH:
			o.exclude_eh = 1;
			break;
		case OPT_CACHEGRIND:
			x.cachegrind = optarg;
			break;
		case OPT_CALLGRIND:
			x.callgrind = optarg;
			break;
		case OPT_WEBGRIND:
			x.webgrind = optarg;
			break;
		case OPT_WEBGRIND_VERSION:
			if (strcmp(optarg, "4") && strcmp(optarg, "5") &&
			    strcmp(optarg, "6") && strcmp(optarg, "7")) {
				fprintf(stderr, "arcov: --webgrind-version "
					"takes 7, 6, 5 or (with --profile-time) "
					"4, not '%s'\n", optarg);
				return 2;
			}
			x.webgrind_version = atoi(optarg);
			break;
		case OPT_RUN:
			if (!parse_run(optarg, &o.run, &o.run_label)) {
				fprintf(stderr, "arcov: --run takes a block "
					"number from 1 or a run label, not "
					"'%s'\n", optarg);
				return 2;
			}
			break;
		case OPT_BINARY:
			last_binary = optarg;
			if (arcov_paths_add(&progs, optarg)) {
				fprintf(stderr, "arcov: out of memory\n");
				return 1;
			}
			break;
		case OPT_BINARY_LIBS:
			libs = 1;
			break;
		case OPT_QUIET:
			o.quiet = 1;
			break;
		case OPT_NO_FOLD:
			sel.fold_live = 0;
			break;
		case OPT_VERBOSE:
			sel.verbose = 1;
			break;
		case OPT_LIST_RUNS:
			o.list_runs = 1;
			break;
		case OPT_PER_RUN:
			o.per_run = 1;
			break;
		case OPT_ROOT:
			sel.root = optarg;
			break;
		case OPT_FILTER:
		case OPT_EXCLUDE:
			if (arcov_project_check_regex(optarg, &err) < 0) {
				fprintf(stderr, "arcov: --%s: %s\n",
					opt == OPT_FILTER ? "filter" :
					"exclude", err.msg);
				return 2;
			}
			if (opt == OPT_FILTER)
				filters[sel.nfilters++] = optarg;
			else
				excludes[sel.nexcludes++] = optarg;
			break;
		case OPT_PATH_MAP:
			eq = strchr(optarg, '=');
			if (!eq || eq == optarg || !eq[1]) {
				fprintf(stderr, "arcov: --path-map takes "
					"FROM=TO, not '%s'\n", optarg);
				return 2;
			}
			*eq = 0;
			maps[sel.npath_maps].from = optarg;
			maps[sel.npath_maps++].to = eq + 1;
			break;
		case OPT_PROFILE_FLAT:
			prof.flat = profile_mode = 1;
			break;
		case OPT_PROFILE_GRAPH:
			prof.graph = profile_mode = 1;
			break;
		case OPT_PROFILE_TIME:
			profile_mode = 1;
			break;
		case OPT_PROFILE_UNIT:
			if (strcmp(optarg, "10ns") && strcmp(optarg, "ns")) {
				fprintf(stderr, "arcov: --profile-unit takes "
					"10ns or ns, not '%s'\n", optarg);
				return 2;
			}
			prof.time_ns = !strcmp(optarg, "ns");
			profile_mode = 1;
			break;
		case OPT_WINIDEA:
			prof.winidea = optarg;
			profile_mode = 1;
			break;
		case OPT_WINIDEA_INDENT:
			if (!parse_count(optarg, &run_n) && strcmp(optarg, "0")) {
				fprintf(stderr, "arcov: --winidea-indent takes "
					"a number of spaces, not '%s'\n",
					optarg);
				return 2;
			}
			prof.winidea_indent = strcmp(optarg, "0") ?
				(int)(run_n > 16 ? 16 : run_n) : 0;
			winidea_indent_set = 1;
			break;
		case OPT_TIMELINE_BIN:
			prof.timeline_bin = optarg;
			profile_mode = 1;
			break;
		case OPT_TIMELINE_VERSION:
			if (strcmp(optarg, "1.0") && strcmp(optarg, "1.1")) {
				fprintf(stderr, "arcov: --timeline-version "
					"takes 1.0 or 1.1, not '%s'\n", optarg);
				return 2;
			}
			prof.timeline_version = optarg[2] == '0' ? 10 : 11;
			break;
		case OPT_CHROME_TRACE:
			prof.chrome = optarg;
			profile_mode = 1;
			break;
		case OPT_FROM:
		case OPT_TO:
			if (!parse_time(optarg, opt == OPT_FROM ? &prof.from :
					&prof.to)) {
				fprintf(stderr, "arcov: --%s takes a time (a "
					"number, then ns, us, ms or s), not "
					"'%s'\n", opt == OPT_FROM ? "from" :
					"to", optarg);
				return 2;
			}
			window = 1;
			break;
		case OPT_MAX_SIZE:
			if (!parse_size(optarg, &prof.max_size)) {
				fprintf(stderr, "arcov: --max-size takes a "
					"number of bytes (K, M or G after "
					"it), not '%s'\n", optarg);
				return 2;
			}
			window = 1;
			break;
		case OPT_CHROME_ARGS:
			prof.chrome_args = 1;
			chrome_args = 1;
			break;
		case OPT_FUNCTION:
			if (fn_re_set)
				regfree(&fn_re);
			if (regcomp(&fn_re, optarg, REG_EXTENDED | REG_NOSUB)) {
				fprintf(stderr, "arcov: --function: not a "
					"regular expression: '%s'\n", optarg);
				return 2;
			}
			fn_re_set = window = 1;
			prof.function = &fn_re;
			break;
		case OPT_DEBUG:
			if (strcmp(optarg, "stats")) {
				fprintf(stderr, "arcov: --debug takes stats, "
					"not '%s'\n", optarg);
				return 2;
			}
			debug_stats = 1;
			break;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind == argc && !progs.n) {
		usage(stderr);
		return 2;
	}
	if (profile_mode || winidea_indent_set || prof.timeline_version ||
	    window || chrome_args) {
		if (!profile_mode || progs.n || libs || o.legacy ||
		    (prof.timeline_version && !prof.timeline_bin) ||
		    (winidea_indent_set && !prof.winidea)) {
			fprintf(stderr, "arcov: the time profile options take "
				"trace files only; --timeline-version needs "
				"--timeline-bin, --winidea-indent --winidea\n");
			return 2;
		}
		prof.callgrind = x.callgrind;
		prof.webgrind = x.webgrind;
		prof.webgrind_version = x.webgrind_version;
		prof.demangle = o.demangled_names;
		if (is_stdout(prof.callgrind) + is_stdout(prof.winidea) +
		    is_stdout(prof.timeline_bin) + is_stdout(prof.chrome) +
		    (prof.flat || prof.graph) > 1) {
			fprintf(stderr, "arcov: only one output can go to "
				"standard output (--profile-flat and "
				"--profile-graph, or FILE -)\n");
			return 2;
		}
		if (window && !prof.winidea && !prof.timeline_bin &&
		    !prof.chrome && prof.webgrind_version != 4) {
			fprintf(stderr, "arcov: --from, --to, --function and "
				"--max-size take a timeline export "
				"(--chrome-trace, --winidea, --timeline-bin, "
				"--webgrind-version=4)\n");
			return 2;
		}
		if (chrome_args && !prof.chrome) {
			fprintf(stderr, "arcov: --chrome-args needs "
				"--chrome-trace\n");
			return 2;
		}
		if (prof.from > prof.to) {
			fprintf(stderr, "arcov: --from is after --to\n");
			return 2;
		}
		if (is_stdout(prof.webgrind)) {
			fprintf(stderr, "arcov: --webgrind writes two files; "
				"it cannot write to standard output\n");
			return 2;
		}
		if (!winidea_indent_set)
			prof.winidea_indent = 2;
		if (!prof.timeline_version)
			prof.timeline_version = 11;
		return arcov_profile_run(&prof, argv + optind, argc - optind,
					 stdout, stderr);
	}
	if (x.webgrind_version == 4) {
		fprintf(stderr, "arcov: --webgrind-version=4 needs "
			"--profile-time\n");
		return 2;
	}
	args = argv + optind;
	nargs = argc - optind;
	for (i = 0; i < nargs; i++) {
		if (is_trace(args[i])) {
			fprintf(stderr, "arcov: %s is a time-profile trace; "
				"read it with --profile-time (with "
				"--callgrind or --webgrind), --profile-flat "
				"or --profile-graph\n", args[i]);
			return 2;
		}
	}
	if (libs && !progs.n) {
		fprintf(stderr, "arcov: --binary-libs needs --binary\n");
		return 2;
	}
	i = is_stdout(o.lcov) + is_stdout(o.cobertura) +
	    is_stdout(o.sonarqube) + is_stdout(o.coveralls) +
	    is_stdout(x.cachegrind) + is_stdout(x.callgrind) + o.use_stdout;
	if (i > 1) {
		fprintf(stderr, "arcov: only one output can go to standard "
			"output (-t, or FILE -)\n");
		return 2;
	}
	if (i && !o.use_stdout)
		o.quiet = 1;	/* stdout holds that output alone */
	if (o.per_run && (!o.lcov || o.run || o.run_label)) {
		fprintf(stderr, "arcov: --per-run needs --lcov, and no "
			"--run\n");
		return 2;
	}
	if (x.webgrind && !strcmp(x.webgrind, "-")) {
		fprintf(stderr, "arcov: --webgrind writes two files; it "
			"cannot write to standard output\n");
		return 2;
	}
	if (ntraces && !o.html) {
		fprintf(stderr, "arcov: --trace needs --html (the time "
			"profile options read traces alone)\n");
		return 2;
	}
	if (o.html && (!*o.html || !strcmp(o.html, "-") || o.legacy)) {
		fprintf(stderr, "arcov: --html takes a directory (not -) and "
			"does not combine with --legacy\n");
		return 2;
	}
	if (seen[OPT_WEBGRIND_VERSION] && !x.webgrind) {
		fprintf(stderr, "arcov: --webgrind-version needs --webgrind\n");
		return 2;
	}
	if (progs.n || arcov_discover_has_dir(args, nargs)) {
		/* Whole-project use: objects are found, not named. */
		struct arcov_log log = { 0 };

		if (o.legacy || o.object) {
			fprintf(stderr, "arcov: directories and --binary do "
				"not combine with --legacy or -o\n");
			return 2;
		}
		rc = arcov_discover_objects(args, nargs, &progs, libs, &objs,
					    &log);
		rc |= arcov_log_flush(&log, stderr) < 0;
		arcov_log_free(&log);
		arcov_paths_free(&progs);
		if (!objs.n) {
			arcov_paths_free(&objs);
			return 1;
		}
		named = nargs ? args[nargs - 1] : last_binary;
		args = objs.v;
		nargs = (int)objs.n;
		sel.found = 1;
	} else if (!o.legacy && !o.object) {
		/* A source linked into programs in one step: their notes. */
		rc = arcov_discover_linked(args, nargs, &objs);
		if (rc < 0) {
			fprintf(stderr, "arcov: out of memory\n");
			arcov_paths_free(&objs);
			return 1;
		}
		if (rc) {
			named = args[nargs - 1];
			args = objs.v;
			nargs = (int)objs.n;
		}
		rc = 0;
	}
	if (o.legacy) {
		for (opt = 0; opt <= OPT_RUN; opt++) {
			if (seen[opt] && !legacy_option_ok(opt, o.legacy)) {
				char name[64];

				option_name(opt, name);
				fprintf(stderr, "arcov: option %s does not "
					"exist in gcov %d.%d\n", name,
					o.legacy / 10, o.legacy % 10);
				return 2;
			}
		}
	}
	if (o.legacy && (sel.root || sel.nfilters || sel.nexcludes ||
			 sel.npath_maps || baseline || diff)) {
		fprintf(stderr, "arcov: --root, --filter, --exclude, "
			"--path-map, --baseline and --diff do not combine "
			"with --legacy\n");
		return 2;
	}
	i = report(&o, &x, &sel, args, nargs, named, baseline, diff,
		   traces, ntraces);
	free(filters);
	free(excludes);
	free(maps);
	free(traces);
	arcov_paths_free(&objs);
	if (debug_stats) {
		struct arcov_obj_stats st = arcov_obj_stats();

		fprintf(stderr, "arcov: debug: %zu objects loaded, %zu flow "
			"graphs solved\n", st.loads, st.solves);
	}
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "arcov: standard output: write error: %s\n",
			strerror(errno));
		rc = 1;
	}
	/* An incomplete report (rc 1) outranks a failed gate. */
	return rc ? rc : i;
}
