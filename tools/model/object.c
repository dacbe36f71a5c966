/* object.c -- load one object's .bb, .bbg and .da, match the .da records to
 * the flow graphs and solve every count (doc/formats.md §2.3, §3.4, §4.5, §5.2).
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fileio.h"
#include "fold.h"
#include "live.h"
#include "object.h"
#include "da-ext.h"
#include "da-merge.h"
#include "sm.h"

static struct arcov_obj_stats stats;

struct arcov_obj_stats arcov_obj_stats(void)
{
	return stats;
}

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

char *arcov_obj_stem(const char *arg, const char *objdir,
		     enum arcov_names_style style)
{
	size_t len = strlen(arg) + (objdir ? strlen(objdir) : 0) + 2;
	char *name = malloc(len);
	int base;
	char *dot;

	if (!name)
		return NULL;
	name[0] = 0;
	if (objdir && objdir[0]) {
		/* gcov 3.2 takes -o as a directory without looking. */
		base = style == ARCOV_NAMES_GCOV32 || is_dir(objdir);
		strcpy(name, objdir);
		if (base && name[strlen(name) - 1] != '/')
			strcat(name, "/");
	} else if (style == ARCOV_NAMES_MODERN ||
		   style == ARCOV_NAMES_GCOV32) {
		strcpy(name, arg);
		base = 0;
	} else {
		base = 1;
	}
	if (base)
		strcat(name, base_name(arg));

	/* gcov 12 looks for the suffix in the last component only; the old
	 * tools took the last dot anywhere in the path. */
	if (style == ARCOV_NAMES_MODERN)
		dot = strrchr(name + (base_name(name) - name), '.');
	else
		dot = strrchr(name, '.');
	if (dot)
		*dot = 0;
	return name;
}

static char *suffixed(const char *stem, const char *suffix)
{
	size_t n = strlen(stem), m = strlen(suffix);
	char *s = malloc(n + m + 1);

	if (s) {
		memcpy(s, stem, n);
		memcpy(s + n, suffix, m + 1);
	}
	return s;
}

static time_t mtime_of(const char *path)
{
	struct stat st;

	return stat(path, &st) ? 0 : st.st_mtime;
}

/* Read one whole file; a missing file returns 1 and leaves *data NULL.
 * @flags: more arcov_file_read() flags (ARCOV_FILE_SHARED for a .da,
 * which a running program may be rewriting in place). */
static int slurp(const char *path, int flags, unsigned char **data,
		 size_t *size, struct arcov_err *err)
{
	int r = arcov_file_read(path, ARCOV_FILE_OPTIONAL | flags, data, size,
				err);

	return r == 0 && !*data ? 1 : r;
}

/* The .da record @rec against the function @g: the record belongs to it
 * when 0 (lib/da-merge.h's rule, shared with the runtime and arcov-merge). */
static int key_cmp(const struct arcov_da_fn *rec, const struct arcov_bbg_fn *g)
{
	return arcov_da_fn_cmp(rec, g->name, g->checksum, g->ncounters);
}

static int cmp_fns(const void *pa, const void *pb)
{
	const struct arcov_obj_fn *fa = *(struct arcov_obj_fn *const *)pa;
	const struct arcov_obj_fn *fb = *(struct arcov_obj_fn *const *)pb;
	const struct arcov_bbg_fn *a = fa->graph, *b = fb->graph;
	struct arcov_da_fn key = {
		.name = a->name, .checksum = a->checksum,
		.ncounters = a->ncounters
	};

	return key_cmp(&key, b);
}

/*
 * Add every matching record of @blk into the functions; count the rest.
 * @sorted holds the functions in key_cmp() order, so each record finds
 * its functions by binary search instead of a scan of them all (a large
 * unit has thousands).
 */
static int match_block(struct arcov_obj *obj, const struct arcov_da_block *blk,
		       struct arcov_obj_fn *const *sorted)
{
	uint32_t i;
	size_t lo, hi, k;
	int used = 0;

