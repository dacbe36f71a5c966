/* fileio.c -- whole-file reads and atomic replacement. */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"

/* Report why @path cannot be read (errno) and keep errno for the caller. */
static int read_failed(const char *path, struct arcov_err *err)
{
	int saved = errno;

	arcov_errf(err, ARCOV_EIO, path, -1, "cannot read: %s", strerror(saved));
	errno = saved;
	return ARCOV_EIO;
}

/* Read all of @fd, open on @path, and close it. */
static int slurp_fd(int fd, const char *path, unsigned char **data,
		    size_t *size, struct arcov_err *err)
{
	struct stat st;
	unsigned char *buf = NULL;
	size_t cap, len = 0;
	ssize_t n;
	int saved;

	if (fstat(fd, &st) < 0)
		goto fail_close;
	/* The size is a hint only: the file may grow or be a pipe. */
	cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
	buf = malloc(cap);
	if (!buf) {
		close(fd);
		return arcov_errf(err, ARCOV_ENOMEM, path, -1, "out of memory");
	}
	for (;;) {
		if (len == cap) {
			unsigned char *bigger = realloc(buf, cap * 2);

			if (!bigger) {
				free(buf);
				close(fd);
				return arcov_errf(err, ARCOV_ENOMEM, path, -1,
						  "out of memory");
			}
			buf = bigger;
			cap *= 2;
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto fail_free;
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	*data = buf;
	*size = len;
	return 0;

fail_free:
	free(buf);
fail_close:
	saved = errno;
	close(fd);
	errno = saved;
	return read_failed(path, err);
}

int arcov_file_slurp(const char *path, unsigned char **data, size_t *size,
		     struct arcov_err *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return read_failed(path, err);
	return slurp_fd(fd, path, data, size, err);
}

int arcov_file_slurp_optional(const char *path, unsigned char **data,
			      size_t *size, struct arcov_err *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 && errno == ENOENT) {
		*data = NULL;
		*size = 0;
		return 0;
	}
	if (fd < 0)
		return read_failed(path, err);
	return slurp_fd(fd, path, data, size, err);
}

static int write_all(int fd, const unsigned char *p, size_t n)
{
	while (n) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

int arcov_file_replace(const char *path, const void *data, size_t size,
		       struct arcov_err *err)
{
	size_t plen = strlen(path);
	char *tmp = malloc(plen + 16);
	int fd, saved;

	if (!tmp)
		return arcov_errf(err, ARCOV_ENOMEM, path, -1, "out of memory");
	/* Same directory, so rename() is atomic; mkstemp avoids races with
	 * other writers of the same path. */
	memcpy(tmp, path, plen);
	memcpy(tmp + plen, ".tmp.XXXXXX", 12);
	fd = mkstemp(tmp);
	if (fd < 0)
		goto fail;
	if (fchmod(fd, 0644) < 0 || write_all(fd, data, size) < 0 ||
	    fsync(fd) < 0)
		goto fail_unlink;
	if (close(fd) < 0) {
		fd = -1;
		goto fail_unlink;
	}
	if (rename(tmp, path) < 0) {
		fd = -1;
		goto fail_unlink;
	}
	free(tmp);
	return 0;

fail_unlink:
	saved = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	errno = saved;
fail:
	saved = errno;
	arcov_errf(err, ARCOV_EIO, path, -1, "cannot write: %s", strerror(saved));
	free(tmp);
	errno = saved;
	return ARCOV_EIO;
}
