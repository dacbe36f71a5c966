/* merge-stream.c -- arcov-merge --from-stream: the counter stream of a
 * freestanding program (lib/stream.h, doc/stream-format.md) merged into
 * its .da files, as the hosted runtime merges a run at exit: each object
 * of each dump in the stream is one run, placed as ARCOV_PREFIX and
 * ARCOV_PREFIX_STRIP say, added into the file's block of the same object
 * and run label (ARCOV_RUN_LABEL), or appended when there is none or
 * ARCOV_APPEND=1 (doc/da-extension.md §2-4).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "da-ext.h"
#include "da-merge.h"
#include "fold.h"
#include "fileio.h"
#include "merge.h"
#include "stream.h"

/* The whole of standard input, in a malloc'd buffer. */
static int read_stdin(unsigned char **data, size_t *size,
		      struct arcov_err *err)
{
	size_t cap = 65536, n = 0, got;
	unsigned char *buf = malloc(cap), *bigger;

	while (buf && (got = fread(buf + n, 1, cap - n, stdin)) > 0) {
		n += got;
		if (n == cap) {
			bigger = realloc(buf, cap *= 2);
			if (!bigger)
				free(buf);
			buf = bigger;
		}
	}
	if (!buf)
		return arcov_errf(err, ARCOV_ENOMEM, "-", -1, "out of memory");
	if (ferror(stdin)) {
		free(buf);
		return arcov_errf(err, ARCOV_EIO, "-", -1, "cannot read");
	}
	*data = buf;
	*size = n;
	return 0;
}

/* The run's block of @o: its functions borrowed into @fns, the run's
 * label and @o's stamp in a malloc'd tail, @program its summary. */
static int run_block(struct arcov_da_block *blk, struct arcov_da_fn *fns,
		     const struct arcov_stream_obj *o, const char *label,
		     const struct arcov_da_summary *program)
{
	uint32_t i;
	int rc;

	memset(blk, 0, sizeof *blk);
	for (i = 0; i < o->nfns; i++) {
		memset(&fns[i], 0, sizeof fns[i]);
		fns[i].name = o->fns[i].name;
		fns[i].checksum = o->fns[i].checksum;
		fns[i].ncounters = o->fns[i].ncounters;
		fns[i].counters = o->fns[i].counters;
	}
	blk->nfns = o->nfns;
	blk->fns = fns;
	blk->program = *program;
	rc = arcov_ext_run_tail(label, o->stamp, &blk->ext_tail,
				&blk->ext_tail_len);
	if (!rc)
		arcov_da_block_summarize(blk);
	return rc;
}

/* Merge or append the run's block @rb into the .da at @path, under its
 * lock, written as atomically as the runtime writes it. */
static int store(const char *path, struct arcov_da_block *rb, int append,
		 struct arcov_err *err)
{
	struct arcov_file_tx tx;
	struct arcov_da da = { 0 };
	struct arcov_da_block *blocks;
	unsigned char *data = NULL;
	size_t size = 0, k;
	ssize_t len;
	int rc;

	rc = arcov_file_begin(&tx, path, ARCOV_FILE_PARENTS | ARCOV_FILE_INPLACE,
			      ARCOV_FILE_WAIT_MS, err);
	if (rc)
		return rc;
	rc = arcov_file_tx_read(&tx, &data, &size, err);
	/* A fold of a continuous program that died leaves a marker every
	 * writer settles first (doc/live-file.md, "Folding"). */
	if (!rc)
		rc = arcov_fold_settle(path, data, size, err);
	if (!rc && size)
		rc = arcov_da_read(&da, data, size, path, err);
	free(data);
	if (rc)
		goto abort;
	k = append ? da.nblocks : arcov_da_find_block(&da, rb);
	if (k < da.nblocks) {
		arcov_da_block_add(&da.blocks[k], rb);
	} else {
		blocks = realloc(da.blocks, (da.nblocks + 1) * sizeof *blocks);
		if (!blocks) {
			rc = arcov_errf(err, ARCOV_ENOMEM, path, -1,
					"out of memory");
			goto abort;
		}
		da.blocks = blocks;
		da.blocks[da.nblocks] = *rb;	/* borrowed for the write */
	}
	len = arcov_da_write_alloc(&(struct arcov_da){
					   da.nblocks + (k == da.nblocks),
					   da.blocks }, 4096, &data);
	if (len < 0) {
		rc = arcov_errf(err, (int)len, path, -1, "cannot encode: %s",
				arcov_strerror((int)len));
		goto abort;
	}
	rc = arcov_file_commit(&tx, data, (size_t)len, 0, err);
	free(data);
	arcov_da_free(&da);
	return rc;

abort:
	arcov_file_abort(&tx);
	arcov_da_free(&da);
	return rc;
}

