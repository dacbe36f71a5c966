/* fold.c -- the fold of a live file into its .da: the protocol.
 *
 * Continuous mode (doc/live-file.md, "Folding") adds a live file's
 * counters - folded to the .da in two phases around the .da's commit
 * (write.c): the live file records what it adds (pending) and a marker
 * "FILE.da.fold" names it and the contents committed; after the commit
 * folded catches up and the marker goes.  Every writer of a .da settles
 * a marker a dead fold left before it writes (arcov_rt_live_recover()),
 * and a live file whose owner is gone (its flock free) is folded by
 * whoever finds it (arcov_rt_fold_orphans()).
 *
 * This file, write.c, derive.c and path.c are libarcovfold, which both
 * the runtime and the tools link (runtime/local.mk): arcov and
 * arcov-merge fold orphans with exactly this code, so a fold by a tool
 * and one by a program can interleave or die at any point.  Nothing here
 * touches the runtime's registered objects; messages go through
 * arcov_rt_warn(), which each host defines (runtime.c: stderr, a guest's
 * rules; tools/model/fold.c: the report's log).
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fileio.h"
#include "internal.h"
#include "live.h"

int arcov_rt_pio(int fd, void *p, size_t n, uint64_t off, int write)
{
	char *b = p;
	ssize_t k;

	while (n) {
		k = write ? pwrite(fd, b, n, (off_t)off) :
			    pread(fd, b, n, (off_t)off);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		b += k;
		n -= (size_t)k;
		off += (uint64_t)k;
	}
	return 0;
}

int arcov_rt_open_unowned(const char *path)
{
	struct stat a, b;
	int fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK |
		      O_NOCTTY);

	if (fd < 0)
		return -1;
	if (fstat(fd, &a) || !S_ISREG(a.st_mode) ||
	    flock(fd, LOCK_EX | LOCK_NB) || lstat(path, &b) ||
	    a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
		close(fd);
		return -1;
	}
	return fd;
}

void arcov_rt_fold_orphans(const char *da, struct arcov_rt_fold_tally *t)
{
	const char *slash = strrchr(da, '/');
	char dir[PATH_MAX], path[PATH_MAX];
	const char *base;
	struct dirent *e;
	DIR *d;
	int fd, kind;

	if (slash) {
		if ((size_t)(slash - da) >= sizeof dir)
			return;
		memcpy(dir, da, (size_t)(slash - da));
		dir[slash - da] = 0;
		if (!*dir)
			strcpy(dir, "/");
		base = slash + 1;
	} else {
		strcpy(dir, ".");
		base = da;
	}
	d = opendir(dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		kind = arcov_live_name_kind(e->d_name, base);
		if (!kind || snprintf(path, sizeof path, "%s/%s", dir,
				      e->d_name) >= (int)sizeof path)
			continue;
		/* One being made is removed only when its process is gone:
		 * its maker locks it an instant after making it. */
		if (kind == 2 && !(kill((pid_t)strtol(e->d_name + strlen(base) +
						    10, NULL, 10), 0) &&
				   errno == ESRCH))
			continue;
		fd = arcov_rt_open_unowned(path);
		if (fd < 0) {
			/* Its owner is alive (or it went as we looked). */
			if (t && kind == 1 && !access(path, F_OK))
				t->alive++;
			continue;
		}
		if (kind == 1 && arcov_rt_fold_orphan(da, fd, path)) {
			arcov_rt_warn("%s: cannot fold; left in place", path);
			if (t)
				t->failed++;
		} else {
			unlink(path);
			if (t && kind == 1)
				t->folded++;
		}
		close(fd);
	}
	closedir(d);
}

/* Set the state word of the live file @fd. */
static int set_state(int fd, uint32_t state)
{
	return arcov_rt_pio(fd, &state, 4, ARCOV_LIVE_OFF_STATE, 1);
}

/* The marker of a fold in progress into @da: "@da.fold". */
static int marker_name(char *buf, size_t size, const char *da)
{
	int n = snprintf(buf, size, "%s.fold", da);

	return n < 0 || (size_t)n >= size ? -1 : 0;
}

/**
 * arcov_rt_live_pending - phase one of a fold whose new .da contents are
 * @data (@size bytes): the live file records what it adds (pending), and
 * the marker "FILE.da.fold", which names the live file and the contents,
 * is made and locked until phase two is over.  Returns 0, or -1 (then
 * arcov_rt_live_done() with 0 undoes it).
 */
