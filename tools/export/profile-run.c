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

/* @data (@size bytes, freed here) into @path, or @r's error when @r < 0;
 * 0, or 1 after a message on @diag. */
static int put_owned(const char *path, void *data, size_t size, int r,
		     FILE *diag)
{
	int rc;

	if (r < 0) {
		fprintf(diag, "arcov: %s: %s\n", path, arcov_strerror(r));
		free(data);
		return 1;
	}
	rc = put_file(path, data, size, diag);
	free(data);
	return rc;
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
	int r = text_of(j, fn, &data, &size);

	if (r == 0 && gz && gz_name(path)) {
		unsigned char *z = arcov_gzip(data, size, &size);

		free(data);
		data = (char *)z;
		r = z ? 0 : ARCOV_ENOMEM;
	}
	return put_owned(path, data, size, r, diag);
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
	return arcov_pf_chrome_write(j->p, j->o->chrome_args, f);
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

/* ---- --max-size: a timeline export cut to a size ---- */

/* @p with its contexts' events copied, for cutting; the rest shared. */
static int copy_timeline(struct arcov_profile *dst,
			 const struct arcov_profile *src)
{
	size_t i;

	*dst = *src;
	dst->ctx = calloc(src->nctx + 1, sizeof *dst->ctx);
	if (!dst->ctx)
		return ARCOV_ENOMEM;
	for (i = 0; i < src->nctx; i++) {
		dst->ctx[i] = src->ctx[i];
		dst->ctx[i].events = malloc((src->ctx[i].nevents + 1) *
					    sizeof *dst->ctx[i].events);
		if (!dst->ctx[i].events) {
			while (i--)
				free(dst->ctx[i].events);
			free(dst->ctx);
			return ARCOV_ENOMEM;
		}
		memcpy(dst->ctx[i].events, src->ctx[i].events,
		       src->ctx[i].nevents * sizeof *dst->ctx[i].events);
	}
	return 0;
}

static void free_timeline(struct arcov_profile *p)
{
	size_t i;

	for (i = 0; i < p->nctx; i++)
		free(p->ctx[i].events);
	free(p->ctx);
}

/* Export @which of @j ('x' winIDEA XML, 'c' Chrome, 'b' the .BIN) into
 * a malloc'd *@buf, gzipped when @gz. */
static int render(const struct job *j, int which, int gz,
		  unsigned char **buf, size_t *size)
{
	ssize_t n;
	int r;

	*buf = NULL;
	if (which == 'b') {
		n = binary_of(j, 'b', buf);
		if (n < 0)
			return (int)n;
		*size = (size_t)n;
		return 0;
	}
	r = text_of(j, which == 'x' ? winidea_text : chrome_text,
		    (char **)buf, size);
	if (r == 0 && gz) {
		unsigned char *z = arcov_gzip(*buf, *size, size);

		free(*buf);
		*buf = z;
		r = z ? 0 : ARCOV_ENOMEM;
	}
	return r;
}

/* Export @which of @j's profile cut at time @cut (UINT64_MAX: none),
 * what comes after counted lost; *@dropped of them. */
static int render_cut(const struct job *j, int which, int gz, uint64_t cut,
		      unsigned char **buf, size_t *size, uint64_t *dropped)
{
	struct arcov_profile copy;
	struct job k = *j;
	size_t c, i;
	int r;

	*dropped = 0;
	r = copy_timeline(&copy, j->p);
	if (r)
		return r;
	for (c = 0; c < copy.nctx; c++) {
		uint64_t n = 0;

		for (i = 0; i < copy.ctx[c].nevents; i++)
			n += cut == UINT64_MAX ||
			     copy.ctx[c].events[i].time > cut;
		copy.ctx[c].lost += n;
		*dropped += n;
	}
	copy.lost_events += *dropped;
	r = cut == UINT64_MAX ? arcov_pf_window(&copy, UINT64_MAX, UINT64_MAX,
						NULL, NULL) :
				arcov_pf_window(&copy, 0, cut, NULL, NULL);
	k.p = &copy;
	if (!r)
		r = render(&k, which, gz, buf, size);
	free_timeline(&copy);
	return r;
}

static int cmp_time(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Export @which into @path within --max-size bytes: whole when it fits,
 * else its timeline cut at the latest event time that fits (found by
 * bisection: the size never shrinks as the cut moves later), the events
 * after it counted lost in the file and said on @diag.
 */
static int put_timeline(const struct job *j, int which, const char *path,
			FILE *diag)
{
	int gz = which == 'c' && gz_name(path);
	uint64_t *times = NULL, dropped = 0, max = j->o->max_size;
	unsigned char *buf = NULL, *best = NULL;
	size_t size = 0, best_size = 0, n = 0, c, i, lo, hi;
	int r;

	r = render(j, which, gz, &buf, &size);
	if (r || !max || size <= max)
		goto put;
	free(buf);
	buf = NULL;
	for (c = 0; c < j->p->nctx; c++)
		n += j->p->ctx[c].nevents;
	times = malloc((n + 1) * sizeof *times);
	if (!times) {
		r = ARCOV_ENOMEM;
		goto put;
	}
	for (c = 0, n = 0; c < j->p->nctx; c++)
		for (i = 0; i < j->p->ctx[c].nevents; i++)
			times[n++] = j->p->ctx[c].events[i].time;
	qsort(times, n, sizeof *times, cmp_time);
	/* Candidates: no event (k = 0), or every event up to times[k - 1];
	 * all of them (k = n) did not fit.  The largest k that fits wins. */
	for (lo = 0, hi = n ? n - 1 : 0; n && lo <= hi;) {
		size_t mid = lo + (hi - lo) / 2, got;
		uint64_t d;

		r = render_cut(j, which, gz, mid ? times[mid - 1] : UINT64_MAX,
			       &buf, &got, &d);
		if (r)
			break;
		if (got <= max) {
			free(best);
			best = buf;
			best_size = got;
			dropped = d;
			lo = mid + 1;
		} else {
			free(buf);
			if (!mid)
				break;
			hi = mid - 1;
		}
		buf = NULL;
	}
	free(times);
	if (!r && !best) {
		fprintf(diag, "arcov: %s: cannot fit in %llu bytes "
			"(--max-size), even without its timeline\n", path,
			(unsigned long long)max);
		return 1;
	}
	buf = best;
	size = best_size;
	if (!r)
		fprintf(diag, "arcov: warning: %s: %llu events left out to keep "
			"it within %llu bytes (--max-size); they count as lost\n",
			path, (unsigned long long)dropped,
			(unsigned long long)max);
put:
	return put_owned(path, buf, size, r, diag);
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
	if (o->winidea && p.nospans)
		fprintf(diag, "arcov: note: %s: the min and max times, period "
			"and outside spans were not recorded (run the program "
			"with ARCOV_PROFILE_SPANS=1); they are left out\n",
			o->winidea);
	if (o->winidea)
		rc |= put_timeline(&j, 'x', o->winidea, diag);
	if (o->timeline_bin)
		rc |= put_timeline(&j, 'b', o->timeline_bin, diag);
	if (o->chrome)
		rc |= put_timeline(&j, 'c', o->chrome, diag);
	if (fflush(out) || ferror(out)) {
		fprintf(diag, "arcov: standard output: write error: %s\n",
			strerror(errno));
		rc = 1;
	}
out:
	arcov_profile_free(&p);
	return rc;
}
