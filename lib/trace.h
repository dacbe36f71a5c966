/* trace.h -- the .arcov-trace file: one program run's time profile.
 *
 * Written by libarcov at exit when the program was built with
 * -fplugin-arg-arcov-profile, read by arcov's profile exports.  The byte
 * layout is in doc/profile.md ("The trace file"); in short, all integers
 * little-endian, strings as a u32 length and the bytes (no NUL).  A file
 * is one or more runs back to back, each:
 *
 *   header    "ARCOVTRC" u32 version=2 u32 flags u32 pid u32 nfns
 *             u32 nthreads u32 lost_threads u64 start_ns u64 end_ns str cmd
 *             str label (version 2 only; version 1 has none)
 *   function  u32 line, str name, str file          (numbered 1..nfns)
 *   thread    u64 tid u64 start_ns u64 end_ns u64 lost_events
 *             u32 nedges u32 nstats u64 nevents, then the edges (56 bytes),
 *             the statistics (152 bytes) and the events (16 bytes)
 *
 * Times are CLOCK_MONOTONIC nanoseconds, so runs of a process and its
 * forked children share one time line.
 */
#ifndef ARCOV_TRACE_H
#define ARCOV_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ARCOV_TRACE_MAGIC "ARCOVTRC"
#define ARCOV_TRACE_VERSION 2	/* version 1, without the label, is read */
#define ARCOV_TRACE_SUFFIX ".arcov-trace"

/* Header flags. */
#define ARCOV_TRACE_TIMELINE 0x1	/* events were recorded */
#define ARCOV_TRACE_TSC 0x2		/* timed by the TSC, calibrated */
/* The spans were not recorded (ARCOV_PROFILE_SPANS unset): the min and
 * max of the edges' and statistics' times are 0, and so are the period
 * and outside spans; the counts and sums of gross and net times hold. */
#define ARCOV_TRACE_NOSPANS 0x4

/* Event kinds: the codes of winIDEA's binary timeline (doc/formats.md §8.2). */
#define ARCOV_TRACE_EXIT 0
#define ARCOV_TRACE_RESUME 2	/* running since before the thread's
				 * timeline began: a forked child's calls */
#define ARCOV_TRACE_ENTRY 3

/* Serialized sizes of the fixed records. */
#define ARCOV_TRACE_EDGE_SIZE 56
#define ARCOV_TRACE_STAT_SIZE 152
#define ARCOV_TRACE_EVENT_SIZE 16

struct arcov_trace_fn {
	uint32_t line;
	char *name;		/* assembler name */
	char *file;
};

/* All calls from one call site of @caller to @callee (function numbers;
 * caller 0: the thread's first frame, called from outside). */
struct arcov_trace_edge {
	uint32_t caller, callee;
	uint64_t site;		/* return address of the call, 0 if none */
	uint64_t calls;		/* exact count of entries */
	uint64_t incl;		/* inclusive ns of the calls that returned */
	uint64_t self;		/* self ns of the same */
	uint64_t min, max;	/* inclusive ns of one call */
};

/* A time statistic: how many, total, min, max (ns; 0 when count is 0). */
struct arcov_trace_span {
	uint64_t count, total, min, max;
};

/* winIDEA's statistics of one function in one thread (doc/profile.md). */
struct arcov_trace_stat {
	uint32_t fn;
	uint64_t hits;			/* entries */
	struct arcov_trace_span net;	/* self: without callees */
	struct arcov_trace_span gross;	/* entry to exit, callees included */
	uint64_t outer;			/* gross of outermost activations */
	struct arcov_trace_span period;	/* entry to next entry */
	struct arcov_trace_span outside;	/* exit to next entry */
};

struct arcov_trace_event {
	uint64_t time;		/* ns */
	uint32_t fn;
	int16_t core;		/* -1 when unknown */
	uint8_t kind;		/* ARCOV_TRACE_ENTRY, _EXIT or _RESUME */
	uint8_t reserved;	/* 0 */
};

struct arcov_trace_thread {
	uint64_t tid;
	uint64_t start, end;	/* ns: first hook, last hook or dump */
	uint64_t lost;		/* events not recorded: the limit was hit */
	uint32_t nedges, nstats;
	uint64_t nevents;
	struct arcov_trace_edge *edges;
	struct arcov_trace_stat *stats;
	struct arcov_trace_event *events;	/* in time order */
};

/* One run. */
struct arcov_trace {
	uint32_t version;	/* 1 or 2; 0 writes ARCOV_TRACE_VERSION */
	uint32_t flags;		/* ARCOV_TRACE_* */
	uint32_t pid;
	uint32_t lost_threads;	/* still running at exit, not written */
	uint64_t start, end;	/* ns */
	char *cmd;
	char *label;		/* ARCOV_RUN_LABEL; NULL or "" for none */
	uint32_t nfns;
	struct arcov_trace_fn *fns;	/* fns[k] is function k + 1 */
	uint32_t nthreads;
	struct arcov_trace_thread *threads;
};

/**
 * arcov_trace_write - serialize @t into @buf (@cap bytes), or only size it
 * when @buf is NULL.  Returns the size, or ARCOV_ERANGE when @cap is too
 * small, ARCOV_EFORMAT when @t refers to a function it does not have.
 */
ssize_t arcov_trace_write(const struct arcov_trace *t, void *buf, size_t cap);

/* Takes @n bytes of a stream at @p; returns 0 or a negative error code. */
typedef int arcov_trace_sink(void *ctx, const void *p, size_t n);

/**
 * arcov_trace_stream - serialize @t as arcov_trace_write() does, handing
 * the bytes in order to @sink: the header, then for each thread its
 * aggregate and its events in runs of at most @chunk bytes.  A long
 * timeline is written out without a second copy of it in memory.
 * Returns the total size, or the first error of @sink, or as
 * arcov_trace_write().
 */
ssize_t arcov_trace_stream(const struct arcov_trace *t, size_t chunk,
			   arcov_trace_sink *sink, void *ctx);

/**
 * arcov_trace_read - parse the @size bytes at @data.
 * @t:    filled; release with arcov_trace_free() whatever the result
 * @name: file name for messages ("FILE: offset N: what")
 * Every count is checked against the bytes left before anything is
 * allocated; events must be in time order and name known functions.
 */
int arcov_trace_read(struct arcov_trace *t, const void *data, size_t size,
		     const char *name, struct arcov_err *err);

/* arcov_trace_free - release what arcov_trace_read() allocated. */
void arcov_trace_free(struct arcov_trace *t);

/* The runs of a file, in file order: runs[k] lies at bytes
 * [offset[k], offset[k + 1]) of it. */
struct arcov_trace_runs {
	size_t n;
	struct arcov_trace *runs;
	size_t *offset;		/* n + 1 of them */
};

/**
 * arcov_trace_read_runs - parse the @size bytes at @data as one or more
 * runs (a file that runs have been appended to; a version 1 file is one
 * run).  Error offsets count from the start of @data.  Release @rs with
 * arcov_trace_runs_free() whatever the result.
 */
int arcov_trace_read_runs(struct arcov_trace_runs *rs, const void *data,
			  size_t size, const char *name, struct arcov_err *err);

void arcov_trace_runs_free(struct arcov_trace_runs *rs);

#ifdef __cplusplus
}
#endif

#endif
