/* project.h -- the report model: every object of one run, loaded, matched
 * and solved once, and every source's lines merged across the objects
 * that hold them (lines.h).  Every report and export reads this model;
 * none loads or solves anything itself, and the model never prints: what
 * there is to say goes to project->log, and each object's load result is
 * kept for the reports to word as their gcov would.
 */
#ifndef ARCOV_PROJECT_H
#define ARCOV_PROJECT_H

#include <stddef.h>

#include "error.h"
#include "lines.h"
#include "log.h"
#include "object.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What decides which files are loaded and how. */
struct arcov_project_opts {
	const char *objdir;		/* -o DIR|FILE, or NULL */
	enum arcov_names_style style;	/* whose file lookup rules */
	const struct arcov_run_sel *run;	/* --run, or NULL: all */
	const char *source_prefix;	/* -s, or NULL */
	int exclude_eh;			/* --exclude-exception-branches */
	int lines;			/* build the per-source line model */
	int found;			/* the objects were found in trees or
					 * programs, not named one by one */
	int verbose;			/* --verbose: say everything of each
					 * object found */
	int fold_live;			/* fold continuous mode's live files
					 * of dead processes into each .da
					 * before reading it (not --no-fold) */
	const char *root;		/* --root DIR, or NULL */
	size_t nfilters;		/* --filter REGEX: report only sources */
	char *const *filters;		/* whose path matches one of them */
	size_t nexcludes;		/* --exclude REGEX: and none of these */
	char *const *excludes;
	size_t npath_maps;		/* --path-map FROM=TO */
	const struct arcov_path_map *path_maps;
};

/* One command-line object and how its load went. */
struct arcov_pobj {
	const char *arg;	/* as given */
	int duplicate;		/* the same object as an earlier argument */
	int probe;		/* found, never ran, its sources gone: a
				 * build system's probe (conftest) */
	int rc;			/* arcov_obj_load()'s result */
	struct arcov_err err;	/* why, when rc < 0 */
	struct arcov_obj obj;
};

struct arcov_project {
	size_t nobjs;
	struct arcov_pobj *objs;	/* one per argument, in order */
	struct arcov_modern lines;	/* the loaded objects' sources */
	struct arcov_log log;		/* diagnostics, in order */
	int incomplete;		/* some object or function is left out */
	int inexact;		/* some function's counters contradict its
				 * graph: its counts are bounds */
	size_t no_data;		/* objects found without a data file */
	const char *no_data_path;	/* the first one's */
	char *cwd;
	char *root;
};

/* arcov_pobj_usable - whether @po was loaded and is in the model. */
static inline int arcov_pobj_usable(const struct arcov_pobj *po)
{
	return !po->duplicate && !po->probe && po->rc == 0;
}

/**
 * arcov_project_check_regex - whether @re is an extended regular
 * expression arcov_project_build() can use; the reason into @err if not.
 */
int arcov_project_check_regex(const char *re, struct arcov_err *err);

/**
 * arcov_project_build - load the objects named by @args (@nargs of them,
 * each a source, object or notes/data file named as gcov names them)
 * and, with @o->lines, build the line model over every object that loaded
 * (exclusion markers read, extension notes applied, line counts taken).
 * An object that cannot be loaded is recorded (rc, err) and left out.
 * With @o->lines, what gcov 12 says about each object as it reads it goes
 * to @p->log, and @p->incomplete says whether something was left out.
 * Each source is known by the file it is (relative names resolved against
 * the directory its object was compiled in, then --path-map applied);
 * those outside --root, or not matching the --filter / matching an
 * --exclude expression, are marked filtered: no report shows them.
 * With @o->found, an object that never ran and whose sources no longer
 * exist is a build system's probe (configure's conftest, a compiler check)
 * and is left out without a word: nothing of it can be shown.
 *
 * Returns 0 or ARCOV_ENOMEM; @p is released with arcov_project_free()
 * whatever the result.
 */
int arcov_project_build(struct arcov_project *p,
			const struct arcov_project_opts *o,
			char *const *args, int nargs);

/* arcov_project_free - release everything @p holds; @p is zeroed. */
void arcov_project_free(struct arcov_project *p);

#ifdef __cplusplus
}
#endif

#endif
