/* merge.c -- arcov-merge: add .da blocks of the same object and run label,
 * keep the others, write the result atomically.  The rules for matching
 * and adding blocks are lib/da-merge.h's, shared with the runtime;
 * merge.h says why the order is canonical.
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "da-merge.h"
#include "discover.h"
#include "fileio.h"
#include "fold.h"
#include "live.h"
#include "merge.h"
#include "trace.h"

int arcov_merge_da(struct arcov_da *acc, struct arcov_da *in)
{
	struct arcov_da_block *bigger;
	size_t i, k;

	bigger = realloc(acc->blocks,
			 (acc->nblocks + in->nblocks + 1) * sizeof *bigger);
	if (!bigger) {
		arcov_da_free(in);
		return ARCOV_ENOMEM;
	}
	acc->blocks = bigger;
	for (i = 0; i < in->nblocks; i++) {
		struct arcov_da_block *blk = &in->blocks[i];

		for (k = 0; k < acc->nblocks; k++)
			if (arcov_da_blocks_match(&acc->blocks[k], blk))
				break;
		if (k < acc->nblocks) {
			arcov_da_block_add(&acc->blocks[k], blk);
			arcov_da_block_free(blk);
		} else {
			acc->blocks[acc->nblocks++] = *blk;
			memset(blk, 0, sizeof *blk);
		}
	}
	arcov_da_free(in);
	return 0;
}

static int cmp_u64(uint64_t a, uint64_t b)
{
	return a < b ? -1 : a > b;
}

static int cmp_summary(const struct arcov_da_summary *a,
		       const struct arcov_da_summary *b)
{
	int c = cmp_u64(a->arcs, b->arcs);

	if (!c)
		c = cmp_u64(a->sum, b->sum);
	return c ? c : cmp_u64(a->max, b->max);
}

/* The canonical order of merge.h; blocks comparing equal are identical. */
static int cmp_blocks(const void *pa, const void *pb)
{
	const struct arcov_da_block *a = pa, *b = pb;
	uint32_t n = a->nfns < b->nfns ? a->nfns : b->nfns, i, j;
	int c;

	for (i = 0; i < n; i++) {
		c = strcmp(a->fns[i].name, b->fns[i].name);
		if (!c)
			c = cmp_u64(a->fns[i].checksum, b->fns[i].checksum);
		if (!c)
			c = cmp_u64(a->fns[i].ncounters, b->fns[i].ncounters);
		if (c)
			return c;
	}
	c = cmp_u64(a->nfns, b->nfns);
	if (!c)
		c = cmp_u64(a->ext_tail_len, b->ext_tail_len);
	if (!c && a->ext_tail_len)
		c = memcmp(a->ext_tail, b->ext_tail, a->ext_tail_len);
	for (i = 0; !c && i < n; i++)
		for (j = 0; !c && j < a->fns[i].ncounters; j++)
			c = cmp_u64(a->fns[i].counters[j],
				    b->fns[i].counters[j]);
	if (!c)
		c = cmp_summary(&a->program, &b->program);
	return c ? c : cmp_summary(&a->object, &b->object);
}

void arcov_merge_finish(struct arcov_da *acc)
{
	size_t k;

	for (k = 0; k < acc->nblocks; k++) {
		struct arcov_da_block *blk = &acc->blocks[k];

		if (arcov_da_block_mergeable(blk))	/* else verbatim */
			arcov_da_block_resum(blk);
	}
	if (acc->nblocks)
		qsort(acc->blocks, acc->nblocks, sizeof *acc->blocks,
		      cmp_blocks);
}

/* One output, serialized and waiting until every input has been read. */
struct output {
	char *path;
	unsigned char *data;
	size_t size;
};

struct outputs {
	size_t n;
	struct output *v;
	int fold;	/* fold the live files of dead processes into the
			 * inputs first (arcov_merge_run()) */
};

static void outputs_free(struct outputs *o)
{
	size_t i;

	for (i = 0; i < o->n; i++) {
		free(o->v[i].path);
		free(o->v[i].data);
	}
	free(o->v);
	memset(o, 0, sizeof *o);
}

/* Say on @diag why a fold of @path's live files failed (@msgs, lines)
 * and how many live files are left beside it (@left). */
