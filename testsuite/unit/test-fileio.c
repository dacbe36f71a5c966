/* test-fileio.c -- whole-file reads and atomic replacement (lib/fileio.c). */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
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
	char path[64 + 256 + 2];
	struct dirent *e;
	DIR *dir = opendir(d->path);

	while (dir && (e = readdir(dir))) {
		snprintf(path, sizeof path, "%s/%s", d->path, e->d_name);
		if (e->d_name[0] != '.')
			unlink(path);
	}
	if (dir)
		closedir(dir);
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
	snprintf(want, sizeof want, "%s: not a regular file", d->path);
	assert_string_equal(err.msg, want);
}

/* Names of files in the scratch directory. */
static char *in_dir(const struct dir *d, const char *name)
{
	static char path[4][160];
	static int next;
	char *p = path[next++ % 4];

	snprintf(p, sizeof path[0], "%s/%s", d->path, name);
	return p;
}

/* The number of entries in the scratch directory. */
static int entries(const struct dir *d)
{
	struct dirent *e;
	DIR *dir = opendir(d->path);
	int n = 0;

	assert_non_null(dir);
	while ((e = readdir(dir)))
		n += e->d_name[0] != '.';
	closedir(dir);
	return n;
}

static void expect_not_regular(const char *path, int flags)
{
	struct arcov_err err = { 0, "" };
	unsigned char *data;
	size_t size;
	char want[200];

	assert_int_equal(arcov_file_read(path, flags, &data, &size, &err),
			 ARCOV_EIO);
	snprintf(want, sizeof want, "%s: not a regular file", path);
	assert_string_equal(err.msg, want);
}

/* A FIFO without a writer, a device fed forever: refused at once, never
 * waited on or read.  With ARCOV_FILE_NOFOLLOW (the runtime) any
 * symbolic link is refused; without (the tools) only what it names. */
static void test_special_inputs(void **state)
{
	struct dir *d = *state;
	const char *fifo = in_dir(d, "fifo.da"), *zero = in_dir(d, "zero.da");
	const char *link = in_dir(d, "link.da");
	unsigned char *data;
	size_t size;

	assert_int_equal(mkfifo(fifo, 0600), 0);
	expect_not_regular(fifo, 0);
	expect_not_regular(fifo, ARCOV_FILE_OPTIONAL | ARCOV_FILE_NOFOLLOW);
	assert_int_equal(symlink("/dev/zero", zero), 0);
	expect_not_regular(zero, 0);
	expect_not_regular(zero, ARCOV_FILE_NOFOLLOW);
	assert_int_equal(arcov_file_replace(d->file, "abc", 3, NULL), 0);
	assert_int_equal(symlink(d->file, link), 0);
	assert_int_equal(arcov_file_read(link, 0, &data, &size, NULL), 0);
	assert_int_equal(size, 3);
	free(data);
	expect_not_regular(link, ARCOV_FILE_NOFOLLOW);
}

/* A target that is not a regular file is refused, not replaced: a FIFO,
 * a symbolic link (to a file, to a FIFO, to /proc/self/fd/1). */
