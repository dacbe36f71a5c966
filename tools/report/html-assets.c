/* html-assets.c -- the HTML site's stylesheet and script (html.h).
 *
 * They are written as they are, tools/report/arcov.css and arcov.js, and
 * built into the reporter as C strings (html-assets.inc, made by
 * tools/local.mk), so the site needs nothing installed beside arcov.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "html.h"

/* ARCOV_CSS and ARCOV_JS. */
#include "html-assets.inc"

/* Write @text to @dir/@name; 0, or 1 after saying why on @diag. */
static int write_asset(const char *dir, const char *name, const char *text,
		       FILE *diag)
{
	char *path = malloc(strlen(dir) + strlen(name) + 2);
	struct arcov_output w;
	struct arcov_err err = { 0 };
	int rc = 1;

	if (!path) {
		fprintf(diag, "arcov: out of memory\n");
		return 1;
	}
	sprintf(path, "%s/%s", dir, name);
	if (arcov_output_open(&w, path, NULL, &err) < 0) {
		fprintf(diag, "arcov: %s\n", err.msg);
		goto free_path;
	}
	fputs(text, w.f);
	if (arcov_output_close(&w, &err) < 0) {
		fprintf(diag, "arcov: %s\n", err.msg);
		goto free_path;
	}
	rc = 0;
free_path:
	free(path);
	return rc;
}

int html_assets_write(const char *dir, FILE *diag)
{
	return write_asset(dir, "arcov.css", ARCOV_CSS, diag) |
	       write_asset(dir, "arcov.js", ARCOV_JS, diag);
}
