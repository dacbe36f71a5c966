/* callgraph.h -- the whole program as a profiler would show it, built from
 * solved coverage data: one node per function with its per-line self
 * costs, the calls between functions with their real counts, and the
 * inclusive cost of every call site (doc/exports.md says how).
 *
 * The cachegrind, callgrind and webgrind exports all write this model, so
 * the numbers they show always agree.
 */
#ifndef ARCOV_CALLGRAPH_H
#define ARCOV_CALLGRAPH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "log.h"
#include "project.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The events every export carries, in this order. */
enum {
	ARCOV_CG_LINES,		/* line executions, gcov's counts */
	ARCOV_CG_STMTS,		/* statements executed (an estimate) */
	ARCOV_CG_NEVENTS
};

/* The event names, in order, as the exports spell them. */
extern const char *const arcov_cg_event_names[ARCOV_CG_NEVENTS];

struct arcov_cg_cost {
	uint64_t ev[ARCOV_CG_NEVENTS];
};

/* The self cost of one source line of one function. */
struct arcov_cg_line {
	uint32_t file;		/* index into files[] */
	uint32_t line;
	struct arcov_cg_cost self;
};

/* All calls from one line of a function to one callee. */
struct arcov_cg_call {
	size_t caller;		/* node indices */
	size_t callee;
	uint32_t file;		/* call-site file, index into files[] */
	uint32_t line;		/* call-site line */
	uint64_t calls;		/* times the call was made */
	struct arcov_cg_cost cost;	/* inclusive cost given to the site */
};

enum arcov_cg_kind {
	ARCOV_CG_DEFINED,	/* instrumented: its costs are known */
	ARCOV_CG_EXTERNAL,	/* called but not instrumented (libc ...) */
	ARCOV_CG_INDIRECT	/* stands for the targets of pointer calls */
};

struct arcov_cg_node {
	enum arcov_cg_kind kind;
	char *name;		/* assembler name */
	char *display;		/* name to print (demangled on request) */
	uint32_t file;		/* home file, index into files[] */
	uint32_t first_line;	/* its first cost line (0 if none) */
	uint64_t entries;	/* invocations (calls, when external) */
	struct arcov_cg_cost self;
	struct arcov_cg_cost inclusive;	/* self + its call sites' */
	size_t nlines;		/* by file (home first), then line */
	struct arcov_cg_line *lines;
	size_t first_call;	/* its calls: calls[first_call ...] */
	size_t ncalls;		/* by file (home first), line, callee */
	size_t cycle;		/* strongly connected component number */
};

/**
 * arcov_cg_place_cmp - the order of two places (file, line) in a node
 * whose home file is @home: the home file first, then by file and line.
 */
static inline int arcov_cg_place_cmp(uint32_t home, uint32_t fa, uint32_t la,
				     uint32_t fb, uint32_t lb)
{
	if ((fa != home) != (fb != home))
		return fa != home ? 1 : -1;
	if (fa != fb)
		return fa < fb ? -1 : 1;
	return la < lb ? -1 : la > lb;
}

/* One step of the order the text exports write nodes in: callees before
 * their callers, and a declaration (a zero-cost block) of any callee of
 * the same cycle that is called before its own block comes. */
struct arcov_cg_step {
	size_t node;
	int declare;
};

struct arcov_callgraph {
	size_t nfiles;
	char **files;		/* files[0] is "???", for unknown places */
	size_t nnodes;
	struct arcov_cg_node *nodes;
	size_t ncalls;
	struct arcov_cg_call *calls;	/* grouped by caller */
	size_t nsteps;
	struct arcov_cg_step *steps;
	struct arcov_cg_cost total;	/* sum of every self cost */
};

/**
 * arcov_callgraph_build - the program made of the objects of @p, whose
 * line model must be built.
 * @cg:       zeroed; released with arcov_callgraph_free() whatever the result
 * @demangle: print C++ names demangled
 * @log:      where notes about the data go ("no data file ...")
 * @err:      receives "FILE: offset N: what" when the result is negative
 *
 * Needs each object's .arcov-notes (the statements and call sites) and
 * fails on anything that makes the data untrustworthy: notes that do not
 * match the flow graph, a function whose counts cannot be solved, a name
 * that cannot be written in a text export.
 */
int arcov_callgraph_build(struct arcov_callgraph *cg,
			  const struct arcov_project *p, int demangle,
			  struct arcov_log *log, struct arcov_err *err);

/* arcov_callgraph_free - release everything @cg holds; @cg is zeroed. */
void arcov_callgraph_free(struct arcov_callgraph *cg);

#ifdef __cplusplus
}
#endif

#endif
