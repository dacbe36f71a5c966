/* profile-run.c -- run the time-profile outputs a command line asks for:
 * build the time model once from the trace files, then each output from
 * it; a file is made whole in memory and put in place atomically, or
 * written to standard output when its name is "-".
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fileio.h"
#include "gzip.h"
#include "profile-export.h"

struct job {
	const struct arcov_profile *p;
	const struct arcov_profile_opts *o;
	const char *cmd;
};

typedef int (*text_fn)(const struct job *j, FILE *f);

static int put_file(const char *path, const void *data, size_t size,
		    FILE *diag)
{
	struct arcov_err err = { 0 };

	if (!strcmp(path, "-")) {
		if (fwrite(data, 1, size, stdout) != size || fflush(stdout) ||
		    ferror(stdout)) {
			fprintf(diag, "arcov: standard output: write error: "
				"%s\n", strerror(errno));
			return 1;
		}
		return 0;
	}
	if (arcov_file_replace(path, data, size, &err) < 0) {
		fprintf(diag, "arcov: %s\n", err.msg);
		return 1;
	}
	return 0;
}

/* @fn's text, whole, in a malloc'd buffer. */
static int text_of(const struct job *j, text_fn fn, char **data, size_t *size)
{
	FILE *f = open_memstream(data, size);
	int r;

	if (!f)
		return ARCOV_ENOMEM;
	r = fn(j, f);
	if (fclose(f) && !r)
		r = ARCOV_ENOMEM;
	return r;
}

/* Whether @path names a gzipped file (".gz"). */
static int gz_name(const char *path)
{
	size_t n = strlen(path);

	return n > 3 && !strcmp(path + n - 3, ".gz");
}

/* @fn's text into @path; gzipped when @gz and @path ends in ".gz" (the
 * readers of that format read it so: Perfetto, chrome://tracing). */
static int put_text(const struct job *j, const char *path, text_fn fn,
		    int gz, FILE *diag)
{
	char *data = NULL;
	size_t size = 0;
	int r = text_of(j, fn, &data, &size), rc;

	if (r == 0 && gz && gz_name(path)) {
		unsigned char *z = arcov_gzip(data, size, &size);

		free(data);
		data = (char *)z;
		r = z ? 0 : ARCOV_ENOMEM;
	}
	if (r < 0) {
		fprintf(diag, "arcov: %s: %s\n", path, arcov_strerror(r));
		free(data);
		return 1;
	}
	rc = put_file(path, data, size, diag);
	free(data);
	return rc;
}

static int callgrind_text(const struct job *j, FILE *f)
{
	return arcov_pf_callgrind_write(j->p, j->cmd, j->o->time_ns ? 1 : 10,
					f);
}

static int callgrind10_text(const struct job *j, FILE *f)
{
	return arcov_pf_callgrind_write(j->p, j->cmd, 10, f);
}

static int winidea_text(const struct job *j, FILE *f)
{
	return arcov_pf_winidea_write(j->p, j->o->winidea_indent,
				      j->o->timeline_bin ?
				      j->o->timeline_version : 0, f);
}

static int chrome_text(const struct job *j, FILE *f)
{
	return arcov_pf_chrome_write(j->p, f);
}

/* A sized binary writer's output, or a negative code. */
static ssize_t binary_of(const struct job *j, int which, unsigned char **buf)
{
	struct arcov_webgrind wg;
	ssize_t size;
	int pass;

	*buf = NULL;
	if (which == 'w' && j->o->webgrind_version != 4) {
		int r = arcov_pf_webgrind_build(&wg, j->p, j->cmd);

		if (r < 0)
			return r;
	}
	for (pass = 0, size = 0; pass < 2 && size >= 0; pass++) {
		if (pass) {
			*buf = malloc((size_t)size + 1);
			if (!*buf) {
				size = ARCOV_ENOMEM;
				break;
			}
		}
		if (which == 'b')
			size = arcov_pf_timeline_bin(j->p,
						     j->o->timeline_version,
						     *buf, (size_t)size);
		else if (j->o->webgrind_version == 4)
			size = arcov_pf_webgrind4_write(j->p, j->cmd, *buf,
							(size_t)size);
		else
			size = arcov_webgrind_write(&wg,
						    j->o->webgrind_version,
						    *buf, (size_t)size);
	}
	if (which == 'w' && j->o->webgrind_version != 4)
		arcov_webgrind_free(&wg);
	return size;
}

