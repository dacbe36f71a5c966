/* winidea.c -- the time profile as winIDEA's profiler export shows it
 * (doc/formats.md §8): a winIDEA-style XML file (MAPPING of areas with their
 * handles, STATISTICS per area and context, TIMELINE of events; our own
 * layout in the element names the public consumers read, documented in
 * doc/profile.md, not valid against the vendor's schema) and the binary
 * timeline, versions 1.0 and 1.1, 24-byte little-endian records.
 *
 * A call of B by A is "A suspend, B entry" at one time; B's return is
 * "B exit, A resume".  A context that begins inside calls (a forked
 * child) begins with a resume of each, outermost first.  Handles are the
 * model's function handles.  A profile whose spans were not recorded
 * (struct arcov_profile's nospans) has no MIN and MAX elements and no
 * PERIOD or OUTSIDE: a number that is not known is not printed.
 */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profile-export.h"
#include "sm.h"

struct arcov_wi_event *arcov_wi_events(const struct arcov_profile *p,
				       size_t *n)
{
	struct arcov_pf_ref *refs;
	struct arcov_wi_event *out = NULL;
	size_t nrefs, i, k = 0, c, *depth = NULL, **stack = NULL;

	*n = 0;
	refs = arcov_pf_timeline(p, &nrefs);
	if (!refs)
		return NULL;
	out = malloc(2 * nrefs * sizeof *out);
	depth = calloc(p->nctx, sizeof *depth);
	stack = calloc(p->nctx, sizeof *stack);
	if (!out || !depth || !stack)
		goto fail;
	for (c = 0; c < p->nctx; c++) {
		stack[c] = malloc((p->ctx[c].nevents + 1) * sizeof **stack);
		if (!stack[c])
			goto fail;
	}
	for (i = 0; i < nrefs; i++) {
		const struct arcov_pf_event *e =
			&p->ctx[refs[i].ctx].events[refs[i].ev];
		size_t cx = refs[i].ctx, *st = stack[cx];
		struct arcov_wi_event w = { e->time, 0, 0, e->core, cx };

		if (e->kind == ARCOV_TRACE_RESUME) {
			/* A call running since before the context. */
			w.handle = p->fns[e->fn].handle;
			w.kind = ARCOV_WI_RESUME;
			out[k++] = w;
			st[depth[cx]++] = e->fn;
		} else if (e->kind == ARCOV_TRACE_ENTRY) {
			if (depth[cx]) {
				w.handle = p->fns[st[depth[cx] - 1]].handle;
				w.kind = ARCOV_WI_SUSPEND;
				out[k++] = w;
			}
			w.handle = p->fns[e->fn].handle;
			w.kind = ARCOV_WI_ENTRY;
			out[k++] = w;
			st[depth[cx]++] = e->fn;
		} else {
			w.handle = p->fns[e->fn].handle;
			w.kind = ARCOV_WI_EXIT;
			out[k++] = w;
			if (depth[cx])
				depth[cx]--;
			if (depth[cx]) {
				w.handle = p->fns[st[depth[cx] - 1]].handle;
				w.kind = ARCOV_WI_RESUME;
				out[k++] = w;
			}
		}
	}
	*n = k;
	goto done;
fail:
	free(out);
	out = NULL;
	*n = SIZE_MAX;
done:
	for (c = 0; stack && c < p->nctx; c++)
		free(stack[c]);
	free(stack);
	free(depth);
	free(refs);
	return out;
}

/* ---- XML ---- */

static void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default:
			if ((unsigned char)*s < 0x20 && *s != '\t')
				fprintf(f, "&#x%x;", (unsigned char)*s);
			else
				fputc(*s, f);
		}
	}
}

struct xml {
	FILE *f;
	int indent, level;
};

static void pad(struct xml *x)
{
	if (x->indent)
		fprintf(x->f, "%*s", x->indent * x->level, "");
}

static void nl(struct xml *x)
{
	if (x->indent)
		fputc('\n', x->f);
}

static void open_el(struct xml *x, const char *name)
{
	pad(x);
	fprintf(x->f, "<%s>", name);
	nl(x);
	x->level++;
}

