/* linecheck.c -- solved counts straight from .bb/.bbg/.da, for the tests.
 *
 * Usage: linecheck BASE SOURCE
 *        linecheck -g BASE
 *
 * An oracle for the end-to-end and plugin tests that is independent of the
 * reporter: it reads BASE.bb, BASE.bbg and BASE.da (missing .da: all zero)
 * with the format library, adds up the counters of every .da record whose
 * name, checksum and counter count match a function, and solves every
 * function.  A function that does not solve is an error: the tests require
 * exact data.  So is a fake arc off the spanning tree, which GCC 3.3
 * never wrote and its readers refuse.
 *
 * With SOURCE it prints, for each line of SOURCE that some block lists,
 * one line "LINE COUNT" when the line lies in exactly one block (COUNT is
 * that block's count) or "LINE +" / "LINE #" when it lies in several (some
 * executed / none executed).  SOURCE matches a .bb file name that equals it
 * or ends in "/SOURCE".
 *
 * With -g it prints each function's solved graph instead: per block its
 * count and line list (file markers as "NAME:"), per arc its destination,
 * flags and count, so a test can hold the plugin's graphs, line lists,
 * flags and counter order to expected output.
 */
#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bb.h"
#include "bbg.h"
#include "da.h"
#include "fileio.h"
#include "solve.h"

struct line {
	uint32_t nblocks;	/* distinct (function, block) pairs */
	uint64_t count;		/* of the one block, when nblocks == 1 */
	int executed;
	uint32_t last_fn, last_block;	/* to count each block once */
};

static struct line *lines;
static uint32_t nlines;

static int die(const char *msg)
{
	fprintf(stderr, "linecheck: %s\n", msg);
	exit(2);
}

static void load(const char *path, unsigned char **data, size_t *size,
		 int optional)
{
	struct arcov_err err;
	int rc = optional ? arcov_file_slurp_optional(path, data, size, &err) :
		arcov_file_slurp(path, data, size, &err);

	if (rc)
		die(err.msg);
}

static int name_matches(const char *file, const char *source)
{
	size_t lf = strlen(file), ls = strlen(source);

	if (!strcmp(file, source))
		return 1;
	return lf > ls && file[lf - ls - 1] == '/' &&
	       !strcmp(file + lf - ls, source);
}

/* Counters of the first .da record matching @fn, summed over blocks. */
static uint64_t *find_counters(const struct arcov_da *da,
			       const struct arcov_bbg_fn *fn)
{
	uint64_t *sum = NULL;
	size_t b;
	uint32_t f, i;

	for (b = 0; da && b < da->nblocks; b++)
		for (f = 0; f < da->blocks[b].nfns; f++) {
			const struct arcov_da_fn *r = &da->blocks[b].fns[f];

			if (strcmp(r->name, fn->name) ||
			    r->checksum != fn->checksum ||
			    r->ncounters != fn->ncounters)
				continue;
			if (!sum && !(sum = calloc(fn->ncounters + 1, 8)))
				die("out of memory");
			for (i = 0; i < r->ncounters; i++)
				sum[i] += r->counters[i];
		}
	return sum;
}

static void note_line(uint32_t ln, uint32_t fn, uint32_t block,
		      uint64_t count)
{
	struct line *l;

	if (ln >= nlines) {
		uint32_t n = ln + 64;

		lines = realloc(lines, n * sizeof *lines);
		if (!lines)
			die("out of memory");
		memset(lines + nlines, 0, (n - nlines) * sizeof *lines);
		nlines = n;
	}
	l = &lines[ln];
	if (l->nblocks && l->last_fn == fn && l->last_block == block)
		return;
	l->nblocks++;
	l->count = count;
	l->executed |= count != 0;
	l->last_fn = fn;
	l->last_block = block;
}

/* GCC 3.3 wrote a fake arc only on the spanning tree (doc/formats.md §3.3),
 * and 3.3-era readers (ggcov) refuse one off it: so must the plugin. */
static void check_fake_arcs(const struct arcov_bbg_fn *gf)
{
	uint32_t a;

	for (a = 0; a < gf->narcs; a++)
		if ((gf->arcs[a].flags & ARCOV_ARC_FAKE) &&
		    !(gf->arcs[a].flags & ARCOV_ARC_ON_TREE)) {
			fprintf(stderr, "linecheck: %s: arc %" PRIu32 " -> %"
				PRIu32 " is fake and off the spanning tree\n",
				gf->name, gf->arcs[a].src, gf->arcs[a].dest);
			exit(2);
		}
}

