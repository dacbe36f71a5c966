/* names.c -- names as the reports print them: C++ names demangled, paths
 * mangled into file names as gcov 12 mangles them.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "names.h"

/* libstdc++'s demangler (the plugin already needs a C++ toolchain). */
char *__cxa_demangle(const char *mangled, char *buf, size_t *len,
		     int *status);

char *arcov_demangle(const char *name)
{
	int status = -1;
	char *d;

	/* Only mangled names: the demangler reads "g" as __float128. */
	if (strncmp(name, "_Z", 2))
		return strdup(name);
	d = __cxa_demangle(name, NULL, NULL, &status);
	if (d && !status)
		return d;
	free(d);
	return strdup(name);
}

void arcov_mangle_path(char *dst, const char *base)
{
	const char *probe;

	for (; *base; base = probe) {
		size_t len;

		for (probe = base; *probe && *probe != '/'; probe++)
			;
		len = (size_t)(probe - base);
		if (len == 2 && base[0] == '.' && base[1] == '.') {
			*dst++ = '^';
		} else {
			memcpy(dst, base, len);
			dst += len;
		}
		if (*probe) {
			*dst++ = '#';
			probe++;
		}
	}
	*dst = 0;
}

