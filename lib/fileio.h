/* fileio.h -- whole-file reads and crash-safe whole-file writes.
 *
 * Reads accept regular files only: a FIFO, a device or a directory is
 * refused without blocking ("FILE: not a regular file"), and no more than
 * the file's size at open is read, so no input can hang a reader or feed
 * it forever.
 *
 * Writes go through a transaction: arcov_file_begin() creates "FILE.tmp"
 * exclusively and holds an open-file-description write lock on it; that
 * file *is* the lock, so writers of FILE -- the runtime's processes,
 * arcov-merge, the tools -- take turns.  arcov_file_commit() writes it and
 * renames it over FILE, which releases the lock in the same step and
 * leaves no other file behind.  A "FILE.tmp" whose creator died (its lock
 * is gone with it) is removed by the next writer.  A writer that finds
 * FILE.tmp held waits, polling with a growing delay, for a bounded time.
 * Only users who can create files in the directory can take the lock;
 * nobody can hold it through a read lock on a readable file.
 *
 * A writer that may (ARCOV_FILE_INPLACE) first tries the cheap way,
 * which renames nothing: it opens or creates FILE, write-locks it and,
 * when the new contents are exactly as long as the old ones (or FILE is
 * empty and they fit in a page), overwrites them in place with one
 * pwrite().  An empty FILE is one being created: readers take it for a
 * missing one.  Readers that read under a shared lock
 * (ARCOV_FILE_SHARED) see the old or the new contents, never a mix.  A
 * read lock never stalls a writer: finding FILE read-locked, it takes
 * the FILE.tmp way instead, which needs nobody's cooperation.  The two
 * ways exclude each other: an in-place writer backs off when FILE.tmp
 * exists once it holds FILE's lock, and a FILE.tmp writer backs off
 * (removing FILE.tmp) when FILE is write-locked once it holds FILE.tmp.
 * doc/da-extension.md §5 gives the whole argument.
 */
#ifndef ARCOV_FILEIO_H
#define ARCOV_FILEIO_H

#include <stddef.h>
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* arcov_file_read() flags. */
#define ARCOV_FILE_OPTIONAL 0x1	/* a missing file reads as empty */
#define ARCOV_FILE_NOFOLLOW 0x2	/* a symbolic link is refused */
#define ARCOV_FILE_SHARED 0x10	/* read under a shared lock, waiting at
				 * most ARCOV_FILE_WAIT_MS for a writer */

/* arcov_file_begin() flags. */
#define ARCOV_FILE_PARENTS 0x4	/* create missing directories (0777 less
				 * the umask) */
#define ARCOV_FILE_INPLACE 0x20	/* the commit may overwrite the file in
				 * place (never with ARCOV_FILE_FSYNC) */
/* arcov_file_commit() flags. */
#define ARCOV_FILE_FSYNC 0x8	/* fsync the data before the rename */

/* How long arcov_file_replace() waits for another writer. */
#define ARCOV_FILE_WAIT_MS 10000

/**
 * arcov_file_read - read all of the regular file @path into a malloc'd
 * buffer (never NULL on success, even for an empty file).
 * @flags: ARCOV_FILE_OPTIONAL: a missing file gives *@data NULL and
 *         *@size 0 and costs no message; ARCOV_FILE_NOFOLLOW: a symbolic
 *         link is refused; ARCOV_FILE_SHARED: read under a shared lock,
 *         so that a writer overwriting the file in place is waited for
 *         (at most ARCOV_FILE_WAIT_MS, then "FILE: cannot read: a writer
 *         holds it", errno EAGAIN).
 * Returns 0 or ARCOV_EIO (errno kept; ENOENT for a missing file) or
 * ARCOV_ENOMEM.
 */
int arcov_file_read(const char *path, int flags, unsigned char **data,
		    size_t *size, struct arcov_err *err);

/**
 * arcov_file_slurp - arcov_file_read() with no flags.
 */
int arcov_file_slurp(const char *path, unsigned char **data, size_t *size,
		     struct arcov_err *err);

/**
 * arcov_file_slurp_optional - arcov_file_read() with ARCOV_FILE_OPTIONAL.
 */
int arcov_file_slurp_optional(const char *path, unsigned char **data,
			      size_t *size, struct arcov_err *err);

