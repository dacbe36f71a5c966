/* trace.c -- the .arcov-trace file (trace.h, doc/profile.md): reader and
 * writer side by side over one model.
 *
 * The writer sizes and fills through the same struct arcov_wr code; the
 * reader never allocates for a count the bytes left cannot hold and names
 * the field and its offset in every error.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "sm.h"
#include "trace.h"

#define HEADER_SIZE 48		/* up to the command string */
#define FN_MIN 12		/* line, two empty strings */
#define THREAD_HEAD 48

/* ---- writing ---- */

static void w32(struct arcov_wr *w, uint32_t v)
{
	unsigned char *p = arcov_wr_reserve(w, 4);

	if (p)
		arcov_put_le32(p, v);
}

static void w64(struct arcov_wr *w, uint64_t v)
{
	unsigned char *p = arcov_wr_reserve(w, 8);

	if (p)
		arcov_put_le64(p, v);
}

static void wstr(struct arcov_wr *w, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	if (n > UINT32_MAX)
		arcov_wr_range_error(w);
	w32(w, (uint32_t)n);
	arcov_wr_bytes(w, s ? s : "", n);
}

static void wspan(struct arcov_wr *w, const struct arcov_trace_span *s)
{
	w64(w, s->count);
	w64(w, s->total);
	w64(w, s->min);
	w64(w, s->max);
}

static int fn_ok(const struct arcov_trace *t, uint32_t fn)
{
	return fn >= 1 && fn <= t->nfns;
}

/* A thread's header, edges and statistics: all of it but the events. */
static void write_thread_head(struct arcov_wr *w, const struct arcov_trace *t,
			      const struct arcov_trace_thread *th)
{
	uint64_t i;

	w64(w, th->tid);
	w64(w, th->start);
	w64(w, th->end);
	w64(w, th->lost);
	w32(w, th->nedges);
	w32(w, th->nstats);
	w64(w, th->nevents);
	for (i = 0; i < th->nedges; i++) {
		const struct arcov_trace_edge *e = &th->edges[i];

		if ((e->caller && !fn_ok(t, e->caller)) || !fn_ok(t, e->callee))
			w->status = w->status ? w->status : ARCOV_EFORMAT;
		w32(w, e->caller);
		w32(w, e->callee);
		w64(w, e->site);
		w64(w, e->calls);
		w64(w, e->incl);
		w64(w, e->self);
		w64(w, e->min);
		w64(w, e->max);
	}
	for (i = 0; i < th->nstats; i++) {
		const struct arcov_trace_stat *s = &th->stats[i];

		if (!fn_ok(t, s->fn))
			w->status = w->status ? w->status : ARCOV_EFORMAT;
		w32(w, s->fn);
		w32(w, 0);
		w64(w, s->hits);
		wspan(w, &s->net);
		wspan(w, &s->gross);
		w64(w, s->outer);
		wspan(w, &s->period);
		wspan(w, &s->outside);
	}
}

static void write_events(struct arcov_wr *w, const struct arcov_trace *t,
			 const struct arcov_trace_event *ev, uint64_t n)
{
	uint64_t i;

	for (i = 0; i < n; i++) {
		const struct arcov_trace_event *e = &ev[i];
		unsigned char *p;

		if (!fn_ok(t, e->fn))
			w->status = w->status ? w->status : ARCOV_EFORMAT;
		p = arcov_wr_reserve(w, ARCOV_TRACE_EVENT_SIZE);
		if (!p)
			continue;
		arcov_put_le64(p, e->time);
		arcov_put_le32(p + 8, e->fn);
		p[12] = (unsigned char)((uint16_t)e->core & 0xff);
		p[13] = (unsigned char)((uint16_t)e->core >> 8);
		p[14] = e->kind;
		p[15] = 0;
	}
}

