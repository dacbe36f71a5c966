/* live.c -- continuous mode: each object's counters in a live file.
 *
 * An object built with -fplugin-arg-arcov-continuous has its counter
 * array on whole pages of its own (ARCOV_OBJ_CONTINUOUS).  When it
 * registers (its constructor, priority 99, before any of the program's),
 * the runtime first folds the live files of dead processes into the .da
 * (orphans: a live file is flock()ed by its owner as long as it lives),
 * then makes this process's live file "FILE.da.live.PID-SEQ" (written
 * under "FILE.da.live-new.PID", locked, then linked to its name, so no
 * one ever sees it half made), copies the counts made so far into it
 * and maps it over the array with MAP_FIXED|MAP_SHARED.  From then on
 * every increment is a store to the page cache, which the kernel keeps
 * whatever happens to the process; the increments themselves are the
 * same instructions as without the mapping.
 *
 * The counters are never zeroed: a fold adds counters - folded to the
 * .da and sets folded, through the two-phase protocol of write.c
 * (doc/live-file.md, "Folding"), so a fold interrupted at any point is
 * neither lost nor counted twice.  A forked child gets a new live file
 * starting from zero; exec closes the file (O_CLOEXEC), which the next
 * run folds; an unloaded object's file is folded and removed.
 *
 * Everything here runs under the runtime's lock.
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
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fileio.h"
#include "internal.h"
#include "live.h"

/* This process's live file of one object. */
struct live {
	struct live *next;
	struct arcov_object *obj;
	int fd;				/* holds the flock */
	char *path;			/* FILE.da.live.PID-SEQ */
	uint32_t header_size;
};

static struct live *lives;

static struct live *live_of(const struct arcov_object *obj)
{
	struct live *l;

	for (l = lives; l; l = l->next)
		if (l->obj == obj)
			return l;
	return NULL;
}

int arcov_rt_live_has(const struct arcov_object *obj)
{
	return live_of(obj) != NULL;
}

/* pread/pwrite all of @n bytes at @off; 0 or -1. */
static int pio(int fd, void *p, size_t n, uint64_t off, int write)
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

/* The live file's view of @obj: its function table, borrowed. */
static int live_model(struct arcov_live *lv, const struct arcov_object *obj)
{
	uint32_t i;

	memset(lv, 0, sizeof *lv);
	lv->ncounters = obj->ncounters;
	lv->nfns = obj->nfns;
	lv->stamp = obj->version >= 2 ? obj->stamp : 0;
	lv->nderive = obj->version >= 3 ? obj->nderive : 0;
	lv->derive = (uint32_t *)(obj->version >= 3 ? obj->derive : NULL);
	lv->flags = obj->flags;
	lv->pid = (uint64_t)getpid();
	lv->fns = malloc(obj->nfns ? obj->nfns * sizeof *lv->fns : 1);
	if (!lv->fns)
		return -1;
	for (i = 0; i < obj->nfns; i++) {
		lv->fns[i].name = obj->fns[i].name;
		lv->fns[i].checksum = obj->fns[i].checksum;
		lv->fns[i].ncounters = obj->fns[i].ncounters;
	}
	return 0;
}

/* "@da@mid@pid[-@seq]" in @buf. */
static int live_name(char *buf, size_t size, const char *da, const char *mid,
		     long seq)
{
	int n = seq < 0 ? snprintf(buf, size, "%s%s%ld", da, mid,
				   (long)getpid()) :
			  snprintf(buf, size, "%s%s%ld-%ld", da, mid,
				   (long)getpid(), seq);

	return n < 0 || (size_t)n >= size ? -1 : 0;
}

/* Open @path for folding or removal: a regular file, not a link, locked
 * by nobody else and still under that name once locked.  -1 if not. */
static int open_unowned(const char *path)
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

/* Fold every orphan live file of the .da @da and remove the half-made
 * ones of dead processes. */
static void fold_orphans(const char *da)
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
		fd = open_unowned(path);
		if (fd < 0)
			continue;
		if (kind == 1 && arcov_rt_fold_orphan(da, fd, path))
			arcov_rt_warn("%s: cannot fold; left in place", path);
		else
			unlink(path);
		close(fd);
	}
	closedir(d);
}

/* Create and lock "@da.live-new.PID", removing one a dead process of
 * this pid left (an exec'd image).  -1 with errno on failure. */
static int make_new(const char *tmp)
{
	int fd, again;

	for (again = 0; again < 2; again++) {
		fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW |
			  O_CLOEXEC | O_NOCTTY, 0666);
		if (fd >= 0) {
			/* A scanner may have taken it first (see
			 * fold_orphans()): then start again. */
			if (!flock(fd, LOCK_EX | LOCK_NB))
				return fd;
			close(fd);
			errno = EAGAIN;
			continue;
		}
		if (errno != EEXIST)
			return -1;
		fd = open_unowned(tmp);
		if (fd >= 0) {
			unlink(tmp);
			close(fd);
		}
	}
	return -1;
}