static int put_binary(const struct job *j, int which, const char *path,
		      FILE *diag)
{
	unsigned char *buf;
	ssize_t size = binary_of(j, which, &buf);
	int rc;

	if (size < 0) {
		fprintf(diag, "arcov: %s: %s\n", path, arcov_strerror((int)size));
		free(buf);
		return 1;
	}
	rc = put_file(path, buf, (size_t)size, diag);
	free(buf);
	return rc;
}

/* FILE in callgrind's xdebug shape, then FILE.webgrind (webgrind drops a
 * preprocessed file older than its profile). */
static int put_webgrind(const struct job *j, FILE *diag)
{
	size_t n = strlen(j->o->webgrind);
	char *bin = malloc(n + sizeof ".webgrind");
	int rc;

	if (!bin) {
		fprintf(diag, "arcov: out of memory\n");
		return 1;
	}
	memcpy(bin, j->o->webgrind, n);
	memcpy(bin + n, ".webgrind", sizeof ".webgrind");
	rc = put_text(j, j->o->webgrind, callgrind10_text, 0, diag);
	if (!rc) {
		rc = put_binary(j, 'w', bin, diag);
		if (rc)
			unlink(j->o->webgrind);
	}
	free(bin);
	return rc;
}

/* --function: the functions whose name (as displayed) matches. */
static int keep_fn(const struct arcov_pf_fn *fn, void *re)
{
	return !regexec(re, fn->display, 0, NULL, 0);
}

int arcov_profile_run(const struct arcov_profile_opts *o, char *const *traces,
		      int ntraces, FILE *out, FILE *diag)
{
	struct arcov_profile p;
	struct arcov_err err = { 0 };
	struct job j = { &p, o, NULL };
	int rc = 0, r;

	r = arcov_profile_load(&p, traces, (size_t)ntraces, o->demangle, &err);
	if (r < 0) {
		fprintf(diag, "arcov: %s\n", err.msg);
		rc = 1;
		goto out;
	}
	/* callgrind's "cmd:" is the profiled program (the first trace's),
	 * or, when its command line could not be read, the trace. */
	j.cmd = p.cmd && *p.cmd ? p.cmd : traces[0];
	if (!p.nfns) {
		fprintf(diag, "arcov: %s: no function was profiled\n",
			traces[0]);
		rc = 1;
		goto out;
	}
	if (p.lost_events)
		fprintf(diag, "arcov: warning: the timeline is incomplete: "
			"%llu events were not recorded (ARCOV_TIMELINE limit)\n",
			(unsigned long long)p.lost_events);
	if ((o->timeline_bin || o->chrome || o->webgrind_version == 4) &&
	    !p.timeline) {
		fprintf(diag, "arcov: %s: no timeline was recorded; run the "
			"program with ARCOV_TIMELINE=1\n", traces[0]);
		rc = 1;
		goto out;
	}
	if ((o->from || o->to != UINT64_MAX || o->function) &&
	    arcov_pf_window(&p, o->from, o->to, o->function ? keep_fn : NULL,
			    (void *)o->function) < 0) {
		fprintf(diag, "arcov: out of memory\n");
		rc = 1;
		goto out;
	}
	if (o->flat)
		rc |= arcov_pf_flat_write(&p, out) < 0;
	if (o->graph) {
		if (o->flat)
			fputc('\n', out);
		rc |= arcov_pf_graph_write(&p, out) < 0;
	}
	if (o->callgrind)
		rc |= put_text(&j, o->callgrind, callgrind_text, 0, diag);
	if (o->webgrind)
		rc |= put_webgrind(&j, diag);
	if (o->winidea)
		rc |= put_text(&j, o->winidea, winidea_text, 0, diag);
	if (o->timeline_bin)
		rc |= put_binary(&j, 'b', o->timeline_bin, diag);
	if (o->chrome)
		rc |= put_text(&j, o->chrome, chrome_text, 1, diag);
	if (fflush(out) || ferror(out)) {
		fprintf(diag, "arcov: standard output: write error: %s\n",
			strerror(errno));
		rc = 1;
	}
out:
	arcov_profile_free(&p);
	return rc;
}