static void fold_said(const char *path, const char *msgs, size_t left,
		      int folding, FILE *diag)
{
	const char *line, *nl;

	for (line = msgs; line && *line; line = nl + 1) {
		nl = strchr(line, '\n');
		fprintf(diag, "arcov-merge: warning: %.*s\n", (int)(nl - line),
			line);
	}
	if (left)
		fprintf(diag, "arcov-merge: warning: %s: %zu live file%s of "
			"%s beside it, not folded: their counts are not "
			"merged\n", path, left, left == 1 ? "" : "s",
			folding ? "running processes (or a failed fold)" :
			"continuous mode");
}

/* Read @path and merge it into @acc, first folding the live files of
 * continuous mode's dead processes into it when @fold; 0, or 1 after
 * saying what failed. */
static int merge_file(struct arcov_da *acc, const char *path, int fold,
		      FILE *diag)
{
	struct arcov_err err = { 0 };
	struct arcov_fold_result fr = { 0 };
	struct arcov_da in;
	unsigned char *data;
	size_t size;
	int rc;

	/* With the runtime's own protocol (doc/live-file.md, "Folding"):
	 * the .da then holds what the dead processes counted. */
	if (fold) {
		if (arcov_fold_live(path, &fr)) {
			fprintf(diag, "arcov-merge: %s: out of memory\n",
				path);
			arcov_fold_result_free(&fr);
			return 1;
		}
	}
	fold_said(path, fr.msgs, fold ? fr.alive + fr.failed :
		  arcov_live_count(path), fold, diag);
	arcov_fold_result_free(&fr);
	/* Under the shared lock: a running program may be rewriting the
	 * file in place (lib/fileio.h). */
	rc = arcov_file_read(path, ARCOV_FILE_SHARED, &data, &size, &err);
	if (!rc) {
		rc = arcov_da_read(&in, data, size, path, &err);
		free(data);
	}
	if (!rc) {
		rc = arcov_merge_da(acc, &in);
		if (rc)
			arcov_errf(&err, rc, path, -1, "out of memory");
	}
	if (rc)
		fprintf(diag, "arcov-merge: %s\n", err.msg);
	return rc ? 1 : 0;
}

/*
 * Merge the files @ins (@n of them) into a new entry of @outs for @out.
 * Every input is read even after a failure, so one run names every bad
 * file.  Returns 0, or 1 after saying what failed.
 */
static int merge_files(struct outputs *outs, const char *out,
		       char *const *ins, size_t n, FILE *diag)
{
	struct arcov_da acc = { 0 };
	struct output *o, *bigger;
	unsigned char *data;
	ssize_t size;
	size_t i;
	int rc = 0;

	for (i = 0; i < n; i++)
		rc |= merge_file(&acc, ins[i], outs->fold, diag);
	if (rc)
		goto free_acc;
	arcov_merge_finish(&acc);
	bigger = realloc(outs->v, (outs->n + 1) * sizeof *bigger);
	if (!bigger)
		goto nomem;
	outs->v = bigger;
	o = &outs->v[outs->n];
	memset(o, 0, sizeof *o);
	size = arcov_da_write_alloc(&acc, 4096, &data);
	if (size == ARCOV_ENOMEM)
		goto nomem;
	if (size < 0) {
		fprintf(diag, "arcov-merge: %s: cannot encode: %s\n", out,
			arcov_strerror((int)size));
		rc = 1;
		goto free_acc;
	}
	o->path = strdup(out);
	if (!o->path) {
		free(data);
		goto nomem;
	}
	o->data = data;
	o->size = (size_t)size;
	outs->n++;
free_acc:
	arcov_da_free(&acc);
	return rc;

nomem:
	fprintf(diag, "arcov-merge: %s: out of memory\n", out);
	arcov_da_free(&acc);
	return 1;
}

/* Create the missing directories leading to the file @path. */
static int make_parents(char *path, struct arcov_err *err)
{
	char *slash;

	for (slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1,
								  '/')) {
		int bad;

		*slash = 0;
		bad = mkdir(path, 0777) && errno != EEXIST;
		if (bad)
			arcov_errf(err, ARCOV_EIO, path, -1,
				   "cannot create directory: %s",
				   strerror(errno));
		*slash = '/';
		if (bad)
			return ARCOV_EIO;
	}
	return 0;
}

static int write_outputs(struct outputs *outs, int parents, FILE *diag)
{
	struct arcov_err err = { 0 };
	size_t i;
	int rc = 0;

	for (i = 0; i < outs->n; i++) {
		struct output *o = &outs->v[i];

		if (!parents && !strcmp(o->path, "-")) {
			/* Standard output, as for arcov's outputs. */
			if (fwrite(o->data, 1, o->size, stdout) != o->size ||
			    fflush(stdout) || ferror(stdout)) {
				fprintf(diag, "arcov-merge: standard output: "
					"write error: %s\n", strerror(errno));
				rc = 1;
			}
			continue;
		}
		if ((parents && make_parents(o->path, &err)) ||
		    arcov_fold_replace(o->path, o->data, o->size, &err)) {
			fprintf(diag, "arcov-merge: %s\n", err.msg);
			rc = 1;
		}
	}
	return rc;
}

