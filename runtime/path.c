/* path.c -- where a .da goes: ARCOV_PREFIX and ARCOV_PREFIX_STRIP, read
 * with secure_getenv() so a setuid or setgid program never writes where
 * its caller says.
 */
#include <config.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ARCOV_PREFIX_STRIP as a count; anything but a non-negative decimal
 * number counts as 0, like a negative GCOV_PREFIX_STRIP does for GCC. */
static int strip_count(void)
{
	const char *s = secure_getenv("ARCOV_PREFIX_STRIP");
	char *end;
	long v;

	if (!s || !*s)
		return 0;
	v = strtol(s, &end, 10);
	if (*end || v < 0)
		return 0;
	return v > INT_MAX ? INT_MAX : (int)v;
}

void arcov_rt_place_read(struct arcov_rt_place *pl)
{
	pl->prefix = secure_getenv("ARCOV_PREFIX");
	pl->strip = strip_count();
}

char *arcov_rt_da_path(const struct arcov_rt_place *pl, const char *da_path)
{
	const char *prefix = pl->prefix;
	const char *fname = da_path;
	int strip = pl->strip;
	size_t plen;
	char *out;
	if (!prefix || !*prefix) {
		/* A strip without a prefix makes the path relative. */
		if (!strip)
			return strdup(da_path);
		prefix = ".";
	}
	plen = strlen(prefix);
	if (prefix[plen - 1] == '/')
		plen--;
	if (strip) {
		/* The leading separator is not a level; running out of
		 * levels keeps the final component. */
		const char *p = fname + (*fname == '/');

		for (; *p && strip; p++) {
			if (*p == '/') {
				fname = p;
				strip--;
			}
		}
	}
	out = malloc(plen + 1 + strlen(fname) + 1);
	if (!out)
		return NULL;
	memcpy(out, prefix, plen);
	out[plen] = '\0';
	if (*fname != '/')
		strcat(out, "/");
	strcat(out, fname);
	return out;
}
