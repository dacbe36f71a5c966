/* baseline.c -- differential coverage's baseline (baseline.h). */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "baseline.h"
#include "discover.h"

/* The lines with code of @src into a new source of @t. */
static int add_source(struct tracefile *t, const struct arcov_msrc *src)
{
	struct tracefile_src *more, *s;
	size_t k, n = 0;

	more = realloc(t->srcs, (t->nsrcs + 1) * sizeof *more);
	if (!more)
		return ARCOV_ENOMEM;
	t->srcs = more;
	s = &t->srcs[t->nsrcs];
	memset(s, 0, sizeof *s);
	for (k = 0; k < src->nlines; k++)
		n += src->lines[k].exists != 0;
	s->path = strdup(src->path);
	s->lnum = malloc((n ? n : 1) * sizeof *s->lnum);
	s->count = malloc((n ? n : 1) * sizeof *s->count);
	t->nsrcs++;
	if (!s->path || !s->lnum || !s->count)
		return ARCOV_ENOMEM;
	for (k = 0; k < src->nlines; k++) {
		if (!src->lines[k].exists)
			continue;
		s->lnum[s->n] = src->lnum[k];
		s->count[s->n++] = src->lines[k].count;
	}
	s->cap = n;
	return 0;
}

/* The tree @dir into @t. */
static int read_tree(struct tracefile *t, const char *dir,
		     const struct arcov_project_opts *o, struct arcov_err *err)
{
	struct arcov_project_opts po = *o;
	struct arcov_paths objs = { 0 }, none = { 0 };
	struct arcov_log log = { 0 };
	struct arcov_project p;
	char *args[] = { (char *)dir };
	size_t i;
	int r;

	r = arcov_discover_objects(args, 1, &none, 0, &objs, &log);
	arcov_log_flush(&log, stderr);
	arcov_log_free(&log);
	if (r || !objs.n) {
		arcov_paths_free(&objs);
		return arcov_errf(err, ARCOV_EIO, dir, -1,
				  "no baseline notes and data below it");
	}
	po.objdir = NULL;
	po.style = ARCOV_NAMES_MODERN;
	po.run = NULL;
	po.lines = 1;
	po.found = 1;
	po.verbose = 0;
	r = arcov_project_build(&p, &po, objs.v, (int)objs.n);
	if (p.log.len)
		fputs("arcov: baseline:\n", stderr);
	arcov_log_flush(&p.log, stderr);
	for (i = 0; r >= 0 && i < p.lines.nsrcs; i++)
		if (!p.lines.srcs[i].filtered && p.lines.srcs[i].lines)
			r = add_source(t, &p.lines.srcs[i]);
	arcov_project_free(&p);
	arcov_paths_free(&objs);
	if (r < 0)
		return arcov_errf(err, ARCOV_ENOMEM, NULL, -1, "out of memory");
	return 0;
}

int arcov_baseline_read(struct tracefile *t, const char *path,
			const struct arcov_project_opts *o, int *tree,
			struct arcov_err *err)
{
	struct stat st;

	memset(t, 0, sizeof *t);
	*tree = !stat(path, &st) && S_ISDIR(st.st_mode);
	return *tree ? read_tree(t, path, o, err) :
		       tracefile_read(t, path, err);
}
