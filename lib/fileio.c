/* fileio.c -- whole-file reads and atomic replacement (fileio.h says
 * what they promise and how writers take turns). */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
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

static int not_regular(const char *path, struct arcov_err *err)
{
	arcov_errf(err, ARCOV_EIO, path, -1, "not a regular file");
	errno = EINVAL;
	return ARCOV_EIO;
}

/* Read at most @cap bytes (the file's size) of the regular file open on
 * @fd into a malloc'd buffer; @fd stays open. */
static int read_regular(int fd, size_t cap, const char *path,
			unsigned char **data, size_t *size, struct arcov_err *err)
{
	unsigned char *buf;
	size_t len = 0;
	ssize_t n;
	int saved;

	buf = malloc(cap ? cap : 1);
	if (!buf)
		return arcov_errf(err, ARCOV_ENOMEM, path, -1, "out of memory");
	while (len < cap) {
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			saved = errno;
			free(buf);
			errno = saved;
			return read_failed(path, err);
		}
		if (n == 0)
			break;	/* shrunk since fstat: take what is there */
		len += (size_t)n;
	}
	*data = buf;
	*size = len;
	return 0;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void nap_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* A lock of @type on the whole file, for fcntl(). */
static struct flock whole_file(short type)
{
	struct flock fl = {
		.l_type = type,
		.l_whence = SEEK_SET,
		.l_start = 0,
		.l_len = 0,
	};

	return fl;
}

/* Lock the whole file open on @fd (@type F_WRLCK or F_RDLCK) without
 * waiting.  Locks of open file descriptions conflict even within one
 * process and survive the closing of other descriptors; kernels without
 * them get POSIX write locks and no read locks. */
static int lock_fd(int fd, short type)
{
	struct flock fl = whole_file(type);

#ifdef F_OFD_SETLK
	if (!fcntl(fd, F_OFD_SETLK, &fl))
		return 0;
	if (errno != EINVAL)
		return -1;
#endif
	return type == F_WRLCK ? fcntl(fd, F_SETLK, &fl) : -1;
}

/* Whether someone holds a write lock on the file open on @fd: a read
 * lock is what conflicts with write locks only. */
static int write_locked(int fd)
{
	struct flock fl = whole_file(F_RDLCK);

#ifdef F_OFD_GETLK
	if (!fcntl(fd, F_OFD_GETLK, &fl))
		return fl.l_type != F_UNLCK;
	if (errno != EINVAL)
		return 0;
	fl = whole_file(F_RDLCK);
#endif
	return !fcntl(fd, F_GETLK, &fl) && fl.l_type != F_UNLCK;
}

/* The delay before the next try at a lock: 1 ms, doubling up to 64. */
static void wait_a_little(long *delay, long long deadline)
{
	long left = (long)(deadline - now_ms());

	if (left <= 0)
		return;
	nap_ms(*delay < left ? *delay : left);
	if (*delay < 64)
		*delay *= 2;
}

/* Take a shared lock on the file open on @fd, waiting at most
 * ARCOV_FILE_WAIT_MS for a writer; kernels without open-file-description
 * locks read without one (no in-place writer runs there either). */
static int lock_shared(int fd, const char *path, struct arcov_err *err)
{
	long long deadline = now_ms() + ARCOV_FILE_WAIT_MS;
	long delay = 1;

	while (lock_fd(fd, F_RDLCK)) {
		if (errno == EINVAL)
			return 0;
		if (errno != EAGAIN && errno != EACCES)
			return read_failed(path, err);
		if (now_ms() >= deadline) {
			arcov_errf(err, ARCOV_EIO, path, -1,
				   "cannot read: a writer holds it");
			errno = EAGAIN;
			return ARCOV_EIO;
		}
		wait_a_little(&delay, deadline);
	}
	return 0;
}

/* Close @fd, keeping errno. */
static void close_quietly(int fd)
{
	int saved = errno;

	close(fd);
	errno = saved;
}