/* The file header and the functions. */
static void write_head(struct arcov_wr *w, const struct arcov_trace *t)
{
	uint32_t i;

	uint32_t version = t->version ? t->version : ARCOV_TRACE_VERSION;

	arcov_wr_bytes(w, ARCOV_TRACE_MAGIC, 8);
	if (version != 1 && version != 2)
		arcov_wr_range_error(w);
	if (version == 1 && t->label && *t->label)
		w->status = w->status ? w->status : ARCOV_EFORMAT;
	w32(w, version);
	w32(w, t->flags);
	w32(w, t->pid);
	w32(w, t->nfns);
	w32(w, t->nthreads);
	w32(w, t->lost_threads);
	w64(w, t->start);
	w64(w, t->end);
	wstr(w, t->cmd);
	if (version == 2)
		wstr(w, t->label);
	for (i = 0; i < t->nfns; i++) {
		w32(w, t->fns[i].line);
		wstr(w, t->fns[i].name);
		wstr(w, t->fns[i].file);
	}
}

ssize_t arcov_trace_write(const struct arcov_trace *t, void *buf, size_t cap)
{
	struct arcov_wr w;
	uint32_t i;

	arcov_wr_init(&w, buf, cap);
	write_head(&w, t);
	for (i = 0; i < t->nthreads; i++) {
		write_thread_head(&w, t, &t->threads[i]);
		write_events(&w, t, t->threads[i].events,
			     t->threads[i].nevents);
	}
	return arcov_wr_result(&w);
}

/* One piece of a stream: the pieces are serialized into one reused
 * buffer, and handed on. */
struct piece {
	const struct arcov_trace *t;
	const struct arcov_trace_thread *th;	/* NULL: the file header */
	const struct arcov_trace_event *ev;	/* events, else th's head */
	uint64_t nev;
};

static void write_piece(struct arcov_wr *w, const struct piece *p)
{
	if (!p->th)
		write_head(w, p->t);
	else if (!p->ev)
		write_thread_head(w, p->t, p->th);
	else
		write_events(w, p->t, p->ev, p->nev);
}

static ssize_t stream_piece(const struct piece *p, unsigned char **buf,
			    size_t *cap, arcov_trace_sink *sink, void *ctx)
{
	struct arcov_wr w;
	ssize_t n;
	int rc;

	arcov_wr_init(&w, NULL, 0);
	write_piece(&w, p);
	n = arcov_wr_result(&w);
	if (n <= 0)
		return n;
	if ((size_t)n > *cap) {
		unsigned char *b = realloc(*buf, (size_t)n);

		if (!b)
			return ARCOV_ENOMEM;
		*buf = b;
		*cap = (size_t)n;
	}
	arcov_wr_init(&w, *buf, (size_t)n);
	write_piece(&w, p);
	n = arcov_wr_result(&w);
	if (n > 0 && (rc = sink(ctx, *buf, (size_t)n)) < 0)
		return rc;
	return n;
}

ssize_t arcov_trace_stream(const struct arcov_trace *t, size_t chunk,
			   arcov_trace_sink *sink, void *ctx)
{
	uint64_t run = chunk / ARCOV_TRACE_EVENT_SIZE, k;
	struct piece p = { t, NULL, NULL, 0 };
	unsigned char *buf = NULL;
	size_t cap = 0;
	ssize_t n, total;
	uint32_t i;

	if (!run)
		run = 1;
	total = n = stream_piece(&p, &buf, &cap, sink, ctx);
	for (i = 0; i < t->nthreads && n >= 0; i++) {
		p.th = &t->threads[i];
		p.ev = NULL;
		n = stream_piece(&p, &buf, &cap, sink, ctx);
		total += n;
		for (k = 0; k < p.th->nevents && n >= 0; k += run) {
			p.ev = p.th->events + k;
			p.nev = p.th->nevents - k < run ? p.th->nevents - k : run;
			n = stream_piece(&p, &buf, &cap, sink, ctx);
			total += n;
		}
	}
	free(buf);
	return n < 0 ? n : total;
}

/* ---- reading ---- */

