/* slurp.h -- the drivers' one way to read their input: all of FILE in
 * one malloc'd buffer, its size in *SIZE; NULL if it cannot be read. */
#ifndef CORPUS_SLURP_H
#define CORPUS_SLURP_H
#include <stdio.h>
#include <stdlib.h>

static char *slurp(const char *file, long *size)
{
	FILE *f = fopen(file, "rb");
	char *buf = NULL;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (*size = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)*size + 1)) != NULL &&
	    fread(buf, 1, (size_t)*size, f) != (size_t)*size) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}
#endif