int arcov_file_read(const char *path, int flags, unsigned char **data,
		    size_t *size, struct arcov_err *err)
{
	int oflags = O_RDONLY | O_NONBLOCK | O_CLOEXEC, fd, rc;
	struct stat st;

	if (flags & ARCOV_FILE_NOFOLLOW)
		oflags |= O_NOFOLLOW;
	fd = open(path, oflags);
	if (fd < 0 && errno == ENOENT && (flags & ARCOV_FILE_OPTIONAL)) {
		*data = NULL;
		*size = 0;
		return 0;
	}
	if (fd < 0 && errno == ELOOP && (flags & ARCOV_FILE_NOFOLLOW))
		return not_regular(path, err);
	if (fd < 0)
		return read_failed(path, err);
	if (fstat(fd, &st) < 0)
		rc = read_failed(path, err);
	else if (!S_ISREG(st.st_mode))
		rc = not_regular(path, err);
	else if ((flags & ARCOV_FILE_SHARED) &&
		 (rc = lock_shared(fd, path, err)) != 0)
		;
	else if ((flags & ARCOV_FILE_SHARED) && fstat(fd, &st) < 0)
		rc = read_failed(path, err);	/* its size under the lock */
	else
		rc = read_regular(fd, (size_t)st.st_size, path, data, size,
				  err);
	close_quietly(fd);
	return rc;
}

int arcov_file_slurp(const char *path, unsigned char **data, size_t *size,
		     struct arcov_err *err)
{
	return arcov_file_read(path, 0, data, size, err);
}

int arcov_file_slurp_optional(const char *path, unsigned char **data,
			      size_t *size, struct arcov_err *err)
{
	return arcov_file_read(path, ARCOV_FILE_OPTIONAL, data, size, err);
}

int arcov_file_write_all(int fd, const void *buf, size_t n)
{
	const unsigned char *p = buf;

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

/* What one write() copies at once: a page. */
#define ARCOV_FILE_PAGE 4096

static int pwrite_all(int fd, const unsigned char *p, size_t n)
{
	off_t off = 0;

	while (n) {
		ssize_t k = pwrite(fd, p, n, off);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		p += k;
		off += k;
		n -= (size_t)k;
	}
	return 0;
}

/* Create every missing directory above the file @path; a failure shows
 * when the file itself is created. */
void arcov_file_make_parents(char *path)
{
	char *p;

	for (p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		mkdir(path, 0777);
		*p = '/';
	}
}

/* Whether @path still names the file open on @fd. */
static int still_named(int fd, const char *path)
{
	struct stat a, b;

	return !fstat(fd, &a) && !lstat(path, &b) && a.st_dev == b.st_dev &&
	       a.st_ino == b.st_ino;
}

/*
 * Try once to take the lock: 1 taken (tx->fd set), 0 held by a live
 * writer, -1 error (errno set).  A lock file that is not locked belongs
 * to a writer that died: it is removed under its own lock and only while
 * it still has the name, so two writers never remove each other's.
 */
static int try_lock(struct arcov_file_tx *tx)
{
	struct stat st;
	int fd;

	fd = open(tx->tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		  0600);
	if (fd >= 0) {
		/* Between open() and the lock, a writer may have judged
		 * the new file stale and removed it: then start again.
		 * Nobody renames it but us, so a link count says enough. */
		if (!lock_fd(fd, F_WRLCK) && !fstat(fd, &st) && st.st_nlink) {
			tx->fd = fd;
			return 1;
		}
		close(fd);
		return 0;
	}
	if (errno != EEXIST)
		return -1;
	fd = open(tx->tmp, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : errno == EACCES ? 0 : -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EEXIST;
		return -1;
	}
	if (!lock_fd(fd, F_WRLCK) && still_named(fd, tx->tmp))
		unlink(tx->tmp);
	close(fd);
	return 0;
}

static int look(struct arcov_file_tx *tx);

/* Write-lock the file open on @fd as an in-place writer.  Only locks
 * of open file descriptions will do: POSIX locks are dropped when any
 * descriptor of the file closes in the process. */
static int lock_own(int fd)
{
#ifdef F_OFD_SETLK
	struct flock fl = whole_file(F_WRLCK);

	return fcntl(fd, F_OFD_SETLK, &fl);
#else
	(void)fd;
	errno = EINVAL;
	return -1;
#endif
}

/*
 * Try the in-place way (fileio.h): 1 when tx->old is open read-write on
 * tx->path, write-locked by us, with no FILE.tmp beside it; 0 to take the
 * FILE.tmp way, which also reports what is wrong with the file.  Waits,
 * until the deadline, only while another writer holds the lock: a
 * reader's lock sends us the other way at once.  A file of more than one
 * link is left to the FILE.tmp way, which replaces the name instead of
 * writing through it into another name's file.
 */
static int lock_in_place(struct arcov_file_tx *tx, int parents)
{
	long delay = 1;
	struct stat st, tmp_st;
	int fd;

	for (;;) {
		/* A missing file is created empty, as readers take it for
		 * a missing one until it is written. */
		fd = open(tx->path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
			  O_NOCTTY | O_CLOEXEC, 0666);
		if (fd < 0 && errno == ENOENT && parents) {
			arcov_file_make_parents(tx->tmp);
			parents = 0;
			continue;
		}
		if (fd < 0)
			return 0;
		if (lock_own(fd)) {
			if ((errno != EAGAIN && errno != EACCES) ||
			    !write_locked(fd) || now_ms() >= tx->deadline)
				break;
			close(fd);
			wait_a_little(&delay, tx->deadline);
			continue;
		}
		/* Looked at under the lock, so nothing changes it but a
		 * FILE.tmp writer that came first, whose exchange leaves
		 * these contents under the name FILE.tmp and then with no
		 * name at all: either shows here, and we let it be. */
		if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_nlink != 1)
			break;
		if (!lstat(tx->tmp, &tmp_st) || errno != ENOENT)
			break;
		tx->old = fd;
		tx->inplace = 1;
		tx->looked = 1;
		tx->exists = 1;
		tx->isdir = 0;
		tx->size = (size_t)st.st_size;
		tx->mode = st.st_mode & 0777;
		return 1;
	}
	close(fd);
	return 0;
}