int arcov_rt_live_pending(const char *da, struct arcov_rt_live_fold *f,
			  const void *data, size_t size)
{
	char marker[PATH_MAX], line[PATH_MAX + 64];
	int fd, n;

	f->marker_fd = -1;
	if (arcov_rt_pio(f->fd, f->snapshot, f->ncounters * 8,
		arcov_live_pending_off(f->header_size, f->ncounters), 1) ||
	    set_state(f->fd, ARCOV_LIVE_PENDING) ||
	    marker_name(marker, sizeof marker, da))
		return -1;
	n = snprintf(line, sizeof line, "arcov-fold 1 %016llx %zu %s\n",
		     (unsigned long long)arcov_live_hash(data, size), size,
		     f->path);
	if (n < 0 || (size_t)n >= sizeof line)
		return -1;
	/* Nobody looks at the marker without the .da's lock, which this
	 * fold holds until its commit: locking it now races with no one. */
	fd = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		  O_CLOEXEC | O_NOCTTY, 0600);
	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB) ||
	    arcov_file_write_all(fd, line, (size_t)n)) {
		unlink(marker);
		close(fd);
		return -1;
	}
	f->marker_fd = fd;
	return 0;
}

/**
 * arcov_rt_live_done - phase two: after the .da's commit (@committed),
 * folded becomes pending; either way the state is idle again, and the
 * marker goes, then its lock.
 */
void arcov_rt_live_done(const char *da, struct arcov_rt_live_fold *f,
			int committed)
{
	char marker[PATH_MAX];

	if (committed)
		arcov_rt_pio(f->fd, f->snapshot, f->ncounters * 8,
		    arcov_live_folded_off(f->header_size, f->ncounters), 1);
	set_state(f->fd, ARCOV_LIVE_IDLE);
	if (f->marker_fd >= 0) {
		if (!marker_name(marker, sizeof marker, da))
			unlink(marker);
		close(f->marker_fd);
		f->marker_fd = -1;
	}
}

/* Finish the fold the live file @path began: pending becomes folded if
 * @committed, and the file goes back to idle. */
static void finish_other(const char *path, int committed)
{
	struct arcov_rt_live_fold f;
	uint32_t head[5];
	int fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY);

	if (fd < 0)
		return;
	if (!arcov_rt_pio(fd, head, sizeof head, 0, 0) &&
	    head[0] == ARCOV_LIVE_MAGIC && head[3] == ARCOV_LIVE_PENDING &&
	    head[2] % ARCOV_LIVE_ALIGN == 0) {
		memset(&f, 0, sizeof f);
		f.fd = fd;
		f.header_size = head[2];
		f.ncounters = head[4];
		if (committed) {
			f.snapshot = malloc(f.ncounters ? f.ncounters * 8 : 1);
			if (!f.snapshot ||
			    arcov_rt_pio(fd, f.snapshot, f.ncounters * 8,
				arcov_live_pending_off(f.header_size,
						       f.ncounters), 0)) {
				/* Left pending: the next look tries again. */
				free(f.snapshot);
				close(fd);
				return;
			}
			arcov_rt_pio(fd, f.snapshot, f.ncounters * 8,
			    arcov_live_folded_off(f.header_size, f.ncounters),
			    1);
			free(f.snapshot);
		}
		set_state(fd, ARCOV_LIVE_IDLE);
	}
	close(fd);
}

/* Open the marker @marker of a dead fold, locked: -1 with errno ENOENT
 * when there is none (any more), EAGAIN while its fold is alive (in
 * phase two, after the .da's commit let go of the .da's lock). */
static int marker_dead(const char *marker)
{
	struct stat a, b;
	int fd = open(marker, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY);

	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		close(fd);
		errno = EAGAIN;
		return -1;
	}
	if (fstat(fd, &a) || lstat(marker, &b) || a.st_dev != b.st_dev ||
	    a.st_ino != b.st_ino) {
		/* Removed by its fold as this one opened it. */
		close(fd);
		errno = ENOENT;
		return -1;
	}
	return fd;
}

/**
 * arcov_rt_live_recover - called by every writer of the .da @da under its
 * lock, with its contents @data: a marker left by a fold that died
 * decides whether its live file's pending counts are in the .da (the
 * contents are the ones it committed) or not, before anyone changes it;
 * the marker of a fold still finishing is waited for, at most @wait_ms.
 * Returns 0, or -1 when a marker is there but cannot be settled (the
 * write must not go on: it would make the decision wrong).
 */