/* One replacement of a file in progress. */
struct arcov_file_tx {
	char *path;		/* the file to replace */
	char *tmp;		/* path + ".tmp": the lock and the new data */
	int fd;			/* open on tmp, write-locked, or -1 */
	int inplace;		/* old is open read-write and write-locked:
				 * no tmp until the commit needs one */
	long long deadline;	/* when waiting for the lock ends (ms) */
	unsigned wait_ms;	/* the wait it was given */
	/* The file being replaced, looked at once (fileio.c, look()). */
	int looked;		/* 0 not yet, 1 regular or missing, 2 other */
	int exists, isdir;
	int old;		/* open on it, or -1 */
	int old_errno;		/* why it could not be opened */
	size_t size;		/* its size */
	unsigned mode;		/* permissions for the new contents */
	int *umask;		/* NULL: arcov_file_umask() when a file is
				 * created; else a cache of it, -1 until
				 * read, for callers creating many files */
};

/**
 * arcov_file_make_parents - create every missing directory above the file
 * @path (0777 less the umask); a failure shows when the file is made.
 */
void arcov_file_make_parents(char *path);

/**
 * arcov_file_umask - the process's umask, read from /proc/self/status
 * without changing it (umask() would, for an instant, for every thread);
 * 022 when /proc is not there.
 */
int arcov_file_umask(void);

/**
 * arcov_file_begin - take the lock on @path: create @path.tmp exclusively
 * (mode 0600 until the commit) and lock it, removing a stale one, waiting
 * at most @wait_ms for a live one.  With ARCOV_FILE_INPLACE, @path
 * (created empty, mode 0666 less the umask, when missing), if a regular
 * file of one link that nobody read-locks, is write-locked instead and
 * no FILE.tmp is made (fileio.h's header comment).
 * Returns 0, or ARCOV_EIO / ARCOV_ENOMEM with a message naming what
 * failed ("another writer holds FILE.tmp" after the wait).
 */
int arcov_file_begin(struct arcov_file_tx *tx, const char *path, int flags,
		     unsigned wait_ms, struct arcov_err *err);

/**
 * arcov_file_tx_read - read the file being replaced, as arcov_file_read()
 * with ARCOV_FILE_OPTIONAL | ARCOV_FILE_NOFOLLOW does, keeping it open so
 * the commit need not look at it again.
 */
int arcov_file_tx_read(struct arcov_file_tx *tx, unsigned char **data,
		       size_t *size, struct arcov_err *err);

/**
 * arcov_file_commit - write @size bytes as the new contents of the file
 * and rename them over it, which ends the transaction.  A transaction
 * holding the file's own lock whose new contents are as long as the old
 * ones, or fill an empty file within a page, overwrites them in place
 * instead (@flags without ARCOV_FILE_FSYNC); any other takes FILE.tmp
 * first.  The new file keeps
 * the old one's permissions, or gets 0666 less the umask.  A target that
 * exists and is not a regular file (a device, a FIFO, a symbolic link,
 * a directory) is refused and left alone.  On failure the temporary file
 * is removed and the old contents stay.
 */
int arcov_file_commit(struct arcov_file_tx *tx, const void *data, size_t size,
		      int flags, struct arcov_err *err);

/**
 * arcov_file_abort - end the transaction without touching the file.
 */
void arcov_file_abort(struct arcov_file_tx *tx);

/**
 * arcov_file_replace - write @size bytes to @path atomically, as
 * arcov_file_begin() (waiting ARCOV_FILE_WAIT_MS) and arcov_file_commit()
 * with fsync: a crash at any point leaves either the old or the new
 * contents.
 */
int arcov_file_replace(const char *path, const void *data, size_t size,
		       struct arcov_err *err);

/**
 * arcov_file_write_all - write all @n bytes at @p to @fd, again after a
 * short write or EINTR.  Returns 0, or -1 with errno set.  For writers
 * that stream into a transaction's file (tx->fd) piece by piece.
 */
int arcov_file_write_all(int fd, const void *p, size_t n);

/**
 * arcov_path_strip_count - the value @s of ARCOV_PREFIX_STRIP (may be
 * NULL) as a count: anything but a non-negative decimal number counts as
 * 0, as a negative GCOV_PREFIX_STRIP does for GCC.
 */
int arcov_path_strip_count(const char *s);

/**
 * arcov_path_relocate - where the .da recorded as @da_path goes under
 * ARCOV_PREFIX @prefix (NULL or empty: none) less @strip leading
 * directories of @da_path (doc/da-extension.md): a malloc'd path, or
 * NULL when out of memory.  The runtime and arcov-merge --from-stream
 * place files alike.
 */
char *arcov_path_relocate(const char *prefix, int strip, const char *da_path);

#ifdef __cplusplus
}
#endif

#endif
