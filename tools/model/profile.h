/* profile.h -- the time model: one or more .arcov-trace files (runs,
 * forked children) merged into functions, call arcs, contexts (threads)
 * and a nested timeline per context.  Built once per run, never prints;
 * the profile exports (tools/export/profile-*.c) only read it.
 */
#ifndef ARCOV_PROFILE_MODEL_H
#define ARCOV_PROFILE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ARCOV_PF_ROOT SIZE_MAX	/* caller of a thread's first call */

/* winIDEA's statistics of one function (doc/profile.md, "Statistics"). */
struct arcov_pf_stat {
	uint64_t hits;
	struct arcov_trace_span net, gross, period, outside;
	uint64_t outer;		/* gross of outermost activations */
};

struct arcov_pf_fn {
	char *name;		/* assembler name */
	char *display;		/* demangled on request */
	char *file;
	uint32_t line;
	uint32_t handle;	/* index + 1: winIDEA's area handle */
	struct arcov_pf_stat stat;	/* over every context */
	uint64_t self;		/* ns: its arcs' self times added up, so
				 * the call-graph outputs add up exactly */
};

/* All calls from one site of @caller to @callee, over every context. */
struct arcov_pf_arc {
	size_t caller, callee;	/* function indices; caller may be ROOT */
	uint64_t site;
	uint64_t calls, incl, self, min, max;	/* ns */
};

struct arcov_pf_event {
	uint64_t time;		/* ns since the profile's start */
	size_t fn;
	int core;		/* -1 unknown */
	int kind;		/* ARCOV_TRACE_ENTRY, _EXIT, or _RESUME for a
				 * call open when the context began (a forked
				 * child's), which counts as no hit */
};

/* One thread of one process. */
struct arcov_pf_ctx {
	uint32_t pid;
	uint64_t tid;
	char *label;		/* the run's ARCOV_RUN_LABEL, or NULL */
	uint64_t start, end;	/* ns since the profile's start */
	uint64_t lost;		/* events the runtime could not keep */
	size_t nevents;		/* nested: every entry has its exit */
	struct arcov_pf_event *events;
	struct arcov_pf_stat *stats;	/* per function, this context */
};

struct arcov_profile {
	size_t nfns;
	struct arcov_pf_fn *fns;
	size_t narcs;
	struct arcov_pf_arc *arcs;	/* by caller, callee, site */
	size_t nctx;
	struct arcov_pf_ctx *ctx;
	uint64_t origin;	/* CLOCK_MONOTONIC ns of time 0 */
	uint64_t length;	/* ns from time 0 to the last end */
	uint64_t lost_events, lost_threads;
	int timeline;		/* some file recorded a timeline */
	int tsc;		/* every file timed by the TSC */
	/* Some context's statistics come from a run that did not record
	 * the spans (ARCOV_TRACE_NOSPANS) and have no complete timeline:
	 * their min and max, period and outside are not known. */
	int nospans;
	char *cmd;		/* of the first file */
};

/**
 * arcov_profile_load - read the trace files @paths and merge them.
 * @demangle: display C++ names demangled
 * Functions are one per (name, file); a context's statistics come from
 * its timeline when that is complete (so they agree with it to the
 * nanosecond), else from the runtime's aggregate.  Events left open at a
 * context's end (recording stopped, or the program exited inside them)
 * are closed at that end.  Returns 0 or a negative ARCOV_E* with @err
 * set; @p is released with arcov_profile_free() whatever the result.
 */
int arcov_profile_load(struct arcov_profile *p, char *const *paths,
		       size_t npaths, int demangle, struct arcov_err *err);

void arcov_profile_free(struct arcov_profile *p);

/* arcov_pf_stats_from_events - recompute @stats (nfns, zeroed) from a
 * nested event list. */
void arcov_pf_stats_from_events(struct arcov_pf_stat *stats, size_t nfns,
				const struct arcov_pf_event *ev, size_t n);

/**
 * arcov_pf_window - keep of every context's timeline what lies between
 * @from and @to (ns since the profile's start; calls open at @from begin
 * there as ARCOV_TRACE_RESUME, calls open at @to end there) and, when
 * @keep is not NULL, the events of the functions it says yes to (what
 * they call then nests under their callers).  Contexts are clipped to
 * the window.  The aggregate and the statistics are left as they are:
 * this is for the timeline exports.  Returns 0 or ARCOV_ENOMEM.
 */
int arcov_pf_window(struct arcov_profile *p, uint64_t from, uint64_t to,
		    int (*keep)(const struct arcov_pf_fn *fn, void *ctx),
		    void *ctx);

/* One event of the merged timeline: context @ctx's event @ev. */
struct arcov_pf_ref {
	size_t ctx, ev;
};

/**
 * arcov_pf_timeline - every context's events in one list, by time, then
 * context, then their order in the context.  Returns a malloc'd array of
 * @p's total event count, or NULL (out of memory, or no event: *@n 0).
 */
struct arcov_pf_ref *arcov_pf_timeline(const struct arcov_profile *p,
				       size_t *n);

#ifdef __cplusplus
}
#endif

#endif