/*
 * Whether an in-place writer holds the file being replaced, which a
 * FILE.tmp writer must let finish: then forget the look at it, whose
 * contents are about to change.
 */
static int in_place_writer(struct arcov_file_tx *tx)
{
	if (look(tx) < 0 || tx->old < 0 || !write_locked(tx->old))
		return 0;
	close(tx->old);
	tx->old = -1;
	tx->looked = 0;
	return 1;
}

/* Give up FILE.tmp, still locked, so that no other writer removes a new
 * file of the same name instead. */
static void drop_tmp(struct arcov_file_tx *tx)
{
	unlink(tx->tmp);
	close(tx->fd);
	tx->fd = -1;
}

/*
 * Take FILE.tmp (the lock of fileio.h), until tx->deadline; @parents:
 * create missing directories.  Unless we already hold FILE's own lock,
 * an in-place writer holding it is let finish first.  On failure the
 * transaction is ended.
 */
static int take_tmp(struct arcov_file_tx *tx, int parents, struct arcov_err *err)
{
	const char *held = tx->tmp;
	long delay = 1;
	int rc, tries = 0;

	for (;;) {
		rc = try_lock(tx);
		if (rc > 0 && !tx->inplace && in_place_writer(tx)) {
			drop_tmp(tx);
			held = tx->path;
			rc = 0;
		}
		if (rc > 0)
			return 0;
		if (rc < 0 && errno == ENOENT && parents) {
			arcov_file_make_parents(tx->tmp);
			parents = 0;
			continue;
		}
		if (rc < 0) {
			rc = errno;
			if (rc == EEXIST)
				arcov_errf(err, ARCOV_EIO, tx->path, -1,
					   "cannot write: %s is not a regular file",
					   tx->tmp);
			else
				arcov_errf(err, ARCOV_EIO, tx->path, -1,
					   "cannot write: %s", strerror(rc));
			arcov_file_abort(tx);
			errno = rc;
			return ARCOV_EIO;
		}
		/* A removed stale file or a lost race: try again at once,
		 * a few times, before waiting. */
		if (++tries < 3)
			continue;
		if (now_ms() >= tx->deadline)
			break;
		wait_a_little(&delay, tx->deadline);
	}
	arcov_errf(err, ARCOV_EIO, tx->path, -1,
		   "another writer holds %s (waited %u.%03u s)", held,
		   tx->wait_ms / 1000, tx->wait_ms % 1000);
	arcov_file_abort(tx);
	errno = EAGAIN;
	return ARCOV_EIO;
}

