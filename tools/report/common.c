/* common.c -- what the reports share (common.h). */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"

struct arcov_mfn **arcov_sorted_fns(const struct arcov_msrc *src)
{
	struct arcov_mfn **fns = malloc((src->nfns ? src->nfns : 1) *
					sizeof *fns);
	size_t i, j;

	if (!fns)
		return NULL;
	/* Insertion sort: stable, and sources hold few functions. */
	for (i = 0; i < src->nfns; i++) {
		struct arcov_mfn *fn = src->fns[i];
		uint32_t key = arcov_fn_first_line(fn);

		for (j = i; j > 0 && arcov_fn_first_line(fns[j - 1]) > key; j--)
			fns[j] = fns[j - 1];
		fns[j] = fn;
	}
	return fns;
}

char *arcov_cwd(void)
{
	size_t size = 256;
	char *buf = NULL, *bigger;

	for (;;) {
		bigger = realloc(buf, size);
		if (!bigger)
			break;
		buf = bigger;
		if (getcwd(buf, size))
			return buf;
		if (errno != ERANGE)
			break;
		size *= 2;
	}
	free(buf);
	return NULL;
}

FILE *arcov_output_open(const char *path, FILE *out, FILE *diag)
{
	FILE *f;

	if (!strcmp(path, "-"))
		return out;
	f = fopen(path, "w");
	if (!f)
		fprintf(diag, "arcov: %s: cannot create: %s\n", path,
			strerror(errno));
	return f;
}

int arcov_output_close(FILE *f, const char *path, FILE *out, FILE *diag)
{
	int bad;

	if (f == out)
		bad = fflush(f) || ferror(f);
	else
		bad = ferror(f) | fclose(f);
	if (bad)
		fprintf(diag, "arcov: %s: error writing: %s\n", path,
			strerror(errno));
	return bad ? 1 : 0;
}

const char *arcov_input_name(const struct arcov_modern *m, const char *arg,
			     char **canon)
{
	size_t i;

	*canon = NULL;
	for (i = 0; i < m->nsrcs; i++)
		if (!strcmp(m->srcs[i].name, arg))
			return m->srcs[i].display;
	*canon = strdup(arg);
	return *canon ? *canon : arg;
}
