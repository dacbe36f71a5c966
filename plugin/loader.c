/* loader.c -- the installed PKGLIBDIR/arcov.so: hands over to the plugin
 * built for the GCC that loaded it.
 *
 * A GCC plugin is C++ compiled against one GCC's headers, and its mangled
 * references to cc1 resolve in that GCC only: loaded by another major, it
 * fails in the dynamic loader with "undefined symbol: _Z...", before any
 * code of ours can say what went wrong.  So the file that -specs and
 * -fplugin name is this small C module, which uses nothing of cc1 but the
 * C structures of the plugin interface.  "make install" under
 * "configure CC=gcc-N" puts the real plugin in PKGLIBDIR/gcc-N/, one
 * directory per major, so several GCCs share one prefix, one arcov.specs
 * and one pkg-config file; this module opens the one for the major that
 * loaded it and calls its plugin_init(), or stops the compiler with one
 * line naming the GCC, the majors installed and what to run.  The plugin
 * itself then checks the full version (plugin.cc).
 *
 * It is not linked in the build tree, whose tests load plugin/.libs/
 * arcov.so directly; testsuite/buildsys/versions.sh tests it installed.
 */
#include <config.h>

#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* GCC checks that a plugin says it is GPL-compatible (gcc-plugin.h). */
int plugin_is_GPL_compatible;

/* The C structures of gcc-plugin.h that plugin_init() receives, as every
 * GCC since 4.5 lays them out; only their pointers are passed on. */
struct plugin_name_args;
struct plugin_gcc_version {
	const char *basever;
	const char *datestamp;
	const char *devphase;
	const char *revision;
	const char *configuration_arguments;
};

typedef int init_fn(struct plugin_name_args *, struct plugin_gcc_version *);

int plugin_init(struct plugin_name_args *info,
		struct plugin_gcc_version *version);

/* The majors installed beside this module ("gcc-N" directories holding
 * arcov.so), as " 11 12", into @buf. */
static void installed_majors(const char *dir, char *buf, size_t size)
{
	char path[PATH_MAX];
	struct dirent *d;
	size_t used = 0;
	DIR *dp;

	buf[0] = '\0';
	dp = opendir(dir);
	if (!dp)
		return;
	while ((d = readdir(dp)) != NULL) {
		if (strncmp(d->d_name, "gcc-", 4) != 0 ||
		    snprintf(path, sizeof path, "%s/%s/arcov.so", dir,
			     d->d_name) >= (int)sizeof path ||
		    access(path, R_OK) != 0)
			continue;
		if (snprintf(buf + used, size - used, " %s", d->d_name + 4) >=
		    (int)(size - used))
			break;
		used += strlen(buf + used);
	}
	closedir(dp);
}

/**
 * plugin_init - called by GCC after it loaded PKGLIBDIR/arcov.so.
 * @info:    the plugin's name and arguments, passed on as they are
 * @version: the loading GCC's version
 * Returns the real plugin's plugin_init(), or 1 after one line on stderr.
 */
int plugin_init(struct plugin_name_args *info,
		struct plugin_gcc_version *version)
{
	char dir[PATH_MAX], path[PATH_MAX + 32], have[256];
	int major = atoi(version->basever);
	Dl_info self;
	init_fn *init;
	char *slash;
	void *h;

	/* Where this module is, links resolved: GCC's plugin directory may
	 * hold a link to it. */
	if (!dladdr((void *)plugin_init, &self) || !self.dli_fname ||
	    !realpath(self.dli_fname, dir)) {
		fprintf(stderr, "arcov: cannot find the directory of the "
			"arcov plugin loader\n");
		return 1;
	}
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	snprintf(path, sizeof path, "%s/gcc-%d/arcov.so", dir, major);
	if (access(path, R_OK) != 0) {
		installed_majors(dir, have, sizeof have);
		fprintf(stderr, "arcov: no plugin for GCC %s in %s (installed "
			"for GCC%s); build arcov with ./configure CC=gcc-%d "
			"CXX=g++-%d && make install\n", version->basever, dir,
			have[0] ? have : " none", major, major);
		return 1;
	}
	/* As GCC opens a plugin: the passes it registers call into cc1. */
	h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
	if (!h) {
		fprintf(stderr, "arcov: %s does not load in GCC %s (%s); "
			"rebuild arcov with ./configure CC=gcc-%d CXX=g++-%d "
			"&& make install\n", path, version->basever, dlerror(),
			major, major);
		return 1;
	}
	init = (init_fn *)dlsym(h, "plugin_init");
	if (!init) {
		fprintf(stderr, "arcov: %s has no plugin_init\n", path);
		return 1;
	}
	return init(info, version);
}
