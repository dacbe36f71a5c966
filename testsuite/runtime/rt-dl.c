/* rt-dl.c -- load rt-module with dlopen(), count in it, and unload it
 * (unless the third argument is "keep"), for the runtime tests.
 *
 * Usage: rt-dl MODULE N [keep].  With the module unloaded, its .da must
 * already exist when dlclose() returns; exit status 1 if it does not.
 */
#include <config.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	void (*count)(unsigned);
	char da[4096];
	void *mod;

	if (argc < 3 || !getenv("RT_DIR"))
		return 2;
	snprintf(da, sizeof da, "%s/m.da", getenv("RT_DIR"));
	mod = dlopen(argv[1], RTLD_NOW);
	if (!mod) {
		fprintf(stderr, "rt-dl: %s\n", dlerror());
		return 2;
	}
	*(void **)&count = dlsym(mod, "rt_module_count");
	if (!count)
		return 2;
	count((unsigned)atoi(argv[2]));
	if (argc > 3 && !strcmp(argv[3], "keep"))
		return 0;
	dlclose(mod);
	return access(da, F_OK) ? 1 : 0;
}
