/* cjson.c -- bench/corpus's driver for cJSON: parses FILE, prints it
 * unformatted, parses that again and compares the two trees, REPEAT
 * times. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "slurp.h"
#include "cJSON.h"

int main(int argc, char **argv)
{
	char *buf, *out = NULL;
	long size;
	int repeat, r;
	size_t printed = 0;
	unsigned long hash;

	if (argc != 3 || !(buf = slurp(argv[1], &size)))
		return 2;
	repeat = atoi(argv[2]);
	for (r = 0; r < repeat; r++) {
		cJSON *a = cJSON_ParseWithLength(buf, (size_t)size), *b;

		if (!a)
			return 1;
		out = cJSON_PrintUnformatted(a);
		b = out ? cJSON_Parse(out) : NULL;
		if (!b || !cJSON_Compare(a, b, 1))
			return 1;
		printed = strlen(out);
		cJSON_Delete(a);
		cJSON_Delete(b);
		if (r + 1 < repeat)
			cJSON_free(out);
	}
	for (hash = 5381; out && *out; out++)
		hash = hash * 33 + (unsigned char)*out;
	printf("%zu bytes printed, hash %lx\n", printed, hash);
	free(buf);
	return 0;
}
