/* runs.c -- arcov --list-runs: the runs the .da files hold, for choosing
 * one with --run.  A row per (block number, label), in block order, with
 * how many objects hold such a block: a test suite run with
 * ARCOV_APPEND=1 and ARCOV_RUN_LABEL set per test gives one row a test.
 * A label is printed escaped (\\, \n, \t, \xHH for other control
 * bytes), so no label can make a line of its own or move a column.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

struct run_row {
	size_t index;		/* from 1 */
	char *label;		/* NULL: none */
	size_t objects;
};

/* @s with its backslashes and control bytes escaped; malloc'd. */
static char *escaped(const char *s)
{
	char *out = malloc(4 * strlen(s) + 1), *p = out;

	if (!out)
		return NULL;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '\\')
			p += sprintf(p, "\\\\");
		else if (c == '\n')
			p += sprintf(p, "\\n");
		else if (c == '\t')
			p += sprintf(p, "\\t");
		else if (c < 0x20 || c == 0x7f)
			p += sprintf(p, "\\x%02x", c);
		else
			*p++ = (char)c;
	}
	*p = 0;
	return out;
}

static int same_label(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

int arcov_report_runs(const struct arcov_project *p, FILE *out, FILE *diag)
{
	struct run_row *rows = NULL;
	size_t nrows = 0, cap = 0, i, k, r;
	int wlabel = 5, windex = 3, rc = 0;
	char *label;

	for (i = 0; i < p->nobjs; i++) {
		const struct arcov_obj *obj = &p->objs[i].obj;

		if (!arcov_pobj_usable(&p->objs[i]))
			continue;
		for (k = 0; k < obj->da.nblocks; k++) {
			int has = arcov_run_label(&obj->da.blocks[k], &label);
			char *esc = NULL;

			if (has < 0)
				goto nomem;
			if (label) {
				esc = escaped(label);
				free(label);
				if (!esc)
					goto nomem;
			}
			for (r = 0; r < nrows; r++)
				if (rows[r].index == k + 1 &&
				    same_label(rows[r].label, esc))
					break;
			if (r == nrows) {
				if (nrows == cap) {
					struct run_row *more;

					cap = cap ? 2 * cap : 16;
					more = realloc(rows, cap * sizeof *rows);
					if (!more) {
						free(esc);
						goto nomem;
					}
					rows = more;
				}
				rows[r].index = k + 1;
				rows[r].objects = 0;
				rows[r].label = esc;
				esc = NULL;
				nrows++;
			}
			free(esc);
			rows[r].objects++;
		}
	}
	for (r = 0; r < nrows; r++) {
		int n = snprintf(NULL, 0, "%zu", rows[r].index);

		if (n > windex)
			windex = n;
		if (rows[r].label && (int)strlen(rows[r].label) > wlabel)
			wlabel = (int)strlen(rows[r].label);
	}
	fprintf(out, "%-*s  %-*s  objects\n", windex, "run", wlabel, "label");
	for (r = 0; r < nrows; r++)
		fprintf(out, "%-*zu  %-*s  %zu\n", windex, rows[r].index,
			wlabel, rows[r].label ? rows[r].label : "-",
			rows[r].objects);
	goto free_rows;
nomem:
	fprintf(diag, "arcov: out of memory\n");
	rc = 1;
	if (nrows < cap && rows)
		rows[nrows].label = NULL;
free_rows:
	for (r = 0; r < nrows; r++)
		free(rows[r].label);
	free(rows);
	return rc;
}