static void close_el(struct xml *x, const char *name)
{
	x->level--;
	pad(x);
	fprintf(x->f, "</%s>", name);
	nl(x);
}

static void num_el(struct xml *x, const char *name, int64_t v)
{
	pad(x);
	fprintf(x->f, "<%s>%" PRId64 "</%s>", name, v, name);
	nl(x);
}

static void str_el(struct xml *x, const char *name, const char *s)
{
	pad(x);
	fprintf(x->f, "<%s>", name);
	xml_text(x->f, s);
	fprintf(x->f, "</%s>", name);
	nl(x);
}

static void span_el(struct xml *x, const char *name,
		    const struct arcov_trace_span *s, int with_total, int bounds)
{
	open_el(x, name);
	num_el(x, "COUNT", (int64_t)s->count);
	if (with_total)
		num_el(x, "TOTAL", (int64_t)s->total);
	if (bounds) {
		num_el(x, "MIN", (int64_t)s->min);
		num_el(x, "MAX", (int64_t)s->max);
	}
	num_el(x, "AVERAGE", s->count ? (int64_t)(s->total / s->count) : 0);
	close_el(x, name);
}

static void stat_el(struct xml *x, uint32_t handle, size_t ctx,
		    const struct arcov_pf_stat *s, int spans)
{
	open_el(x, "AREA_STATISTICS");
	num_el(x, "HANDLE", handle);
	num_el(x, "CONTEXT", (int64_t)ctx);
	num_el(x, "HITS", (int64_t)s->hits);
	span_el(x, "NET", &s->net, 1, spans);
	span_el(x, "GROSS", &s->gross, 1, spans);
	/* A thread's time includes what the OS gave others: call = gross. */
	span_el(x, "CALL", &s->gross, 1, spans);
	if (spans) {
		span_el(x, "PERIOD", &s->period, 0, 1);
		span_el(x, "OUTSIDE", &s->outside, 1, 1);
	}
	close_el(x, "AREA_STATISTICS");
}

static const char event_letter[] = { 'X', 'S', 'R', 'E' };

