/* project.c -- build the report model once per run (project.h): load every
 * object, then merge what they say per source, in the steps gcov 12 takes
 * (read_graph_file and read_count_file for each object, then
 * add_line_counts for every function and accumulate_line_counts for every
 * source), with the copies of each function grouped between the two.
 */
#include <config.h>

#include <regex.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "arcov-notes-apply.h"
#include "paths.h"
#include "project.h"

/* What gcov 12 says once an object's notes and data are read (after any
 * "source file is newer" note); 1 when the report will be incomplete.
 * Objects found in a tree without data (never linked, or their program
 * never ran: a libtool build has many) are counted, to be said in one
 * line (no_data_note()), unless @o->verbose. */
static int data_notes(struct arcov_project *p, const struct arcov_obj *obj,
		      const struct arcov_project_opts *o)
{
	const struct arcov_run_sel *run = o->found ? NULL : o->run;
	char msg[ARCOV_ERR_MAX], number[24];
	const char *line, *nl;
	size_t k;
	int rc = 0;

	if (run)
		snprintf(number, sizeof number, "%ld", run->index);
	if (!obj->nfns)
		arcov_logf(&p->log, "%s:no functions found\n", obj->bbg_path);
	if (!obj->have_da && o->found && !o->verbose) {
		if (!p->no_data++)
			p->no_data_path = obj->da_path;
	} else if (!obj->have_da)
		arcov_logf(&p->log, "%s:cannot open data file, assuming not "
			   "executed\n", obj->da_path);
	else if (run && !obj->selected)
		arcov_logf(&p->log, "%s:no run %s%s%s, assuming not "
			   "executed\n", obj->da_path,
			   run->label ? "labelled '" : "",
			   run->label ? run->label : number,
			   run->label ? "'" : "");
	if (obj->nforeign)
		arcov_logf(&p->log, "%s:stamp mismatch with notes file\n"
			   "arcov: warning: %s: %u block%s of another build of "
			   "the object (a stale program ran?); not used\n",
			   obj->da_path, obj->da_path, obj->nforeign,
			   obj->nforeign == 1 ? "" : "s");
	if (arcov_obj_stale_warning(obj, msg, sizeof msg))
		arcov_logf(&p->log, "arcov: warning: %s\n", msg);
	for (line = obj->fold_msgs; line && *line; line = nl + 1) {
		nl = strchr(line, '\n');
		arcov_logf(&p->log, "arcov: warning: %.*s\n",
			   (int)(nl - line), line);
	}
	if (arcov_obj_live_warning(obj, msg, sizeof msg))
		arcov_logf(&p->log, "arcov: warning: %s\n", msg);
	if (arcov_obj_inexact_warning(obj, msg, sizeof msg))
		arcov_logf(&p->log, "arcov: warning: %s\n", msg);
	for (k = 0; k < obj->nfns; k++) {
		if (obj->fns[k].status < 0 && !obj->fns[k].counts.inexact) {
			arcov_logf(&p->log, "arcov: %s; reported as not "
				   "executed\n", obj->fns[k].err->msg);
			rc = 1;
		}
	}
	return rc;
}

/* Whether @obj, which never ran, names only sources that are gone. */
static int is_probe(const struct arcov_project *p, const struct arcov_obj *obj)
{
	struct stat st;
	size_t i;

	for (i = 0; i < obj->bb.nfiles; i++) {
		char *path = arcov_modern_resolve(&p->lines, obj->bb.files[i],
						  obj);
		int there;

		if (!path)
			return ARCOV_ENOMEM;
		there = !stat(path, &st);
		free(path);
		if (there)
			return 0;
	}
	return obj->bb.nfiles > 0;
}

/* Load @po's object as gcov 12 reads one object; with @o->lines, say what
 * gcov 12 says about it and add it to the line model. */
static int load_one(struct arcov_project *p,
		    const struct arcov_project_opts *o, struct arcov_pobj *po,
		    const char *stem)
{
	struct arcov_obj *obj = &po->obj;
	size_t k;
	int r;

	po->rc = arcov_obj_load(obj, stem, o->run, o->fold_live, &po->err);
	if (po->rc == ARCOV_ENOMEM)
		return ARCOV_ENOMEM;
	for (k = 0; po->rc == 0 && k < obj->nfns; k++)
		p->inexact |= obj->fns[k].counts.inexact;
	if (!o->lines)
		return 0;
	if (po->rc == 0 && o->found && !obj->have_da) {
		r = is_probe(p, obj);
		if (r < 0)
			return r;
		po->probe = r;
		if (r)
			return 0;
	}
	if (po->rc < 0) {
		p->incomplete = 1;
		if (obj->missing)
			arcov_logf(&p->log, "%s:cannot open notes file\n",
				   obj->missing == ARCOV_OBJ_MISSING_BB ?
				   obj->bb_path : obj->bbg_path);
		else
			arcov_logf(&p->log, "arcov: %s\n", po->err.msg);
		return 0;
	}
	r = arcov_modern_add(&p->lines, obj);
	if (r < 0)
		return r;
	p->incomplete |= data_notes(p, obj, o);
	return 0;
}

