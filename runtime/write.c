/* write.c -- one dump: merge or append each object's block into its .da.
 *
 * For each object: take the file's lock (lib/fileio.h: the .da's own
 * lock when it exists and nobody reads it, else "FILE.da.tmp", created
 * exclusively; bounded wait), read the .da once, find the block written
 * by this object under this run label (lib/da-merge.h), add this run's
 * counts into it -- or append a new block when there is none (a new
 * file, a rebuilt object, another label) or ARCOV_APPEND=1 -- and write
 * the new contents in place when they are as long as the old ones (a
 * merge), else rename them over the file.  A file that does not parse,
 * or is not a regular file, is never touched.  In merge mode an object
 * that counted nothing in this run is only written when it has no file
 * yet.
 *
 * Program summaries: an appended block carries this run's totals over all
 * registered objects (GCC 3.3's pass 0, doc/formats.md §4.4); a merged block
 * the fold of its stored program summary and this run's
 * (lib/da-merge.h), so a file never needs another file's contents and is
 * read once.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "da-ext.h"
#include "da-merge.h"
#include "fileio.h"
#include "internal.h"
#include "sm.h"

/* What the environment asks of this dump (doc/da-extension.md §4); read
 * at every dump so a forked child or a program that calls setenv() gets
 * what it set.  secure_getenv(): a setuid or setgid program takes none of
 * it from its caller. */
struct settings {
	int append;			/* ARCOV_APPEND=1 */
	int fsync;			/* ARCOV_FSYNC=1 */
	unsigned wait_ms;		/* ARCOV_LOCK_TIMEOUT, in seconds */
	int umask;			/* for the files it creates; -1 unread */
	const char *label;		/* ARCOV_RUN_LABEL, or NULL */
	uint32_t tail_len;		/* the label's entry */
};

/* ARCOV_LOCK_TIMEOUT: a decimal number of seconds, at most a day;
 * anything else keeps the default.  The time profile's dump waits as
 * long (profile.c). */
unsigned arcov_rt_wait_ms(void)
{
	const char *s = secure_getenv("ARCOV_LOCK_TIMEOUT");
	char *end;
	unsigned long v;

	if (!s || !*s)
		return ARCOV_FILE_WAIT_MS;
	v = strtoul(s, &end, 10);
	if (*end || *s == '-' || v > 86400)
		return ARCOV_FILE_WAIT_MS;
	return (unsigned)v * 1000;
}

static int flag_set(const char *name)
{
	const char *v = secure_getenv(name);

	return v && !strcmp(v, "1");
}

static void settings_read(struct settings *s)
{
	const char *label = secure_getenv("ARCOV_RUN_LABEL");
	int rc;

	memset(s, 0, sizeof *s);
	s->append = flag_set("ARCOV_APPEND");
	s->fsync = flag_set("ARCOV_FSYNC");
	s->wait_ms = arcov_rt_wait_ms();
	s->umask = -1;
	unsigned char *tail;

	if (!label || !*label)
		return;
	rc = arcov_ext_label_tail(label, &tail, &s->tail_len);
	if (rc) {
		arcov_rt_warn("ARCOV_RUN_LABEL: %s; runs are not labelled",
			      arcov_strerror(rc));
		return;
	}
	free(tail);
	s->label = label;
}

/* The build stamp @obj's plugin gave it (its notes name it too), or 0
 * for an object of ABI version 1, which has none. */
static uint32_t object_stamp(const struct arcov_object *obj)
{
	return obj->version >= 2 ? obj->stamp : 0;
}

/*
 * Make @blk the block of @job's object holding this run's counts under
 * the run label, with program summary @program.  It only lives for one
 * write, so it borrows the names, counters and label tail; @fns receives
 * its function records.  Returns 0 or ARCOV_ENOMEM.
 */
