/* da-poke.c -- set one counter of one function in a .da, through the
 * format library: a .da whose counters contradict the flow graph, as
 * counters that threads raced on leave it (report-inexact.sh).
 *
 * Usage: da-poke FILE.da FUNCTION INDEX VALUE  (every block's record of
 * FUNCTION).  Exit status 0, or 1 with a message.
 */
#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "da.h"
#include "fileio.h"

int main(int argc, char **argv)
{
	struct arcov_err err = { 0, "" };
	struct arcov_da da;
	unsigned char *data = NULL, *out = NULL;
	size_t size, b, k, hits = 0;
	unsigned long index;
	uint64_t value;
	ssize_t n;
	FILE *f;
	int rc = 1;

	if (argc != 5) {
		fprintf(stderr, "usage: da-poke FILE.da FUNCTION INDEX VALUE\n");
		return 1;
	}
	index = strtoul(argv[3], NULL, 10);
	value = strtoull(argv[4], NULL, 10);
	if (arcov_file_slurp(argv[1], &data, &size, &err) ||
	    arcov_da_read(&da, data, size, argv[1], &err)) {
		fprintf(stderr, "da-poke: %s\n", err.msg);
		goto free_data;
	}
	for (b = 0; b < da.nblocks; b++) {
		struct arcov_da_block *blk = &da.blocks[b];

		for (k = 0; k < blk->nfns; k++) {
			if (strcmp(blk->fns[k].name, argv[2]) ||
			    index >= blk->fns[k].ncounters)
				continue;
			blk->fns[k].counters[index] = value;
			hits++;
		}
		arcov_da_block_summarize(blk);
	}
	if (!hits) {
		fprintf(stderr, "da-poke: %s: no counter %lu of %s\n", argv[1],
			index, argv[2]);
		goto free_da;
	}
	n = arcov_da_write_alloc(&da, size, &out);
	f = n < 0 ? NULL : fopen(argv[1], "wb");
	if (!f || fwrite(out, 1, (size_t)n, f) != (size_t)n || fclose(f)) {
		fprintf(stderr, "da-poke: %s: cannot write\n", argv[1]);
		goto free_out;
	}
	rc = 0;
free_out:
	free(out);
free_da:
	arcov_da_free(&da);
free_data:
	free(data);
	return rc;
}