int arcov_pf_winidea_write(const struct arcov_profile *p, int indent,
			   int bin_version, FILE *f)
{
	struct xml x = { f, indent, 0 };
	struct arcov_wi_event *ev = NULL;
	size_t nev = 0, i, c;
	char buf[64];

	if (p->timeline) {
		ev = arcov_wi_events(p, &nev);
		if (nev == SIZE_MAX)
			return ARCOV_ENOMEM;
	}
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", f);
	fputc(indent ? '\n' : ' ', f);
	fprintf(f, "<PROFILER_EXPORT format=\"arcov winIDEA-style\" "
		"version=\"1\">");
	nl(&x);
	x.level++;
	open_el(&x, "INFO");
	snprintf(buf, sizeof buf, "arcov %s", PACKAGE_VERSION);
	str_el(&x, "CREATOR", buf);
	str_el(&x, "CMD", p->cmd ? p->cmd : "");
	str_el(&x, "TIME_UNIT", "ns");
	str_el(&x, "CLOCK", p->tsc ? "TSC" : "CLOCK_MONOTONIC");
	num_el(&x, "SESSION_TIME", (int64_t)p->length);
	if (bin_version)
		str_el(&x, "BIN_VERSION", bin_version == 10 ? "1.0" : "1.1");
	num_el(&x, "LOST_EVENTS", (int64_t)p->lost_events);
	num_el(&x, "LOST_THREADS", (int64_t)p->lost_threads);
	close_el(&x, "INFO");

	open_el(&x, "MAPPING");
	for (i = 0; i < p->nfns; i++) {
		open_el(&x, "AREA");
		num_el(&x, "HANDLE", p->fns[i].handle);
		str_el(&x, "TYPE", "Function");
		str_el(&x, "NAME", p->fns[i].display);
		str_el(&x, "FILE", p->fns[i].file);
		num_el(&x, "LINE", p->fns[i].line);
		num_el(&x, "VALUE", 0);
		close_el(&x, "AREA");
	}
	close_el(&x, "MAPPING");

	open_el(&x, "CONTEXTS");
	open_el(&x, "CONTEXT");
	num_el(&x, "ID", 0);
	str_el(&x, "NAME", "Neutral");
	close_el(&x, "CONTEXT");
	for (c = 0; c < p->nctx; c++) {
		open_el(&x, "CONTEXT");
		num_el(&x, "ID", (int64_t)c + 1);
		snprintf(buf, sizeof buf, "pid %" PRIu32 " tid %" PRIu64,
			 p->ctx[c].pid, p->ctx[c].tid);
		if (p->ctx[c].label) {
			char *name = malloc(strlen(buf) + strlen(p->ctx[c].label)
					    + 4);

			if (!name) {
				free(ev);
				return ARCOV_ENOMEM;
			}
			sprintf(name, "%s (%s)", buf, p->ctx[c].label);
			str_el(&x, "NAME", name);
			free(name);
		} else {
			str_el(&x, "NAME", buf);
		}
		num_el(&x, "PID", p->ctx[c].pid);
		num_el(&x, "TID", (int64_t)p->ctx[c].tid);
		num_el(&x, "START", (int64_t)p->ctx[c].start);
		num_el(&x, "END", (int64_t)p->ctx[c].end);
		num_el(&x, "LOST_EVENTS", (int64_t)p->ctx[c].lost);
		close_el(&x, "CONTEXT");
	}
	close_el(&x, "CONTEXTS");

	open_el(&x, "STATISTICS");
	for (i = 0; i < p->nfns; i++) {
		stat_el(&x, p->fns[i].handle, 0, &p->fns[i].stat,
			!p->nospans);
		for (c = 0; c < p->nctx; c++)
			if (p->ctx[c].stats[i].hits ||
			    p->ctx[c].stats[i].gross.count)
				stat_el(&x, p->fns[i].handle, c + 1,
					&p->ctx[c].stats[i], !p->nospans);
	}
	close_el(&x, "STATISTICS");

	if (p->timeline) {
		open_el(&x, "TIMELINE");
		for (i = 0; i < nev; i++) {
			pad(&x);
			fprintf(f, "<T><TIME>%" PRIu64 "</TIME><EVENT>%c</EVENT>"
				"<HANDLE>%" PRIu32 "</HANDLE><VALUE>0</VALUE>"
				"<CORE>%d</CORE><CONTEXT>%zu</CONTEXT></T>",
				ev[i].time, event_letter[ev[i].kind],
				ev[i].handle, ev[i].core, ev[i].ctx + 1);
			nl(&x);
		}
		close_el(&x, "TIMELINE");
	}
	fputs("</PROFILER_EXPORT>\n", f);
	free(ev);
	return ferror(f) ? ARCOV_EIO : 0;
}

/* ---- the binary timeline ---- */

ssize_t arcov_pf_timeline_bin(const struct arcov_profile *p, int version,
			      void *buf, size_t cap)
{
	struct arcov_wi_event *ev;
	struct arcov_wr w;
	size_t n, i;

	if (version != 10 && version != 11)
		return ARCOV_EFORMAT;
	ev = arcov_wi_events(p, &n);
	if (n == SIZE_MAX)
		return ARCOV_ENOMEM;
	arcov_wr_init(&w, buf, cap);
	for (i = 0; i < n; i++) {
		unsigned char *r = arcov_wr_reserve(&w, 24);
		uint32_t flags, core;

		if (!r)
			continue;
		core = ev[i].core < 0 || ev[i].core > 0xfe ? 0xff :
			(uint32_t)ev[i].core;
		flags = version == 10 ? (uint32_t)ev[i].kind << 24 :
			(uint32_t)ev[i].kind | core << 4;
		arcov_put_le32(r, ev[i].handle);
		arcov_put_le32(r + 4, flags);
		arcov_put_le64(r + 8, 0);
		arcov_put_le64(r + 16, ev[i].time);
	}
	free(ev);
	return arcov_wr_result(&w);
}