	for (i = 0; i < blk->nfns; i++) {
		const struct arcov_da_fn *rec = &blk->fns[i];
		int matched = 0;

		for (lo = 0, hi = obj->nfns; lo < hi;) {
			size_t mid = lo + (hi - lo) / 2;

			if (key_cmp(rec, sorted[mid]->graph) > 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (k = lo; k < obj->nfns && !key_cmp(rec, sorted[k]->graph);
		     k++) {
			struct arcov_obj_fn *fn = sorted[k];

			arcov_da_counters_add(fn->counters, rec->counters,
					      rec->ncounters);
			fn->nrecords++;
			matched = 1;
		}
		if (matched) {
			used = 1;
		} else {
			if (!obj->nstale)
				obj->stale_offset = rec->offset;
			obj->nstale++;
		}
	}
	return used;
}

static int solve_all(struct arcov_obj *obj)
{
	size_t k;

	for (k = 0; k < obj->nfns; k++) {
		struct arcov_obj_fn *fn = &obj->fns[k];
		struct arcov_err err = { 0 };
		int r;

		r = arcov_solve(fn->graph, fn->counters, fn->graph->ncounters,
				&fn->counts, obj->bbg_path, &err);
		if (r == ARCOV_ENOMEM)
			return r;
		if (r < 0) {
			fn->err = malloc(sizeof *fn->err);
			if (!fn->err)
				return ARCOV_ENOMEM;
			*fn->err = err;
		}
		if (r == ARCOV_EINCONSISTENT && fn->counts.inexact) {
			/* Counters that lost increments: the solver's
			 * bounds, which the reports mark inexact. */
			fn->status = r;
		} else if (r < 0) {
			/* Report it and go on as if the function never ran. */
			fn->status = r;
			arcov_counts_free(&fn->counts);
			fn->counts.nblocks = fn->graph->nblocks;
			fn->counts.narcs = fn->graph->narcs;
			fn->counts.block = calloc(fn->graph->nblocks + 1,
						  sizeof *fn->counts.block);
			fn->counts.arc = calloc(fn->graph->narcs + 1,
						sizeof *fn->counts.arc);
			if (!fn->counts.block || !fn->counts.arc)
				return ARCOV_ENOMEM;
		}
	}
	return 0;
}

/* The .bb must be the .bbg's: the same functions in the same order (gcov
 * 3.3 paired them by position alone, so another build's .bb beside the
 * .bbg gave a wrong report), and no more block lists than blocks: gcov
 * 3.x aborts on a 0 word past the exit block's list, and would read past
 * the graph for lines after the last one. */
static int check_pairing(const struct arcov_obj *obj, struct arcov_err *err)
{
	size_t k;

	if (!obj->bbg.nfns)
		return 0;	/* "no executable code", as gcov says */
	if (obj->bb.nfns < obj->bbg.nfns)
		return arcov_errf(err, ARCOV_EMISMATCH, obj->bb_path, -1,
				  "%zu function%s, where %s has %zu: the "
				  "notes are not of one build",
				  obj->bb.nfns, obj->bb.nfns == 1 ? "" : "s",
				  obj->bbg_path, obj->bbg.nfns);
	for (k = 0; k < obj->bb.nfns; k++) {
		const struct arcov_bb_fn *fn = &obj->bb.fns[k];
		uint32_t nblocks;

		if (k >= obj->bbg.nfns)
			return arcov_errf(err, ARCOV_EMISMATCH, obj->bb_path,
					  (long)fn->offset,
					  "function %s has no flow graph in %s",
					  fn->name, obj->bbg_path);
		nblocks = obj->bbg.fns[k].nblocks;
		if (strcmp(fn->name, obj->bbg.fns[k].name))
			return arcov_errf(err, ARCOV_EMISMATCH, obj->bb_path,
					  (long)fn->offset,
					  "function %s is %s in %s: the notes "
					  "are not of one build", fn->name,
					  obj->bbg.fns[k].name, obj->bbg_path);
		if (fn->nblocks > (uint64_t)nblocks + 1 ||
		    (fn->nblocks == (uint64_t)nblocks + 1 &&
		     fn->blocks[nblocks].nitems))
			return arcov_errf(err, ARCOV_EMISMATCH, obj->bb_path,
					  (long)fn->blocks[nblocks].offset,
					  "function %s: more block lists than "
					  "the %u blocks of its flow graph",
					  fn->name, nblocks);
	}
	return 0;
}

/* The label's bytes in @blk's tail; 1, or 0 when it has none. */
static int label_bytes(const struct arcov_da_block *blk,
		       const unsigned char **payload, uint32_t *n)
{
	if (arcov_ext_find(blk->ext_tail, blk->ext_tail_len, ARCOV_EXT_LABEL,
			   payload, n))
		return 0;
	return !memchr(*payload, 0, *n);
}

int arcov_run_label(const struct arcov_da_block *blk, char **label)
{
	const unsigned char *payload;
	uint32_t n;

	*label = NULL;
	if (!label_bytes(blk, &payload, &n))
		return 0;
	*label = malloc((size_t)n + 1);
	if (!*label)
		return ARCOV_ENOMEM;
	memcpy(*label, payload, n);
	(*label)[n] = 0;
	return 1;
}

int arcov_run_selects(const struct arcov_run_sel *run,
		      const struct arcov_da_block *blk, size_t k)
{
	const unsigned char *payload;
	uint32_t n;
	int has;

	if (!run)
		return 1;
	has = label_bytes(blk, &payload, &n);
	if (run->unlabelled)
		return !has;
	if (!run->label)
		return k + 1 == (size_t)run->index;
	return has && strlen(run->label) == n &&
	       !memcmp(payload, run->label, n);
}

/* Whether .da block @blk holds counts of another build than @obj's notes:
 * both name a stamp, and not the same one (gcov's "stamp mismatch").  A
 * block or notes without a stamp (an older plugin) cannot tell. */
static int other_build(const struct arcov_obj *obj,
		       const struct arcov_da_block *blk)
{
	uint32_t stamp = arcov_ext_stamp(blk->ext_tail, blk->ext_tail_len);

	return obj->notes_rc == 0 && obj->notes.stamp && stamp &&
	       stamp != obj->notes.stamp;
}

int arcov_obj_load(struct arcov_obj *obj, const char *stem,
		   const struct arcov_run_sel *run, int fold,
		   struct arcov_err *err)
{
	unsigned char *data = NULL;
	size_t size, k;
	int r;

	stats.loads++;
	obj->stem = strdup(stem);
	obj->bb_path = suffixed(stem, ".bb");
	obj->bbg_path = suffixed(stem, ".bbg");
	obj->da_path = suffixed(stem, ".da");
	if (!obj->stem || !obj->bb_path || !obj->bbg_path || !obj->da_path)
		return arcov_errf(err, ARCOV_ENOMEM, stem, -1, "out of memory");

	r = slurp(obj->bb_path, 0, &data, &size, err);
	if (r == 1) {
		obj->missing = ARCOV_OBJ_MISSING_BB;
		return arcov_errf(err, ARCOV_EIO, obj->bb_path, -1,
				  "cannot open: %s", strerror(ENOENT));
	}
	if (r < 0)
		return r;
	obj->bb_mtime = mtime_of(obj->bb_path);
	r = arcov_bb_read(&obj->bb, data, size, obj->bb_path, err);
	free(data);
	if (r < 0)
		return r;

	r = slurp(obj->bbg_path, 0, &data, &size, err);
	if (r == 1) {
		obj->missing = ARCOV_OBJ_MISSING_BBG;
		return arcov_errf(err, ARCOV_EIO, obj->bbg_path, -1,
				  "cannot open: %s", strerror(ENOENT));
	}
	if (r < 0)
		return r;
	obj->bbg_mtime = mtime_of(obj->bbg_path);
	r = arcov_bbg_read(&obj->bbg, data, size, obj->bbg_path, err);
	free(data);
	if (r < 0)
		return r;

	r = check_pairing(obj, err);
	if (r < 0)
		return r;
	obj->nfns = obj->bbg.nfns;
	obj->fns = calloc(obj->nfns ? obj->nfns : 1, sizeof *obj->fns);
	if (!obj->fns)
		return arcov_errf(err, ARCOV_ENOMEM, stem, -1, "out of memory");
	for (k = 0; k < obj->nfns; k++) {
		struct arcov_obj_fn *fn = &obj->fns[k];

		fn->graph = &obj->bbg.fns[k];
		fn->counters = calloc(fn->graph->ncounters ?
				      fn->graph->ncounters : 1,
				      sizeof *fn->counters);
		if (!fn->counters)
			return arcov_errf(err, ARCOV_ENOMEM, stem, -1,
					  "out of memory");
	}

	/* The notes first: their stamp says which .da blocks are this
	 * build's. */
	errno = 0;
	obj->notes_rc = arcov_obj_read_notes(obj, &obj->notes,
					     &obj->notes_err);
	obj->notes_missing = obj->notes_rc == ARCOV_EIO && errno == ENOENT;
	if (obj->notes_rc == ARCOV_ENOMEM) {
		*err = obj->notes_err;
		return ARCOV_ENOMEM;
	}

	if (fold) {
		/* What the dead processes' exits would have written, with
		 * the runtime's protocol (doc/live-file.md, "Folding"). */
		struct arcov_fold_result fr;

		r = arcov_fold_live(obj->da_path, &fr);
		obj->folding = 1;
		obj->nlive = fr.alive + fr.failed;
		obj->fold_msgs = fr.msgs;
		if (r < 0)
			return arcov_errf(err, r, obj->da_path, -1,
					  "out of memory");
	} else {
		obj->nlive = arcov_live_count(obj->da_path);
	}
	r = slurp(obj->da_path, ARCOV_FILE_SHARED, &data, &size, err);
	if (r < 0)
		return r;
	if (r == 0 && !size) {
		/* Created by a program that has not written it yet
		 * (lib/fileio.h): no counts, as if missing. */
		free(data);
		r = 1;
	}
	if (r == 0) {
		struct arcov_obj_fn **sorted;

		obj->have_da = 1;
		r = arcov_da_read(&obj->da, data, size, obj->da_path, err);
		free(data);
		if (r < 0)
			return r;
		sorted = malloc((obj->nfns ? obj->nfns : 1) * sizeof *sorted);
		if (!sorted)
			return arcov_errf(err, ARCOV_ENOMEM, stem, -1,
					  "out of memory");
		for (k = 0; k < obj->nfns; k++)
			sorted[k] = &obj->fns[k];
		if (obj->nfns)
			qsort(sorted, obj->nfns, sizeof *sorted, cmp_fns);
		for (k = 0; k < obj->da.nblocks; k++) {
			if (!arcov_run_selects(run, &obj->da.blocks[k], k))
				continue;
			if (other_build(obj, &obj->da.blocks[k])) {
				obj->nforeign++;
				continue;
			}
			obj->selected++;
			obj->runs += match_block(obj, &obj->da.blocks[k],
						 sorted);
		}
		free(sorted);
	}

	r = solve_all(obj);
	if (r < 0)
		return arcov_errf(err, r, obj->bbg_path, -1, "%s",
				  arcov_strerror(r));
	stats.solves += obj->nfns;
	return 0;
}

int arcov_obj_stale_warning(const struct arcov_obj *obj, char *buf,
			    size_t size)
{
	if (!obj->nstale)
		return 0;
	snprintf(buf, size,
		 "%s: offset %zu: %zu record%s match%s no function of %s "
		 "(stale data?); ignored",
		 obj->da_path, obj->stale_offset, obj->nstale,
		 obj->nstale == 1 ? "" : "s", obj->nstale == 1 ? "es" : "",
		 obj->bbg_path);
	return 1;
}

int arcov_obj_live_warning(const struct arcov_obj *obj, char *buf,
			   size_t size)
{
	if (!obj->nlive)
		return 0;
	if (obj->folding)
		snprintf(buf, size,
			 "%s: %zu live file%s of continuous mode beside it "
			 "not folded (%s): %s counts are not in this report",
			 obj->da_path, obj->nlive, obj->nlive == 1 ? "" : "s",
			 "processes still running, or a fold that failed",
			 obj->nlive == 1 ? "its" : "their");
	else
		snprintf(buf, size,
			 "%s: %zu live file%s of continuous mode beside it, not "
			 "folded (--no-fold): counts of processes running or "
			 "killed are not in this report until arcov, arcov-merge "
			 "or a run of any program using the object folds them",
			 obj->da_path, obj->nlive, obj->nlive == 1 ? "" : "s");
	return 1;
}

int arcov_obj_inexact_warning(const struct arcov_obj *obj, char *buf,
			      size_t size)
{
	const struct arcov_obj_fn *first = NULL;
	size_t k, n = 0;

	for (k = 0; k < obj->nfns; k++) {
		if (obj->fns[k].counts.inexact) {
			if (!first)
				first = &obj->fns[k];
			n++;
		}
	}
	if (!n)
		return 0;
	/* Records of another build beside this one's make that the likelier
	 * cause; else counters that threads raced on, which only plain
	 * increments lose: -fplugin-arg-arcov-single, or an older arcov's
	 * default without -pthread. */
	snprintf(buf, size,
		 "%s: the counters of %zu function%s contradict %s flow "
		 "graph (%s); %s counts are estimates, marked inexact; "
		 "likely cause: %s",
		 obj->da_path, n, n == 1 ? "" : "s", n == 1 ? "its" : "their",
		 first->err->msg, n == 1 ? "its" : "their",
		 obj->nstale || obj->nforeign ?
		 "data of another build of the object in the .da" :
		 "threads running code built with plain increments "
		 "(-fplugin-arg-arcov-single, or an older arcov without "
		 "-pthread), or a .da of another build");
	return 1;
}

uint64_t arcov_obj_fn_calls(const struct arcov_obj_fn *fn)
{
	const struct arcov_bbg_fn *g = fn->graph;
	uint64_t calls = fn->counts.block[0];
	uint32_t a;

	/* A solved entry block's outflow is its count, so this cannot go
	 * below zero; the clamp only keeps that true of any graph. */
	for (a = g->first_arc[0]; a < g->first_arc[1]; a++)
		if (g->arcs[a].flags & ARCOV_ARC_FAKE)
			calls -= calls < fn->counts.arc[a] ? calls :
							     fn->counts.arc[a];
	return calls;
}

void arcov_obj_free(struct arcov_obj *obj)
{
	size_t k;

	for (k = 0; obj->fns && k < obj->nfns; k++) {
		free(obj->fns[k].counters);
		free(obj->fns[k].err);
		arcov_counts_free(&obj->fns[k].counts);
	}
	arcov_notes_free(&obj->notes);
	free(obj->fold_msgs);
	free(obj->fns);
	arcov_bb_free(&obj->bb);
	arcov_bbg_free(&obj->bbg);
	arcov_da_free(&obj->da);
	free(obj->stem);
	free(obj->bb_path);
	free(obj->bbg_path);
	free(obj->da_path);
	memset(obj, 0, sizeof *obj);
}

int arcov_obj_read_notes(const struct arcov_obj *obj,
			 struct arcov_notes *notes, struct arcov_err *err)
{
	size_t n = strlen(obj->stem), k, size;
	unsigned char *data;
	char *path = malloc(n + sizeof ".arcov-notes");
	int r, saved;

	if (!path)
		return arcov_errf(err, ARCOV_ENOMEM, obj->stem, -1,
				  "out of memory");
	memcpy(path, obj->stem, n);
	memcpy(path + n, ".arcov-notes", sizeof ".arcov-notes");
	r = arcov_file_slurp(path, &data, &size, err);
	if (r < 0)
		goto free_path;
	r = arcov_notes_read(notes, data, size, path, err);
	free(data);
	for (k = 0; r == 0 && (k < notes->nfns || k < obj->nfns); k++) {
		const struct arcov_bbg_fn *g =
			k < obj->nfns ? obj->fns[k].graph : NULL;
		const struct arcov_notes_fn *f =
			k < notes->nfns ? &notes->fns[k] : NULL;

		if (!f)
			r = arcov_errf(err, ARCOV_EMISMATCH, path, -1,
				       "no record for function %s of %s",
				       g->name, obj->bbg_path);
		else if (!g || strcmp(g->name, f->name) ||
			 g->checksum != f->checksum ||
			 g->nblocks != f->nblocks)
			r = arcov_errf(err, ARCOV_EMISMATCH, path,
				       (long)f->offset,
				       "function %s does not match function "
				       "%zu of %s", f->name, k + 1,
				       obj->bbg_path);
	}
free_path:
	saved = errno;
	free(path);
	errno = saved;
	return r;
}