int arcov_file_begin(struct arcov_file_tx *tx, const char *path, int flags,
		     unsigned wait_ms, struct arcov_err *err)
{
	size_t plen = strlen(path);

	tx->fd = -1;
	tx->old = -1;
	tx->looked = 0;
	tx->inplace = 0;
	tx->umask = NULL;
	tx->wait_ms = wait_ms;
	tx->deadline = now_ms() + wait_ms;
	tx->path = strdup(path);
	tx->tmp = malloc(plen + sizeof ".tmp");
	if (!tx->path || !tx->tmp) {
		arcov_file_abort(tx);
		return arcov_errf(err, ARCOV_ENOMEM, path, -1, "out of memory");
	}
	memcpy(tx->tmp, path, plen);
	memcpy(tx->tmp + plen, ".tmp", sizeof ".tmp");
	if ((flags & ARCOV_FILE_INPLACE) &&
	    lock_in_place(tx, flags & ARCOV_FILE_PARENTS))
		return 0;
	return take_tmp(tx, flags & ARCOV_FILE_PARENTS, err);
}

/* The process's umask, read without changing it (umask() would, for an
 * instant, for every thread of the program); 022 when /proc is missing. */
int arcov_file_umask(void)
{
	char buf[1024];
	unsigned long mask = 022;
	ssize_t n;
	char *p;
	int fd;

	fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return (int)mask;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return (int)mask;
	buf[n] = '\0';
	p = strstr(buf, "\nUmask:");
	if (p)
		mask = strtoul(p + 7, NULL, 8);
	return (int)(mask & 0777);
}

/* The mode of a new file: 0666 less the umask, read once per caller's
 * cache (tx->umask), and only when a file is created. */
static unsigned new_file_mode(struct arcov_file_tx *tx)
{
	int mask;

	if (tx->umask && *tx->umask >= 0)
		return 0666 & ~(unsigned)*tx->umask;
	mask = arcov_file_umask();
	if (tx->umask)
		*tx->umask = mask;
	return 0666 & ~(unsigned)mask;
}

/*
 * Look at the file being replaced, once per transaction: keep it open
 * (never following a link, never blocking) with its size and mode, or
 * note that it is missing.  Returns 0, 1 when it is not a regular file
 * (tx->isdir for a directory), or -1 with errno set.
 */
static int look(struct arcov_file_tx *tx)
{
	struct stat st;

	if (tx->looked)
		return tx->looked > 1;
	tx->old = open(tx->path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
		       O_CLOEXEC);
	tx->old_errno = errno;
	if (tx->old >= 0 ? fstat(tx->old, &st) : lstat(tx->path, &st)) {
		if (errno != ENOENT)
			return -1;
		tx->looked = 1;
		tx->exists = 0;
		return 0;
	}
	tx->exists = 1;
	tx->size = (size_t)st.st_size;
	tx->mode = st.st_mode & 0777;
	tx->isdir = S_ISDIR(st.st_mode) != 0;
	tx->looked = S_ISREG(st.st_mode) ? 1 : 2;
	return tx->looked > 1;
}

int arcov_file_tx_read(struct arcov_file_tx *tx, unsigned char **data,
		       size_t *size, struct arcov_err *err)
{
	int rc = look(tx);

	if (rc > 0)
		return not_regular(tx->path, err);
	if (rc < 0)
		return read_failed(tx->path, err);
	if (tx->old >= 0)
		return read_regular(tx->old, tx->size, tx->path, data, size,
				    err);
	if (tx->exists) {
		errno = tx->old_errno;
		return read_failed(tx->path, err);
	}
	*data = NULL;
	*size = 0;
	return 0;
}

/*
 * Put the new contents in place of the old ones (open on tx->old, if
 * any).  rename() over an existing file makes ext4 start writing the new
 * data back at once (auto_da_alloc), which costs milliseconds per file;
 * exchanging the two names does not, and is as atomic.  The old contents
 * then carry the lock file's name: read-locked, so no other writer takes
 * them for a dead writer's file, and removed at once.
 */
static int put_in_place(struct arcov_file_tx *tx, int flags)
{
#ifdef RENAME_EXCHANGE
	if (tx->old >= 0 && !(flags & ARCOV_FILE_FSYNC) &&
	    !lock_fd(tx->old, F_RDLCK) &&
	    !renameat2(AT_FDCWD, tx->tmp, AT_FDCWD, tx->path,
		       RENAME_EXCHANGE)) {
		unlink(tx->tmp);
		return 0;
	}
#else
	(void)flags;
#endif
	return rename(tx->tmp, tx->path);
}

