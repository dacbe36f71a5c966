/* arcov-merge.c -- sum .da files, or trees of them, into one: the command
 * line over merge.c.
 *
 * Exit status: 0 when OUT was written; 1 when an input could not be read
 * or parsed (nothing is written then; each failure is one line on stderr,
 * "arcov-merge: FILE: offset N: what is wrong") or an output could not be
 * written; 2 for usage errors.
 */
#include <config.h>

#include <getopt.h>
#include <signal.h>
#include <stdio.h>

#include "merge.h"

#define PROGRAM "arcov-merge"

enum { EXIT_MERGED = 0, EXIT_USAGE = 2 };

static const struct option long_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "from-stream", required_argument, NULL, 's' },
	{ "no-fold", no_argument, NULL, 'F' },
	{ "version", no_argument, NULL, 'v' },
	{ NULL, 0, NULL, 0 }
};

static void usage(void)
{
	fputs("Usage: " PROGRAM " [-h|--help] [-v|--version] [--no-fold] OUT IN...\n"
	      "  or:  " PROGRAM " --from-stream FILE|-\n"
	      "Merge the .da files IN... into OUT (- for standard output),\n"
	      "or, when every IN is a directory, each .da file below them\n"
	      "into the same relative path below the directory OUT.  Blocks\n"
	      "of the same object and run label are added together, the\n"
	      "other blocks are kept.  The\n"
	      "result does not depend on the order or grouping of merges.\n"
	      "OUT is read only if it is also named as an input; files are\n"
	      "replaced atomically (never a FIFO, device or symbolic link),\n"
	      "and nothing is written unless every input was read.\n"
	      "Live files of continuous mode left by processes that died\n"
	      "are first folded into the input .da beside them, as the\n"
	      "runtime would; those of running processes are left alone.\n"
	      "Time-profile traces (.arcov-trace) are merged too: OUT holds\n"
	      "every run of every IN once, in the order they ran.\n"
	      "\n"
	      "With --from-stream, merge the counter stream of a freestanding\n"
	      "program (arcov_stream(), binary or \"arcov:\" hex lines among\n"
	      "other output; - for standard input) into the .da files it\n"
	      "names, each dump one run, as the runtime does at exit:\n"
	      "ARCOV_PREFIX, ARCOV_PREFIX_STRIP, ARCOV_RUN_LABEL and\n"
	      "ARCOV_APPEND apply.\n"
	      "\n"
	      "  -s, --from-stream=FILE  merge a counter stream\n"
	      "      --no-fold  leave the inputs' live files alone: their\n"
	      "                 counts are not merged (a warning says so)\n"
	      "  -h, --help     print this help and exit\n"
	      "  -v, --version  print the version and exit\n"
	      "\n"
	      "Exit status: 0 if OUT was written, 1 if an input could not be\n"
	      "read or parsed, or an output not written, 2 for usage errors.\n",
	      stdout);
}

static int usage_error(void)
{
	fputs("Try '" PROGRAM " --help' for more information.\n", stderr);
	return EXIT_USAGE;
}

int main(int argc, char **argv)
{
	const char *stream = NULL;
	int c, fold = 1;

	/* A file-size limit (ulimit -f) is a write error (EFBIG), reported
	 * with the temporary files removed, not a death by SIGXFSZ. */
	signal(SIGXFSZ, SIG_IGN);
	while ((c = getopt_long(argc, argv, "hvs:", long_options, NULL)) != -1) {
		switch (c) {
		case 's':
			stream = optarg;
			break;
		case 'F':
			fold = 0;
			break;
		case 'h':
			usage();
			return EXIT_MERGED;
		case 'v':
			printf(PROGRAM " (%s) %s\n", PACKAGE_NAME,
			       PACKAGE_VERSION);
			return EXIT_MERGED;
		default:
			/* getopt has already said what was wrong. */
			return usage_error();
		}
	}
	if (stream) {
		if (optind < argc) {
			fputs(PROGRAM ": --from-stream takes no other "
			      "arguments\n", stderr);
			return usage_error();
		}
		return arcov_merge_stream(stream, stderr);
	}
	if (argc - optind < 2) {
		fputs(PROGRAM ": need an output and at least one input\n",
		      stderr);
		return usage_error();
	}
	c = arcov_merge_run(argv[optind], argv + optind + 1,
			    argc - optind - 1, fold, stderr);
	return c == EXIT_USAGE ? usage_error() : c;
}