/* Load every argument's object; a stem already loaded is a duplicate
 * under the modern rules (gcov 3.x read each argument anew). */
static int load_all(struct arcov_project *p, const struct arcov_project_opts *o,
		    char *const *args, int nargs)
{
	char **stems = calloc((size_t)nargs + 1, sizeof *stems);
	size_t i, j;
	int r = 0;

	p->objs = calloc((size_t)nargs + 1, sizeof *p->objs);
	if (!stems || !p->objs) {
		free(stems);
		return ARCOV_ENOMEM;
	}
	p->lines.source_prefix = o->source_prefix;
	p->lines.log = &p->log;
	for (i = 0; i < (size_t)nargs && !r; i++) {
		struct arcov_pobj *po = &p->objs[i];

		p->nobjs++;
		po->arg = args[i];
		stems[i] = arcov_obj_stem(args[i], o->objdir, o->style);
		if (!stems[i]) {
			r = ARCOV_ENOMEM;
			break;
		}
		for (j = 0; o->style == ARCOV_NAMES_MODERN && j < i; j++)
			if (!strcmp(stems[j], stems[i]))
				break;
		if (o->style == ARCOV_NAMES_MODERN && j < i) {
			po->duplicate = 1;
			if (o->lines)
				arcov_logf(&p->log, "'%s' file is already "
					   "processed\n", args[i]);
			continue;
		}
		r = load_one(p, o, po, stems[i]);
	}
	for (i = 0; i < (size_t)nargs; i++)
		free(stems[i]);
	free(stems);
	if (p->no_data == 1)
		arcov_logf(&p->log, "%s:cannot open data file, assuming not "
			   "executed\n", p->no_data_path);
	else if (p->no_data)
		arcov_logf(&p->log, "arcov: %zu objects have no data file "
			   "(never run), reported as not executed; --verbose "
			   "lists them\n", p->no_data);
	return r;
}

/* The functions of groups, each counted alone and added to its lines. */
static int add_groups(struct arcov_project *p)
{
	struct arcov_modern *m = &p->lines, scratch;
	size_t i;
	int r = 0;

	for (i = 0; i < m->nfns && !m->fns[i]->is_group; i++)
		;
	if (i == m->nfns)
		return 0;
	r = arcov_modern_scratch(m, &scratch);
	for (; r >= 0 && i < m->nfns; i++) {
		struct arcov_mfn *fn = m->fns[i];

		if (fn->artificial || fn->absent || !fn->is_group)
			continue;
		/* The scratch keeps line tables between functions: those of
		 * one object's sources at a time. */
		if (i && fn->obj != m->fns[i - 1]->obj)
			arcov_modern_scratch_trim(&scratch);
		r = arcov_modern_add_group_fn(m, &scratch, fn);
		if (r == 0)
			arcov_logf(&p->log, "%s:no lines for '%s'\n",
				   fn->obj->bbg_path, fn->name);
	}
	arcov_modern_scratch_free(&scratch);
	return r < 0 ? r : 0;
}

/* The rest of the line model, once every object is in. */
static int build_lines(struct arcov_project *p,
		       const struct arcov_project_opts *o)
{
	struct arcov_modern *m = &p->lines;
	size_t i;
	int r;

	r = arcov_modern_group(m);
	if (r < 0)
		return r;
	for (i = 0; i < m->nsrcs; i++) {
		r = arcov_excl_load(&m->srcs[i].excl, m->srcs[i].path,
				    m->srcs[i].name, &p->log);
		if (r < 0)
			return r;
	}
	r = arcov_pnotes_apply(m, o->exclude_eh, &p->log);
	if (r < 0)
		return r;
	for (i = 0; i < m->nfns; i++) {
		struct arcov_mfn *fn = m->fns[i];

		if (fn->artificial || fn->absent || fn->is_group)
			continue;
		r = arcov_modern_line_counts(m, fn, 1, &fn->leader->cov);
		if (r < 0)
			return r;
		if (!r)
			arcov_logf(&p->log, "%s:no lines for '%s'\n",
				   fn->obj->bbg_path, fn->name);
	}
	for (i = 0; i < m->nsrcs; i++)
		arcov_modern_accumulate(&m->srcs[i]);
	r = arcov_modern_tables(m);
	if (r < 0)
		return r;
	r = add_groups(p);
	if (r < 0)
		return r;
	for (i = 0; i < m->nsrcs; i++) {
		r = arcov_modern_tally(&m->srcs[i]);
		if (r < 0)
			return r;
	}
	return 0;
}

