/* discover.c -- find a project's objects: walk directory trees for notes
 * or data files, and take the objects of programs from elf-notes.c.
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "discover.h"
#include "object.h"

/* ---- directory trees ---- */

struct walk {
	const char *suffix;
	size_t suffix_len;
	struct arcov_paths *out;
	struct arcov_err *err;
};

/* The directories being walked, innermost first: a bind mount that
 * contains itself must not make the walk endless. */
struct ancestor {
	dev_t dev;
	ino_t ino;
	const struct ancestor *up;
};

static int has_suffix(const struct walk *w, const char *name)
{
	size_t n = strlen(name);

	return n > w->suffix_len &&
	       !strcmp(name + n - w->suffix_len, w->suffix);
}

static int walk_dir(struct walk *w, const char *path, const char *rel,
		    const struct ancestor *up);

/* The entry @e of the directory @path (@rel relative to the root). */
/* Where build systems compile their own probes: CMake's compiler
 * identification and try-compile directories, meson's sanity checks.
 * Their objects never run and their sources are not the project's. */
static int probe_dir(const char *name)
{
	return !strncmp(name, "CompilerId", 10) ||
	       !strcmp(name, "CMakeScratch") || !strcmp(name, "CMakeTmp") ||
	       !strcmp(name, "meson-private");
}

static int walk_entry(struct walk *w, const char *path, const char *rel,
		      const struct dirent *e, const struct ancestor *up)
{
	char *full, *relname;
	struct stat st;
	int rc = 0, type = e->d_type;

	/* Most entries of a build tree are other files: no paths for them. */
	if (type != DT_DIR && type != DT_UNKNOWN && !has_suffix(w, e->d_name))
		return 0;
	full = arcov_path_join(path, e->d_name);
	relname = rel ? arcov_path_join(rel, e->d_name) : strdup(e->d_name);
	if (!full || !relname) {
		rc = arcov_errf(w->err, ARCOV_ENOMEM, path, -1,
				"out of memory");
		goto free_names;
	}
	if (type == DT_UNKNOWN) {
		if (lstat(full, &st)) {
			/* Removed meanwhile: nothing to report. */
			if (errno != ENOENT)
				rc = arcov_errf(w->err, ARCOV_EIO, full, -1,
						"cannot read: %s",
						strerror(errno));
			goto free_names;
		}
		type = S_ISDIR(st.st_mode) ? DT_DIR :
		       S_ISLNK(st.st_mode) ? DT_LNK :
		       S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
	}
	if (type == DT_DIR) {
		if (!probe_dir(e->d_name))
			rc = walk_dir(w, full, relname, up);
	} else if ((type == DT_REG || type == DT_LNK) &&
		   has_suffix(w, e->d_name)) {
		/* A link counts when it leads to a file; a dangling link or
		 * one to a directory is skipped. */
		if (type == DT_REG || (!stat(full, &st) && S_ISREG(st.st_mode)))
			rc = arcov_paths_add(w->out, relname);
		if (rc)
			arcov_errf(w->err, rc, path, -1, "out of memory");
	}
free_names:
	free(full);
	free(relname);
	return rc;
}

static int walk_dir(struct walk *w, const char *path, const char *rel,
		    const struct ancestor *up)
{
	struct ancestor self;
	const struct ancestor *a;
	struct dirent *e;
	struct stat st;
	DIR *d;
	int rc = 0;

	d = opendir(path);
	if (!d || fstat(dirfd(d), &st))
		goto fail;
	self.dev = st.st_dev;
	self.ino = st.st_ino;
	self.up = up;
	for (a = up; a; a = a->up)
		if (a->dev == self.dev && a->ino == self.ino)
			goto close_dir;
	for (;;) {
		errno = 0;
		e = readdir(d);
		if (!e)
			break;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		rc = walk_entry(w, path, rel, e, &self);
		if (rc)
			goto close_dir;
	}
	if (errno)
		goto fail;
close_dir:
	closedir(d);
	return rc;

fail:
	rc = errno;
	if (d)
		closedir(d);
	return arcov_errf(w->err, ARCOV_EIO, path, -1, "cannot read: %s",
			  strerror(rc));
}

int arcov_discover_tree(const char *dir, const char *suffix,
			struct arcov_paths *out, struct arcov_err *err)
{
	struct walk w = { suffix, strlen(suffix), out, err };
	size_t first = out->n;
	int rc;

	rc = walk_dir(&w, dir, NULL, NULL);
	if (!rc && out->n > first)
		qsort(out->v + first, out->n - first, sizeof *out->v,
		      arcov_paths_cmp);
	return rc;
}

