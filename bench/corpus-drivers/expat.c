/* expat.c -- bench/corpus's driver for Expat: parses FILE REPEAT times in
 * 64 KB pieces, as a streaming reader would, counting what the handlers
 * see.  The hash salt is fixed: Expat draws it from the system's entropy,
 * which would make every run execute other instructions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "slurp.h"
#include <expat.h>

static unsigned long elements, attributes, text;

static void XMLCALL start(void *data, const XML_Char *name,
			  const XML_Char **atts)
{
	(void)data;
	(void)name;
	elements++;
	for (; *atts; atts += 2)
		attributes += strlen(atts[1]);
}

static void XMLCALL end(void *data, const XML_Char *name)
{
	(void)data;
	(void)name;
}

static void XMLCALL chars(void *data, const XML_Char *s, int len)
{
	(void)data;
	(void)s;
	text += (unsigned long)len;
}

int main(int argc, char **argv)
{
	char *buf;
	long size, off;
	int repeat, r;

	if (argc != 3 || !(buf = slurp(argv[1], &size)))
		return 2;
	repeat = atoi(argv[2]);
	for (r = 0; r < repeat; r++) {
		XML_Parser p = XML_ParserCreate(NULL);

		XML_SetHashSalt(p, 1);
		XML_SetElementHandler(p, start, end);
		XML_SetCharacterDataHandler(p, chars);
		for (off = 0; off < size; off += 65536) {
			int n = size - off < 65536 ? (int)(size - off) : 65536;

			if (XML_Parse(p, buf + off, n, off + n == size) ==
			    XML_STATUS_ERROR) {
				fprintf(stderr, "expat: %s at line %lu\n",
					XML_ErrorString(XML_GetErrorCode(p)),
					(unsigned long)XML_GetCurrentLineNumber(p));
				return 1;
			}
		}
		XML_ParserFree(p);
	}
	printf("%lu elements, %lu attribute bytes, %lu text bytes\n",
	       elements, attributes, text);
	free(buf);
	return 0;
}