static int need(struct arcov_rd *r, size_t n, const char *what)
{
	if (arcov_rd_left(r) < n)
		return arcov_rd_fail(r, ARCOV_ETRUNC, r->pos,
				     "truncated %s: need %zu bytes, %zu left",
				     what, n, arcov_rd_left(r));
	return 0;
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint64_t le64(const unsigned char *p)
{
	return le32(p) | (uint64_t)le32(p + 4) << 32;
}

static int r32(struct arcov_rd *r, uint32_t *v, const char *what)
{
	int rc = need(r, 4, what);

	if (!rc) {
		*v = le32(r->data + r->pos);
		r->pos += 4;
	}
	return rc;
}

static int rstr(struct arcov_rd *r, char **s, const char *what)
{
	size_t at = r->pos;
	uint32_t n;
	int rc = r32(r, &n, what);

	if (rc)
		return rc;
	if (n > arcov_rd_left(r))
		return arcov_rd_fail(r, ARCOV_ETRUNC, at,
				     "%s of %u bytes, %zu left", what, n,
				     arcov_rd_left(r));
	if (memchr(r->data + r->pos, 0, n))
		return arcov_rd_fail(r, ARCOV_EFORMAT, at,
				     "%s holds a NUL byte", what);
	*s = malloc((size_t)n + 1);
	if (!*s)
		return arcov_rd_fail(r, ARCOV_ENOMEM, at, "out of memory");
	memcpy(*s, r->data + r->pos, n);
	(*s)[n] = 0;
	r->pos += n;
	return 0;
}

/* @n elements of @size, once @n records of @rec bytes fit in what is left. */
static void *rarray(struct arcov_rd *r, size_t at, uint64_t n, size_t rec,
		    size_t size, const char *what, int *rc)
{
	void *p;

	*rc = 0;
	if (!n)
		return NULL;
	if (n > arcov_rd_left(r) / rec) {
		*rc = arcov_rd_fail(r, ARCOV_ETRUNC, at,
				    "%llu %s need %llu bytes, %zu left",
				    (unsigned long long)n, what,
				    (unsigned long long)n * rec,
				    arcov_rd_left(r));
		return NULL;
	}
	p = calloc((size_t)n, size);
	if (!p)
		*rc = arcov_rd_fail(r, ARCOV_ENOMEM, at, "out of memory");
	return p;
}

static int rfn(struct arcov_rd *r, const struct arcov_trace *t, uint32_t fn,
	       int zero_ok, size_t at, const char *what)
{
	if ((fn == 0 && zero_ok) || (fn >= 1 && fn <= t->nfns))
		return 0;
	return arcov_rd_fail(r, ARCOV_ERANGE, at,
			     "%s %u names no function (%u known)", what, fn,
			     t->nfns);
}

static void span_at(struct arcov_trace_span *s, const unsigned char *p)
{
	s->count = le64(p);
	s->total = le64(p + 8);
	s->min = le64(p + 16);
	s->max = le64(p + 24);
}

static int read_thread(struct arcov_rd *r, const struct arcov_trace *t,
		       struct arcov_trace_thread *th)
{
	const unsigned char *p;
	size_t at;
	uint64_t i;
	int rc;

	rc = need(r, THREAD_HEAD, "thread header");
	if (rc)
		return rc;
	p = r->data + r->pos;
	th->tid = le64(p);
	th->start = le64(p + 8);
	th->end = le64(p + 16);
	th->lost = le64(p + 24);
	th->nedges = le32(p + 32);
	th->nstats = le32(p + 36);
	th->nevents = le64(p + 40);
	at = r->pos;
	r->pos += THREAD_HEAD;
	if (th->end < th->start)
		return arcov_rd_fail(r, ARCOV_EFORMAT, at,
				     "thread ends before it starts");
	th->edges = rarray(r, at + 32, th->nedges, ARCOV_TRACE_EDGE_SIZE,
			   sizeof *th->edges, "edges", &rc);
	if (rc)
		return rc;
	for (i = 0; i < th->nedges; i++) {
		struct arcov_trace_edge *e = &th->edges[i];

		p = r->data + r->pos;
		e->caller = le32(p);
		e->callee = le32(p + 4);
		e->site = le64(p + 8);
		e->calls = le64(p + 16);
		e->incl = le64(p + 24);
		e->self = le64(p + 32);
		e->min = le64(p + 40);
		e->max = le64(p + 48);
		rc = rfn(r, t, e->caller, 1, r->pos, "edge caller");
		if (!rc)
			rc = rfn(r, t, e->callee, 0, r->pos + 4, "edge callee");
		if (!rc && (e->self > e->incl || e->min > e->max))
			rc = arcov_rd_fail(r, ARCOV_EFORMAT, r->pos,
					   "edge times contradict each other");
		if (rc)
			return rc;
		r->pos += ARCOV_TRACE_EDGE_SIZE;
	}
	th->stats = rarray(r, at + 36, th->nstats, ARCOV_TRACE_STAT_SIZE,
			   sizeof *th->stats, "statistics", &rc);
	if (rc)
		return rc;
	for (i = 0; i < th->nstats; i++) {
		struct arcov_trace_stat *s = &th->stats[i];

		p = r->data + r->pos;
		s->fn = le32(p);
		if (le32(p + 4))
			return arcov_rd_fail(r, ARCOV_EFORMAT, r->pos + 4,
					     "reserved word is not 0");
		s->hits = le64(p + 8);
		span_at(&s->net, p + 16);
		span_at(&s->gross, p + 48);
		s->outer = le64(p + 80);
		span_at(&s->period, p + 88);
		span_at(&s->outside, p + 120);
		rc = rfn(r, t, s->fn, 0, r->pos, "statistics function");
		if (rc)
			return rc;
		r->pos += ARCOV_TRACE_STAT_SIZE;
	}
	th->events = rarray(r, at + 40, th->nevents, ARCOV_TRACE_EVENT_SIZE,
			    sizeof *th->events, "events", &rc);
	if (rc)
		return rc;
	for (i = 0; i < th->nevents; i++) {
		struct arcov_trace_event *e = &th->events[i];

		p = r->data + r->pos;
		e->time = le64(p);
		e->fn = le32(p + 8);
		e->core = (int16_t)(uint16_t)(p[12] | p[13] << 8);
		e->kind = p[14];
		rc = rfn(r, t, e->fn, 0, r->pos + 8, "event function");
		if (rc)
			return rc;
		if ((e->kind != ARCOV_TRACE_ENTRY &&
		     e->kind != ARCOV_TRACE_EXIT &&
		     e->kind != ARCOV_TRACE_RESUME) || p[15])
			return arcov_rd_fail(r, ARCOV_EFORMAT, r->pos + 14,
					     "unknown event kind %u/%u",
					     p[14], p[15]);
		if (i && e->time < e[-1].time)
			return arcov_rd_fail(r, ARCOV_EFORMAT, r->pos,
					     "event out of time order");
		r->pos += ARCOV_TRACE_EVENT_SIZE;
	}
	return 0;
}

/* The run at @base of @r's bytes, up to its last thread; the reader's
 * position is then its end.  Offsets in messages count from the start
 * of the file. */
static int read_run(struct arcov_rd *r, size_t base, struct arcov_trace *t)
{
	const unsigned char *p;
	uint32_t i;
	int rc;

	memset(t, 0, sizeof *t);
	r->pos = base;
	rc = need(r, HEADER_SIZE, "header");
	if (rc)
		return rc;
	p = r->data + base;
	if (memcmp(p, ARCOV_TRACE_MAGIC, 8))
		return arcov_rd_fail(r, ARCOV_EMAGIC, base,
				     "not an arcov trace file");
	t->version = le32(p + 8);
	if (t->version != 1 && t->version != ARCOV_TRACE_VERSION)
		return arcov_rd_fail(r, ARCOV_EFORMAT, base + 8,
				     "trace version %u, this arcov reads 1 "
				     "and %d", t->version, ARCOV_TRACE_VERSION);
	t->flags = le32(p + 12);
	t->pid = le32(p + 16);
	t->nfns = le32(p + 20);
	t->nthreads = le32(p + 24);
	t->lost_threads = le32(p + 28);
	t->start = le64(p + 32);
	t->end = le64(p + 40);
	r->pos = base + HEADER_SIZE;
	if (t->end < t->start)
		return arcov_rd_fail(r, ARCOV_EFORMAT, base + 32,
				     "run ends before it starts");
	rc = rstr(r, &t->cmd, "command");
	if (!rc && t->version == 2)
		rc = rstr(r, &t->label, "run label");
	if (rc)
		return rc;
	t->fns = rarray(r, base + 20, t->nfns, FN_MIN, sizeof *t->fns,
			"functions", &rc);
	if (rc)
		return rc;
	for (i = 0; i < t->nfns; i++) {
		rc = r32(r, &t->fns[i].line, "function line");
		if (!rc)
			rc = rstr(r, &t->fns[i].name, "function name");
		if (!rc)
			rc = rstr(r, &t->fns[i].file, "function file");
		if (rc)
			return rc;
	}
	t->threads = rarray(r, base + 24, t->nthreads, THREAD_HEAD,
			    sizeof *t->threads, "threads", &rc);
	if (rc)
		return rc;
	for (i = 0; i < t->nthreads; i++) {
		rc = read_thread(r, t, &t->threads[i]);
		if (rc)
			return rc;
	}
	return 0;
}

int arcov_trace_read(struct arcov_trace *t, const void *data, size_t size,
		     const char *name, struct arcov_err *err)
{
	struct arcov_rd r;
	int rc;

	arcov_rd_init(&r, data, size, name, err);
	rc = read_run(&r, 0, t);
	if (!rc && arcov_rd_left(&r))
		return arcov_rd_fail(&r, ARCOV_EFORMAT, r.pos,
				     "%zu bytes after the last thread",
				     arcov_rd_left(&r));
	return rc;
}

int arcov_trace_read_runs(struct arcov_trace_runs *rs, const void *data,
			  size_t size, const char *name, struct arcov_err *err)
{
	struct arcov_rd r;
	size_t cap = 0, *o;
	struct arcov_trace *v;
	int rc;

	memset(rs, 0, sizeof *rs);
	arcov_rd_init(&r, data, size, name, err);
	do {
		if (rs->n == cap) {
			/* A run takes at least a header: no input can make
			 * this grow past its size. */
			cap = cap ? 2 * cap : 4;
			v = realloc(rs->runs, cap * sizeof *v);
			if (v)
				rs->runs = v;
			o = realloc(rs->offset, (cap + 1) * sizeof *o);
			if (o)
				rs->offset = o;
			if (!v || !o)
				return arcov_rd_fail(&r, ARCOV_ENOMEM, r.pos,
						     "out of memory");
		}
		rs->offset[rs->n] = r.pos;
		rc = read_run(&r, r.pos, &rs->runs[rs->n]);
		rs->n++;
		if (rc)
			return rc;
		rs->offset[rs->n] = r.pos;
	} while (arcov_rd_left(&r));
	return 0;
}

void arcov_trace_runs_free(struct arcov_trace_runs *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		arcov_trace_free(&rs->runs[i]);
	free(rs->runs);
	free(rs->offset);
	memset(rs, 0, sizeof *rs);
}

void arcov_trace_free(struct arcov_trace *t)
{
	uint32_t i;

	for (i = 0; t->fns && i < t->nfns; i++) {
		free(t->fns[i].name);
		free(t->fns[i].file);
	}
	for (i = 0; t->threads && i < t->nthreads; i++) {
		free(t->threads[i].edges);
		free(t->threads[i].stats);
		free(t->threads[i].events);
	}
	free(t->fns);
	free(t->threads);
	free(t->cmd);
	free(t->label);
	memset(t, 0, sizeof *t);
}
