/* run-models.c -- one model per labelled run (run-models.h). */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "run-models.h"

/* Add @label to @rm->labels unless it is there; 0 or ARCOV_ENOMEM. */
static int add_label(struct arcov_run_models *rm, const char *label)
{
	char **more;
	size_t j;

	for (j = 0; j < rm->n; j++)
		if (!strcmp(rm->labels[j], label))
			return 0;
	more = realloc(rm->labels, (rm->n + 1) * sizeof *more);
	if (!more)
		return ARCOV_ENOMEM;
	rm->labels = more;
	rm->labels[rm->n] = strdup(label);
	if (!rm->labels[rm->n])
		return ARCOV_ENOMEM;
	rm->n++;
	return 0;
}

/* The labels of @p's .da blocks into @rm, each once, in the order met;
 * 1 when some block has none, or ARCOV_ENOMEM. */
static int find_labels(struct arcov_run_models *rm,
		       const struct arcov_project *p)
{
	int unlabelled = 0, has, r;
	char *label;
	size_t i, k;

	for (i = 0; i < p->nobjs; i++) {
		const struct arcov_da *da = &p->objs[i].obj.da;

		for (k = 0; arcov_pobj_usable(&p->objs[i]) && k < da->nblocks;
		     k++) {
			/* A label of any length (object.h). */
			has = arcov_run_label(&da->blocks[k], &label);
			if (has < 0)
				return ARCOV_ENOMEM;
			if (!has) {
				unlabelled = 1;
				continue;
			}
			r = add_label(rm, label);
			free(label);
			if (r < 0)
				return ARCOV_ENOMEM;
		}
	}
	return unlabelled;
}

int arcov_run_models_build(struct arcov_run_models *rm,
			   const struct arcov_project_opts *base,
			   char *const *args, int nargs,
			   const struct arcov_project *all)
{
	struct arcov_project_opts po = *base;
	char **more;
	size_t i;
	int unlabelled;

	memset(rm, 0, sizeof *rm);
	unlabelled = find_labels(rm, all);
	if (unlabelled < 0)
		return ARCOV_ENOMEM;
	if (!rm->n)
		return 0;
	if (unlabelled) {
		more = realloc(rm->labels, (rm->n + 1) * sizeof *more);
		if (!more)
			return ARCOV_ENOMEM;
		rm->labels = more;
		rm->labels[rm->n++] = NULL;
	}
	rm->sels = calloc(rm->n, sizeof *rm->sels);
	rm->ps = calloc(rm->n, sizeof *rm->ps);
	if (!rm->sels || !rm->ps)
		return ARCOV_ENOMEM;
	for (i = 0; i < rm->n; i++) {
		rm->sels[i].label = rm->labels[i];
		rm->sels[i].unlabelled = !rm->labels[i];
		po.run = &rm->sels[i];
		/* On failure, arcov_run_models_free() frees this one too. */
		if (arcov_project_build(&rm->ps[i], &po, args, nargs) < 0)
			return ARCOV_ENOMEM;
		arcov_log_free(&rm->ps[i].log);
	}
	return 0;
}

void arcov_run_models_free(struct arcov_run_models *rm)
{
	size_t i;

	for (i = 0; i < rm->n; i++) {
		if (rm->ps)
			arcov_project_free(&rm->ps[i]);
		free(rm->labels[i]);
	}
	free(rm->labels);
	free(rm->sels);
	free(rm->ps);
	memset(rm, 0, sizeof *rm);
}