/* Every object of the stream @s, one run: 0, or 1 after saying what
 * failed (the other objects are still merged). */
static int merge_one(const struct arcov_stream *s, FILE *diag)
{
	const char *label = getenv("ARCOV_RUN_LABEL");
	const char *prefix = getenv("ARCOV_PREFIX");
	int strip = arcov_path_strip_count(getenv("ARCOV_PREFIX_STRIP"));
	const char *append_env = getenv("ARCOV_APPEND");
	int append = append_env && !strcmp(append_env, "1");
	struct arcov_da_summary program = { 0 };
	uint32_t i, k;
	int bad = 0;

	if (label && !*label)
		label = NULL;
	for (i = 0; i < s->nobjs; i++)
		for (k = 0; k < s->objs[i].nfns; k++)
			arcov_da_summary_counters(&program,
						  s->objs[i].fns[k].counters,
						  s->objs[i].fns[k].ncounters);
	for (i = 0; i < s->nobjs; i++) {
		const struct arcov_stream_obj *o = &s->objs[i];
		struct arcov_err err = { 0 };
		struct arcov_da_block rb;
		struct arcov_da_fn *fns;
		char *path;
		int rc = ARCOV_ENOMEM;

		path = arcov_path_relocate(prefix, strip, o->da_path);
		fns = malloc(o->nfns ? o->nfns * sizeof *fns : 1);
		if (path && fns)
			rc = run_block(&rb, fns, o, label, &program);
		if (!rc) {
			rc = store(path, &rb, append, &err);
			free(rb.ext_tail);
		} else {
			arcov_errf(&err, rc, path ? path : o->da_path, -1,
				   "%s", arcov_strerror(rc));
		}
		if (rc) {
			fprintf(diag, "arcov-merge: %s\n", err.msg);
			bad = 1;
		}
		free(fns);
		free(path);
	}
	return bad;
}

int arcov_merge_stream(const char *file, FILE *diag)
{
	struct arcov_err err = { 0 };
	unsigned char *data = NULL, *bytes = NULL;
	size_t size, len, pos = 0, n = 0, i;
	struct arcov_stream *runs = NULL, *bigger;
	int rc, bad = 0;

	if (!strcmp(file, "-"))
		rc = read_stdin(&data, &size, &err);
	else
		rc = arcov_file_slurp(file, &data, &size, &err);
	if (!rc)
		rc = arcov_stream_unhex(data, size, file, &bytes, &len, &err);
	free(data);
	/* Each dump in the stream is a run of its own; all are read before
	 * any is merged, so a damaged one leaves every file as it was. */
	while (!rc && pos < len) {
		bigger = realloc(runs, (n + 1) * sizeof *runs);
		if (!bigger) {
			rc = arcov_errf(&err, ARCOV_ENOMEM, file, -1,
					"out of memory");
			break;
		}
		runs = bigger;
		rc = arcov_stream_read(&runs[n], bytes, len, &pos, file, &err);
		if (!rc)
			n++;
	}
	if (rc)
		fprintf(diag, "arcov-merge: %s\n", err.msg);
	for (i = 0; i < n; i++) {
		if (!rc)
			bad |= merge_one(&runs[i], diag);
		arcov_stream_free(&runs[i]);
	}
	free(runs);
	free(bytes);
	return rc ? 1 : bad;
}
