/* fs-driver.c -- not instrumented: runs fs-work.c's code, then streams
 * its counters with the freestanding runtime, to a file (binary) and to
 * standard output (hex lines among other output), as a board would over
 * its console; with "reset", zeroes them before the second stream. */
#include <stdio.h>
#include <string.h>

#include "arcov-freestanding.h"

unsigned fs_work(unsigned n);

static int to_file(const void *data, size_t len, void *ctx)
{
	return fwrite(data, 1, len, ctx) == len ? 0 : -1;
}

int main(int argc, char **argv)
{
	FILE *f = fopen("stream.bin", "wb");
	unsigned s = fs_work(5) + fs_work(5);

	if (!f)
		return 1;
	printf("result %u\n", s);
	if (arcov_stream(to_file, f) || fclose(f))
		return 1;
	if (argc > 1 && !strcmp(argv[1], "reset"))
		arcov_reset();
	if (arcov_stream_hex(to_file, stdout))
		return 1;
	printf("done\n");
	return 0;
}