int arcov_discover_has_dir(char *const *args, int nargs)
{
	struct stat st;
	int i;

	for (i = 0; i < nargs; i++)
		if (!stat(args[i], &st) && S_ISDIR(st.st_mode))
			return 1;
	return 0;
}

/* Append those of @found (joined to @dir when not NULL) not yet in @out. */
static int add_new(struct arcov_paths *out, const char *dir,
		   const struct arcov_paths *found)
{
	size_t i;

	for (i = 0; i < found->n; i++) {
		char *path = dir ? arcov_path_join(dir, found->v[i]) :
			     strdup(found->v[i]);
		int rc = path ? 0 : ARCOV_ENOMEM;

		if (!rc && !arcov_paths_has(out, path))
			rc = arcov_paths_add(out, path);
		free(path);
		if (rc)
			return rc;
	}
	return 0;
}

/* Append to @out the notes OUT-@base.bbg of @dir ("" for the current
 * directory), in strcmp() order; 1 when there are none. */
static int linked_notes(const char *dir, const char *base,
			struct arcov_paths *out)
{
	struct arcov_paths found = { 0 };
	size_t blen = strlen(base), n;
	DIR *d = opendir(*dir ? dir : ".");
	struct dirent *e;
	int r = 0;

	if (!d)
		return 1;
	while (!r && (e = readdir(d))) {
		n = strlen(e->d_name);
		if (n > blen + 5 && !strcmp(e->d_name + n - 4, ".bbg") &&
		    e->d_name[n - blen - 5] == '-' &&
		    !strncmp(e->d_name + n - blen - 4, base, blen))
			r = arcov_paths_add(&found, e->d_name);
	}
	closedir(d);
	if (!r && found.n) {
		qsort(found.v, found.n, sizeof *found.v, arcov_paths_cmp);
		r = add_new(out, *dir ? dir : NULL, &found);
	}
	n = found.n;
	arcov_paths_free(&found);
	return r ? r : !n;
}

int arcov_discover_linked(char *const *args, int nargs,
			  struct arcov_paths *out)
{
	int i, r, changed = 0;

	for (i = 0; i < nargs; i++) {
		char *stem = arcov_obj_stem(args[i], NULL, ARCOV_NAMES_MODERN);
		char *bbg = stem ? malloc(strlen(stem) + 5) : NULL;
		char *slash, *base;
		const char *dir = "";
		struct stat st;

		r = bbg ? 0 : ARCOV_ENOMEM;
		if (!r) {
			strcat(strcpy(bbg, stem), ".bbg");
			slash = strrchr(stem, '/');
			base = slash ? slash + 1 : stem;
			if (slash == stem)
				dir = "/";
			else if (slash)
				dir = stem;
			if (slash)
				*slash = 0;
			r = stat(bbg, &st) == 0 ? 1 :
			    linked_notes(dir, base, out);
		}
		if (r == 1)
			r = arcov_paths_add(out, args[i]);
		else if (!r)
			changed = 1;
		free(bbg);
		free(stem);
		if (r)
			return r;
	}
	return changed;
}

int arcov_discover_objects(char *const *args, int nargs,
			   const struct arcov_paths *progs, int libs,
			   struct arcov_paths *out, struct arcov_log *log)
{
	struct arcov_paths found = { 0 };
	struct arcov_err err;
	struct stat st;
	size_t k;
	int i, r, rc = 0;

	for (i = 0; i < nargs; i++) {
		if (stat(args[i], &st) || !S_ISDIR(st.st_mode)) {
			if (arcov_paths_add(out, args[i]))
				goto nomem;
			continue;
		}
		r = arcov_discover_tree(args[i], ".bbg", &found, &err);
		if (r == ARCOV_ENOMEM)
			goto nomem;
		if (r) {
			arcov_logf(log, "arcov: %s\n", err.msg);
			rc = 1;
		} else if (!found.n) {
			arcov_logf(log, "arcov: %s: no .bbg file below it\n",
				args[i]);
			rc = 1;
		}
		r = add_new(out, args[i], &found);
		arcov_paths_free(&found);
		if (r)
			goto nomem;
	}
	for (k = 0; k < progs->n; k++) {
		r = arcov_discover_binary(progs->v[k], libs, &found, log,
					  &err);
		if (r == ARCOV_ENOMEM)
			goto nomem;
		if (r < 0)
			arcov_logf(log, "arcov: %s\n", err.msg);
		if (r)
			rc = 1;
		r = add_new(out, NULL, &found);
		arcov_paths_free(&found);
		if (r)
			goto nomem;
	}
	return rc;

nomem:
	arcov_paths_free(&found);
	arcov_logf(log, "arcov: out of memory\n");
	return 1;
}