static int run_block(struct arcov_da_block *blk, const struct arcov_rt_job *job,
		     const struct settings *s,
		     const struct arcov_da_summary *program)
{
	const struct arcov_object *obj = job->obj;
	uint64_t *counts = job->counts;
	struct arcov_da_fn *fns;
	uint32_t i;

	memset(blk, 0, sizeof *blk);
	fns = malloc(obj->nfns ? obj->nfns * sizeof *fns : 1);
	if (!fns)
		return ARCOV_ENOMEM;
	blk->program = *program;
	blk->object = job->run;
	/* The label, then the build stamp: a rebuilt object's counts never
	 * meet the old build's in one block. */
	if (arcov_ext_run_tail(s->label, object_stamp(obj), &blk->ext_tail,
			       &blk->ext_tail_len)) {
		free(fns);
		return ARCOV_ENOMEM;
	}
	blk->fns = fns;
	blk->nfns = obj->nfns;
	for (i = 0; i < obj->nfns; i++) {
		const struct arcov_fn_info *info = &obj->fns[i];

		/* Never written through: the block is only serialized. */
		fns[i].offset = 0;
		fns[i].name = (char *)info->name;
		fns[i].checksum = info->checksum;
		fns[i].ncounters = info->ncounters;
		fns[i].counters = counts;
		counts += info->ncounters;
	}
	return 0;
}

/* A generous guess at the size of the block @job's object writes: the
 * counters exactly, each function record's fixed part and a name of up
 * to 40 characters.  Longer names only cost a copy of the buffer. */
static size_t block_size_guess(const struct arcov_rt_job *job,
			       const struct settings *s)
{
	const struct arcov_object *obj = job->obj;

	return 3 * ARCOV_WORD + ARCOV_DA_EXT_STD + s->tail_len + 3 * ARCOV_WORD +
	       (size_t)obj->nfns * (5 * ARCOV_WORD + 40) +
	       (size_t)obj->ncounters * ARCOV_COUNTER;
}

/*
 * Merge or append @rb, the run's block, into the .da held by @tx and
 * commit.  @da holds the file's blocks; a merge adds into one of them, an
 * append borrows @rb for the write.
 */
static int merge_and_store(struct arcov_file_tx *tx, struct arcov_da *da,
			   struct arcov_da_block *rb, size_t size,
			   const struct arcov_rt_job *job,
			   const struct settings *s, struct arcov_err *err)
{
	struct arcov_da_block *blocks;
	unsigned char *buf;
	ssize_t len;
	size_t k = da->nblocks;
	int rc;

	if (!s->append)
		k = arcov_da_find_block(da, rb);
	if (k < da->nblocks) {
		arcov_da_block_add(&da->blocks[k], rb);
	} else {
		blocks = realloc(da->blocks, (da->nblocks + 1) * sizeof *blocks);
		if (!blocks)
			return arcov_errf(err, ARCOV_ENOMEM, tx->path, -1,
					  "out of memory");
		da->blocks = blocks;
		da->blocks[da->nblocks] = *rb;
		size += block_size_guess(job, s);
	}
	/* Serialize the appended block too, then take it back: it is
	 * borrowed, not da's to free. */
	len = arcov_da_write_alloc(&(struct arcov_da){
					   da->nblocks + (k == da->nblocks),
					   da->blocks }, size, &buf);
	if (len < 0)
		return arcov_errf(err, (int)len, tx->path, -1,
				  "cannot encode: %s", arcov_strerror((int)len));
	/* A live file's fold in two phases around the commit
	 * (doc/live-file.md, "Folding"). */
	if (job->live && arcov_rt_live_pending(job->path, job->live, buf,
					       (size_t)len)) {
		arcov_rt_live_done(job->path, job->live, 0);
		free(buf);
		return arcov_errf(err, ARCOV_EIO, tx->path, -1,
				  "cannot mark the fold of %s; counts not written",
				  job->live->path);
	}
	rc = arcov_file_commit(tx, buf, (size_t)len,
			       s->fsync ? ARCOV_FILE_FSYNC : 0, err);
	if (job->live)
		arcov_rt_live_done(job->path, job->live, !rc);
	free(buf);
	return rc;
}

