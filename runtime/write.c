/* write.c -- one dump: merge or append each object's block into its .da.
 *
 * For each object: lock the sidecar, read the .da, find the block written
 * by this object (same functions, checksums and counter counts, and the
 * same run label), add this run's counts into it -- or append a new block
 * when there is none (the object was rebuilt) or ARCOV_APPEND=1 -- and
 * replace the file through a temporary, fsync and rename.  A file that
 * does not parse is never touched.
 *
 * Program summaries follow GCC 3.3 (doc/formats.md §4.4): an appended block
 * carries this run's totals over all registered objects; a merged block
 * carries the totals over all registered objects after merging, which
 * 3.3 patched in with a second pass over the files.  arcov writes each
 * file once instead: the objects already written contribute their merged
 * summaries, the object being written its own (taken under its lock), and
 * the objects still to come an estimate from an unlocked read pass made
 * before the first write (doc/da-extension.md).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "da-ext.h"
#include "fileio.h"
#include "internal.h"
#include "sm.h"

/* What the environment asks of this dump; read at every dump so a forked
 * child or a program that calls setenv() gets what it set. */
struct settings {
	int append;			/* ARCOV_APPEND=1 */
	const char *label;		/* ARCOV_RUN_LABEL, NULL if unset */
	unsigned char *tail;		/* extension tail holding the label */
	uint32_t tail_len;
};

static void settings_read(struct settings *s)
{
	const char *append = getenv("ARCOV_APPEND");
	const char *label = getenv("ARCOV_RUN_LABEL");
	int rc;

	memset(s, 0, sizeof *s);
	s->append = append && !strcmp(append, "1");
	if (!label || !*label)
		return;
	rc = arcov_ext_label_tail(label, &s->tail, &s->tail_len);
	if (rc) {
		arcov_rt_warn("ARCOV_RUN_LABEL: %s; runs are not labelled",
			      arcov_strerror(rc));
		return;
	}
	s->label = label;
}

/* Whether @blk was written by @job's object under the run label of @s. */
static int block_matches(const struct arcov_da_block *blk,
			 const struct arcov_rt_job *job,
			 const struct settings *s)
{
	const struct arcov_object *obj = job->obj;
	const unsigned char *label;
	uint32_t i, len;
	int rc;

	if (blk->nfns != obj->nfns)
		return 0;
	for (i = 0; i < obj->nfns; i++) {
		const struct arcov_da_fn *fn = &blk->fns[i];
		const struct arcov_fn_info *info = &obj->fns[i];

		if (fn->checksum != info->checksum ||
		    fn->ncounters != info->ncounters ||
		    strcmp(fn->name, info->name))
			return 0;
	}
	rc = arcov_ext_find(blk->ext_tail, blk->ext_tail_len, ARCOV_EXT_LABEL,
			    &label, &len);
	if (rc < 0)
		return 0;	/* a tail arcov did not write: not ours */
	if (rc > 0)
		return !s->label;
	return s->label && strlen(s->label) == len &&
	       !memcmp(s->label, label, len);
}

static struct arcov_da_block *find_block(struct arcov_da *da,
					 const struct arcov_rt_job *job,
					 const struct settings *s)
{
	size_t i;

	for (i = 0; i < da->nblocks; i++)
		if (block_matches(&da->blocks[i], job, s))
			return &da->blocks[i];
	return NULL;
}

/*
 * Read and parse the .da at @path into @da; *@size (may be NULL) receives
 * the file's size.  A missing or empty file is an empty @da: it holds
 * nothing that could be lost.
 */
static int da_load(const char *path, struct arcov_da *da, size_t *size,
		   struct arcov_err *err)
{
	unsigned char *data;
	size_t len;
	int rc;

	memset(da, 0, sizeof *da);
	rc = arcov_file_slurp_optional(path, &data, &len, err);
	if (rc)
		return rc;
	if (size)
		*size = len;
	if (len)
		rc = arcov_da_read(da, data, len, path, err);
	free(data);
	return rc;
}

/* Add @counts into the matching block @blk, saturating. */
static void block_merge(struct arcov_da_block *blk, const uint64_t *counts)
{
	uint32_t i, j;

	for (i = 0; i < blk->nfns; i++) {
		struct arcov_da_fn *fn = &blk->fns[i];

		for (j = 0; j < fn->ncounters; j++, counts++) {
			uint64_t room = ARCOV_COUNTER_MAX - fn->counters[j];

			fn->counters[j] = *counts > room ? ARCOV_COUNTER_MAX :
				fn->counters[j] + *counts;
		}
	}
	arcov_da_block_summarize(blk);
	if (blk->object.sum > ARCOV_COUNTER_MAX)
		blk->object.sum = ARCOV_COUNTER_MAX;
}

/* Estimate @job's summary after merging from the file as it is now; the
 * .da is only ever replaced by rename(), so reading needs no lock. */
static void estimate_merged(struct arcov_rt_job *job, const struct settings *s)
{
	struct arcov_da_block *blk;
	struct arcov_da da;

	if (da_load(job->path, &da, NULL, NULL))
		return;		/* the write pass reports it */
	blk = find_block(&da, job, s);
	if (blk) {
		block_merge(blk, job->counts);
		job->merged = blk->object;
	}
	arcov_da_free(&da);
}

/*
 * Append a block for @job's object holding this run's counts, or leave @da
 * as it was and fail.  The block only lives until the file is written, so
 * it borrows the names, counts and label tail rather than copying them;
 * block_unappend() must take it off before @da is freed.
 */
