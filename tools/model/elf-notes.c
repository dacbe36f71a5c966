/* elf-notes.c -- read the .arcov_notes section (lib/notes-section.h) of a
 * program and of the shared libraries it needs, resolved the way glibc's
 * dynamic loader resolves them.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf-notes.h"
#include "notes-section.h"

/* An open ELF file and what the loader needs from its dynamic section. */
struct elf_file {
	const char *path;
	int fd;
	Elf *e;
	int cls;		/* ELFCLASS32 or ELFCLASS64 */
	unsigned machine;	/* e_machine */
	int has_notes;		/* it has a .arcov_notes section */
	struct arcov_paths needed;	/* DT_NEEDED, in order */
	char *rpath;		/* DT_RPATH, $ORIGIN expanded; NULL if none */
	char *runpath;		/* DT_RUNPATH, likewise */
};

static void elf_close(struct elf_file *f)
{
	if (f->e)
		elf_end(f->e);
	if (f->fd >= 0)
		close(f->fd);
	arcov_paths_free(&f->needed);
	free(f->rpath);
	free(f->runpath);
	f->e = NULL;
	f->fd = -1;
	f->rpath = f->runpath = NULL;
}

static int elf_open(struct elf_file *f, const char *path,
		    struct arcov_err *err)
{
	GElf_Ehdr eh;

	memset(f, 0, sizeof *f);
	f->path = path;
	f->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (f->fd < 0)
		return arcov_errf(err, ARCOV_EIO, path, -1, "cannot read: %s",
				  strerror(errno));
	f->e = elf_begin(f->fd, ELF_C_READ, NULL);
	if (!f->e || elf_kind(f->e) != ELF_K_ELF || !gelf_getehdr(f->e, &eh)) {
		elf_close(f);
		return arcov_errf(err, ARCOV_EFORMAT, path, -1,
				  "not an ELF file");
	}
	f->cls = gelf_getclass(f->e);
	f->machine = eh.e_machine;
	return 0;
}

/* Add a record's .bbg path to the list @ctx, once. */
static int add_bbg(void *ctx, const char *const *paths)
{
	struct arcov_paths *out = ctx;
	const char *bbg = paths[ARCOV_SECTION_BBG];

	if (arcov_paths_has(out, bbg))
		return 0;
	return arcov_paths_add(out, bbg);
}

/* Add the .bbg path of every record of the section bytes @data (@size of
 * them, at file offset @base) to @out. */
static int parse_notes(const struct elf_file *f, const char *data,
		       size_t size, size_t base, struct arcov_paths *out,
		       struct arcov_err *err)
{
	int r = arcov_section_parse(data, size, f->path, base, add_bbg, out,
				    err);

	if (r == ARCOV_ENOMEM)
		return arcov_errf(err, r, f->path, -1, "out of memory");
	return r;
}

/* @list with every $ORIGIN and ${ORIGIN} replaced by @origin. */
static char *expand_origin(const char *list, const char *origin)
{
	size_t n = strlen(origin), len = 0, cap = strlen(list) + 1;
	const char *p;
	char *s, *bigger;

	s = malloc(cap);
	if (!s)
		return NULL;
	for (p = list; *p;) {
		size_t skip = !strncmp(p, "$ORIGIN", 7) ? 7 :
			      !strncmp(p, "${ORIGIN}", 9) ? 9 : 0;

		if (skip && len + n + strlen(p + skip) + 1 > cap) {
			cap = len + n + strlen(p + skip) + 1;
			bigger = realloc(s, cap);
			if (!bigger) {
				free(s);
				return NULL;
			}
			s = bigger;
		}
		if (skip) {
			memcpy(s + len, origin, n);
			len += n;
			p += skip;
		} else {
			s[len++] = *p++;
		}
	}
	s[len] = 0;
	return s;
}

/* The directory of @path after resolving links, for $ORIGIN. */
static char *origin_of(const char *path)
{
	char *real = realpath(path, NULL);
	char *slash;

	if (!real)
		return NULL;
	slash = strrchr(real, '/');
	if (slash == real)
		slash[1] = 0;
	else if (slash)
		*slash = 0;
	return real;
}

