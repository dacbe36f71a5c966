/* path.c -- where a .da goes (ARCOV_PREFIX, ARCOV_PREFIX_STRIP) and the
 * sidecar lock that serializes its writers.
 *
 * Why a sidecar: the .da is replaced by rename(), which gives the path a
 * new inode.  A process waiting for a lock on the .da itself would wake up
 * holding a lock on the old, unlinked inode and merge into stale counts,
 * losing the other process's update.  "FILE.da.lock" is never replaced or
 * removed, so every writer of FILE.da queues on the same inode.  Readers
 * need no lock: rename() makes them see either the old or the new file.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

/* ARCOV_PREFIX_STRIP as a count; anything but a non-negative decimal
 * number counts as 0, like a negative GCOV_PREFIX_STRIP does for GCC. */
static int strip_count(void)
{
	const char *s = getenv("ARCOV_PREFIX_STRIP");
	char *end;
	long v;

	if (!s || !*s)
		return 0;
	v = strtol(s, &end, 10);
	if (*end || v < 0)
		return 0;
	return v > INT_MAX ? INT_MAX : (int)v;
}

char *arcov_rt_da_path(const char *da_path)
{
	const char *prefix = getenv("ARCOV_PREFIX");
	const char *fname = da_path;
	int strip = strip_count();
	size_t plen;
	char *out;

	if (!prefix || !*prefix) {
		/* A strip without a prefix makes the path relative. */
		if (!strip)
			return strdup(da_path);
		prefix = ".";
	}
	plen = strlen(prefix);
	if (prefix[plen - 1] == '/')
		plen--;
	if (strip) {
		/* The leading separator is not a level; running out of
		 * levels keeps the final component. */
		const char *p = fname + (*fname == '/');

		for (; *p && strip; p++) {
			if (*p == '/') {
				fname = p;
				strip--;
			}
		}
	}
	out = malloc(plen + 1 + strlen(fname) + 1);
	if (!out)
		return NULL;
	memcpy(out, prefix, plen);
	out[plen] = '\0';
	if (*fname != '/')
		strcat(out, "/");
	strcat(out, fname);
	return out;
}

/* Create every missing directory above the file @path; failures show up
 * when the file itself is created. */
static void make_parents(char *path)
{
	char *p;

	for (p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
}

int arcov_rt_lock(const char *da_path)
{
	struct flock fl = {
		.l_type = F_WRLCK,
		.l_whence = SEEK_SET,
		.l_start = 0,
		.l_len = 0,	/* the whole file */
	};
	size_t n = strlen(da_path);
	char *lock = malloc(n + sizeof ".lock");
	int fd;

	if (!lock) {
		arcov_rt_warn("%s: out of memory", da_path);
		return -1;
	}
	memcpy(lock, da_path, n);
	memcpy(lock + n, ".lock", sizeof ".lock");
	fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0 && errno == ENOENT) {
		make_parents(lock);
		fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	}
	if (fd < 0) {
		arcov_rt_warn("%s: cannot create lock file %s: %s", da_path,
			      lock, strerror(errno));
		goto free_lock;
	}
	while (fcntl(fd, F_SETLKW, &fl) < 0) {
		if (errno == EINTR)
			continue;
		arcov_rt_warn("%s: cannot lock %s: %s", da_path, lock,
			      strerror(errno));
		close(fd);
		fd = -1;
		break;
	}
free_lock:
	free(lock);
	return fd;
}
