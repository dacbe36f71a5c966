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
 * .da and sets folded, through the two-phase protocol of fold.c and write.c
 * (doc/live-file.md, "Folding"), so a fold interrupted at any point is
 * neither lost nor counted twice.  A forked child gets a new live file
 * starting from zero; exec closes the file (O_CLOEXEC), which the next
 * run folds; an unloaded object's file is folded and removed.
 *
 * Everything here runs under the runtime's lock.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
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
			 * arcov_rt_fold_orphans()): then start again. */
			if (!flock(fd, LOCK_EX | LOCK_NB))
				return fd;
			close(fd);
			errno = EAGAIN;
			continue;
		}
		if (errno != EEXIST)
			return -1;
		fd = arcov_rt_open_unowned(tmp);
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
		    arcov_rt_pio(fd, head, (size_t)hs, 0, 1) ||
		    (!zero && arcov_rt_pio(fd, obj->counters, obj->ncounters * 8,
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
	arcov_rt_fold_orphans(da, NULL);
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
	if (!snap || arcov_rt_pio(l->fd, counts, n * 8,
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
		if (arcov_rt_pio(l->fd, folded, k * 8,
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
		arcov_rt_pio(fold.fd, fold.snapshot, obj->ncounters * 8,
		    arcov_live_folded_off(fold.header_size, obj->ncounters), 1);
		free(fold.snapshot);
	}
	free(c);
}