/* Merge, path by path, the .da files below the directories @ins. */
static int merge_trees(struct outputs *outs, const char *out,
		       char *const *ins, size_t n, FILE *diag)
{
	struct arcov_paths *rels, all = { 0 }, group = { 0 };
	struct arcov_err err = { 0 };
	struct stat st;
	size_t i, k;
	int rc = 0;

	if (!stat(out, &st) && !S_ISDIR(st.st_mode)) {
		fprintf(diag, "arcov-merge: %s: not a directory\n", out);
		return 1;
	}
	rels = calloc(n, sizeof *rels);
	if (!rels) {
		fprintf(diag, "arcov-merge: out of memory\n");
		return 1;
	}
	for (i = 0; i < n; i++) {
		if (arcov_discover_tree(ins[i], ".da", &rels[i], &err)) {
			fprintf(diag, "arcov-merge: %s\n", err.msg);
			rc = 1;
			continue;
		}
		for (k = 0; k < rels[i].n; k++)
			if (arcov_paths_add(&all, rels[i].v[k]))
				goto nomem;
	}
	if (rc)
		goto free_rels;
	if (!all.n) {
		fprintf(diag, "arcov-merge: no .da file below the input "
			"director%s\n", n == 1 ? "y" : "ies");
		rc = 1;
		goto free_rels;
	}
	qsort(all.v, all.n, sizeof *all.v, arcov_paths_cmp);
	for (k = 0; k < all.n; k++) {
		char *target;

		if (k && !strcmp(all.v[k], all.v[k - 1]))
			continue;
		for (i = 0; i < n; i++) {
			char *path;

			if (!rels[i].n ||
			    !bsearch(&all.v[k], rels[i].v, rels[i].n,
				     sizeof *rels[i].v, arcov_paths_cmp))
				continue;
			path = arcov_path_join(ins[i], all.v[k]);
			if (!path || arcov_paths_add(&group, path)) {
				free(path);
				goto nomem;
			}
			free(path);
		}
		target = arcov_path_join(out, all.v[k]);
		if (!target)
			goto nomem;
		rc |= merge_files(outs, target, group.v, group.n, diag);
		free(target);
		arcov_paths_free(&group);
	}
	goto free_rels;

nomem:
	fprintf(diag, "arcov-merge: out of memory\n");
	rc = 1;
free_rels:
	for (i = 0; i < n; i++)
		arcov_paths_free(&rels[i]);
	free(rels);
	arcov_paths_free(&all);
	arcov_paths_free(&group);
	return rc;
}

/* ---- traces: runs appended, in a canonical order ---- */

/* One run of an input trace: its bytes and what orders it. */
struct trace_run {
	const unsigned char *bytes;
	size_t size;
	uint64_t start, end;
	uint32_t pid;
};

/* By start, then process: the order runs happened in.  Ties (the same
 * run in several inputs) compare equal. */
static int cmp_runs(const void *pa, const void *pb)
{
	const struct trace_run *a = pa, *b = pb;
	int c = cmp_u64(a->start, b->start);

	return c ? c : cmp_u64(a->pid, b->pid);
}

/* Whether @path starts like a trace (lib/trace.h); never blocks. */
static int is_trace(const char *path)
{
	unsigned char *data;
	size_t size;
	int yes;

	if (arcov_file_read(path, 0, &data, &size, NULL))
		return 0;
	yes = size >= 8 && !memcmp(data, ARCOV_TRACE_MAGIC, 8);
	free(data);
	return yes;
}

/*
 * The traces @ins merged into @outs' entry for @out: every run of every
 * input once, in the order they ran (a run found in several inputs, as
 * after merging a file into itself, is kept once: the copy that ran
 * longest, an arcov_dump() being a prefix of the exit's).  A run is
 * copied byte for byte; the exports add up the runs' aggregates exactly.
 */
