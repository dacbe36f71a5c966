/* rt-module.c -- an "instrumented" shared library for the runtime tests:
 * the plugin's data built by hand, like rt-prog.c, writing $RT_DIR/m.da.
 * rt-dl loads it with dlopen() and counts through rt_module_count().
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "arcov-abi.h"

static const struct arcov_fn_info fns[] = {
	{ "h", 9, 1 },
};
static uint64_t counters[1];
static char path[4096];
static struct arcov_object obj = {
	ARCOV_ABI_VERSION, 0, path, 1, 1, fns, counters, NULL
};

__attribute__((constructor)) static void register_object(void)
{
	const char *dir = getenv("RT_DIR");

	if (!dir)
		return;
	snprintf(path, sizeof path, "%s/m.da", dir);
	arcov_object_register(&obj);
}

__attribute__((destructor)) static void unregister_object(void)
{
	arcov_object_unregister(&obj);
}

void rt_module_count(unsigned n);

/* What an instrumented function does: bump its arc counter. */
__attribute__((visibility("default"))) void rt_module_count(unsigned n)
{
	counters[0] += n;
}
