/* chrome.c -- the time profile's timeline as Chrome's trace-event JSON
 * (the "JSON Object Format" chrome://tracing and Perfetto load): one
 * complete ("X") event per call with its process and thread, times in
 * microseconds with nanosecond decimals, and a thread_name metadata
 * event per context.  Each call's file, line and core ("args") only
 * when asked (@args): they are half of the bytes, and the viewers need
 * none of them.  testsuite/profile/trace-event.schema.json is the
 * subset we write.
 */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>

#include "profile-export.h"

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void us(FILE *f, uint64_t ns)
{
	fprintf(f, "%" PRIu64 ".%03u", ns / 1000, (unsigned)(ns % 1000));
}

int arcov_pf_chrome_write(const struct arcov_profile *p, int args, FILE *f)
{
	const char *sep = "\n";
	size_t c, i;

	fputs("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"creator\":", f);
	json_string(f, "arcov " PACKAGE_VERSION);
	fputs(",\"cmd\":", f);
	json_string(f, p->cmd ? p->cmd : "");
	fprintf(f, ",\"lost_events\":\"%" PRIu64 "\"},\"traceEvents\":[",
		p->lost_events);
	for (c = 0; c < p->nctx; c++) {
		const struct arcov_pf_ctx *x = &p->ctx[c];
		size_t *stack = malloc((x->nevents + 1) * sizeof *stack);
		size_t depth = 0;

		if (!stack)
			return ARCOV_ENOMEM;
		fprintf(f, "%s{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%"
			PRIu32 ",\"tid\":%" PRIu64 ",\"args\":{\"name\":\"tid %"
			PRIu64 "\"}}", sep, x->pid, x->tid, x->tid);
		if (x->label) {
			/* The run's label names its process. */
			fprintf(f, ",\n{\"name\":\"process_name\",\"ph\":"
				"\"M\",\"pid\":%" PRIu32 ",\"args\":{\"name\":",
				x->pid);
			json_string(f, x->label);
			fputs("}}", f);
		}
		sep = ",\n";
		for (i = 0; i < x->nevents; i++) {
			const struct arcov_pf_event *e = &x->events[i];
			const struct arcov_pf_event *b;
			const struct arcov_pf_fn *fn;

			if (e->kind != ARCOV_TRACE_EXIT) {
				stack[depth++] = i;
				continue;
			}
			if (!depth)
				continue;
			b = &x->events[stack[--depth]];
			fn = &p->fns[b->fn];
			fprintf(f, "%s{\"name\":", sep);
			json_string(f, fn->display);
			/* A call open when the context began: "continued". */
			fprintf(f, ",\"cat\":\"%s\",\"ph\":\"X\",\"ts\":",
				b->kind == ARCOV_TRACE_RESUME ?
				"function,continued" : "function");
			us(f, b->time);
			fputs(",\"dur\":", f);
			us(f, e->time - b->time);
			fprintf(f, ",\"pid\":%" PRIu32 ",\"tid\":%" PRIu64,
				x->pid, x->tid);
			if (args) {
				fputs(",\"args\":{\"file\":", f);
				json_string(f, fn->file);
				fprintf(f, ",\"line\":%" PRIu32 ",\"core\":%d}",
					fn->line, b->core);
			}
			fputc('}', f);
		}
		free(stack);
	}
	fputs("\n]}\n", f);
	return ferror(f) ? ARCOV_EIO : 0;
}
