/* profile-export.h -- the time profile's outputs, leaves over the time
 * model (profile.h): gprof-like flat profile and call graph on stdout,
 * callgrind (xdebug shape, time events) and webgrind files, the
 * winIDEA-style XML and binary timeline, and Chrome's trace-event JSON.
 * What each one holds is in doc/profile.md.
 */
#ifndef ARCOV_PROFILE_EXPORT_H
#define ARCOV_PROFILE_EXPORT_H

#include <stdint.h>
#include <regex.h>
#include <stdio.h>
#include <sys/types.h>

#include "export.h"
#include "profile.h"

#ifdef __cplusplus
extern "C" {
#endif

struct arcov_profile_opts {
	int flat;		/* --profile-flat */
	int graph;		/* --profile-graph */
	const char *callgrind;	/* --callgrind FILE */
	const char *webgrind;	/* --webgrind FILE (and FILE.webgrind) */
	int webgrind_version;	/* 7, 6, 5 or 4 */
	int time_ns;		/* --profile-unit=ns: callgrind in ns */
	const char *winidea;	/* --winidea FILE */
	int winidea_indent;	/* spaces per level, 0 for none */
	const char *timeline_bin;	/* --timeline-bin FILE */
	int timeline_version;	/* 10 or 11 */
	const char *chrome;	/* --chrome-trace FILE */
	int chrome_args;	/* --chrome-args */
	int demangle;		/* -m */
	/* --from, --to, --function: what the timeline exports keep. */
	uint64_t from, to;	/* ns since the profile's start */
	const regex_t *function;	/* NULL: every function */
	uint64_t max_size;	/* --max-size: bytes of a timeline export,
				 * 0 for no limit */
};

/**
 * arcov_profile_run - load the trace files @traces and write every output
 * @o asks for: text on @out, files put in place atomically, messages on
 * @diag as "arcov: FILE: what".  Returns 0, or 1 when something could
 * not be read or written.
 */
int arcov_profile_run(const struct arcov_profile_opts *o, char *const *traces,
		      int ntraces, FILE *out, FILE *diag);

/* Each writer returns 0, or a negative ARCOV_E* code. */
int arcov_pf_flat_write(const struct arcov_profile *p, FILE *f);
int arcov_pf_graph_write(const struct arcov_profile *p, FILE *f);
/* @unit_ns: 10 for events "Time_(10ns)", 1 for "Time_(ns)". */
int arcov_pf_callgrind_write(const struct arcov_profile *p, const char *cmd,
			     int unit_ns, FILE *f);
/* webgrind's model of @p, time costs in µs/100 ("Time_(10ns)"). */
int arcov_pf_webgrind_build(struct arcov_webgrind *wg,
			    const struct arcov_profile *p, const char *cmd);
/* webgrind version 4, the invocation tree, from the timeline. */
ssize_t arcov_pf_webgrind4_write(const struct arcov_profile *p,
				 const char *cmd, void *buf, size_t cap);
int arcov_pf_winidea_write(const struct arcov_profile *p, int indent,
			   int bin_version, FILE *f);
/* The winIDEA binary timeline, version 10 (1.0) or 11 (1.1); sizes only
 * when @buf is NULL. */
ssize_t arcov_pf_timeline_bin(const struct arcov_profile *p, int version,
			      void *buf, size_t cap);
/* @args: each call's file, line and core too. */
int arcov_pf_chrome_write(const struct arcov_profile *p, int args, FILE *f);

/* One event of winIDEA's timeline: a call is the caller's suspend and
 * the callee's entry, a return the callee's exit and the caller's resume. */
enum { ARCOV_WI_EXIT, ARCOV_WI_SUSPEND, ARCOV_WI_RESUME, ARCOV_WI_ENTRY };

struct arcov_wi_event {
	uint64_t time;		/* ns since the session start */
	uint32_t handle;
	int kind;		/* ARCOV_WI_* */
	int core;		/* -1 unknown */
	size_t ctx;
};

/**
 * arcov_wi_events - @p's merged timeline as winIDEA events, in time
 * order; malloc'd, *@n of them (NULL with *@n 0 when there is none or
 * memory ran out: *@n is then SIZE_MAX).
 */
struct arcov_wi_event *arcov_wi_events(const struct arcov_profile *p,
				       size_t *n);

#ifdef __cplusplus
}
#endif

#endif
