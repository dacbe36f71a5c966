/* rt-check.c -- print a .da as text, for the runtime tests to compare.
 *
 * Usage: rt-check FILE.  One paragraph per block:
 *   block N label LABEL          ("-" when the block has none)
 *   program ARCS SUM MAX
 *   object ARCS SUM MAX
 *   fn NAME CHECKSUM: COUNTERS...
 * A file that does not parse prints the library's message on stderr and
 * exits 1.
 */
#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "da.h"
#include "da-ext.h"
#include "fileio.h"

static void print_summary(const char *what, const struct arcov_da_summary *s)
{
	printf("%s %" PRIu32 " %" PRIu64 " %" PRIu64 "\n", what, s->arcs,
	       s->sum, s->max);
}

static int print_block(size_t n, const struct arcov_da_block *blk)
{
	const unsigned char *label;
	uint32_t i, j, len;
	int rc;

	rc = arcov_ext_find(blk->ext_tail, blk->ext_tail_len, ARCOV_EXT_LABEL,
			    &label, &len);
	if (rc < 0)
		return rc;
	if (rc)
		printf("block %zu label -\n", n);
	else
		printf("block %zu label %.*s\n", n, (int)len,
		       (const char *)label);
	print_summary("program", &blk->program);
	print_summary("object", &blk->object);
	for (i = 0; i < blk->nfns; i++) {
		const struct arcov_da_fn *fn = &blk->fns[i];

		printf("fn %s %" PRIu32 ":", fn->name, fn->checksum);
		for (j = 0; j < fn->ncounters; j++)
			printf(" %" PRIu64, fn->counters[j]);
		printf("\n");
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct arcov_err err;
	struct arcov_da da;
	unsigned char *data;
	size_t size, i;
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: rt-check FILE\n");
		return 2;
	}
	rc = arcov_file_read(argv[1], ARCOV_FILE_SHARED, &data, &size, &err);
	if (rc) {
		fprintf(stderr, "rt-check: %s\n", err.msg);
		return 1;
	}
	rc = arcov_da_read(&da, data, size, argv[1], &err);
	free(data);
	if (rc) {
		fprintf(stderr, "rt-check: %s\n", err.msg);
		return 1;
	}
	for (i = 0; i < da.nblocks && !rc; i++)
		rc = print_block(i, &da.blocks[i]);
	arcov_da_free(&da);
	if (rc) {
		fprintf(stderr, "rt-check: %s: malformed extension tail\n",
			argv[1]);
		return 1;
	}
	return 0;
}