/* Write @job; @program is this run's program summary, NULL for the
 * job's own.  @load: arcov_rt_write_one()'s.  Returns 0 when the .da
 * holds the counts, else -1 (said on stderr). */
static int write_job(struct arcov_rt_job *job,
		     const struct arcov_da_summary *program,
		     struct settings *s,
		     int (*load)(struct arcov_rt_job *job, void *arg), void *arg)
{
	struct arcov_file_tx tx;
	struct arcov_da_block rb;
	struct arcov_err err;
	struct arcov_da da = { 0, NULL };
	unsigned char *data;
	size_t size;
	int rc, status = -1;

	/* Without fsync, a merge that keeps the file's length is written in
	 * place under the file's own lock (lib/fileio.h): no file created,
	 * renamed or removed, which is most of an exit's cost.  A fold of a
	 * live file is committed by a rename, which no kill can tear. */
	if (arcov_file_begin(&tx, job->path, ARCOV_FILE_PARENTS |
			     (s->fsync || job->live || load ? 0 :
			      ARCOV_FILE_INPLACE), s->wait_ms, &err)) {
		arcov_rt_warn("%s; counts not written", err.msg);
		return -1;
	}
	tx.umask = &s->umask;
	rc = arcov_file_tx_read(&tx, &data, &size, &err);
	if (rc) {
		arcov_rt_warn("%s; counts not written", err.msg);
		goto abort;
	}
	/* A fold that died leaves a marker every writer settles first. */
	if (arcov_rt_live_recover(job->path, data, size, s->wait_ms)) {
		arcov_rt_warn("%s: cannot settle an interrupted fold; counts not written",
			      job->path);
		free(data);
		goto abort;
	}
	if (size)
		rc = arcov_da_read(&da, data, size, job->path, &err);
	free(data);
	if (rc) {
		arcov_rt_warn("%s; counts not written", err.msg);
		goto abort;
	}
	if (load && load(job, arg))
		goto free_da;
	if (run_block(&rb, job, s, program ? program : &job->run)) {
		arcov_rt_warn("%s: out of memory; counts not written",
			      job->path);
		goto free_da;
	}
	if (merge_and_store(&tx, &da, &rb, size, job, s, &err))
		arcov_rt_warn("%s", err.msg);
	else
		status = 0;
	free(rb.fns);
	free(rb.ext_tail);
free_da:
	arcov_da_free(&da);
abort:
	arcov_file_abort(&tx);
	return status;
}

int arcov_rt_write_one(struct arcov_rt_job *job,
		       int (*load)(struct arcov_rt_job *job, void *arg),
		       void *arg)
{
	struct settings s;

	settings_read(&s);
	return write_job(job, NULL, &s, load, arg);
}

void arcov_rt_write(struct arcov_rt_job *jobs, size_t n,
		    const struct arcov_da_summary *others)
{
	struct arcov_da_summary program = *others;
	struct arcov_rt_place place;
	struct settings s;
	struct stat st;
	size_t i;

	settings_read(&s);
	arcov_rt_place_read(&place);
	for (i = 0; i < n; i++)
		arcov_da_summary_add(&program, &jobs[i].run);
	for (i = 0; i < n; i++) {
		struct arcov_rt_job *job = &jobs[i];

		job->path = arcov_rt_da_path(&place, job->obj->da_path);
		if (!job->path) {
			arcov_rt_warn("%s: out of memory; counts not written",
				      job->obj->da_path);
			continue;
		}
		/* Merging zeros into a file changes nothing the reporter
		 * reads.  A missing file is still created, as gcov does:
		 * it tells an object that was part of a run from one that
		 * never was. */
		if (s.append || job->run.sum || lstat(job->path, &st))
			write_job(job, &program, &s, NULL, NULL);
		free(job->path);
		job->path = NULL;
	}
}
