/* arcov.c -- the reporter: gcov's command line over .bb/.bbg/.da files.
 *
 * Output is gcov 12's text layout by default, or gcov 3.3's or 3.2's with
 * --legacy=3.3 / --legacy=3.2.  Exit status: 0 every file reported; 1 some
 * file missing, corrupt or inconsistent with its graph, or an output file
 * not written (the other files are still reported); 2 bad usage.
 */
#include <config.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

enum { OPT_LEGACY = 256, OPT_RUN };

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
	{ NULL, 0, NULL, 0 }
};

static void usage(FILE *f)
{
	fputs("Usage: arcov [OPTION...] SOURCE|OBJ...\n\n"
	      "Print code coverage information from .bb, .bbg and .da "
	      "files.\n\n"
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
	      "      --run=N                     Use only the N-th block of "
	      "each .da file\n\n"
	      "Exit status: 0 all reported, 1 some file missing, corrupt or "
	      "inconsistent,\n"
	      "2 bad usage.\n", f);
}

/* The options gcov 3.3 and 3.2 knew (-p is 3.3 only). */
static int legacy_option_ok(int opt, int legacy)
{
	return strchr("bcflno", opt) || (opt == 'p' && legacy == 33) ||
	       opt == OPT_LEGACY || opt == OPT_RUN;
}

static int parse_run(const char *s, long *run)
{
	char *end;

	*run = strtol(s, &end, 10);
	return *s && !*end && *run > 0;
}

int main(int argc, char **argv)
{
	struct arcov_report_opts o = { 0 };
	int opt, i, rc = 0;
	int seen[OPT_RUN + 1] = { 0 };

	while ((opt = getopt_long(argc, argv, "abcdfhlmno:pqrs:tuv", options,
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
		case OPT_RUN:
			if (!parse_run(optarg, &o.run)) {
				fprintf(stderr, "arcov: --run takes a block "
					"number from 1, not '%s'\n", optarg);
				return 2;
			}
			break;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind == argc) {
		usage(stderr);
		return 2;
	}
	if (o.legacy) {
		for (opt = 0; opt <= OPT_RUN; opt++) {
			if (seen[opt] && !legacy_option_ok(opt, o.legacy)) {
				fprintf(stderr, "arcov: option -%c does not "
					"exist in gcov %d.%d\n", opt,
					o.legacy / 10, o.legacy % 10);
				return 2;
			}
		}
		for (i = optind; i < argc; i++)
			rc |= arcov_report_legacy(&o, argv[i], stdout,
						  stderr);
		return rc;
	}
	return arcov_report_modern(&o, argv + optind, argc - optind, stdout,
				   stderr);
}