static void test_special_outputs(void **state)
{
	struct dir *d = *state;
	const char *fifo = in_dir(d, "fifo"), *l1 = in_dir(d, "l1");
	const char *l2 = in_dir(d, "l2"), *l3 = in_dir(d, "l3");
	const char *const targets[] = { fifo, l1, l2, l3 };
	struct arcov_err err = { 0, "" };
	char want[200];
	struct stat st;
	size_t i;

	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(arcov_file_replace(d->file, "abc", 3, NULL), 0);
	assert_int_equal(symlink(d->file, l1), 0);
	assert_int_equal(symlink(fifo, l2), 0);
	assert_int_equal(symlink("/proc/self/fd/1", l3), 0);
	for (i = 0; i < sizeof targets / sizeof *targets; i++) {
		assert_int_equal(arcov_file_replace(targets[i], "x", 1, &err),
				 ARCOV_EIO);
		snprintf(want, sizeof want, "%s: not a regular file",
			 targets[i]);
		assert_string_equal(err.msg, want);
	}
	assert_int_equal(lstat(fifo, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	for (i = 1; i < 4; i++) {
		assert_int_equal(lstat(targets[i], &st), 0);
		assert_true(S_ISLNK(st.st_mode));
	}
	assert_int_equal(stat(d->file, &st), 0);
	assert_int_equal(st.st_size, 3);
	assert_int_equal(entries(d), 5);	/* no temporary left */
}

/* A new file gets 0666 less the umask; a replaced one keeps its mode. */
static void test_modes(void **state)
{
	struct dir *d = *state;
	mode_t old = umask(027);
	struct stat st;

	assert_int_equal(arcov_file_replace(d->file, "a", 1, NULL), 0);
	assert_int_equal(stat(d->file, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0640);
	assert_int_equal(chmod(d->file, 0604), 0);
	assert_int_equal(arcov_file_replace(d->file, "b", 1, NULL), 0);
	assert_int_equal(stat(d->file, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0604);
	umask(old);
}

/* FILE.tmp is the lock: a live holder makes a writer wait a bounded time
 * and fail; one whose holder died is removed; nothing is left behind. */
static void test_lock(void **state)
{
	struct dir *d = *state;
	const char *tmp = in_dir(d, "f.da.tmp");
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	struct arcov_err err = { 0, "" };
	struct arcov_file_tx tx;
	char want[300];
	int fd;

	/* Stale: nobody holds it. */
	fd = open(tmp, O_RDWR | O_CREAT, 0600);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(arcov_file_replace(d->file, "a", 1, NULL), 0);
	assert_int_equal(entries(d), 1);

	/* Live: held by an open file description lock. */
	fd = open(tmp, O_RDWR | O_CREAT, 0600);
	assert_true(fd >= 0);
	assert_int_equal(fcntl(fd, F_OFD_SETLK, &fl), 0);
	assert_int_equal(arcov_file_begin(&tx, d->file, 0, 50, &err),
			 ARCOV_EIO);
	snprintf(want, sizeof want,
		 "%s: another writer holds %s (waited 0.050 s)", d->file, tmp);
	assert_string_equal(err.msg, want);
	close(fd);

	/* Released: the next writer takes it. */
	assert_int_equal(arcov_file_begin(&tx, d->file, 0, 50, &err), 0);
	arcov_file_abort(&tx);
	assert_int_equal(entries(d), 1);
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
	umask(022);
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

/* One in-place transaction on d->file: begin, read,
 * commit @data; returns the commit's status.  @tmp_seen: whether
 * FILE.tmp existed while the transaction was open. */
static int in_place(const struct dir *d, const char *data, int *tmp_seen)
{
	struct arcov_err err = { 0, "" };
	struct arcov_file_tx tx;
	unsigned char *old;
	struct stat st;
	size_t size;

	assert_int_equal(arcov_file_begin(&tx, d->file, ARCOV_FILE_INPLACE,
					  1000, &err), 0);
	assert_int_equal(arcov_file_tx_read(&tx, &old, &size, &err), 0);
	free(old);
	*tmp_seen = !lstat(in_dir(d, "f.da.tmp"), &st);
	return arcov_file_commit(&tx, data, strlen(data), 0, &err);
}

static ino_t inode(const char *path)
{
	struct stat st;

	assert_int_equal(lstat(path, &st), 0);
	return st.st_ino;
}

static unsigned mode_of(const char *path)
{
	struct stat st;

	assert_int_equal(lstat(path, &st), 0);
	return st.st_mode & 0777;
}

static void expect_contents(const char *path, const char *want)
{
	struct arcov_err err = { 0, "" };
	unsigned char *data;
	size_t size;

	if (arcov_file_slurp(path, &data, &size, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(size, strlen(want));
	assert_memory_equal(data, want, size);
	free(data);
}

/* ARCOV_FILE_INPLACE: a new file and the same length are written over
 * the old contents (same inode, no FILE.tmp); another length, a read
 * lock held by anyone or a second link take FILE.tmp and replace the
 * name. */
static void test_in_place(void **state)
{
	static char big[5000];
	struct dir *d = *state;
	struct flock fl = { .l_type = F_RDLCK, .l_whence = SEEK_SET };
	char other[160];
	int seen, fd;
	ino_t ino;

	snprintf(other, sizeof other, "%s", in_dir(d, "other"));
	/* A missing file is created and filled in place (mode 0666 less
	 * the umask, from the kernel); one of more than a page is filled
	 * through FILE.tmp, so that no signal can leave half of it. */
	umask(022);
	assert_int_equal(in_place(d, "new", &seen), 0);
	assert_false(seen);
	expect_contents(d->file, "new");
	assert_int_equal(mode_of(d->file), 0644);
	assert_int_equal(entries(d), 1);
	assert_int_equal(unlink(d->file), 0);
	memset(big, 'b', sizeof big - 1);
	assert_int_equal(in_place(d, big, &seen), 0);
	expect_contents(d->file, big);
	assert_int_equal(entries(d), 1);


	assert_int_equal(arcov_file_replace(d->file, "abc", 3, NULL), 0);
	ino = inode(d->file);
	assert_int_equal(in_place(d, "xyz", &seen), 0);
	assert_false(seen);
	assert_true(inode(d->file) == ino);
	expect_contents(d->file, "xyz");
	assert_int_equal(entries(d), 1);

	/* FILE.tmp only from the commit on, when the length is known. */
	assert_int_equal(in_place(d, "longer", &seen), 0);
	assert_false(seen);
	assert_true(inode(d->file) != ino);
	expect_contents(d->file, "longer");
	assert_int_equal(entries(d), 1);

	/* A reader's lock: never waited for, the name is replaced. */
	ino = inode(d->file);
	fd = open(d->file, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(fcntl(fd, F_OFD_SETLK, &fl), 0);
	assert_int_equal(in_place(d, "reader", &seen), 0);
	assert_true(seen);
	assert_true(inode(d->file) != ino);
	expect_contents(d->file, "reader");
	close(fd);

	/* Two links: the other name keeps the old contents. */
	assert_int_equal(link(d->file, other), 0);
	assert_int_equal(in_place(d, "linked", &seen), 0);
	assert_true(seen);
	expect_contents(d->file, "linked");
	expect_contents(other, "reader");
	assert_int_equal(entries(d), 2);
}

/* In a child, read d->file once the parent's transaction (whose locked
 * description is @held) is under way: by a shared read (@writer 0) or
 * as another in-place writer; the child exits 0 when it read @want. */
static pid_t read_in_child(const struct dir *d, int held, int writer,
			   const char *want)
{
	struct arcov_err err = { 0, "" };
	struct arcov_file_tx tx;
	unsigned char *data;
	size_t size;
	int rc;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid > 0)
		return pid;
	/* The inherited descriptor shares the parent's lock. */
	close(held);
	if (writer) {
		rc = arcov_file_begin(&tx, d->file, ARCOV_FILE_INPLACE, 5000,
				      &err) ||
		     arcov_file_tx_read(&tx, &data, &size, &err);
		if (!rc)
			arcov_file_abort(&tx);
	} else {
		rc = arcov_file_read(d->file, ARCOV_FILE_SHARED, &data, &size,
				     &err);
	}
	_exit(rc || size != strlen(want) || memcmp(data, want, size) ? 1 : 0);
}

/* A shared read and another in-place writer wait for an in-place writer
 * and see its new contents, not the old ones they would find at once. */
static void test_in_place_waits(void **state)
{
	struct dir *d = *state;
	struct arcov_err err = { 0, "" };
	struct arcov_file_tx tx;
	int writer, status;
	pid_t pid;

	for (writer = 0; writer < 2; writer++) {
		assert_int_equal(arcov_file_replace(d->file, "old", 3, NULL),
				 0);
		assert_int_equal(arcov_file_begin(&tx, d->file,
						  ARCOV_FILE_INPLACE, 1000,
						  &err), 0);
		pid = read_in_child(d, tx.old, writer, "new");
		usleep(200000);
		assert_int_equal(arcov_file_commit(&tx, "new", 3, 0, &err), 0);
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}
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
		cmocka_unit_test_setup_teardown(test_special_inputs, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_special_outputs, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_modes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lock, setup, teardown),
		cmocka_unit_test_setup_teardown(test_round_trip, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_in_place, setup, teardown),
		cmocka_unit_test_setup_teardown(test_in_place_waits, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_replace_fails, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
