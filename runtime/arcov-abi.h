/* arcov-abi.h -- what an instrumented object hands the runtime.
 *
 * The plugin emits, per translation unit with instrumented functions, one
 * static struct arcov_object (plus its function table and counter array)
 * and a constructor that calls arcov_object_register(&obj), and a
 * destructor that calls arcov_object_unregister(&obj) so a dlclose()d
 * shared library is written before its counters disappear.
 *
 * The layout is fixed by ARCOV_ABI_VERSION; the runtime refuses (one line
 * on stderr, no crash) an object of another version.  Both the plugin (which
 * builds these as GCC trees) and the runtime include this header, so the
 * two can only drift apart by changing it.
 */
#ifndef ARCOV_ABI_H
#define ARCOV_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Version 2 adds the build stamp at the end of struct arcov_object,
 * version 3 the derived counters after it, version 4 the run counters
 * after those, version 5 the owner thread's copy after those; the
 * runtime still takes objects of versions 1 to 4. */
#define ARCOV_ABI_VERSION 5

/* Object flags. */
#define ARCOV_OBJ_ATOMIC 0x1	/* counters updated with relaxed atomics */
/* Counted per thread: the code increments a thread-local array of 64-bit
 * words, ARCOV_THREAD_HEAD words of the runtime's (the first nonzero once
 * the runtime has this thread's copy; zero-initialized) followed by the
 * ncounters counters; @counters holds what the runtime added up from the
 * threads (runtime/threads.c).  Every function checks the first word on
 * entry and, while it is 0, calls arcov_thread_counters(obj, array). */
#define ARCOV_OBJ_THREADED 0x2
#define ARCOV_THREAD_HEAD 4
/* Version 3: the derived counters are counted too; a dump compares them
 * with their derivation and reports any difference (derive-check). */
#define ARCOV_OBJ_DERIVE_CHECK 0x8
/* Continuous (doc/live-file.md): the counter array starts on a page and
 * fills whole pages, so the runtime can map a live file over it. */
#define ARCOV_OBJ_CONTINUOUS 0x10
#define ARCOV_LIVE_PAGE 4096

struct arcov_fn_info {
	const char *name;	/* assembler name, as in .bb/.bbg/.da */
	uint32_t checksum;	/* .bbg checksum (doc/formats.md §3.5) */
	uint32_t ncounters;	/* arcs off the spanning tree */
};

struct arcov_object {
	uint32_t version;	/* ARCOV_ABI_VERSION */
	uint32_t flags;		/* ARCOV_OBJ_* */
	const char *da_path;	/* absolute path of the .da file */
	uint32_t nfns;
	uint32_t ncounters;	/* total over all functions */
	const struct arcov_fn_info *fns;	/* nfns entries */
	uint64_t *counters;	/* ncounters, functions back to back */
	struct arcov_object *next;	/* runtime's list link; 0 in the object */
	uint32_t stamp;		/* version 2: the build, as the notes name it;
				 * 1 .. 2^31-1, or 0 for none */
	/* Version 3: derived counters (plugin/derive.cc, runtime/derive.c).
	 * Counters no increment updates, computed at each dump from the
	 * others before the .da is written: a function's entry counter,
	 * from its call sites' counts.  @derive holds @nderive words: per
	 * derived counter, in the order they are computed, its index, its
	 * number of terms N, then N pairs (counter index, coefficient as a
	 * two's complement int32_t); the value is the sum of the
	 * coefficients times the counters, modulo 2^64. */
	uint32_t nderive;
	const uint32_t *derive;
	/* Version 4: run counters (plugin/runs.cc, runtime/runs.c).  A run
	 * counter stands for k >= 2 counters that one straight stretch of
	 * code incremented together: it is incremented once instead, and
	 * a dump adds its value, times each member's multiplicity, to
	 * every member before anything reads the counts; it is never
	 * written to the .da.  @runs, or NULL for none: the number of
	 * runs R, the number of words W that follow, then W words: per
	 * run, its number of members k, then k pairs (counter index,
	 * multiplicity).  Run r is element @ncounters + r of @counters
	 * (and of a thread's copy, after the ncounters counters), which
	 * holds @ncounters + R words. */
	const uint32_t *runs;
	/* Version 5: the owner thread's copy (plugin/tls-counters.cc,
	 * runtime/threads.c).  A per-thread object whose code reaches its
	 * thread's copy through a TLS descriptor call (x86-64, -fPIC) has a
	 * plain static array laid out as a thread's copy (head, counters,
	 * runs) for the thread that registers it: every function's entry
	 * computes @owner_copy minus its thread pointer, compares it with
	 * @owner, and on a match counts there, with no TLS access, else
	 * calls for its thread's copy.  The runtime sets @owner at
	 * registration (0, which no thread's difference is, until then and
	 * for an object without @owner_copy), the head's first word before
	 * it; a thread that ends leaves the copy to whichever thread gets
	 * its thread pointer next, as no two live threads share one.  NULL
	 * for none. */
	uint64_t *owner_copy;
	uint64_t owner;
};

/* Built with -fplugin-arg-arcov-freestanding, a unit registers no
 * constructor: a pointer to its object goes to this section instead, and
 * the freestanding runtime walks __start_arcov_objects to
 * __stop_arcov_objects (doc/stream-format.md). */
#define ARCOV_OBJECTS_SECTION "arcov_objects"

void arcov_object_register(struct arcov_object *obj);
void arcov_object_unregister(struct arcov_object *obj);
void arcov_thread_counters(struct arcov_object *obj, uint64_t *tls);

#ifdef __cplusplus
}
#endif

#endif