/* Read DT_NEEDED, DT_RPATH and DT_RUNPATH of the dynamic section @scn. */
static int read_dynamic(struct elf_file *f, Elf_Scn *scn,
			const GElf_Shdr *sh, struct arcov_err *err)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t entsize = gelf_fsize(f->e, ELF_T_DYN, 1, EV_CURRENT);
	char *origin = NULL, **slot;
	size_t i, n;
	GElf_Dyn dyn;
	const char *s;
	int rc = 0;

	if (!data || !entsize)
		return arcov_errf(err, ARCOV_EFORMAT, f->path,
				  (long)sh->sh_offset,
				  "unreadable dynamic section");
	n = data->d_size / entsize;
	for (i = 0; i < n && gelf_getdyn(data, (int)i, &dyn); i++) {
		if (dyn.d_tag == DT_NULL)
			break;
		if (dyn.d_tag != DT_NEEDED && dyn.d_tag != DT_RPATH &&
		    dyn.d_tag != DT_RUNPATH)
			continue;
		s = elf_strptr(f->e, sh->sh_link, dyn.d_un.d_val);
		if (!s)
			return arcov_errf(err, ARCOV_EFORMAT, f->path,
					  (long)(sh->sh_offset + i * entsize),
					  "dynamic entry names no string");
		if (dyn.d_tag == DT_NEEDED) {
			if (arcov_paths_add(&f->needed, s))
				return arcov_errf(err, ARCOV_ENOMEM, f->path,
						  -1, "out of memory");
			continue;
		}
		slot = dyn.d_tag == DT_RPATH ? &f->rpath : &f->runpath;
		if (!origin)
			origin = origin_of(f->path);
		free(*slot);
		*slot = expand_origin(s, origin ? origin : ".");
		if (!*slot) {
			rc = arcov_errf(err, ARCOV_ENOMEM, f->path, -1,
					"out of memory");
			break;
		}
	}
	free(origin);
	return rc;
}

/* Take @f's records into @out and, when @dynamic, its dynamic entries. */
static int read_sections(struct elf_file *f, int dynamic,
			 struct arcov_paths *out, struct arcov_err *err)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	GElf_Shdr sh;
	int rc;

	if (elf_getshdrstrndx(f->e, &shstrndx))
		return arcov_errf(err, ARCOV_EFORMAT, f->path, -1,
				  "no section name table: %s",
				  elf_errmsg(-1));
	while ((scn = elf_nextscn(f->e, scn))) {
		const char *name;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh))
			return arcov_errf(err, ARCOV_EFORMAT, f->path, -1,
					  "bad section header: %s",
					  elf_errmsg(-1));
		if (sh.sh_type == SHT_DYNAMIC && dynamic) {
			rc = read_dynamic(f, scn, &sh, err);
			if (rc)
				return rc;
			continue;
		}
		name = elf_strptr(f->e, shstrndx, sh.sh_name);
		if (!name || strcmp(name, ARCOV_SECTION_NAME) ||
		    sh.sh_type == SHT_NOBITS)
			continue;
		/* libelf checks that the section lies inside the file. */
		data = elf_rawdata(scn, NULL);
		if (!data || data->d_size != sh.sh_size)
			return arcov_errf(err, ARCOV_EFORMAT, f->path,
					  (long)sh.sh_offset,
					  "unreadable " ARCOV_SECTION_NAME
					  " section: %s", elf_errmsg(-1));
		f->has_notes = 1;
		rc = parse_notes(f, data->d_buf, data->d_size, sh.sh_offset,
				 out, err);
		if (rc)
			return rc;
	}
	return 0;
}

/* How the libraries of one program are found. */
struct resolver {
	int cls;			/* the program's class and machine: */
	unsigned machine;		/* others are skipped, as ld.so does */
	const char *prog_rpath;		/* inherited DT_RPATH, or NULL */
	int cache_read;
	struct arcov_paths cache_names;	/* "ldconfig -p", name by name */
	struct arcov_paths cache_paths;
};

/* Whether @path is an ELF file of the program's class and machine. */
static int loadable(const struct resolver *r, const char *path)
{
	struct elf_file f;
	int ok;

	if (elf_open(&f, path, NULL))
		return 0;
	ok = f.cls == r->cls && f.machine == r->machine;
	elf_close(&f);
	return ok;
}

/* The first directory of the colon-separated @list holding a loadable
 * @name, as a malloc'd path; NULL if none.  Empty entries mean ".". */
static char *search_list(const struct resolver *r, const char *list,
			 const char *name)
{
	const char *p, *end;
	char *dir, *path;

	for (p = list; p; p = *end ? end + 1 : NULL) {
		end = strchr(p, ':');
		if (!end)
			end = p + strlen(p);
		dir = end > p ? strndup(p, (size_t)(end - p)) : strdup(".");
		if (!dir)
			return NULL;
		path = arcov_path_join(dir, name);
		free(dir);
		if (path && loadable(r, path))
			return path;
		free(path);
	}
	return NULL;
}

/* Read the loader's cache as "ldconfig -p" lists it: lines of the form
 * "	NAME (FLAGS) => PATH".  No cache is no error: the search goes on. */
static void read_cache(struct resolver *r)
{
	char line[4096];
	FILE *p;

	r->cache_read = 1;
	p = popen("ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null",
		  "r");
	if (!p)
		return;
	while (fgets(line, sizeof line, p)) {
		char *name = line + strspn(line, " \t");
		char *arrow = strstr(name, " => ");
		char *end;

		if (!arrow)
			continue;
		end = strchr(name, ' ');
		*end = 0;
		arrow += 4;
		arrow[strcspn(arrow, "\n")] = 0;
		if (arcov_paths_add(&r->cache_names, name))
			break;
		if (arcov_paths_add(&r->cache_paths, arrow)) {
			/* out of memory halfway: drop the lone name */
			free(r->cache_names.v[--r->cache_names.n]);
			break;
		}
	}
	pclose(p);
}