static void print_graph(const struct arcov_bb_fn *bf,
			const struct arcov_bbg_fn *gf,
			const struct arcov_counts *c,
			const struct arcov_bb *bb)
{
	uint32_t b, a, i;

	printf("function %s checksum %" PRIu32 " blocks %" PRIu32
	       " arcs %" PRIu32 " counters %" PRIu32 "\n", gf->name,
	       gf->checksum, gf->nblocks, gf->narcs, gf->ncounters);
	for (b = 0; b < gf->nblocks; b++) {
		printf("  block %" PRIu32 " count %" PRIu64 " lines", b,
		       c->block[b]);
		for (i = 0; i < bf->blocks[b].nitems; i++) {
			const struct arcov_bb_item *it = &bf->blocks[b].items[i];

			if (it->line)
				printf(" %" PRIu32, it->line);
			else
				printf(" %s:", bb->files[it->file]);
		}
		printf("\n");
		for (a = gf->first_arc[b]; a < gf->first_arc[b + 1]; a++)
			printf("    arc -> %" PRIu32 " flags %" PRIu32
			       " count %" PRIu64 "\n", gf->arcs[a].dest,
			       gf->arcs[a].flags, c->arc[a]);
	}
}

static void note_lines(const struct arcov_bb_fn *bf,
		       const struct arcov_counts *c, const struct arcov_bb *bb,
		       uint32_t f, const char *source, int *in_source)
{
	uint32_t b, i;

	for (b = 0; b < bf->nblocks; b++)
		for (i = 0; i < bf->blocks[b].nitems; i++) {
			const struct arcov_bb_item *it = &bf->blocks[b].items[i];

			if (!it->line)
				*in_source = name_matches(bb->files[it->file],
							  source);
			else if (*in_source)
				note_line(it->line, f, b, c->block[b]);
		}
}

static void print_lines(void)
{
	uint32_t ln;

	for (ln = 1; ln < nlines; ln++) {
		const struct line *l = &lines[ln];

		if (!l->nblocks)
			continue;
		if (l->nblocks == 1)
			printf("%" PRIu32 " %" PRIu64 "\n", ln, l->count);
		else
			printf("%" PRIu32 " %c\n", ln, l->executed ? '+' : '#');
	}
}

int main(int argc, char **argv)
{
	struct arcov_bb bb = { 0 };
	struct arcov_bbg bbg = { 0 };
	struct arcov_da da = { 0 };
	struct arcov_err err;
	unsigned char *data;
	size_t size, f;
	char path[4096];
	const char *base, *source = NULL;
	int have_da, in_source = 0;

	if (argc == 3 && !strcmp(argv[1], "-g")) {
		base = argv[2];
	} else if (argc == 3) {
		base = argv[1];
		source = argv[2];
	} else {
		die("usage: linecheck BASE SOURCE | linecheck -g BASE");
	}
	snprintf(path, sizeof path, "%s.bb", base);
	load(path, &data, &size, 0);
	if (arcov_bb_read(&bb, data, size, path, &err))
		die(err.msg);
	free(data);
	snprintf(path, sizeof path, "%s.bbg", base);
	load(path, &data, &size, 0);
	if (arcov_bbg_read(&bbg, data, size, path, &err))
		die(err.msg);
	free(data);
	snprintf(path, sizeof path, "%s.da", base);
	load(path, &data, &size, 1);
	have_da = data != NULL;
	if (have_da && arcov_da_read(&da, data, size, path, &err))
		die(err.msg);
	free(data);
	if (bb.nfns != bbg.nfns)
		die(".bb and .bbg hold different numbers of functions");

	for (f = 0; f < bb.nfns; f++) {
		const struct arcov_bb_fn *bf = &bb.fns[f];
		const struct arcov_bbg_fn *gf = &bbg.fns[f];
		struct arcov_counts c = { 0 };
		uint64_t *counters = find_counters(have_da ? &da : NULL, gf);

		if (bf->nblocks != gf->nblocks || strcmp(bf->name, gf->name))
			die(".bb and .bbg disagree on a function");
		check_fake_arcs(gf);
		if (arcov_solve(gf, counters, gf->ncounters, &c, base, &err))
			die(err.msg);
		if (source)
			note_lines(bf, &c, &bb, (uint32_t)f, source, &in_source);
		else
			print_graph(bf, gf, &c, &bb);
		arcov_counts_free(&c);
		free(counters);
	}
	if (source)
		print_lines();
	arcov_bb_free(&bb);
	arcov_bbg_free(&bbg);
	arcov_da_free(&da);
	free(lines);
	return 0;
}