static int merge_traces(struct outputs *outs, const char *out,
			char *const *ins, size_t n, FILE *diag)
{
	struct arcov_trace_runs *rs = calloc(n + 1, sizeof *rs);
	unsigned char **data = calloc(n + 1, sizeof *data);
	struct trace_run *runs = NULL, *more;
	struct arcov_err err = { 0 };
	struct output *o;
	size_t i, k, nruns = 0, size, total = 0;
	int rc = 0;

	if (!rs || !data)
		goto nomem;
	for (i = 0; i < n; i++) {
		if (arcov_file_read(ins[i], 0, &data[i], &size, &err) ||
		    arcov_trace_read_runs(&rs[i], data[i], size, ins[i],
					  &err)) {
			fprintf(diag, "arcov-merge: %s\n", err.msg);
			rc = 1;
			continue;
		}
		more = realloc(runs, (nruns + rs[i].n) * sizeof *runs);
		if (!more)
			goto nomem;
		runs = more;
		for (k = 0; k < rs[i].n; k++, nruns++) {
			runs[nruns].bytes = data[i] + rs[i].offset[k];
			runs[nruns].size = rs[i].offset[k + 1] -
					   rs[i].offset[k];
			runs[nruns].start = rs[i].runs[k].start;
			runs[nruns].end = rs[i].runs[k].end;
			runs[nruns].pid = rs[i].runs[k].pid;
		}
	}
	if (rc || !nruns)
		goto free_all;
	qsort(runs, nruns, sizeof *runs, cmp_runs);
	for (i = k = 0; i < nruns; i++) {
		if (k && !cmp_runs(&runs[k - 1], &runs[i])) {
			if (runs[i].end > runs[k - 1].end ||
			    (runs[i].end == runs[k - 1].end &&
			     (runs[i].size > runs[k - 1].size ||
			      (runs[i].size == runs[k - 1].size &&
			       memcmp(runs[i].bytes, runs[k - 1].bytes,
				      runs[i].size) > 0))))
				runs[k - 1] = runs[i];
			continue;
		}
		runs[k++] = runs[i];
	}
	nruns = k;
	o = realloc(outs->v, (outs->n + 1) * sizeof *outs->v);
	if (!o)
		goto nomem;
	outs->v = o;
	o = &outs->v[outs->n];
	memset(o, 0, sizeof *o);
	for (i = 0; i < nruns; i++)
		total += runs[i].size;
	o->path = strdup(out);
	o->data = malloc(total ? total : 1);
	if (!o->path || !o->data) {
		free(o->path);
		free(o->data);
		goto nomem;
	}
	for (i = 0, size = 0; i < nruns; i++) {
		memcpy(o->data + size, runs[i].bytes, runs[i].size);
		size += runs[i].size;
	}
	o->size = total;
	outs->n++;
	goto free_all;
nomem:
	fprintf(diag, "arcov-merge: %s: out of memory\n", out);
	rc = 1;
free_all:
	for (i = 0; rs && i < n; i++)
		arcov_trace_runs_free(&rs[i]);
	for (i = 0; data && i < n; i++)
		free(data[i]);
	free(rs);
	free(data);
	free(runs);
	return rc;
}

int arcov_merge_run(const char *out, char *const *ins, int nins, int fold,
		    FILE *diag)
{
	struct outputs outs = { 0 };
	struct stat st;
	int i, ndirs = 0, nfiles = 0, ntraces = 0, rc;

	/* A missing input is said to be missing once the mode is known. */
	for (i = 0; i < nins; i++) {
		if (stat(ins[i], &st))
			continue;
		if (S_ISDIR(st.st_mode))
			ndirs++;
		else
			nfiles++;
	}
	if (ndirs && !strcmp(out, "-")) {
		fprintf(diag, "arcov-merge: merging directories writes a tree; "
			"its output cannot be standard output\n");
		return 2;
	}
	if (ndirs && nfiles) {
		fprintf(diag, "arcov-merge: the inputs must be all files or "
			"all directories\n");
		return 2;
	}
	for (i = 0; !ndirs && i < nins; i++)
		ntraces += is_trace(ins[i]);
	if (ntraces && ntraces != nins) {
		fprintf(diag, "arcov-merge: the inputs must be all .da files "
			"or all traces\n");
		return 2;
	}
	outs.fold = fold;
	if (ndirs)
		rc = merge_trees(&outs, out, ins, (size_t)nins, diag);
	else if (ntraces)
		rc = merge_traces(&outs, out, ins, (size_t)nins, diag);
	else
		rc = merge_files(&outs, out, ins, (size_t)nins, diag);
	if (!rc)
		rc = write_outputs(&outs, ndirs > 0, diag);
	outputs_free(&outs);
	return rc;
}
