/* export.c -- run the exports a command line asks for: build the call
 * graph once, make each file whole in memory, then put it in place with
 * an atomic replace (a temporary file renamed over the target), so a
 * failed export never leaves a partial or stale-looking file.
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "export.h"
#include "fileio.h"

/* The writer of one text format. */
typedef int (*text_writer)(const struct arcov_callgraph *, const char *,
			   FILE *);

struct text {
	char *data;
	size_t size;
};

/* Run @write into memory. */
static int make_text(struct text *t, const struct arcov_callgraph *cg,
		     const char *cmd, text_writer write)
{
	FILE *f = open_memstream(&t->data, &t->size);
	int r;

	if (!f)
		return ARCOV_ENOMEM;
	r = write(cg, cmd, f);
	if (fclose(f) && !r)
		r = ARCOV_ENOMEM;
	return r;
}

static int put_text(const char *path, text_writer write,
		    const struct arcov_callgraph *cg, const char *cmd,
		    FILE *diag)
{
	struct text t = { NULL, 0 };
	struct arcov_err err = { 0 };
	int r;

	r = make_text(&t, cg, cmd, write);
	if (r == 0 && !strcmp(path, "-")) {
		/* Standard output, as for the reports' "-". */
		if (fwrite(t.data, 1, t.size, stdout) != t.size ||
		    fflush(stdout))
			r = arcov_errf(&err, ARCOV_EIO, NULL, -1, "standard "
				       "output: write error: %s",
				       strerror(errno));
	} else if (r == 0)
		r = arcov_file_replace(path, t.data, t.size, &err);
	else
		arcov_errf(&err, r, path, -1, "%s", arcov_strerror(r));
	free(t.data);
	if (r < 0)
		fprintf(diag, "arcov: %s\n", err.msg);
	return r < 0;
}

/* webgrind only lists trace files named like xdebug's (doc/formats.md §7.4). */
static void check_webgrind_name(const char *path, FILE *diag)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	if (strncmp(base, "cachegrind.out.", 15) || !base[15])
		fprintf(diag, "arcov: warning: %s: webgrind lists only files "
			"named cachegrind.out.*\n", path);
}

/* The callgrind profile at @path and its preprocessed form at
 * @path.webgrind, written in that order (webgrind drops a preprocessed
 * file older than its profile); both or neither. */
static int put_webgrind(const struct arcov_export_opts *o,
			const struct arcov_callgraph *cg, const char *cmd,
			FILE *diag)
{
	struct arcov_webgrind wg;
	struct arcov_err err = { 0 };
	struct text t = { NULL, 0 };
	size_t n = strlen(o->webgrind);
	char *bin_path = malloc(n + sizeof ".webgrind");
	unsigned char *bin = NULL;
	ssize_t size = 0;
	int r;

	if (!bin_path) {
		fprintf(diag, "arcov: out of memory\n");
		return 1;
	}
	memcpy(bin_path, o->webgrind, n);
	memcpy(bin_path + n, ".webgrind", sizeof ".webgrind");
	r = arcov_webgrind_build(&wg, cg, cmd);
	if (r == 0) {
		size = arcov_webgrind_write(&wg, o->webgrind_version, NULL, 0);
		bin = size < 0 ? NULL : malloc((size_t)size + 1);
		if (size >= 0 && !bin)
			size = ARCOV_ENOMEM;
		if (bin)
			size = arcov_webgrind_write(&wg, o->webgrind_version,
						    bin, (size_t)size);
		r = size < 0 ? (int)size : 0;
		arcov_webgrind_free(&wg);
	}
	if (r < 0) {
		arcov_errf(&err, r, bin_path, -1, "%s", arcov_strerror(r));
		goto free_all;
	}
	r = make_text(&t, cg, cmd, arcov_callgrind_write);
	if (r < 0) {
		arcov_errf(&err, r, o->webgrind, -1, "%s", arcov_strerror(r));
		goto free_all;
	}
	r = arcov_file_replace(o->webgrind, t.data, t.size, &err);
	if (r < 0)
		goto free_all;
	r = arcov_file_replace(bin_path, bin, (size_t)size, &err);
	if (r < 0)
		unlink(o->webgrind);
free_all:
	if (r < 0)
		fprintf(diag, "arcov: %s\n", err.msg);
	else
		check_webgrind_name(o->webgrind, diag);
	free(t.data);
	free(bin);
	free(bin_path);
	return r < 0;
}

char *arcov_export_cmd(char *const *argv, int argc)
{
	size_t n = 1;
	char *s, *p;
	int i;

	for (i = 0; i < argc; i++)
		n += strlen(argv[i]) + 1;
	s = malloc(n);
	if (!s)
		return NULL;
	for (i = 0, p = s; i < argc; i++) {
		if (i)
			*p++ = ' ';
		strcpy(p, argv[i]);
		p += strlen(p);
	}
	*p = 0;
	for (p = s; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	return s;
}

int arcov_export(const struct arcov_export_opts *o,
		 const struct arcov_callgraph *cg, const char *why, FILE *diag)
{
	char *cmd;
	int rc = 0;

	if (!cg) {
		fprintf(diag, "arcov: %s; nothing exported\n", why);
		return 1;
	}
	cmd = arcov_export_cmd(o->argv, o->argc);
	if (!cmd) {
		fprintf(diag, "arcov: out of memory\n");
		return 1;
	}
	if (o->cachegrind)
		rc |= put_text(o->cachegrind, arcov_cachegrind_write, cg, cmd,
			       diag);
	if (o->callgrind)
		rc |= put_text(o->callgrind, arcov_callgrind_write, cg, cmd,
			       diag);
	if (o->webgrind)
		rc |= put_webgrind(o, cg, cmd, diag);
	free(cmd);
	return rc;
}