int arcov_project_check_regex(const char *re, struct arcov_err *err)
{
	regex_t rx;
	char why[256];
	int r = regcomp(&rx, re, REG_EXTENDED | REG_NOSUB);

	if (r) {
		regerror(r, &rx, why, sizeof why);
		return arcov_errf(err, ARCOV_EFORMAT, NULL, -1,
				  "'%s': %s", re, why);
	}
	regfree(&rx);
	return 0;
}

/* Whether @path matches one of @res (@n of them, checked beforehand). */
static int matches(const char *path, char *const *res, size_t n)
{
	regex_t rx;
	size_t i;
	int hit = 0;

	for (i = 0; i < n && !hit; i++) {
		if (regcomp(&rx, res[i], REG_EXTENDED | REG_NOSUB))
			continue;
		hit = !regexec(&rx, path, 0, NULL, 0);
		regfree(&rx);
	}
	return hit;
}

/* @path below @dir (absolute, canonical), or NULL when it is not. */
static const char *below_dir(const char *path, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;

	if (!n || strncmp(path, dir, n))
		return NULL;
	if (n == 1)
		return path + 1;
	return path[n] == '/' ? path + n + 1 : NULL;
}

/* Whether @path, or its name relative to the root (else to the current
 * directory) when it is below it, matches one of @res. */
static int path_matches(const struct arcov_project *p, const char *path,
			char *const *res, size_t n)
{
	const char *rel = below_dir(path, p->root ? p->root : p->cwd);

	return matches(path, res, n) || (rel && matches(rel, res, n));
}

/* --root, --filter and --exclude, as gcovr applies them: with filters, a
 * source must match one; without, it must be below the root (when there
 * is one); and it must match no exclude.  The expressions are matched
 * against the absolute path and against the name below the root (the
 * current directory without one), so "^src/" and "^/abs/src/" both
 * work, as gcovr takes relative filters from its root. */
static void filter_sources(struct arcov_project *p,
			   const struct arcov_project_opts *o)
{
	struct arcov_modern *m = &p->lines;
	size_t i;

	for (i = 0; i < m->nsrcs; i++) {
		const char *path = m->srcs[i].path;
		int keep;

		if (o->nfilters)
			keep = path_matches(p, path, o->filters, o->nfilters);
		else
			keep = !p->root || below_dir(path, p->root);
		if (keep && o->nexcludes)
			keep = !path_matches(p, path, o->excludes,
					     o->nexcludes);
		m->srcs[i].filtered = !keep;
	}
}

/* The absolute, canonical --root. */
static char *absolute(const char *cwd, const char *dir)
{
	char *real = realpath(dir, NULL);

	if (real)
		return real;
	/* Not there: as written, made absolute. */
	if (dir[0] == '/')
		return strdup(dir);
	return arcov_path_join(cwd, dir);
}

int arcov_project_build(struct arcov_project *p,
			const struct arcov_project_opts *o,
			char *const *args, int nargs)
{
	int r;

	memset(p, 0, sizeof *p);
	p->cwd = arcov_cwd();
	if (!p->cwd)
		return ARCOV_ENOMEM;
	if (o->root) {
		p->root = absolute(p->cwd, o->root);
		if (!p->root)
			return ARCOV_ENOMEM;
	}
	p->lines.cwd = p->cwd;
	p->lines.root = p->root;
	p->lines.npath_maps = o->npath_maps;
	p->lines.path_maps = o->path_maps;
	r = load_all(p, o, args, nargs);
	if (r == 0 && o->lines)
		r = build_lines(p, o);
	if (r == 0 && o->lines)
		filter_sources(p, o);
	return r;
}

void arcov_project_free(struct arcov_project *p)
{
	size_t i;

	arcov_modern_free(&p->lines);
	for (i = 0; i < p->nobjs; i++)
		arcov_obj_free(&p->objs[i].obj);
	free(p->objs);
	arcov_log_free(&p->log);
	free(p->cwd);
	free(p->root);
	memset(p, 0, sizeof *p);
}