int arcov_rt_live_recover(const char *da, const unsigned char *data,
			  size_t size, unsigned wait_ms)
{
	char marker[PATH_MAX], text[PATH_MAX + 64], *path, *end;
	unsigned long long hash = 0, len = 0;
	struct timespec pause = { 0, 1000000 };
	unsigned waited = 0;
	struct stat st;
	ssize_t n;
	int fd;

	if (marker_name(marker, sizeof marker, da) || lstat(marker, &st))
		return 0;
	while ((fd = marker_dead(marker)) < 0) {
		if (errno == ENOENT)
			return 0;
		if (errno != EAGAIN || waited++ >= wait_ms)
			return -1;
		nanosleep(&pause, NULL);
	}
	n = read(fd, text, sizeof text - 1);
	if (n < 0) {
		close(fd);
		return -1;
	}
	text[n] = 0;
	path = NULL;
	if (!strncmp(text, "arcov-fold 1 ", 13)) {
		hash = strtoull(text + 13, &end, 16);
		if (*end == ' ') {
			len = strtoull(end + 1, &end, 10);
			if (*end == ' ')
				path = end + 1;
		}
	}
	end = path ? strchr(path, '\n') : NULL;
	if (end) {
		*end = 0;
		finish_other(path, len == size &&
			     hash == arcov_live_hash(data, size));
	}
	/* A marker of no known form came from no fold: nothing to do. */
	unlink(marker);
	close(fd);
	return 0;
}

/* A dead process's live file being folded. */
struct orphan {
	int fd;
	const char *path;
	struct arcov_live lv;
	struct arcov_object obj;
	struct arcov_fn_info *fns;
	struct arcov_rt_live_fold fold;
};

/* The largest live file folded: 2^30 bytes, more than 2^26 counters. */
#define ORPHAN_MAX (1u << 30)

/* arcov_rt_write_one()'s loader: read the orphan now that the .da is
 * locked and settled, and make its object and counts. */
static int orphan_load(struct arcov_rt_job *job, void *arg)
{
	struct orphan *o = arg;
	struct arcov_err err;
	const char *defect;
	unsigned char *data;
	struct stat st;
	uint32_t i;

	if (fstat(o->fd, &st) || st.st_size > ORPHAN_MAX)
		return -1;
	data = malloc(st.st_size ? (size_t)st.st_size : 1);
	if (!data || arcov_rt_pio(o->fd, data, (size_t)st.st_size, 0, 0)) {
		free(data);
		return -1;
	}
	if (arcov_live_read(&o->lv, data, (size_t)st.st_size, o->path, &err)) {
		arcov_rt_warn("%s", err.msg);
		free(data);
		return -1;
	}
	free(data);
	o->fns = malloc(o->lv.nfns ? o->lv.nfns * sizeof *o->fns : 1);
	job->counts = malloc(o->lv.ncounters ? o->lv.ncounters * 8 : 1);
	if (!o->fns || !job->counts)
		return -1;
	for (i = 0; i < o->lv.nfns; i++) {
		o->fns[i].name = o->lv.fns[i].name;
		o->fns[i].checksum = o->lv.fns[i].checksum;
		o->fns[i].ncounters = o->lv.fns[i].ncounters;
	}
	o->obj.version = 3;
	o->obj.flags = o->lv.flags;
	o->obj.da_path = job->path;
	o->obj.nfns = o->lv.nfns;
	o->obj.ncounters = o->lv.ncounters;
	o->obj.fns = o->fns;
	o->obj.counters = o->lv.counters;
	o->obj.stamp = o->lv.stamp;
	o->obj.nderive = o->lv.nderive;
	o->obj.derive = o->lv.derive;
	defect = arcov_rt_derive_defect(&o->obj);
	if (defect) {
		arcov_rt_warn("%s: %s", o->path, defect);
		return -1;
	}
	/* What a pending state says is settled by the marker, if there is
	 * one; without it the commit never happened. */
	for (i = 0; i < o->lv.ncounters; i++)
		job->counts[i] = o->lv.counters[i] - o->lv.folded[i];
	arcov_rt_summarize(&o->obj, job->counts, &job->run);
	o->fold.fd = o->fd;
	o->fold.path = o->path;
	o->fold.header_size = o->lv.header_size;
	o->fold.ncounters = o->lv.ncounters;
	o->fold.snapshot = o->lv.counters;
	job->obj = &o->obj;
	job->live = &o->fold;
	return 0;
}

int arcov_rt_fold_orphan(const char *da, int fd, const char *path)
{
	struct arcov_rt_job job;
	struct orphan o;
	int rc;

	memset(&o, 0, sizeof o);
	memset(&job, 0, sizeof job);
	o.fd = fd;
	o.path = path;
	job.path = (char *)da;
	rc = arcov_rt_write_one(&job, orphan_load, &o);
	free(job.counts);
	free(o.fns);
	arcov_live_free(&o.lv);
	return rc;
}
