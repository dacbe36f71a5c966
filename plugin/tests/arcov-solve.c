/* arcov-solve.c -- test helper: print a unit's solved flow graphs.
 *
 * arcov-solve BASE reads BASE.bb, BASE.bbg and (if present) BASE.da,
 * solves every function with arcov_solve() and prints, per function, each
 * block's count and lines and each arc's flags and count.  The plugin's
 * end-to-end tests compare this against expected output, so the plugin's
 * graphs, line lists, counter order and counter values are all checked
 * through the same library the reporter uses.
 */
#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bb.h"
#include "bbg.h"
#include "da.h"
#include "fileio.h"
#include "solve.h"

struct unit {
	struct arcov_bb bb;
	struct arcov_bbg bbg;
	struct arcov_da da;
	bool have_da;
};

/* Read and parse BASE SUFFIX; a missing file is silent if @optional. */
static int load(const char *base, const char *suffix, bool optional,
		void *model,
		int (*parse)(void *, const void *, size_t, const char *,
			     struct arcov_err *))
{
	struct arcov_err err;
	unsigned char *data;
	size_t size;
	char *path;
	int rc;

	path = malloc(strlen(base) + strlen(suffix) + 1);
	if (!path)
		return ARCOV_ENOMEM;
	strcpy(path, base);
	strcat(path, suffix);
	rc = arcov_file_slurp(path, &data, &size, &err);
	if (rc == 0) {
		rc = parse(model, data, size, path, &err);
		free(data);
	}
	if (rc < 0 && !(optional && rc == ARCOV_EIO && errno == ENOENT))
		fprintf(stderr, "arcov-solve: %s\n", err.msg);
	free(path);
	return rc;
}

static int parse_bb(void *m, const void *d, size_t n, const char *name,
		    struct arcov_err *err)
{
	return arcov_bb_read(m, d, n, name, err);
}

static int parse_bbg(void *m, const void *d, size_t n, const char *name,
		     struct arcov_err *err)
{
	return arcov_bbg_read(m, d, n, name, err);
}

static int parse_da(void *m, const void *d, size_t n, const char *name,
		    struct arcov_err *err)
{
	return arcov_da_read(m, d, n, name, err);
}

/* The counters of @fn in the first block of the .da, or NULL. */
static const uint64_t *find_counters(const struct unit *u,
				     const struct arcov_bbg_fn *fn)
{
	const struct arcov_da_block *blk;
	uint32_t i;

	if (!u->have_da || !u->da.nblocks)
		return NULL;
	blk = &u->da.blocks[0];
	for (i = 0; i < blk->nfns; i++)
		if (!strcmp(blk->fns[i].name, fn->name) &&
		    blk->fns[i].checksum == fn->checksum &&
		    blk->fns[i].ncounters == fn->ncounters)
			return blk->fns[i].counters;
	return NULL;
}

static void print_lines(const struct unit *u, const struct arcov_bb_block *b)
{
	uint32_t i;

	for (i = 0; i < b->nitems; i++) {
		if (b->items[i].line)
			printf(" %" PRIu32, b->items[i].line);
		else
			printf(" %s:", u->bb.files[b->items[i].file]);
	}
}

static int print_fn(const struct unit *u, size_t k)
{
	const struct arcov_bbg_fn *fn = &u->bbg.fns[k];
	const struct arcov_bb_fn *lines =
		k < u->bb.nfns ? &u->bb.fns[k] : NULL;
	struct arcov_counts c;
	struct arcov_err err;
	uint32_t b, a;
	int rc;

	memset(&c, 0, sizeof c);
	printf("function %s checksum %" PRIu32 " blocks %" PRIu32
	       " arcs %" PRIu32 " counters %" PRIu32 "\n", fn->name,
	       fn->checksum, fn->nblocks, fn->narcs, fn->ncounters);
	if (!lines || strcmp(lines->name, fn->name) ||
	    lines->nblocks != fn->nblocks) {
		printf("  .bb does not match\n");
		return 1;
	}
	rc = arcov_solve(fn, find_counters(u, fn), fn->ncounters, &c, NULL,
			 &err);
	if (rc < 0) {
		printf("  %s\n", err.msg);
		arcov_counts_free(&c);
		return 1;
	}
	for (b = 0; b < fn->nblocks; b++) {
		printf("  block %" PRIu32 " count %" PRIu64 " lines", b,
		       c.block[b]);
		print_lines(u, &lines->blocks[b]);
		printf("\n");
		for (a = fn->first_arc[b]; a < fn->first_arc[b + 1]; a++)
			printf("    arc -> %" PRIu32 " flags %" PRIu32
			       " count %" PRIu64 "\n", fn->arcs[a].dest,
			       fn->arcs[a].flags, c.arc[a]);
	}
	arcov_counts_free(&c);
	return 0;
}

int main(int argc, char **argv)
{
	struct unit u;
	int status = 0;
	size_t k;

	if (argc != 2) {
		fprintf(stderr, "usage: arcov-solve BASE\n");
		return 2;
	}
	memset(&u, 0, sizeof u);
	if (load(argv[1], ".bb", false, &u.bb, parse_bb) < 0 ||
	    load(argv[1], ".bbg", false, &u.bbg, parse_bbg) < 0) {
		status = 1;
		goto free_unit;
	}
	u.have_da = load(argv[1], ".da", true, &u.da, parse_da) == 0;
	for (k = 0; k < u.bbg.nfns; k++)
		status |= print_fn(&u, k);
free_unit:
	arcov_bb_free(&u.bb);
	arcov_bbg_free(&u.bbg);
	arcov_da_free(&u.da);
	return status;
}
