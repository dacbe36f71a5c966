/* fuzz.h -- what the fuzz targets share.
 *
 * Each target is one LLVMFuzzerTestOneInput() over a reader of lib/.  It
 * is linked either with libFuzzer (clang -fsanitize=fuzzer, make fuzz) or
 * with replay.c, a main of our own that feeds it files (any compiler).
 * The targets check more than "no crash": a reader that accepts an input
 * must write it back byte for byte (doc/design.md, "Models are
 * symmetric"), and one that refuses it must say so in its error record.
 */
#ifndef ARCOV_FUZZ_H
#define ARCOV_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "error.h"
#include "bbg.h"
#include "solve.h"

/* The name the targets give their input in error messages. */
#define FUZZ_NAME "fuzz-input"

/* Fail the run: libFuzzer saves the input that got here. */
#define FUZZ_CHECK(cond)                                                   \
	do {                                                               \
		if (!(cond))                                               \
			fuzz_fail(__FILE__, __LINE__, #cond);              \
	} while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline void fuzz_fail(const char *file, int line, const char *what)
{
	fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
	abort();
}

/* malloc() that cannot fail quietly; @n may be 0. */
static inline void *fuzz_alloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	FUZZ_CHECK(p != NULL);
	return p;
}

/* A refused input: a negative code, recorded in @err with the file name. */
static inline void fuzz_check_refusal(int rc, const struct arcov_err *err)
{
	FUZZ_CHECK(rc < 0);
	FUZZ_CHECK(err->code == rc);
	FUZZ_CHECK(strstr(err->msg, FUZZ_NAME) != NULL);
}

/*
 * The writer's output for an accepted input: the sizing pass said @n
 * bytes; fill an exact-size block (so ASan sees any overrun), require the
 * filling pass to agree and the bytes to be the input's, and one byte
 * less of room to be refused.  WRITE is the writer, MODEL its argument.
 */
#define FUZZ_CHECK_WRITE_BACK(WRITE, MODEL, data, size)                    \
	do {                                                               \
		ssize_t fuzz_n_ = WRITE((MODEL), NULL, 0);                 \
		unsigned char *fuzz_buf_;                                  \
                                                                           \
		FUZZ_CHECK(fuzz_n_ == (ssize_t)(size));                    \
		fuzz_buf_ = fuzz_alloc((size_t)fuzz_n_);                   \
		FUZZ_CHECK(WRITE((MODEL), fuzz_buf_, (size_t)fuzz_n_) ==   \
			   fuzz_n_);                                       \
		FUZZ_CHECK(!fuzz_n_ ||                                     \
			   !memcmp(fuzz_buf_, (data), (size_t)fuzz_n_));   \
		if (fuzz_n_)                                               \
			FUZZ_CHECK(WRITE((MODEL), fuzz_buf_,               \
					 (size_t)fuzz_n_ - 1) ==           \
				   ARCOV_ERANGE);                          \
		free(fuzz_buf_);                                           \
	} while (0)

/* An inexact solution (arcov_solve() on contradicting counters): the
 * counters as given, and every block at least its inflow and outflow. */
static inline void fuzz_solve_bounded(const struct arcov_bbg_fn *fn,
				      const uint64_t *counters,
				      const struct arcov_counts *c)
{
	uint64_t *in = calloc((size_t)fn->nblocks + 1, sizeof *in);
	uint64_t *out = calloc((size_t)fn->nblocks + 1, sizeof *out);
	size_t k = 0;
	uint32_t a, b;

	FUZZ_CHECK(in && out);
	FUZZ_CHECK(c->nblocks == fn->nblocks && c->narcs == fn->narcs);
	for (a = 0; a < fn->narcs; a++) {
		const struct arcov_bbg_arc *arc = &fn->arcs[a];

		if (!(arc->flags & ARCOV_ARC_ON_TREE))
			FUZZ_CHECK(c->arc[a] == (counters ? counters[k++] : 0));
		out[arc->src] += c->arc[a];
		in[arc->dest] += c->arc[a];
	}
	for (b = 0; b < fn->nblocks; b++)
		FUZZ_CHECK(c->block[b] >= in[b] && c->block[b] >= out[b]);
	free(in);
	free(out);
}

/*
 * Solve @fn with @counters (NULL: all zero) and hold a solution to what
 * it claims: every counted arc has its counter and every block's count
 * equals the flow into it and the flow out of it.  A refusal must be one
 * of the solver's documented ones, with a message; a contradiction still
 * gives a bounded solution.
 */
