/* test-fileio.c -- whole-file reads and atomic replacement (lib/fileio.c). */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"
#include "fileio.h"

struct dir {
	char path[64];
	char file[96];
};

static int setup(void **state)
{
	struct dir *d = calloc(1, sizeof *d);

	if (!d)
		return -1;
	snprintf(d->path, sizeof d->path, "%s", "/tmp/arcov-fileio-XXXXXX");
	if (!mkdtemp(d->path)) {
		free(d);
		return -1;
	}
	snprintf(d->file, sizeof d->file, "%s/f.da", d->path);
	*state = d;
	return 0;
}

static int teardown(void **state)
{
	struct dir *d = *state;

	unlink(d->file);
	rmdir(d->path);
	free(d);
	return 0;
}

/* A missing file: an error naming it for the tools, nothing for the
 * runtime's optional read. */
static void test_missing(void **state)
{
	struct dir *d = *state;
	struct arcov_err err = { 0, "" };
	unsigned char *data = (unsigned char *)d;
	size_t size = 99;
	char want[160];

	assert_int_equal(arcov_file_slurp(d->file, &data, &size, &err),
			 ARCOV_EIO);
	assert_int_equal(errno, ENOENT);
	snprintf(want, sizeof want, "%s: cannot read: %s", d->file,
		 strerror(ENOENT));
	assert_string_equal(err.msg, want);

	err.msg[0] = '\0';
	assert_int_equal(arcov_file_slurp_optional(d->file, &data, &size,
						   &err), 0);
	assert_null(data);
	assert_int_equal(size, 0);
	assert_string_equal(err.msg, "");
}

/* Anything else that cannot be read is an error for both. */
static void test_unreadable(void **state)
{
	struct dir *d = *state;
	struct arcov_err err = { 0, "" };
	unsigned char *data;
	size_t size;
	char want[160];

	assert_int_equal(arcov_file_slurp_optional(d->path, &data, &size,
						   &err), ARCOV_EIO);
	snprintf(want, sizeof want, "%s: cannot read: %s", d->path,
		 strerror(EISDIR));
	assert_string_equal(err.msg, want);
}

/* What arcov_file_replace() writes, both reads return, byte for byte,
 * beyond the first guess at the size and at size zero. */
static void test_round_trip(void **state)
{
	struct dir *d = *state;
	static unsigned char big[10000];
	unsigned char *data;
	struct stat st;
	size_t size, i;

	for (i = 0; i < sizeof big; i++)
		big[i] = (unsigned char)(i * 7);
	assert_int_equal(arcov_file_replace(d->file, big, sizeof big, NULL), 0);
	assert_int_equal(stat(d->file, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);
	assert_int_equal(arcov_file_slurp(d->file, &data, &size, NULL), 0);
	assert_int_equal(size, sizeof big);
	assert_memory_equal(data, big, sizeof big);
	free(data);
	assert_int_equal(arcov_file_slurp_optional(d->file, &data, &size,
						   NULL), 0);
	assert_int_equal(size, sizeof big);
	assert_memory_equal(data, big, sizeof big);
	free(data);

	assert_int_equal(arcov_file_replace(d->file, big, 0, NULL), 0);
	assert_int_equal(arcov_file_slurp_optional(d->file, &data, &size,
						   NULL), 0);
	assert_non_null(data);
	assert_int_equal(size, 0);
	free(data);
}

/* A directory that does not exist: the temporary cannot be made. */
static void test_replace_fails(void **state)
{
	struct dir *d = *state;
	struct arcov_err err = { 0, "" };
	char path[128], want[200];

	snprintf(path, sizeof path, "%s/no/such.da", d->path);
	assert_int_equal(arcov_file_replace(path, "x", 1, &err), ARCOV_EIO);
	snprintf(want, sizeof want, "%s: cannot write: %s", path,
		 strerror(ENOENT));
	assert_string_equal(err.msg, want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_missing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unreadable, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_round_trip, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_replace_fails, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