/* Make this process's live file of @obj for the .da @da, with @obj's
 * counters as they are (or zeros when @zero), and map it over them.
 * Tried a few times: a scanner of another process may remove the file
 * being made in the instant before it is locked. */
static struct live *live_make(struct arcov_object *obj, const char *da,
			      int zero)
{
	char tmp[PATH_MAX], path[PATH_MAX];
	struct arcov_live lv;
	unsigned char *head = NULL;
	struct live *l;
	uint64_t len = arcov_live_counters_len(obj->ncounters);
	long hs, seq;
	int fd = -1, tries, rc;
	void *at;

	if (live_model(&lv, obj))
		return NULL;
	hs = arcov_live_header(&lv, NULL, 0);
	l = calloc(1, sizeof *l);
	if (hs > 0)
		head = malloc((size_t)hs);
	if (!l || !head || live_name(tmp, sizeof tmp, da, ".live-new.", -1))
		goto fail;
	arcov_live_header(&lv, head, (size_t)hs);
	for (tries = 0; tries < 4; tries++) {
		fd = make_new(tmp);
		if (fd < 0)
			continue;
		if (ftruncate(fd, (off_t)arcov_live_file_size((uint32_t)hs,
							      obj->ncounters)) ||
		    pio(fd, head, (size_t)hs, 0, 1) ||
		    (!zero && pio(fd, obj->counters, obj->ncounters * 8,
				  (uint64_t)hs, 1)))
			goto unlink_tmp;
		rc = -1;
		for (seq = 0; seq < 100; seq++) {
			if (live_name(path, sizeof path, da, ".live.", seq))
				goto unlink_tmp;
			rc = link(tmp, path);
			if (!rc || errno != EEXIST)
				break;
		}
		if (!rc)
			break;
		if (errno != ENOENT)
			goto unlink_tmp;
		/* Removed before it was locked: again. */
		close(fd);
		fd = -1;
	}
	if (fd < 0)
		goto fail;
	unlink(tmp);
	at = mmap(obj->counters, (size_t)len, PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_FIXED, fd, (off_t)hs);
	if (at == MAP_FAILED) {
		unlink(path);
		goto close_fd;
	}
	l->path = strdup(path);
	if (!l->path) {
		/* Mapped: keep it, nameless to us; the next run folds it. */
		arcov_rt_warn("%s: out of memory", path);
	}
	l->fd = fd;
	l->obj = obj;
	l->header_size = (uint32_t)hs;
	free(head);
	free(lv.fns);
	return l;
unlink_tmp:
	unlink(tmp);
close_fd:
	close(fd);
fail:
	arcov_rt_warn("%s: cannot make a live file: %s; counted as without continuous",
		      da, strerror(errno));
	free(head);
	free(l);
	free(lv.fns);
	return NULL;
}

/* Whether @obj's array can be mapped over: on its own pages, of the
 * size the plugin gave it, and pages of this system no larger. */
static int mappable(const struct arcov_object *obj)
{
	long page = sysconf(_SC_PAGESIZE);

	return obj->ncounters && page > 0 && ARCOV_LIVE_PAGE % page == 0 &&
	       (uintptr_t)obj->counters % ARCOV_LIVE_PAGE == 0;
}

/**
 * arcov_rt_live_open - fold @obj's orphan live files and map a live file
 * of this process over its counters; on failure (one line on stderr) the
 * object counts as it would without continuous mode.
 */
void arcov_rt_live_open(struct arcov_object *obj)
{
	struct arcov_rt_place place;
	struct live *l;
	char *da;

	if (!(obj->flags & ARCOV_OBJ_CONTINUOUS) || live_of(obj))
		return;
	if (!mappable(obj)) {
		if (obj->ncounters)
			arcov_rt_warn("%s: counters not on pages of their own (pages larger than %d bytes?); counted as without continuous",
				      obj->da_path, ARCOV_LIVE_PAGE);
		return;
	}
	arcov_rt_place_read(&place);
	da = arcov_rt_da_path(&place, obj->da_path);
	if (!da)
		return;
	arcov_file_make_parents(da);
	fold_orphans(da);
	l = live_make(obj, da, 0);
	free(da);
	if (l) {
		l->next = lives;
		lives = l;
	}
}

/**
 * arcov_rt_live_close - after @obj's last fold: remove its live file and
 * let go of it.  Its pages stay mapped until the object goes.
 */
void arcov_rt_live_close(const struct arcov_object *obj)
{
	struct live **link, *l;

	for (link = &lives; (l = *link); link = &l->next) {
		if (l->obj != obj)
			continue;
		*link = l->next;
		if (l->path)
			unlink(l->path);
		close(l->fd);
		free(l->path);
		free(l);
		return;
	}
}