static inline void fuzz_solve(const struct arcov_bbg_fn *fn,
			      const uint64_t *counters, size_t ncounters)
{
	struct arcov_err err = { 0, "" };
	struct arcov_counts c;
	uint64_t *in, *out;
	size_t k = 0;
	uint32_t a, b;
	int rc;

	rc = arcov_solve(fn, counters, ncounters, &c, FUZZ_NAME, &err);
	if (rc == ARCOV_EINCONSISTENT) {
		FUZZ_CHECK(c.inexact);
		fuzz_solve_bounded(fn, counters, &c);
	}
	if (rc) {
		FUZZ_CHECK(rc == ARCOV_EUNSOLVABLE ||
			   rc == ARCOV_EINCONSISTENT || rc == ARCOV_ERANGE ||
			   rc == ARCOV_EMISMATCH);
		FUZZ_CHECK(err.code == rc && err.msg[0]);
		arcov_counts_free(&c);
		return;
	}
	FUZZ_CHECK(!c.inexact);
	FUZZ_CHECK(c.nblocks == fn->nblocks && c.narcs == fn->narcs);
	in = calloc((size_t)fn->nblocks, sizeof *in);
	out = calloc((size_t)fn->nblocks, sizeof *out);
	FUZZ_CHECK(in && out);
	for (a = 0; a < fn->narcs; a++) {
		const struct arcov_bbg_arc *arc = &fn->arcs[a];

		FUZZ_CHECK(c.arc[a] <= INT64_MAX);
		if (!(arc->flags & ARCOV_ARC_ON_TREE)) {
			FUZZ_CHECK(c.arc[a] == (counters ? counters[k] : 0));
			k++;
		}
		out[arc->src] += c.arc[a];
		in[arc->dest] += c.arc[a];
	}
	for (b = 0; b < fn->nblocks; b++)
		FUZZ_CHECK(c.block[b] == in[b] && c.block[b] == out[b]);
	free(in);
	free(out);
	arcov_counts_free(&c);
}

/*
 * A flow that conserves itself on @fn, made of the input's bytes: up to
 * eight walks, each from a block the bytes pick and along the arcs they
 * pick, that end on a block already walked (a cycle, which gets 1 to 3
 * more on each of its arcs) or on one without arcs (nothing).  Given the
 * counted arcs of such a flow, the solver may find the graph
 * underdetermined, but must never call the counts contradictory, and
 * whatever it derives must be the flow itself.
 */
static inline void fuzz_solve_flow(const struct arcov_bbg_fn *fn,
				   const uint8_t *data, size_t size)
{
	uint64_t *flow = calloc((size_t)fn->narcs + 1, sizeof *flow);
	uint64_t *counters = calloc((size_t)fn->ncounters + 1,
				    sizeof *counters);
	uint32_t *path = calloc((size_t)fn->nblocks + 1, sizeof *path);
	uint32_t *step = calloc((size_t)fn->nblocks + 1, sizeof *step);
	struct arcov_err err = { 0, "" };
	struct arcov_counts c;
	size_t at = 0, k = 0;
	uint32_t walk, b, n, i, a;
	int rc;

	FUZZ_CHECK(flow && counters && path && step);
#define FUZZ_BYTE() (size ? data[at++ % size] : 0)
	for (walk = 0; walk < 8; walk++) {
		/* step[b]: 1 + position of b on this walk's path, 0 if off */
		memset(step, 0, (size_t)fn->nblocks * sizeof *step);
		b = walk ? (uint32_t)(FUZZ_BYTE() % fn->nblocks) : 0;
		for (n = 0; !step[b]; n++) {
			uint32_t lo = fn->first_arc[b], hi = fn->first_arc[b + 1];

			if (lo == hi)
				break;
			step[b] = n + 1;
			path[n] = lo + (uint32_t)(FUZZ_BYTE() % (hi - lo));
			b = fn->arcs[path[n]].dest;
		}
		if (step[b]) {
			uint64_t w = 1 + FUZZ_BYTE() % 3;

			for (i = step[b] - 1; i < n; i++)
				flow[path[i]] += w;
		}
	}
#undef FUZZ_BYTE
	for (a = 0; a < fn->narcs; a++)
		if (!(fn->arcs[a].flags & ARCOV_ARC_ON_TREE))
			counters[k++] = flow[a];
	rc = arcov_solve(fn, counters, k, &c, FUZZ_NAME, &err);
	FUZZ_CHECK(rc == 0 || rc == ARCOV_EUNSOLVABLE);
	if (!rc)
		for (a = 0; a < fn->narcs; a++)
			FUZZ_CHECK(c.arc[a] == flow[a]);
	arcov_counts_free(&c);
	fuzz_solve(fn, counters, k);
	free(flow);
	free(counters);
	free(path);
	free(step);
}

#endif