static int block_append(struct arcov_da *da, const struct arcov_rt_job *job,
			const struct settings *s)
{
	const struct arcov_object *obj = job->obj;
	uint64_t *counts = job->counts;
	struct arcov_da_block *blk;
	struct arcov_da_fn *fns;
	uint32_t i;

	fns = malloc(obj->nfns ? obj->nfns * sizeof *fns : 1);
	if (!fns)
		return ARCOV_ENOMEM;
	blk = realloc(da->blocks, (da->nblocks + 1) * sizeof *blk);
	if (!blk) {
		free(fns);
		return ARCOV_ENOMEM;
	}
	da->blocks = blk;
	blk = &da->blocks[da->nblocks++];
	memset(blk, 0, sizeof *blk);
	blk->object = job->run;
	blk->ext_tail = s->tail;
	blk->ext_tail_len = s->tail_len;
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

/* Take the block of block_append() off @da, freeing only what it owns. */
static void block_unappend(struct arcov_da *da)
{
	free(da->blocks[--da->nblocks].fns);
}

/* Serialize @da and replace @path with it; @hint is the expected size. */
static int da_store(const char *path, const struct arcov_da *da, size_t hint,
		    struct arcov_err *err)
{
	unsigned char *buf;
	ssize_t size;
	int rc;

	size = arcov_da_write_alloc(da, hint, &buf);
	if (size < 0)
		return arcov_errf(err, (int)size, path, -1, "cannot encode: %s",
				  arcov_strerror((int)size));
	rc = arcov_file_replace(path, buf, (size_t)size, err);
	free(buf);
	return rc;
}

/* A generous guess at the size of the block @job's object writes: the
 * counters exactly, each function record's fixed part and a name of up
 * to 40 characters.  Longer names only cost a copy of the buffer. */
static size_t block_size_guess(const struct arcov_rt_job *job,
			       const struct settings *s)
{
	const struct arcov_object *obj = job->obj;

	return 3 * ARCOV_WORD + ARCOV_DA_EXT_STD + s->tail_len +
	       (size_t)obj->nfns * (5 * ARCOV_WORD + 40) +
	       (size_t)obj->ncounters * ARCOV_COUNTER;
}

/* The program summary of a merged block: the registered objects not in
 * this dump, plus every job's summary after merging -- exact for the jobs
 * already written, the read pass's estimate for the others. */
static struct arcov_da_summary merged_program(const struct arcov_rt_job *jobs,
					      size_t n,
					      const struct arcov_da_summary *others)
{
	struct arcov_da_summary sum = *others;
	size_t i;

	for (i = 0; i < n; i++)
		arcov_rt_summary_merge(&sum, &jobs[i].merged);
	return sum;
}

/* Write jobs[@i]; see arcov_rt_write() for @n, @others and @run. */
static void write_job(struct arcov_rt_job *jobs, size_t n, size_t i,
		      const struct arcov_da_summary *others,
		      const struct arcov_da_summary *run,
		      const struct settings *s)
{
	struct arcov_rt_job *job = &jobs[i];
	struct arcov_da_block *blk = NULL;
	struct arcov_err err;
	struct arcov_da da;
	size_t size = 0;
	int fd, rc;

	fd = arcov_rt_lock(job->path);
	if (fd < 0)
		return;
	rc = da_load(job->path, &da, &size, &err);
	if (rc) {
		arcov_rt_warn("%s; counts not written", err.msg);
		goto unlock;
	}
	if (!s->append)
		blk = find_block(&da, job, s);
	if (blk) {
		block_merge(blk, job->counts);
		job->merged = blk->object;
		blk->program = merged_program(jobs, n, others);
	} else {
		rc = block_append(&da, job, s);
		if (rc) {
			arcov_rt_warn("%s: %s; counts not written", job->path,
				      arcov_strerror(rc));
			goto free_da;
		}
		job->merged = job->run;
		da.blocks[da.nblocks - 1].program = *run;
	}
	/* Merging keeps the size; appending adds a block. */
	if (!blk)
		size += block_size_guess(job, s);
	if (da_store(job->path, &da, size, &err))
		arcov_rt_warn("%s", err.msg);
	if (!blk)	/* the last block is block_append()'s */
		block_unappend(&da);
free_da:
	arcov_da_free(&da);
unlock:
	close(fd);
}

void arcov_rt_write(struct arcov_rt_job *jobs, size_t n,
		    const struct arcov_da_summary *others)
{
	struct arcov_da_summary run = *others;
	struct settings s;
	size_t i;

	settings_read(&s);
	for (i = 0; i < n; i++) {
		struct arcov_rt_job *job = &jobs[i];

		job->path = arcov_rt_da_path(job->obj->da_path);
		if (!job->path)
			arcov_rt_warn("%s: out of memory; counts not written",
				      job->obj->da_path);
		arcov_rt_summary_merge(&run, &job->run);
	}
	for (i = 0; i < n; i++) {
		jobs[i].merged = jobs[i].run;
		/* A lone job's estimate would be replaced unused. */
		if (jobs[i].path && !s.append && n > 1)
			estimate_merged(&jobs[i], &s);
	}
	for (i = 0; i < n; i++) {
		if (jobs[i].path)
			write_job(jobs, n, i, others, &run, &s);
		free(jobs[i].path);
		jobs[i].path = NULL;
	}
	free(s.tail);
}