static const char *const system_dirs[] = {
	"/lib64", "/usr/lib64", "/lib", "/usr/lib"
};

/* Where the loader would find @name, needed by @f; NULL if nowhere.
 * glibc tries the DT_RPATH of every object in the chain that loaded @f;
 * only @f's and the program's are known here, which covers programs
 * whose libraries need no library with a DT_RPATH of its own. */
static char *resolve(struct resolver *r, const struct elf_file *f,
		     const char *name)
{
	const char *env = getenv("LD_LIBRARY_PATH");
	char *path = NULL;
	size_t i;

	if (strchr(name, '/'))
		return loadable(r, name) ? strdup(name) : NULL;
	if (!f->runpath && f->rpath)
		path = search_list(r, f->rpath, name);
	if (!path && !f->runpath && r->prog_rpath)
		path = search_list(r, r->prog_rpath, name);
	if (!path && env && *env)
		path = search_list(r, env, name);
	if (!path && f->runpath)
		path = search_list(r, f->runpath, name);
	if (path)
		return path;
	if (!r->cache_read)
		read_cache(r);
	for (i = 0; i < r->cache_names.n; i++)
		if (!strcmp(r->cache_names.v[i], name) &&
		    loadable(r, r->cache_paths.v[i]))
			return strdup(r->cache_paths.v[i]);
	for (i = 0; i < sizeof system_dirs / sizeof *system_dirs; i++) {
		path = search_list(r, system_dirs[i], name);
		if (path)
			return path;
	}
	return NULL;
}

/* Queue every library @f needs that is not queued yet (@queue holds real
 * paths).  Returns 0, 1 when some could not be found, or ARCOV_ENOMEM. */
static int queue_needed(struct resolver *r, const struct elf_file *f,
			struct arcov_paths *queue, struct arcov_log *log)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < f->needed.n; i++) {
		char *path = resolve(r, f, f->needed.v[i]);
		char *real = path ? realpath(path, NULL) : NULL;

		free(path);
		if (!real) {
			arcov_logf(log, "arcov: %s: needed library %s not "
				"found\n", f->path, f->needed.v[i]);
			rc = 1;
			continue;
		}
		if (!arcov_paths_has(queue, real) &&
		    arcov_paths_add(queue, real)) {
			free(real);
			return ARCOV_ENOMEM;
		}
		free(real);
	}
	return rc;
}

int arcov_discover_binary(const char *prog, int libs, struct arcov_paths *out,
			  struct arcov_log *log, struct arcov_err *err)
{
	struct resolver r = { 0 };
	struct arcov_paths queue = { 0 };
	struct elf_file f;
	size_t first = out->n, i;
	int rc, warned = 0, found;
	char *real;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return arcov_errf(err, ARCOV_EFORMAT, prog, -1,
				  "libelf is out of date");
	rc = elf_open(&f, prog, err);
	if (rc)
		return rc;
	rc = read_sections(&f, libs, out, err);
	found = f.has_notes;
	if (rc || !libs)
		goto close_prog;
	r.cls = f.cls;
	r.machine = f.machine;
	r.prog_rpath = f.runpath ? NULL : f.rpath;
	/* The program heads the queue so a library needing it (a --binary
	 * library in a cycle) does not walk it twice. */
	real = realpath(prog, NULL);
	rc = real ? arcov_paths_add(&queue, real) : ARCOV_ENOMEM;
	free(real);
	if (!rc)
		rc = queue_needed(&r, &f, &queue, log);
	/* Breadth first: the queue grows while it is walked. */
	for (i = 1; rc >= 0 && i < queue.n; i++) {
		struct elf_file lib;
		struct arcov_err lib_err;

		warned |= rc;
		rc = elf_open(&lib, queue.v[i], &lib_err);
		if (!rc)
			rc = read_sections(&lib, 1, out, &lib_err);
		if (rc == ARCOV_ENOMEM) {
			elf_close(&lib);
			break;
		}
		if (rc) {
			arcov_logf(log, "arcov: %s\n", lib_err.msg);
			elf_close(&lib);
			rc = 1;
			continue;
		}
		found |= lib.has_notes;
		rc = queue_needed(&r, &lib, &queue, log);
		elf_close(&lib);
	}
	if (rc > 0) {
		warned = 1;
		rc = 0;
	}
	if (rc)
		arcov_errf(err, rc, prog, -1, "out of memory");
close_prog:
	elf_close(&f);
	arcov_paths_free(&queue);
	arcov_paths_free(&r.cache_names);
	arcov_paths_free(&r.cache_paths);
	if (!rc && !found)
		rc = arcov_errf(err, ARCOV_EFORMAT, prog, -1,
				"no " ARCOV_SECTION_NAME " section%s (not built "
				"with the arcov plugin?)",
				libs ? " in it or in the libraries it needs" :
				"");
	if (rc < 0) {
		/* Nothing half-found is reported. */
		while (out->n > first)
			free(out->v[--out->n]);
		return rc;
	}
	return warned;
}

