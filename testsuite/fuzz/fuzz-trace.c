/* fuzz-trace.c -- fuzz target: the time profile's trace file readers
 * (lib/trace.c, doc/profile.md "The trace file"): a file of runs
 * appended one after another (arcov_trace_read_runs(), what the runtime
 * merges into and the exports read), and a file of one
 * (arcov_trace_read()), which must agree with it.
 *
 * An accepted input is written back byte for byte, run by run at the
 * offsets the reader gave, and each run holds what the
 * reader promises its callers (the profile exports): every function number
 * an edge, a statistic or an event names is one of the file's functions
 * (edges may have caller 0, the thread's first frame), events are in time
 * order with a known kind, and no record count exceeds what the bytes
 * could hold.
 */
#include <config.h>

#include "fuzz.h"
#include "trace.h"

/* One thread's records against the file's function table. */
static void check_thread(const struct arcov_trace *t,
			 const struct arcov_trace_thread *th, size_t size)
{
	uint64_t i;

	FUZZ_CHECK(th->nedges <= size / ARCOV_TRACE_EDGE_SIZE &&
		   th->nstats <= size / ARCOV_TRACE_STAT_SIZE &&
		   th->nevents <= size / ARCOV_TRACE_EVENT_SIZE);
	for (i = 0; i < th->nedges; i++)
		FUZZ_CHECK(th->edges[i].caller <= t->nfns &&
			   th->edges[i].callee >= 1 &&
			   th->edges[i].callee <= t->nfns);
	for (i = 0; i < th->nstats; i++)
		FUZZ_CHECK(th->stats[i].fn >= 1 && th->stats[i].fn <= t->nfns);
	for (i = 0; i < th->nevents; i++) {
		const struct arcov_trace_event *ev = &th->events[i];

		FUZZ_CHECK(ev->fn >= 1 && ev->fn <= t->nfns);
		FUZZ_CHECK(ev->kind == ARCOV_TRACE_ENTRY ||
			   ev->kind == ARCOV_TRACE_EXIT ||
			   ev->kind == ARCOV_TRACE_RESUME);
		FUZZ_CHECK(!i || th->events[i - 1].time <= ev->time);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arcov_err err = { 0, "" };
	struct arcov_trace_runs rs;
	struct arcov_trace one;
	size_t k;
	uint32_t i;
	int rc, rc1;

	if (!size)
		data = NULL;
	rc = arcov_trace_read_runs(&rs, data, size, FUZZ_NAME, &err);
	if (rc) {
		fuzz_check_refusal(rc, &err);
		arcov_trace_runs_free(&rs);
		/* What the runs reader refuses, the one-run reader too. */
		rc1 = arcov_trace_read(&one, data, size, FUZZ_NAME, &err);
		FUZZ_CHECK(rc1 < 0);
		arcov_trace_free(&one);
		return 0;
	}
	FUZZ_CHECK(rs.n >= 1 && rs.offset[0] == 0 && rs.offset[rs.n] == size);
	for (k = 0; k < rs.n; k++) {
		const struct arcov_trace *t = &rs.runs[k];
		size_t len = rs.offset[k + 1] - rs.offset[k];

		FUZZ_CHECK(rs.offset[k] < rs.offset[k + 1]);
		FUZZ_CHECK(t->nfns <= len && t->nthreads <= len);
		for (i = 0; i < t->nthreads; i++)
			check_thread(t, &t->threads[i], len);
		FUZZ_CHECK_WRITE_BACK(arcov_trace_write, t,
				      data + rs.offset[k], len);
	}
	rc1 = arcov_trace_read(&one, data, size, FUZZ_NAME, &err);
	FUZZ_CHECK(rs.n == 1 ? rc1 == 0 : rc1 == ARCOV_EFORMAT);
	arcov_trace_free(&one);
	arcov_trace_runs_free(&rs);
	return 0;
}