/**
 * arcov_rt_live_forked - in a fork child: a live file of its own for
 * every object, starting from zero (the counts so far are the parent's,
 * in the parent's file).  Where that fails, private zeroed pages, so the
 * child never counts into its parent's file.
 */
void arcov_rt_live_forked(void)
{
	struct arcov_rt_place place;
	struct live *old = lives, *l, *next;
	char *da;

	lives = NULL;
	arcov_rt_place_read(&place);
	for (; old; old = next) {
		next = old->next;
		close(old->fd);
		da = arcov_rt_da_path(&place, old->obj->da_path);
		l = da ? live_make(old->obj, da, 1) : NULL;
		free(da);
		if (l) {
			l->next = lives;
			lives = l;
		} else {
			mmap(old->obj->counters,
			     (size_t)arcov_live_counters_len(old->obj->ncounters),
			     PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
		}
		free(old->path);
		free(old);
	}
}

/**
 * arcov_rt_live_take - set @counts to what @obj counted since its last
 * fold and @fold to what the fold must write back; returns 0, or -1 when
 * the live file cannot be read (the counts wait for the next fold).
 */
int arcov_rt_live_take(const struct arcov_object *obj, uint64_t *counts,
		       struct arcov_rt_live_fold *fold)
{
	struct live *l = live_of(obj);
	uint32_t i, n = obj->ncounters;
	uint64_t *snap;

	if (!l)
		return -1;
	snap = malloc(n ? n * sizeof *snap : 1);
	if (!snap || pio(l->fd, counts, n * 8,
			 arcov_live_folded_off(l->header_size, n), 0)) {
		free(snap);
		return -1;
	}
	for (i = 0; i < n; i++) {
		snap[i] = __atomic_load_n(&obj->counters[i], __ATOMIC_RELAXED);
		counts[i] = snap[i] - counts[i];
	}
	memset(fold, 0, sizeof *fold);
	fold->fd = l->fd;
	fold->path = l->path;
	fold->header_size = l->header_size;
	fold->ncounters = n;
	fold->snapshot = snap;
	return 0;
}

/**
 * arcov_rt_live_unfolded - whether @obj counted anything its last fold
 * did not take (the counters are never zeroed, so counters_any() of
 * runtime.c cannot tell); 1 when the live file cannot be read.
 */
int arcov_rt_live_unfolded(const struct arcov_object *obj)
{
	struct live *l = live_of(obj);
	uint64_t folded[256];
	uint32_t i = 0, k, n = obj->ncounters;

	if (!l)
		return 1;
	while (i < n) {
		k = n - i < 256 ? n - i : 256;
		if (pio(l->fd, folded, k * 8,
			arcov_live_folded_off(l->header_size, n) + i * 8ull, 0))
			return 1;
		for (; k--; i++)
			if (__atomic_load_n(&obj->counters[i],
					    __ATOMIC_RELAXED) != folded[i % 256])
				return 1;
	}
	return 0;
}

/**
 * arcov_rt_live_reset - forget what @obj counted since its last fold:
 * folded catches up with the counters.
 */
void arcov_rt_live_reset(const struct arcov_object *obj)
{
	struct arcov_rt_live_fold fold;
	uint64_t *c = malloc(obj->ncounters ? obj->ncounters * 8 : 1);

	if (c && !arcov_rt_live_take(obj, c, &fold)) {
		pio(fold.fd, fold.snapshot, obj->ncounters * 8,
		    arcov_live_folded_off(fold.header_size, obj->ncounters), 1);
		free(fold.snapshot);
	}
	free(c);
}

/* Set the state word of the live file @fd. */
static int set_state(int fd, uint32_t state)
{
	return pio(fd, &state, 4, ARCOV_LIVE_OFF_STATE, 1);
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
	if (pio(f->fd, f->snapshot, f->ncounters * 8,
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
		pio(f->fd, f->snapshot, f->ncounters * 8,
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
	if (!pio(fd, head, sizeof head, 0, 0) &&
	    head[0] == ARCOV_LIVE_MAGIC && head[3] == ARCOV_LIVE_PENDING &&
	    head[2] % ARCOV_LIVE_ALIGN == 0) {
		memset(&f, 0, sizeof f);
		f.fd = fd;
		f.header_size = head[2];
		f.ncounters = head[4];
		if (committed) {
			f.snapshot = malloc(f.ncounters ? f.ncounters * 8 : 1);
			if (!f.snapshot ||
			    pio(fd, f.snapshot, f.ncounters * 8,
				arcov_live_pending_off(f.header_size,
						       f.ncounters), 0)) {
				/* Left pending: the next look tries again. */
				free(f.snapshot);
				close(fd);
				return;
			}
			pio(fd, f.snapshot, f.ncounters * 8,
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
	if (!data || pio(o->fd, data, (size_t)st.st_size, 0, 0)) {
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
