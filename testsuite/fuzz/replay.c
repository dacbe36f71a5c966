/* replay.c -- run a fuzz target over files, without libFuzzer.
 *
 * Usage: replay-TARGET FILE-OR-DIRECTORY...
 *
 * Feeds each file (a directory: each regular file in it, in strcmp()
 * order) to the target's LLVMFuzzerTestOneInput() in a heap block of
 * exactly its size, so a sanitizer build catches a read past the end.
 * This is how make check replays the corpus where clang's libFuzzer is
 * missing, and how an input is debugged under gcc and gdb.  A failed
 * check aborts; otherwise the status is 0, or 1 when a file could not be
 * read.
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>

#include "fileio.h"
#include "fuzz.h"

static size_t replayed;

static int replay_file(const char *path)
{
	struct arcov_err err;
	unsigned char *data, *copy;
	size_t size;

	if (arcov_file_slurp(path, &data, &size, &err)) {
		fprintf(stderr, "replay: %s\n", err.msg);
		return 1;
	}
	copy = fuzz_alloc(size);
	if (size)
		memcpy(copy, data, size);
	free(data);
	LLVMFuzzerTestOneInput(copy, size);
	free(copy);
	replayed++;
	return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int replay_dir(const char *dir)
{
	struct dirent **names;
	struct stat st;
	char *path;
	int n, i, rc = 0;

	n = scandir(dir, &names, NULL, by_name);
	if (n < 0) {
		fprintf(stderr, "replay: %s: cannot read: %s\n", dir,
			strerror(errno));
		return 1;
	}
	for (i = 0; i < n; i++) {
		path = fuzz_alloc(strlen(dir) + strlen(names[i]->d_name) + 2);
		sprintf(path, "%s/%s", dir, names[i]->d_name);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			rc |= replay_file(path);
		free(path);
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	struct stat st;
	int i, rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE-OR-DIRECTORY...\n", argv[0]);
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
			rc |= replay_dir(argv[i]);
		else
			rc |= replay_file(argv[i]);
	}
	printf("%s: %zu inputs replayed\n", argv[0], replayed);
	return rc;
}
