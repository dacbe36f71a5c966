/* export.h -- arcov's profiler-format exports: a cachegrind file, a
 * callgrind profile, and webgrind's preprocessed form of that profile
 * (doc/formats.md §6, §7; what they hold is in doc/exports.md).
 *
 * All of them are written from one struct arcov_callgraph, built over
 * the report model of the run (project.h).  A file is
 * made whole in memory and then put in place atomically, so an export
 * either succeeds completely or leaves nothing behind.
 */
#ifndef ARCOV_EXPORT_H
#define ARCOV_EXPORT_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "callgraph.h"
#include "project.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The webgrind version written unless another is asked for. */
#define ARCOV_WEBGRIND_DEFAULT 7

struct arcov_export_opts {
	const char *cachegrind;	/* --cachegrind FILE, or NULL */
	const char *callgrind;	/* --callgrind FILE, or NULL */
	const char *webgrind;	/* --webgrind FILE (and FILE.webgrind) */
	int webgrind_version;	/* 7, 6 or 5 */
	char *const *argv;	/* the command line, for the "cmd:" lines */
	int argc;
};

/**
 * arcov_export - write every export @o asks for from @cg, the call graph
 * of the run (arcov_callgraph_build(), built once for every output that
 * draws on it), or, when there is none (@cg NULL), say @why and write
 * nothing: a profile must not silently lack callees.  Messages go to
 * @diag as "arcov: ...".  Returns 0, or 1 when some export was not
 * written (it then leaves no file behind; the others are still written).
 */
int arcov_export(const struct arcov_export_opts *o,
		 const struct arcov_callgraph *cg, const char *why,
		 FILE *diag);

/**
 * arcov_export_cmd - @argv joined by spaces on one line (line breaks made
 * spaces), for the exports' "cmd:" lines; malloc'd, NULL when out of
 * memory.
 */
char *arcov_export_cmd(char *const *argv, int argc);

/**
 * arcov_cachegrind_write - @cg as a cachegrind file (doc/formats.md §6.1,
 * the subset both the Perl and the Python cg_annotate accept) on @f.
 * Returns 0, or ARCOV_EIO when @f reports an error.
 */
int arcov_cachegrind_write(const struct arcov_callgraph *cg, const char *cmd,
			   FILE *f);

/**
 * arcov_callgrind_write - @cg as a callgrind profile (doc/formats.md §6.2) in
 * the shape webgrind's preprocessor needs (§6.3) on @f.  Returns 0, or
 * ARCOV_EIO when @f reports an error.
 */
int arcov_callgrind_write(const struct arcov_callgraph *cg, const char *cmd,
			  FILE *f);

/* ---- webgrind's preprocessed format (doc/formats.md §7) ---- */

/* One caller or callee entry of a function record. */
struct arcov_wg_call {
	uint32_t fn;		/* function number */
	uint32_t line;		/* call-site line, in the caller */
	uint32_t count;
	uint32_t cost;		/* inclusive cost of those calls */
};

struct arcov_wg_fn {
	uint32_t line;		/* first cost line (version 7 only) */
	uint32_t self;
	uint32_t inclusive;
	uint32_t invocations;
	size_t ncallers;
	struct arcov_wg_call *callers;
	size_t ncallees;	/* not written in version 5 */
	struct arcov_wg_call *callees;
	const char *file;
	const char *name;
};

struct arcov_wg_header {
	const char *key;
	const char *value;
};

struct arcov_webgrind {
	size_t nfns;
	struct arcov_wg_fn *fns;
	size_t nheaders;
	struct arcov_wg_header *headers;
	char *storage;		/* what the builder allocated for them */
};

/**
 * arcov_webgrind_build - @cg as webgrind's model: functions numbered as
 * webgrind's preprocessor would number them in the callgrind export,
 * the first event as the cost, values above 2^32 - 1 saturated.  The
 * model points into @cg, which must outlive it.  Returns 0 or
 * ARCOV_ENOMEM.
 */
int arcov_webgrind_build(struct arcov_webgrind *wg,
			 const struct arcov_callgraph *cg, const char *cmd);

/**
 * arcov_webgrind_write - serialize @wg as webgrind format @version.
 * @buf: at least arcov_webgrind_write(wg, version, NULL, 0) bytes, or NULL
 *       to only compute the size
 * Returns the size, ARCOV_ERANGE when @cap is too small or the file would
 * pass 4 GiB, or ARCOV_EFORMAT for what webgrind cannot read back: an
 * unknown version, no function, a name or header holding a line break,
 * an empty header key.
 */
ssize_t arcov_webgrind_write(const struct arcov_webgrind *wg, int version,
			     void *buf, size_t cap);

/**
 * arcov_webgrind_headers - set @wg's four headers (creator, cmd, events,
 * summary) in the 64 bytes of wg->storage and wg->headers (room for 4).
 */
void arcov_webgrind_headers(struct arcov_webgrind *wg, const char *cmd,
			    const char *events, uint64_t summary);

/* arcov_webgrind_free - release what arcov_webgrind_build() made. */
void arcov_webgrind_free(struct arcov_webgrind *wg);

#ifdef __cplusplus
}
#endif

#endif
