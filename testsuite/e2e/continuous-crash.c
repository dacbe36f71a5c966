/* continuous-crash.c -- a preloaded shim that kills its process with
 * SIGKILL at a chosen step of a fold (doc/live-file.md §4): around the
 * rename that commits a .da.  CONTINUOUS_CRASH=before kills just before
 * it, =after just after it, before the fold's second phase.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether @path is a .da. */
static int is_da(const char *path)
{
	size_t n = strlen(path);

	return n > 3 && !strcmp(path + n - 3, ".da");
}

static void crash_if(const char *when, const char *path)
{
	const char *want = getenv("CONTINUOUS_CRASH");

	if (want && !strcmp(want, when) && is_da(path))
		raise(SIGKILL);
}

int rename(const char *from, const char *to)
{
	int (*real)(const char *, const char *) =
		(int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
	int rc;

	crash_if("before", to);
	rc = real(from, to);
	if (!rc)
		crash_if("after", to);
	return rc;
}

int renameat2(int dfrom, const char *from, int dto, const char *to,
	      unsigned flags)
{
	int (*real)(int, const char *, int, const char *, unsigned) =
		(int (*)(int, const char *, int, const char *, unsigned))
			dlsym(RTLD_NEXT, "renameat2");
	int rc;

	crash_if("before", to);
	rc = real(dfrom, from, dto, to, flags);
	if (!rc)
		crash_if("after", to);
	return rc;
}