/* Whether a file of @size bytes is within the file-size limit (ulimit
 * -f): past it, a write stops short with EFBIG, and one over the old
 * contents would leave them half new.  The temporary file's way fails
 * whole instead. */
static int within_limit(size_t size)
{
	struct rlimit rl;

	return getrlimit(RLIMIT_FSIZE, &rl) || rl.rlim_cur == RLIM_INFINITY ||
	       (rlim_t)size <= rl.rlim_cur;
}

int arcov_file_commit(struct arcov_file_tx *tx, const void *data, size_t size,
		      int flags, struct arcov_err *err)
{
	int rc, saved;

	if (tx->inplace && !(flags & ARCOV_FILE_FSYNC) && within_limit(size) &&
	    (size == tx->size || (!tx->size && size <= ARCOV_FILE_PAGE))) {
		/* Same length: one write over the old contents, which no
		 * reader taking the shared lock sees half done.  An empty
		 * file (new) is filled the same way when one page holds the
		 * contents: a signal cannot split that write.  A short
		 * write to it (a full disk) leaves it empty again. */
		if (pwrite_all(tx->old, data, size) < 0) {
			saved = errno;
			if (!tx->size && ftruncate(tx->old, 0) < 0)
				errno = saved;
			arcov_errf(err, ARCOV_EIO, tx->path, -1,
				   "cannot write: %s", strerror(saved));
			arcov_file_abort(tx);
			errno = saved;
			return ARCOV_EIO;
		}
		arcov_file_abort(tx);
		return 0;
	}
	if (tx->inplace && tx->fd < 0 && take_tmp(tx, 0, err))
		return ARCOV_EIO;
	rc = look(tx);
	if (rc > 0 && tx->isdir)
		errno = EISDIR;
	if (rc > 0 && !tx->isdir) {
		not_regular(tx->path, err);
		arcov_file_abort(tx);
		errno = EINVAL;
		return ARCOV_EIO;
	}
	if (!rc && !tx->exists)
		tx->mode = new_file_mode(tx);
	if (rc || arcov_file_write_all(tx->fd, data, size) < 0 ||
	    fchmod(tx->fd, tx->mode) < 0 ||
	    ((flags & ARCOV_FILE_FSYNC) && fsync(tx->fd) < 0) ||
	    put_in_place(tx, flags) < 0) {
		saved = errno;
		arcov_errf(err, ARCOV_EIO, tx->path, -1, "cannot write: %s",
			   strerror(saved));
		arcov_file_abort(tx);
		errno = saved;
		return ARCOV_EIO;
	}
	/* In place: closing releases the lock, and the name is free. */
	close(tx->fd);
	tx->fd = -1;
	arcov_file_abort(tx);
	return 0;
}

void arcov_file_abort(struct arcov_file_tx *tx)
{
	int saved = errno;

	if (tx->fd >= 0) {
		/* Unlinked while still locked, so no other writer can
		 * remove a new file of the same name instead. */
		unlink(tx->tmp);
		close(tx->fd);
		tx->fd = -1;
	}
	if (tx->old >= 0)
		close(tx->old);
	tx->old = -1;
	free(tx->tmp);
	free(tx->path);
	tx->tmp = tx->path = NULL;
	errno = saved;
}

int arcov_file_replace(const char *path, const void *data, size_t size,
		       struct arcov_err *err)
{
	struct arcov_file_tx tx;
	int rc;

	rc = arcov_file_begin(&tx, path, 0, ARCOV_FILE_WAIT_MS, err);
	if (!rc)
		rc = arcov_file_commit(&tx, data, size, ARCOV_FILE_FSYNC, err);
	return rc;
}

/* ---- where a .da goes ---- */

int arcov_path_strip_count(const char *s)
{
	char *end;
	long v;

	if (!s || !*s)
		return 0;
	v = strtol(s, &end, 10);
	if (*end || v < 0)
		return 0;
	return v > INT_MAX ? INT_MAX : (int)v;
}

char *arcov_path_relocate(const char *prefix, int strip, const char *da_path)
{
	const char *fname = da_path;
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
