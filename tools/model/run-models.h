/* run-models.h -- one model per labelled run: the view of each test that
 * --lcov --per-run and the HTML site's per-test pages read.
 *
 * A .da file appended with ARCOV_APPEND=1 holds one block per run,
 * labelled by ARCOV_RUN_LABEL.  What one test executed is the model built
 * from its blocks alone, so each label gets a whole project built the
 * same way as the main one (project.h), with its run selection; the
 * blocks without a label get one more.  The models are built once, here,
 * and every output that shows tests reads them.
 */
#ifndef ARCOV_RUN_MODELS_H
#define ARCOV_RUN_MODELS_H

#include <stddef.h>

#include "project.h"

#ifdef __cplusplus
extern "C" {
#endif

struct arcov_run_models {
	size_t n;			/* models */
	char **labels;			/* labels[i]: NULL for the unlabelled */
	struct arcov_run_sel *sels;	/* what each model selects */
	struct arcov_project *ps;	/* the models */
};

/**
 * arcov_run_models_build - the models of each run label of @all (the
 * whole model, built from @args with @base), in the order the labels are
 * first met, then one of the unlabelled blocks when some block has no
 * label.  None when no block has a label.  Diagnostics of these models
 * are dropped: they said nothing the whole model did not.
 *
 * Returns 0 or ARCOV_ENOMEM; @rm is released with arcov_run_models_free()
 * whatever the result.
 */
int arcov_run_models_build(struct arcov_run_models *rm,
			   const struct arcov_project_opts *base,
			   char *const *args, int nargs,
			   const struct arcov_project *all);

/* arcov_run_models_free - release everything @rm holds; @rm is zeroed. */
void arcov_run_models_free(struct arcov_run_models *rm);

#ifdef __cplusplus
}
#endif

#endif
