/* arcov-dump.c -- print .bb, .bbg and .da files in readable form, like
 * GCC's gcov-dump.  The printing lives in dump.c; this is only the command
 * line.
 *
 * Exit status: 0 when every file was dumped, 1 when any file could not be
 * read or parsed (the others are still dumped; each failure is one line on
 * stderr, "arcov-dump: FILE: offset N: what is wrong"), 2 for usage errors.
 */
#include <config.h>

#include <getopt.h>
#include <signal.h>
#include <stdio.h>

#include "dump.h"

#define PROGRAM "arcov-dump"

enum { EXIT_DUMPED = 0, EXIT_BAD_FILE = 1, EXIT_USAGE = 2 };

static const struct option long_options[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'v' },
	{ NULL, 0, NULL, 0 }
};

static void usage(void)
{
	fputs("Usage: " PROGRAM " [-h|--help] [-v|--version] FILE...\n"
	      "Print GCC 3.3 coverage files (.bb, .bbg, .da) in readable form.\n"
	      "The suffix gives the type; a file with another name is read\n"
	      "as a .da if it starts with the .da magic.\n"
	      "\n"
	      "  -h, --help     print this help and exit\n"
	      "  -v, --version  print the version and exit\n"
	      "\n"
	      "Exit status: 0 if every FILE was dumped, 1 if any FILE could\n"
	      "not be read or parsed (the others are still dumped), 2 for\n"
	      "usage errors.\n",
	      stdout);
}

static int usage_error(void)
{
	fputs("Try '" PROGRAM " --help' for more information.\n", stderr);
	return EXIT_USAGE;
}

int main(int argc, char **argv)
{
	struct arcov_err err;
	int c, status = EXIT_DUMPED;

	/* Standard output on a file past ulimit -f: a write error. */
	signal(SIGXFSZ, SIG_IGN);
	while ((c = getopt_long(argc, argv, "hv", long_options, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage();
			return EXIT_DUMPED;
		case 'v':
			printf(PROGRAM " (%s) %s\n", PACKAGE_NAME,
			       PACKAGE_VERSION);
			return EXIT_DUMPED;
		default:
			/* getopt has already said what was wrong. */
			return usage_error();
		}
	}
	if (optind == argc) {
		fputs(PROGRAM ": no input files\n", stderr);
		return usage_error();
	}
	for (; optind < argc; optind++) {
		if (arcov_dump_file(stdout, argv[optind], &err) < 0) {
			/* Keep the error next to the dumps around it. */
			fflush(stdout);
			fprintf(stderr, PROGRAM ": %s\n", err.msg);
			status = EXIT_BAD_FILE;
		}
	}
	if (fflush(stdout) == EOF || ferror(stdout)) {
		fputs(PROGRAM ": error writing standard output\n", stderr);
		status = EXIT_BAD_FILE;
	}
	return status;
}
