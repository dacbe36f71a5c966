/* profile.c -- the time profile: entry and exit hooks, per-thread shadow
 * stacks, the aggregate and the optional timeline, and the .arcov-trace
 * file written at exit (doc/profile.md).
 *
 * Hot path: each hook is a fast path that calls nothing and a general
 * path for the rest (enter_fast(), enter_general()).  Each thread owns all
 * it touches (initial-exec TLS, no lock):
 * a shadow stack of open calls, a hash table of (caller, call site,
 * callee) aggregates, per-function statistics indexed by the function's
 * number, and, with ARCOV_TIMELINE, a bounded event buffer.  Only the
 * first call of a function anywhere (to number it), a thread's first
 * call, and table growth take locks or allocate.
 *
 * Clock: the TSC when the CPU says it is invariant, converted to
 * CLOCK_MONOTONIC nanoseconds by the two readings of both taken at the
 * first call and at the dump; else clock_gettime(CLOCK_MONOTONIC) itself
 * (also with ARCOV_CLOCK=monotonic).  The core of an event is the TSC_AUX
 * word, read by rdpid (else rdtscp; Linux puts the CPU number in its low
 * 12 bits), or sched_getcpu(), -1 when none tells.
 *
 * longjmp: a frame skipped by it never calls the exit hook.  Stacks grow
 * down and a frame's CFA lies above all of its callees': an open frame
 * whose CFA is not above that of the function now entering (or below
 * that of the one leaving) is dead, and is closed then -- but a function
 * inlined into another shares its CFA and return address, and is its
 * callee (doc/profile.md).
 *
 * The runtime is a guest: no stdout, no exit, errno kept, one line on
 * stderr for each problem.  A set-id program takes none of ARCOV_TRACE,
 * ARCOV_TIMELINE or ARCOV_CLOCK from its caller (secure_getenv()), and
 * writes no trace: the build names no place for it, and the default one
 * is the caller's directory under the caller's argv[0].  The dump takes
 * the coverage runtime's lock (runtime.c, arcov_rt_enter()), so a signal
 * handler that calls exit(), fork() or arcov_dump() during either dump
 * finds it held and returns at once.
 */
#include <config.h>

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#include <cpuid.h>
#define HAVE_TSC 1
#define tsc() __rdtsc()
#define tscp(aux) __rdtscp(aux)
#else
/* Elsewhere the clock is CLOCK_MONOTONIC's (use_tsc stays 0). */
#define HAVE_TSC 0
#define tsc() ((uint64_t)0)
#define tscp(aux) (*(aux) = 0, (uint64_t)0)
#endif

#include "arcov-profile.h"
#include "fileio.h"
#include "internal.h"
#include "trace.h"

#define TIMELINE_DEFAULT (64u << 20)	/* bytes, ARCOV_TIMELINE=1 */
/* The trace is written in pieces of about this size, so that writing a
 * timeline takes no second copy of it (the memory stays bounded by
 * ARCOV_TIMELINE). */
#define STREAM_CHUNK (64u << 10)
/* The entry hook's direct-mapped guesses of the edge, per thread: at
 * least this many (a power of two; 16 KiB of pointers), and 8 per edge
 * the table has room for, so that few edges share one. */
#define HINTS_MIN 2048u

struct frame {
	uintptr_t sp;		/* the function's CFA */
	uintptr_t site;		/* its return address */
	uint64_t start;		/* ticks */
	uint64_t child;		/* ticks spent in closed callees; kept
				 * with the spans only (the net bounds) */
	struct edge *edge;	/* in edges[], or the function's orphan
				 * (struct fstat) when none; never NULL */
	uint32_t fn;
};

/*
 * Bounds as the hooks keep them: the least value and the width above it,
 * so that one unsigned comparison, (v - lo) > range, tells whether a value
 * falls outside both, and only then does anything change (bounds_widen()).
 * Empty: lo UINT64_MAX, range 0, which every value but UINT64_MAX leaves.
 */
struct bounds {
	uint64_t lo, range;
};

#define BOUNDS_EMPTY { UINT64_MAX, 0 }

static inline int bounds_out(const struct bounds *b, uint64_t v)
{
	return __builtin_expect(v - b->lo > b->range, 0);
}

/* 64 bytes: the hooks find an edge in one cache line.  pair is callee <<
 * 32 | caller, the table's key; the entry hook compares the halves, with
 * no shift to make the word.  incl and self are apart:
 * side by side GCC adds them with four SSE instructions more.  stat is
 * the callee's statistics, so that neither hook indexes them: the
 * tables' growth keeps it (stat_grow(), thread_out()). */
struct edge {
	union {
		uint64_t pair;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		struct { uint32_t caller, callee; } fns;
#else
		struct { uint32_t callee, caller; } fns;
#endif
	};
	uintptr_t site;
	/* kids: the gross time of the closed calls these calls made, so
	 * that self = incl - kids (edge_self()) with no frame keeping its
	 * callees' time in the default profile. */
	uint64_t incl, calls, kids;	/* ticks */
	struct bounds gross;		/* of incl */
	struct fstat *stat;
} __attribute__((aligned(64)));

static inline uint64_t edge_pair(uint32_t caller, uint32_t callee)
{
	return (uint64_t)callee << 32 | caller;
}

static inline uint32_t edge_caller(const struct edge *e)
{
	return (uint32_t)e->pair;
}

static inline uint32_t edge_callee(const struct edge *e)
{
	return (uint32_t)(e->pair >> 32);
}

/* The self time of @e's closed calls: their gross time but their
 * callees' (0 if a lagging TSC made the callees' longer). */
static inline uint64_t edge_self(const struct edge *e)
{
	return e->incl > e->kids ? e->incl - e->kids : 0;
}

/* What no edge matches (site 0, function 0): every hint before it is set,
 * so that the entry hook never tests for an empty one. */
static struct edge edge_none;

/* min starts at UINT64_MAX (SPAN_EMPTY): one comparison per bound. */
struct span {
	uint64_t count, total, min, max;
};

#define SPAN_EMPTY { 0, 0, UINT64_MAX, 0 }

/*
 * A function's statistics in one thread, laid out for the hooks: the
 * first 64 bytes are most of what every entry and exit reads.  What a count or a
 * sum of differences gives is not kept per call: the calls on an edge
 * are the edge's (the dump adds the edges up, stats_of_edges()), the sum
 * of the periods telescopes to last_entry - first_entry over hits - 1 of
 * them.  The calls a fork or a full table left without an edge go on the
 * orphan edge, which is no caller's and which the dump adds up as it
 * adds the others: every open frame has an edge, so neither hook tests
 * for none.
 */
struct fstat {
	/* The last entry plus period.lo (stat_last_entry()): the entry's
	 * period minus its least is now - pbase, tested against
	 * period.range at once.  period.lo UINT64_MAX when empty and no
	 * entry yet (0) make it UINT64_MAX. */
	uint64_t pbase;
	struct bounds period;		/* entry to next entry */
	uint64_t last_exit;		/* of the last outermost activation,
					 * 0 if none (then no outside) */
	struct bounds outside;		/* that exit to the next entry */
	struct bounds net;		/* self time of every call */
	/* Minus the open activations (0 when none): the entry's
	 * subtraction borrows, and the exit's addition reaches 0, exactly
	 * at the outermost one (active_enter(), active_exit()). */
	uint32_t idle;
	uint64_t outside_count, outside_total, outer;
	uint64_t first_entry;
	struct edge orphan;
	/* Frames open at a fork, closed on the orphan in the child but
	 * calls of the parent (fork_child()). */
	uint64_t inherited;
	/* The dump's sums of the edges (stats_of_edges()). */
	uint64_t hits, net_count, net_total;
	struct span gross;
};

/* struct thread's off: which path the hooks take, or what keeps them out
 * (HOOK_BUSY and above). */
enum {
	HOOK_ON, HOOK_SPANS, HOOK_TIMELINE, HOOK_GENERAL, /* the hooks run: */
	HOOK_BUSY, HOOK_OVER, HOOK_UNSTARTED	/* they do not */
};

struct thread {
	int off;		/* HOOK_ON: the hooks' fast paths;
				 * HOOK_SPANS: the same keeping the spans
				 * (ARCOV_PROFILE_SPANS);
				 * HOOK_TIMELINE: the same with a timeline;
				 * HOOK_GENERAL: only their general paths
				 * (no TSC); HOOK_BUSY inside a hook or the
				 * dump, HOOK_OVER once the thread is over */
	int rest;		/* what off returns to after a hook */
	int recording;		/* events go to the timeline */
	int live;		/* still running */
	struct frame *top;	/* the innermost open call, stack_base (at
				 * stack[-1]) if none */
	struct frame *last;	/* stack[cap - 1]: a push needs top < last */
	struct frame *stack;
	uint32_t cap;
	uint32_t nedges, edges_cap, mask;
	struct edge *edges;
	uint32_t *table;	/* edge index + 1, 0 empty */
	/* The edge of the last entry by call site, callee and caller
	 * (hint_of()), else &edge_none: the entry hook's one probe. */
	struct edge **hint;
	uintptr_t hint_mask;
	uint32_t nstats;	/* stats[] covers function numbers < nstats */
	struct fstat *stats;
	uint64_t nevents, evcap, converted, lost, dropped;
	struct arcov_trace_event *events;
	uint64_t tid, start, end;
	struct thread *next;
};

/* Open calls of @th. */
static inline uint32_t thread_depth(const struct thread *th)
{
	return (uint32_t)(th->top - (th->stack - 1));
}

/* A thread that has not called a hook yet points at unstarted, whose off
 * sends the hooks to their general paths: the fast paths test one word. */
static struct thread unstarted = { .off = HOOK_UNSTARTED };
static __thread struct thread *self_thread
	__attribute__((tls_model("initial-exec"))) = &unstarted;

/* @th's hooks set to @off: HOOK_BUSY around their work, which a signal
 * handler's hooks then leave alone.  The fences keep the compiler from
 * dropping the mark (the store is dead to a program that has no signal
 * handler) or moving the work across it. */
static inline __attribute__((always_inline))
void hook_mark(struct thread *th, int off)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	th->off = off;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

/* The calling thread's state, NULL before its first hook. */
static inline struct thread *thread_self(void)
{
	struct thread *th = self_thread;

	return th == &unstarted ? NULL : th;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t thread_key;
static int use_tsc, have_rdtscp, ready;
#if HAVE_TSC
static int have_rdpid;
#endif
/* A forked child of a process that forked inside the runtime (from a
 * signal handler): its state may be half changed; it records nothing. */
static int broken;
/* This thread holds lock (thread_start(); fn_number() runs inside a
 * hook, which th->off tells). */
static __thread int locking;
static uint64_t tsc0, mono0;		/* the calibration's first readings */
static size_t timeline_left;		/* bytes the timeline may still take */
static int timeline_on;
/* ARCOV_PROFILE_SPANS: the hooks keep winIDEA's spans too (the bounds of
 * each call's gross and net time, the period and outside times); else
 * the trace says they were not recorded (ARCOV_TRACE_NOSPANS). */
static int spans_on;
static pid_t first_pid;
static char *trace_dir;			/* cwd when profiling started */
static struct thread *threads;		/* every thread that called a hook */
static uint32_t nfns, fns_cap;		/* functions numbered so far */
static struct arcov_trace_fn *fns;	/* copies: a dlclosed object's go */

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint64_t ticks(void)
{
	return use_tsc ? tsc() : mono_ns();
}

static inline uint64_t ticks_core(int16_t *core)
{
	unsigned int aux;
	uint64_t t;
	int cpu;

#if HAVE_TSC
	if (use_tsc && have_rdpid) {
		unsigned long long id;

		/* Half the cost of rdtscp on AMD Zen (8.5 against 16 ns on
		 * the development VM); the same auxiliary word. */
		t = tsc();
		__asm__ volatile("rdpid %0" : "=r"(id));
		*core = (int16_t)(id & 0xfff);
		return t;
	}
#endif
	if (use_tsc && have_rdtscp) {
		t = tscp(&aux);
		*core = (int16_t)(aux & 0xfff);
		return t;
	}
	t = ticks();
	cpu = sched_getcpu();
	*core = (int16_t)(cpu < 0 || cpu > INT16_MAX ? -1 : cpu);
	return t;
}

/* Whether the TSC ticks at one rate in every power state (CPUID
 * 0x80000007 EDX bit 8), and whether rdtscp (0x80000001 EDX 27) and rdpid
 * (7.0 ECX 22) exist. */
static void clock_pick(void)
{
	const char *env = secure_getenv("ARCOV_CLOCK");

	if (!HAVE_TSC || (env && !strcmp(env, "monotonic")))
		return;
#if HAVE_TSC
	unsigned int a, b, c, d;

	if (__get_cpuid_count(7, 0, &a, &b, &c, &d))
		have_rdpid = (c >> 22) & 1;
	if (!__get_cpuid(0x80000000, &a, &b, &c, &d) || a < 0x80000007)
		return;
	__get_cpuid(0x80000001, &a, &b, &c, &d);
	have_rdtscp = (d >> 27) & 1;
	__get_cpuid(0x80000007, &a, &b, &c, &d);
	use_tsc = (d >> 8) & 1;
#endif
}

/* ARCOV_TIMELINE: unset, empty or 0 off; 1 or "on" the default limit;
 * else a byte count with an optional K, M or G suffix. */
static void timeline_setting(void)
{
	const char *env = secure_getenv("ARCOV_TIMELINE");
	unsigned long long v;
	char *end;

	if (!env || !*env || !strcmp(env, "0"))
		return;
	timeline_on = 1;
	if (!strcmp(env, "1") || !strcmp(env, "on")) {
		timeline_left = TIMELINE_DEFAULT;
		return;
	}
	errno = 0;
	v = strtoull(env, &end, 10);
	if (*end == 'K' || *end == 'k')
		v <<= 10, end++;
	else if (*end == 'M' || *end == 'm')
		v <<= 20, end++;
	else if (*end == 'G' || *end == 'g')
		v <<= 30, end++;
	if (errno || *end || v > SIZE_MAX) {
		arcov_rt_warn("ARCOV_TIMELINE=%s is not a size; using %u bytes",
			      env, TIMELINE_DEFAULT);
		v = TIMELINE_DEFAULT;
	}
	timeline_left = (size_t)v;
}

/* ARCOV_PROFILE_SPANS: unset, empty or 0 off, 1 on. */
static void spans_setting(void)
{
	const char *env = secure_getenv("ARCOV_PROFILE_SPANS");

	if (!env || !*env || !strcmp(env, "0"))
		return;
	if (strcmp(env, "1"))
		arcov_rt_warn("ARCOV_PROFILE_SPANS=%s is not 0 or 1; taken as 1",
			      env);
	spans_on = 1;
}

static void dump_at_exit(void);
static void fork_child(void);
static void thread_over(void *arg);

static void global_init(void)
{
	char *cwd;

	clock_pick();
	timeline_setting();
	spans_setting();
	first_pid = getpid();
	cwd = getcwd(NULL, 0);
	trace_dir = cwd ? cwd : NULL;
	if (pthread_key_create(&thread_key, thread_over)) {
		arcov_rt_warn("cannot watch threads end; profile not recorded");
		return;
	}
	if (atexit(dump_at_exit)) {
		arcov_rt_warn("cannot register the exit handler; profile not written");
		return;
	}
	pthread_atfork(NULL, NULL, fork_child);
	tsc0 = ticks();
	mono0 = mono_ns();
	ready = 1;
}

/* The slow paths are kept out of line, so the hooks stay small. */
#define COLD __attribute__((noinline, cold))

static int stack_grow(struct thread *th);
static struct fstat *stat_grow(struct thread *th, uint32_t fn);
static void hints_clear(struct thread *th);

static COLD struct thread *thread_start(void)
{
	int saved = errno;
	struct thread *th;

	pthread_once(&once, global_init);
	if (!ready)
		goto out;
	th = calloc(1, sizeof *th);
	if (!th) {
		arcov_rt_warn("out of memory; this thread is not profiled");
		goto out;
	}
	th->hint = malloc(HINTS_MIN * sizeof *th->hint);
	/* The statistics first: stack[-1]'s edge is function 0's orphan. */
	if (!th->hint || !stat_grow(th, 0) || !stack_grow(th)) {
		free(th->stack ? th->stack - 1 : NULL);
		free(th->stats);
		free(th->hint);
		free(th);
		arcov_rt_warn("out of memory; this thread is not profiled");
		goto out;
	}
	th->hint_mask = HINTS_MIN - 1;
	hints_clear(th);
	th->tid = (uint64_t)syscall(SYS_gettid);
	th->live = 1;
	th->recording = timeline_on;
	th->rest = th->off = !use_tsc ? HOOK_GENERAL :
			     timeline_on ? HOOK_TIMELINE :
			     spans_on ? HOOK_SPANS : HOOK_ON;
	th->start = ticks();
	pthread_setspecific(thread_key, th);
	locking = 1;
	pthread_mutex_lock(&lock);
	th->next = threads;
	threads = th;
	pthread_mutex_unlock(&lock);
	locking = 0;
	self_thread = th;
	errno = saved;
	return th;
out:
	errno = saved;
	return NULL;
}

/* Number @fn, copying what it names: the first call of it anywhere. */
static COLD uint32_t fn_number(struct arcov_prof_fn *fn)
{
	int saved = errno;
	uint32_t id;

	pthread_mutex_lock(&lock);
	id = __atomic_load_n(&fn->id, __ATOMIC_ACQUIRE);
	if (id)
		goto unlock;
	if (nfns == fns_cap) {
		uint32_t cap = fns_cap ? 2 * fns_cap : 256;
		struct arcov_trace_fn *n = realloc(fns, cap * sizeof *n);

		if (!n)
			goto unlock;
		fns = n;
		fns_cap = cap;
	}
	fns[nfns].line = fn->line;
	fns[nfns].name = strdup(fn->name ? fn->name : "?");
	fns[nfns].file = strdup(fn->file ? fn->file : "");
	if (!fns[nfns].name || !fns[nfns].file) {
		free(fns[nfns].name);
		free(fns[nfns].file);
		goto unlock;
	}
	id = ++nfns;
	__atomic_store_n(&fn->id, id, __ATOMIC_RELEASE);
unlock:
	pthread_mutex_unlock(&lock);
	errno = saved;
	return id;
}

/* @b widened to hold @v, which bounds_out() found outside it.  Inline:
 * the hooks' fast paths then call nothing and need no stack frame. */
static inline __attribute__((always_inline)) void bounds_widen(struct bounds *b, uint64_t v)
{
	uint64_t hi = b->lo + b->range;

	if (b->lo == UINT64_MAX && !b->range) {		/* empty */
		b->lo = v;
		b->range = 0;
		return;
	}
	if (v < b->lo)
		b->lo = v;
	if (v > hi)
		hi = v;
	b->range = hi - b->lo;
}

static inline void bounds_add(struct bounds *b, uint64_t v)
{
	if (bounds_out(b, v))
		bounds_widen(b, v);
}

/* Function @fn's statistics @s emptied, but for its open activations
 * (@idle, struct fstat). */
static void stat_reset(struct fstat *s, uint32_t fn, uint32_t idle)
{
	static const struct fstat empty = {
		.pbase = UINT64_MAX, .period = BOUNDS_EMPTY, .outside = BOUNDS_EMPTY,
		.net = BOUNDS_EMPTY, .gross = SPAN_EMPTY,
		.orphan = { .gross = BOUNDS_EMPTY },
	};

	*s = empty;
	s->idle = idle;
	s->orphan.pair = (uint64_t)fn << 32;
	s->orphan.stat = s;
}

/* Pointers into @old's @n statistics moved to @now: the edges', the open
 * frames' orphan edges (thread_out()'s copy, stat_grow()). */
static void stats_moved(struct thread *th, uintptr_t old, struct fstat *now,
			uint32_t n)
{
	uintptr_t end = old + (uintptr_t)n * sizeof *now;
	struct frame *f;
	uint32_t k;

	for (k = 0; k < th->nedges; k++)
		th->edges[k].stat = now + ((uintptr_t)th->edges[k].stat - old) /
					  sizeof *now;
	for (k = 0; k < n; k++)
		now[k].orphan.stat = &now[k];
	for (f = th->stack ? th->stack - 1 : NULL; f && f <= th->top; f++)
		if ((uintptr_t)f->edge >= old && (uintptr_t)f->edge < end)
			f->edge = &now[f->fn].orphan;
}

static COLD struct fstat *stat_grow(struct thread *th, uint32_t fn)
{
	uint32_t n = fn < 64 ? 128 : 2 * fn;
	int saved = errno;
	/* Not realloc(): the pointers into the old array are moved after. */
	struct fstat *s = malloc(n * sizeof *s);
	uint32_t i;

	errno = saved;
	if (!s)
		return NULL;
	if (th->stats)
		memcpy(s, th->stats, th->nstats * sizeof *s);
	for (i = th->nstats; i < n; i++)
		stat_reset(&s[i], i, 0);
	if (th->stats)
		stats_moved(th, (uintptr_t)th->stats, s, th->nstats);
	free(th->stats);
	th->stats = s;
	th->nstats = n;
	return &th->stats[fn];
}

static inline struct fstat *stat_of(struct thread *th, uint32_t fn)
{
	if (__builtin_expect(fn >= th->nstats, 0))
		return stat_grow(th, fn);
	return &th->stats[fn];
}

static inline uint32_t edge_hash(uint64_t pair, uintptr_t site)
{
	uint64_t h = ((uint64_t)site ^ pair) * 0x9e3779b97f4a7c15u;

	return (uint32_t)(h >> 32);
}

/* The hint of a call of function @id by @caller from @site: a few
 * instructions to compute, and calls from different places fall on
 * different ones, as do calls of different functions inlined at one
 * place (they share the site of the function they are inlined into) and
 * calls from different inlined callers.  Two lea make it (x86-64 scales
 * by 8 at most), with no copy of the two numbers the hook compares
 * next. */
static inline struct edge **hint_of(struct thread *th, uintptr_t site,
				    uint32_t caller, uint32_t id)
{
	return &th->hint[(site + ((uintptr_t)id + (uintptr_t)caller * 8) * 8) &
			 th->hint_mask];
}

static void hints_clear(struct thread *th)
{
	uintptr_t i;

	for (i = 0; i <= th->hint_mask; i++)
		th->hint[i] = &edge_none;
}

/* The table twice as large, the edges moved to a new array (the open
 * frames follow them; the hints start over). */
static COLD int table_grow(struct thread *th)
{
	uint32_t size = th->mask ? 2 * (th->mask + 1) : 256, i;
	int saved = errno;
	uint32_t *t = calloc(size, sizeof *t);
	struct edge *e = t ? malloc(size / 2 * sizeof *e) : NULL;
	uintptr_t hints = size * 4 > HINTS_MIN ? size * 4 : HINTS_MIN;
	struct edge **hint = e && hints > th->hint_mask + 1 ?
			     malloc(hints * sizeof *hint) : NULL;
	struct frame *f;

	errno = saved;
	if (!e) {
		free(t);
		return 0;
	}
	if (hint) {		/* else the hints keep their size */
		free(th->hint);
		th->hint = hint;
		th->hint_mask = hints - 1;
	}
	if (th->nedges)
		memcpy(e, th->edges, th->nedges * sizeof *e);
	for (f = th->stack; f <= th->top; f++)	/* not the orphans */
		if (f->edge >= th->edges && f->edge < th->edges + th->nedges)
			f->edge = e + (f->edge - th->edges);
	hints_clear(th);
	free(th->edges);
	th->edges = e;
	th->edges_cap = size / 2;
	for (i = 0; i < th->nedges; i++) {
		uint32_t h = edge_hash(e[i].pair, e[i].site);

		while (t[h & (size - 1)])
			h++;
		t[h & (size - 1)] = i + 1;
	}
	free(th->table);
	th->table = t;
	th->mask = size - 1;
	return 1;
}

/* The edge of (caller, callee) @pair at @site, new if need be, the
 * callee's statistics @s; NULL when the table cannot grow. */
static struct edge *edge_of(struct thread *th, uint64_t pair, uintptr_t site,
			    struct fstat *s)
{
	uint32_t h = edge_hash(pair, site), k;
	struct edge *e;

	if (th->mask) {
		for (;; h++) {
			k = th->table[h & th->mask];
			if (!k)
				break;
			e = &th->edges[k - 1];
			if (e->site == site && e->pair == pair)
				return e;
		}
	}
	if (th->nedges >= th->edges_cap) {
		if (!table_grow(th))
			return NULL;
		h = edge_hash(pair, site);
		while (th->table[h & th->mask])
			h++;
	}
	e = &th->edges[th->nedges];
	memset(e, 0, sizeof *e);
	e->gross = (struct bounds)BOUNDS_EMPTY;
	e->pair = pair;
	e->site = site;
	e->stat = s;
	th->table[h & th->mask] = ++th->nedges;
	return e;
}

/* Record one event, or count it lost once the timeline is full: then the
 * thread records no more, so what is kept is a clean prefix. */
static void record(struct thread *th, uint64_t t, uint32_t fn, int16_t core,
		   uint8_t kind)
{
	struct arcov_trace_event *e;

	if (th->nevents == th->evcap) {
		uint64_t cap;
		size_t bytes;
		size_t left = __atomic_load_n(&timeline_left, __ATOMIC_RELAXED);
		void *n;
		int saved;

		/* Double the buffer (4,096 events first), or take what is
		 * left of the limit when that is less: a limit under 64 KiB
		 * still records, and the last bytes of any limit are used. */
		do {
			cap = th->evcap ? 2 * th->evcap : 4096;
			if ((cap - th->evcap) * sizeof *e > left)
				cap = th->evcap + left / sizeof *e;
			if (cap == th->evcap) {
				th->recording = 0;
				th->lost++;
				return;
			}
			bytes = (size_t)(cap - th->evcap) * sizeof *e;
		} while (!__atomic_compare_exchange_n(&timeline_left, &left,
						      left - bytes, 0,
						      __ATOMIC_RELAXED,
						      __ATOMIC_RELAXED));
		saved = errno;
		n = realloc(th->events, (size_t)cap * sizeof *e);
		errno = saved;
		if (!n) {
			th->recording = 0;
			th->lost++;
			return;
		}
		th->events = n;
		th->evcap = cap;
	}
	e = &th->events[th->nevents++];
	e->time = t;
	e->fn = fn;
	e->core = core;
	e->kind = kind;
	e->reserved = 0;
}

/* The timeline's share of an entry or exit: the event, or a count of
 * those the full timeline lost. */
static COLD void timeline_event(struct thread *th, uint64_t t, uint32_t fn,
				int16_t core, uint8_t kind)
{
	if (th->recording)
		record(th, t, fn, core, kind);
	else
		th->lost++;
}

/* This thread's clock reading, with the core when it records events. */
static inline uint64_t ticks_for(struct thread *th, int16_t *core)
{
	return __builtin_expect(th->recording, 0) ? ticks_core(core) : ticks();
}

/* The open activations of @s one more: whether it is the outermost
 * (none was open).  x86-64: one subtraction and the borrow it sets. */
static inline int active_enter(struct fstat *s)
{
#if defined(__x86_64__) && defined(__GCC_ASM_FLAG_OUTPUTS__)
	int borrow;

	__asm__("subl $1, %0" : "+m"(s->idle), "=@ccc"(borrow));
	return borrow;
#else
	return s->idle-- == 0;
#endif
}

/* One open activation of @s fewer: whether it was the outermost. */
static inline int active_exit(struct fstat *s)
{
	return ++s->idle == 0;
}

/* A time outside a bounds a call widens them with (@v 0 if it is
 * negative, as a difference of two readings of a TSC that lags on
 * another core is). */
static uint64_t time_widen(struct bounds *b, uint64_t v)
{
	if ((int64_t)v < 0)
		v = 0;
	if (bounds_out(b, v))
		bounds_widen(b, v);
	return v;
}

static void pop_rest(struct thread *th, uint64_t now, int16_t core,
		     int timeline, int spans, int rest);

/* The innermost open call closed at @now, its gross time @dt (clamped;
 * with the spans, in the bounds): pop_inline()'s and pop_rest()'s
 * tail. */
static inline __attribute__((always_inline))
void pop_close(struct thread *th, uint64_t now, int16_t core, uint64_t dt,
	       int timeline, int spans, int rest)
{
	struct frame *f = th->top;
	struct edge *e = f->edge;
	struct fstat *s = e->stat;

	th->top = f - 1;
	/* The caller's edge (stack[-1]'s is function 0's orphan), and with
	 * the spans its frame, whose net time is bounded at its exit. */
	(f - 1)->edge->kids += dt;
	if (spans)
		(f - 1)->child += dt;
	e->incl += dt;
	/* The outermost activation's exit: the only one the next entry's
	 * outside time starts from, and the thread's end when it is the
	 * last (thread_out()). */
	if (active_exit(s)) {
		s->outer += dt;
		s->last_exit = now;
	}
	if (timeline)
		timeline_event(th, now, f->fn, core, ARCOV_TRACE_EXIT);
	if (rest >= 0)
		hook_mark(th, rest);
}

/*
 * Close the innermost open call at @now; @timeline tells whether the
 * timeline is on and @spans whether the spans are kept (constants in the
 * fast paths), @rest what th->off becomes after it when the hook ends
 * here (the fast paths), else -1.  A negative time (a lagging TSC) goes
 * to pop_rest(), which counts it 0, before anything changed, as a tail
 * call: the common case then keeps every value in a scratch register.
 * Without the spans one test finds it: the sign the subtraction sets.
 * With them the test rides on the bounds' comparisons: a negative gross
 * or net time is outside any bounds, whose values all stay below 2^63,
 * and so is a new bound.
 */
static inline __attribute__((always_inline))
void pop_inline(struct thread *th, uint64_t now, int16_t core, int timeline,
		int spans, int rest)
{
	struct frame *f = th->top;
	struct edge *e = f->edge;
	struct fstat *s = e->stat;
	uint64_t dt = now - f->start;

	if (spans ? bounds_out(&e->gross, dt) ||
		    bounds_out(&s->net, dt - f->child) :
		    __builtin_expect((int64_t)dt < 0, 0)) {
		pop_rest(th, now, core, timeline, spans, rest);
		return;
	}
	pop_close(th, now, core, dt, timeline, spans, rest);
}

/* A time that is negative (counted 0) or, with @spans, widens the
 * bounds: pop_inline() out of line. */
static uint64_t time_clamp(struct bounds *b, uint64_t v, int spans)
{
	if (spans)
		return time_widen(b, v);
	return (int64_t)v < 0 ? 0 : v;
}

static COLD void pop_rest(struct thread *th, uint64_t now, int16_t core,
			  int timeline, int spans, int rest)
{
	struct frame *f = th->top;
	struct edge *e = f->edge;
	uint64_t dt = time_clamp(&e->gross, now - f->start, spans);

	if (spans)
		time_widen(&e->stat->net, dt - f->child);
	pop_close(th, now, core, dt, timeline, spans, rest);
}

/* pop_inline() for the rarer paths: frames longjmp left, thread ends. */
static void pop(struct thread *th, uint64_t now, int16_t core)
{
	pop_inline(th, now, core, timeline_on, spans_on, -1);
}

/* The stack's first frame is a sentinel below the real ones (stack[-1]),
 * whose CFA no frame's reaches and whose function is none (0): the fast
 * paths read the top frame without testing the depth. */
static const struct frame stack_base = { .sp = UINTPTR_MAX };

static COLD int stack_grow(struct thread *th)
{
	uint32_t cap = th->cap ? 2 * th->cap : 256;
	uint32_t depth = th->stack ? thread_depth(th) : 0;
	int saved = errno;
	struct frame *s = realloc(th->stack ? th->stack - 1 : NULL,
				  (cap + 1) * sizeof *s);

	errno = saved;
	if (!s)
		return 0;
	s[0] = stack_base;
	s[0].edge = &th->stats[0].orphan;	/* its callees' time, unread */
	th->stack = s + 1;
	th->top = th->stack + depth - 1;
	th->last = th->stack + cap - 1;
	th->cap = cap;
	return 1;
}

/*
 * Whether open frame @f is dead when a function whose frame has CFA @cfa
 * and return address @site starts: a callee's CFA lies below its
 * caller's, so a frame at or below @cfa was left by longjmp -- except
 * that a function inlined into @f shares @f's CFA and return address.
 * Both cases are common (C++ inlines most small functions): no branch
 * is marked unlikely, and one comparison of the CFAs tells them apart,
 * the equal one then comparing the sites (x86-64: cmp, jb, jne, cmp,
 * jne).
 */
static inline int frame_dead(const struct frame *f, uintptr_t cfa,
			     uintptr_t site)
{
	return f->sp <= cfa && (f->sp != cfa || f->site != site);
}

/* Function @s's last entry (struct fstat), 0 if none. */
static inline uint64_t stat_last_entry(const struct fstat *s)
{
	return s->pbase - s->period.lo;
}

static void enter_rest(struct thread *th, uint64_t now, int16_t core,
		       int timeline, int rest);
static void enter_outside(struct thread *th, uint64_t now, int16_t core,
			  int timeline, int rest);

/* Open a frame above @top for a call of function @id from call site
 * @site on edge @e (the stack has room), all but its start time:
 * before the clock is read, so that the hook's arguments need not
 * outlive rdtsc, which takes two of their registers. */
static inline __attribute__((always_inline))
struct frame *frame_open(struct thread *th, struct frame *top, uint32_t id,
			 uintptr_t sp, uintptr_t site, struct edge *e, int spans)
{
	struct frame *f = top + 1;

	th->top = f;
	f->sp = sp;
	f->site = site;
	if (spans)
		f->child = 0;
	f->edge = e;
	f->fn = id;
	return f;
}

/*
 * Start the call of frame @f (frame_open()) at @now.  @timeline and
 * @rest as for pop_inline(); a period or an outside time outside the
 * bounds goes to enter_rest() as a tail call, which does the rest.
 */
static inline __attribute__((always_inline))
void push_inline(struct thread *th, struct frame *f, uint64_t now,
		 int16_t core, int timeline, int spans, int rest)
{
	struct edge *e = f->edge;
	struct fstat *s = e->stat;
	uint32_t id = f->fn;
	uint64_t v;

	f->start = now;
	e->calls++;
	if (!spans) {
		/* The activation count alone: the outermost activations'
		 * gross time (s->outer) needs it. */
		active_enter(s);
		goto done;
	}
	/* The period: its sum telescopes (the dump takes the last entry
	 * minus the first), only its bounds are kept per call. */
	if (__builtin_expect(now - s->pbase > s->period.range, 0)) {
		enter_rest(th, now, core, timeline, rest);
		return;
	}
	s->pbase = now + s->period.lo;
	if (active_enter(s)) {
		v = now - s->last_exit;
		if (bounds_out(&s->outside, v)) {
			enter_outside(th, now, core, timeline, rest);
			return;
		}
		s->outside_count++;
		s->outside_total += v;
	}
done:
	if (timeline)
		timeline_event(th, now, id, core, ARCOV_TRACE_ENTRY);
	if (rest >= 0)
		hook_mark(th, rest);
}

/* push_inline()'s rest after the activation count, for an outside time
 * outside the bounds, or one with no exit before it. */
static COLD void enter_outside(struct thread *th, uint64_t now, int16_t core,
			       int timeline, int rest)
{
	struct frame *f = th->top;
	struct fstat *s = f->edge->stat;
	uint64_t v;

	/* The outermost activation: the one open now (idle is minus the
	 * open activations). */
	if (s->idle == UINT32_MAX && s->last_exit) {
		v = now - s->last_exit;
		bounds_add(&s->outside, v);
		s->outside_count++;
		s->outside_total += v;
	}
	if (timeline)
		timeline_event(th, now, f->fn, core, ARCOV_TRACE_ENTRY);
	if (rest >= 0)
		hook_mark(th, rest);
}

/* push_inline()'s rest from the period on, for a period outside the
 * bounds or a function's first entry. */
static COLD void enter_rest(struct thread *th, uint64_t now, int16_t core,
			    int timeline, int rest)
{
	struct fstat *s = th->top->edge->stat;
	uint64_t last = stat_last_entry(s);

	if (!last)
		s->first_entry = now;
	else
		bounds_add(&s->period, now - last);
	s->pbase = now + s->period.lo;
	active_enter(s);
	enter_outside(th, now, core, timeline, rest);
}

/* arcov_profile_enter() for every case the fast path leaves: a thread's
 * first call, a function's first call anywhere, frames longjmp left, a
 * full stack or statistics table, an edge the hint does not give, no
 * TSC.  The hook's arguments come first, in their registers: the fast
 * path then moves none of them to call this. */
static COLD void enter_general(struct arcov_prof_fn *fn, uintptr_t site,
			       uintptr_t sp, struct thread *th)
{
	struct fstat *s;
	struct edge *e;
	int16_t core = -1;
	uint64_t now;
	uint32_t id;

	if (th == &unstarted) {
		th = thread_start();
		if (!th)
			return;
	}
	if (th->off >= HOOK_BUSY)
		return;
	hook_mark(th, HOOK_BUSY);
	now = ticks_for(th, &core);
	id = __atomic_load_n(&fn->id, __ATOMIC_ACQUIRE);
	if (__builtin_expect(!id, 0))
		id = fn_number(fn);
	while (thread_depth(th) && frame_dead(th->top, sp, site))
		pop(th, now, core);		/* left by longjmp */
	s = id ? stat_of(th, id) : NULL;
	if (!s || (th->top == th->last && !stack_grow(th))) {
		th->dropped++;
		goto out;
	}
	/* stack_base's function is 0 */
	e = edge_of(th, edge_pair(th->top->fn, id), site, s);
	if (e) {
		*hint_of(th, site, th->top->fn, id) = e;
	} else {
		e = &s->orphan;
		th->dropped++;
	}
	push_inline(th, frame_open(th, th->top, id, sp, site, e, spans_on),
		    now, core, timeline_on, spans_on, -1);
out:
	hook_mark(th, th->rest);
}

/*
 * The entry hook's fast path: the hint of this call site and function
 * names the edge from the function of the top frame (so the thread runs,
 * the function is numbered and has its statistics), no frame was left by
 * longjmp, the stack has room.  It tests all that before it changes
 * anything, and calls nothing but the timeline's recorder and, for a new
 * bound, bounds_widen(): every other case goes to enter_general(), which
 * starts over.  @timeline and @spans are constants: one copy for the
 * common case, one out of line for a thread with a timeline
 * (enter_timeline()) or keeping the spans (enter_spans()), so
 * that reading the core and recording take no register from the common
 * case, and the tests' timeline runs check this very code.
 */
static inline __attribute__((always_inline))
void enter_fast(struct thread *th, struct arcov_prof_fn *fn, uintptr_t site,
		uintptr_t sp, int timeline, int spans)
{
	struct frame *top = th->top;
	uint32_t id = __atomic_load_n(&fn->id, __ATOMIC_ACQUIRE);
	struct edge *e = *hint_of(th, site, top->fn, id);
	struct frame *f;
	int16_t core = -1;
	uint64_t now;

	if (__builtin_expect(e->site != site ||
			     e->fns.callee != id || e->fns.caller != top->fn ||
			     top == th->last || frame_dead(top, sp, site), 0)) {
		enter_general(fn, site, sp, th);
		return;
	}
	hook_mark(th, HOOK_BUSY);
	/* rdtsc without serialisation (no lfence, no cpuid): the CPU may
	 * read it a few dozen cycles before or after the instructions around
	 * it, well under a call's cost, and no ordering the profile needs is
	 * lost -- each reading closes one call and adds to its caller's
	 * child time at once, so inclusive = self + callees holds exactly;
	 * a thread's own readings come in program order on one core, and a
	 * negative difference (a migration to a core whose TSC lags) counts
	 * 0.  A recording thread reads the core beside it (ticks_core()). */
	f = frame_open(th, top, id, sp, site, e, spans);
	now = timeline && th->recording ? ticks_core(&core) : tsc();
	push_inline(th, f, now, core, timeline, spans,
		    timeline ? HOOK_TIMELINE : spans ? HOOK_SPANS : HOOK_ON);
}

static COLD void enter_timeline(struct arcov_prof_fn *fn, uintptr_t site,
				uintptr_t sp, struct thread *th)
{
	enter_fast(th, fn, site, sp, 1, spans_on);
}

/* Not COLD: a run that asks for the spans takes it for every call, and
 * its hook_mark()s and tests are then compiled for speed. */
static __attribute__((noinline))
void enter_spans(struct arcov_prof_fn *fn, uintptr_t site, uintptr_t sp,
		 struct thread *th)
{
	enter_fast(th, fn, site, sp, 0, 1);
}

/* The entry hook's other states, out of line: the hook then tests one
 * word against a constant before its fast path. */
static COLD void enter_other(struct arcov_prof_fn *fn, uintptr_t site,
			     uintptr_t sp, struct thread *th)
{
	if (th->off == HOOK_SPANS)
		enter_spans(fn, site, sp, th);
	else if (th->off == HOOK_TIMELINE)
		enter_timeline(fn, site, sp, th);
	else
		enter_general(fn, site, sp, th);
}

/* The entry hook (runtime/arcov-profile.h). */
ARCOV_PUBLIC void arcov_profile_enter(struct arcov_prof_fn *fn, void *site,
				      void *cfa)
{
	struct thread *th = self_thread;

	if (__builtin_expect(th->off == HOOK_ON, 1))
		enter_fast(th, fn, (uintptr_t)site, (uintptr_t)cfa, 0, 0);
	else
		enter_other(fn, (uintptr_t)site, (uintptr_t)cfa, th);
}

/* arcov_profile_exit() for every case the fast path leaves (the
 * arguments in enter_general()'s order). */
static COLD void exit_general(struct arcov_prof_fn *fn, uintptr_t sp,
			      struct thread *th)
{
	int16_t core = -1;
	uint64_t now;
	uint32_t id;

	if (th->off >= HOOK_BUSY)
		return;
	hook_mark(th, HOOK_BUSY);
	now = ticks_for(th, &core);
	id = __atomic_load_n(&fn->id, __ATOMIC_RELAXED);
	while (thread_depth(th) && th->top->sp < sp)
		pop(th, now, core);		/* left by longjmp */
	if (!thread_depth(th) || th->top->fn != id) {
		/* Inlined calls share the frame: one left by longjmp may
		 * still lie above this function's own entry. */
		struct frame *f = th->top;

		while (f >= th->stack && f->sp == sp && f->fn != id)
			f--;
		if (f >= th->stack && f->sp == sp)
			while (th->top >= f)
				pop(th, now, core);
		else
			th->dropped++;
	} else {
		pop(th, now, core);
	}
	th->end = now;
	hook_mark(th, th->rest);
}

/* The exit hook's fast path: the top frame is this function's, at this
 * CFA; the rest as for enter_fast().  The thread's end time is the last
 * outermost exit's (thread_out()), not stored here. */
static inline __attribute__((always_inline))
void exit_fast(struct thread *th, struct arcov_prof_fn *fn, uintptr_t sp,
	       int timeline, int spans)
{
	const struct frame *top;
	int16_t core = -1;
	uint64_t now;

	/* Busy before the top frame is read: the compiler need not read it
	 * again after the mark (the general path marks its own). */
	hook_mark(th, HOOK_BUSY);
	top = th->top;		/* or stack_base */
	if (__builtin_expect(top->sp != sp ||
			     top->fn != __atomic_load_n(&fn->id,
							__ATOMIC_RELAXED), 0)) {
		hook_mark(th, timeline ? HOOK_TIMELINE :
			      spans ? HOOK_SPANS : HOOK_ON);
		exit_general(fn, sp, th);
		return;
	}
	/* Unserialised, as in enter_fast(). */
	now = timeline && th->recording ? ticks_core(&core) : tsc();
	pop_inline(th, now, core, timeline, spans,
		   timeline ? HOOK_TIMELINE : spans ? HOOK_SPANS : HOOK_ON);
}

static COLD void exit_timeline(struct arcov_prof_fn *fn, uintptr_t sp,
			       struct thread *th)
{
	exit_fast(th, fn, sp, 1, spans_on);
}

static __attribute__((noinline))
void exit_spans(struct arcov_prof_fn *fn, uintptr_t sp, struct thread *th)
{
	exit_fast(th, fn, sp, 0, 1);
}

/* The exit hook's other states (enter_other()). */
static COLD void exit_other(struct arcov_prof_fn *fn, uintptr_t sp,
			    struct thread *th)
{
	if (th->off == HOOK_SPANS)
		exit_spans(fn, sp, th);
	else if (th->off == HOOK_TIMELINE)
		exit_timeline(fn, sp, th);
	else
		exit_general(fn, sp, th);
}

/* The exit hook (runtime/arcov-profile.h). */
ARCOV_PUBLIC void arcov_profile_exit(struct arcov_prof_fn *fn, void *cfa)
{
	struct thread *th = self_thread;

	if (__builtin_expect(th->off == HOOK_ON, 1))
		exit_fast(th, fn, (uintptr_t)cfa, 0, 0);
	else
		exit_other(fn, (uintptr_t)cfa, th);
}

/* The calling thread's open frames, saved before a setjmp. */
ARCOV_PUBLIC uint32_t arcov_profile_depth(void)
{
	struct thread *th = self_thread;

	return th == &unstarted ? 0 : thread_depth(th);
}

/* After a setjmp returned: the frames a longjmp back skipped are closed,
 * those of functions inlined into the setjmp's caller among them, which
 * the CFA test of the next hook cannot tell from its live ones. */
ARCOV_PUBLIC void arcov_profile_resume(uint32_t depth)
{
	struct thread *th = self_thread;
	int16_t core = -1;
	uint64_t now;

	if (th->off >= HOOK_BUSY || thread_depth(th) <= depth)
		return;
	hook_mark(th, HOOK_BUSY);
	now = ticks_for(th, &core);
	while (thread_depth(th) > depth)
		pop(th, now, core);		/* left by longjmp */
	th->end = now;
	hook_mark(th, th->rest);
}

/* ---- threads, fork ---- */

/* A thread ends: close what it left open (pthread_exit) and keep its data
 * for the dump. */
static void thread_over(void *arg)
{
	struct thread *th = arg;
	uint64_t now = ticks();

	th->off = HOOK_OVER;
	while (thread_depth(th))
		pop(th, now, -1);
	th->end = now;
	__atomic_store_n(&th->live, 0, __ATOMIC_RELEASE);
}

static void thread_clear(struct thread *th)
{
	struct frame *f;
	uint32_t i;

	th->nedges = 0;
	if (th->table)
		memset(th->table, 0, (th->mask + 1) * sizeof *th->table);
	hints_clear(th);
	for (i = 0; i < th->nstats; i++)
		stat_reset(&th->stats[i], i, th->stats[i].idle);
	for (f = th->stack; f <= th->top; f++) {
		f->edge = &th->stats[f->fn].orphan;
		th->stats[f->fn].inherited++;
	}
	th->nevents = th->converted = th->lost = th->dropped = 0;
}

/* The child starts from zero, like the counters: its calls open before the
 * fork still close in it, but count in the parent.  Other threads do not
 * exist in the child; their states are dropped (not freed: the memory is
 * the parent's copy, and a lock may have been held). */
static void fork_child(void)
{
	struct thread *th = thread_self();
	struct frame *f;

	pthread_mutex_init(&lock, NULL);
	threads = th;
	if (locking || arcov_rt_inside() || (th && th->off == HOOK_BUSY)) {
		/* fork() from a signal handler that interrupted the hooks
		 * or a dump: nothing here can be trusted, or freed. */
		broken = 1;
		threads = NULL;
		return;
	}
	if (!th)
		return;
	th->next = NULL;
	th->tid = (uint64_t)syscall(SYS_gettid);
	thread_clear(th);
	th->start = ticks();
	th->recording = timeline_on;
	/* Its timeline starts inside the calls open at the fork. */
	for (f = th->stack; f <= th->top && th->recording; f++)
		record(th, th->start, f->fn, -1, ARCOV_TRACE_RESUME);
}

/* ---- the dump ---- */

struct calib {
	uint64_t tsc1, mono1;
};

/* Ticks to nanoseconds; off x86-64 (HAVE_TSC 0) the ticks are
 * CLOCK_MONOTONIC's nanoseconds already. */
static uint64_t to_ns(const struct calib *c, uint64_t t)
{
#if HAVE_TSC
	__int128 d;

	if (!use_tsc)
		return t;
	if (c->tsc1 <= tsc0)
		return mono0;
	d = (__int128)((int64_t)(t - tsc0)) * (int64_t)(c->mono1 - mono0);
	return mono0 + (uint64_t)(int64_t)(d / (int64_t)(c->tsc1 - tsc0));
#else
	return t;
#endif
}

static uint64_t dur_ns(const struct calib *c, uint64_t t)
{
#if HAVE_TSC
	if (!use_tsc || c->tsc1 <= tsc0)
		return use_tsc ? 0 : t;
	return (uint64_t)((unsigned __int128)t * (c->mono1 - mono0) /
			  (c->tsc1 - tsc0));
#else
	return t;
#endif
}

static void span_out(const struct calib *c, struct arcov_trace_span *o,
		     const struct span *s)
{
	o->count = s->count;
	o->total = dur_ns(c, s->total);
	o->min = s->count ? dur_ns(c, s->min) : 0;
	o->max = s->count ? dur_ns(c, s->max) : 0;
}

/* The span of @count values adding up to @total within @b. */
static struct span span_of(uint64_t count, uint64_t total,
			   const struct bounds *b)
{
	struct span s = { count, total, b->lo, b->lo + b->range };

	return s;
}

static void bounds_merge(struct span *s, const struct bounds *b)
{
	if (b->lo == UINT64_MAX && !b->range)
		return;
	if (b->lo < s->min)
		s->min = b->lo;
	if (b->lo + b->range > s->max)
		s->max = b->lo + b->range;
}

/* Add @e's @closed calls, @calls of them entered in this process, to
 * its callee's hits and gross and net sums. */
static void stat_add_edge(struct fstat *s, const struct edge *e,
			  uint64_t calls, uint64_t closed)
{
	if (!closed)
		return;
	s->hits += calls;
	s->gross.count += closed;
	s->gross.total += e->incl;
	bounds_merge(&s->gross, &e->gross);
	s->net_count += closed;
	s->net_total += edge_self(e);
}

/* Add each edge's calls to its callee's hits and gross and net sums
 * (struct fstat), the orphans' too: every call on them is closed by
 * now. */
static void stats_of_edges(struct thread *th)
{
	uint32_t k;

	for (k = 0; k < th->nedges; k++) {
		const struct edge *e = &th->edges[k];

		stat_add_edge(&th->stats[edge_callee(e)], e, e->calls,
			      e->calls);
	}
	for (k = 0; k < th->nstats; k++) {
		struct fstat *s = &th->stats[k];

		stat_add_edge(s, &s->orphan, s->orphan.calls,
			      s->orphan.calls + s->inherited);
	}
}

/*
 * One thread as the file holds it.  Calls still open (the dumping thread
 * inside exit(), or an arcov_dump() call) are closed at @now in a copy:
 * the thread's own state does not change, except that its events are
 * turned into nanoseconds in place, once.
 */
static int thread_out(const struct calib *c, struct thread *th, uint64_t now,
		      struct arcov_trace_thread *o)
{
	struct thread *copy = malloc(sizeof *copy);
	uint64_t i, open = thread_depth(th), end;
	uint32_t k, n = 0;
	struct frame *f;
	int rc = 0;

	memset(o, 0, sizeof *o);
	if (!copy)
		return ARCOV_ENOMEM;
	*copy = *th;
	copy->stack = malloc((open + 1) * sizeof *copy->stack);
	if (copy->stack)
		*copy->stack++ = stack_base;
	copy->edges = malloc((th->nedges + 1) * sizeof *copy->edges);
	copy->stats = malloc((th->nstats + 1) * sizeof *copy->stats);
	o->edges = calloc(th->nedges + 1, sizeof *o->edges);
	o->stats = calloc(th->nstats + 1, sizeof *o->stats);
	if (!copy->stack || !copy->edges || !copy->stats || !o->edges ||
	    !o->stats) {
		rc = ARCOV_ENOMEM;
		goto out;
	}
	memcpy(copy->stack, th->stack, open * sizeof *copy->stack);
	copy->top = copy->stack + open - 1;
	memcpy(copy->edges, th->edges, th->nedges * sizeof *copy->edges);
	memcpy(copy->stats, th->stats, th->nstats * sizeof *copy->stats);
	/* The copy's own edges and statistics, which pop() changes. */
	for (f = copy->stack; f <= copy->top; f++)
		if (f->edge >= th->edges && f->edge < th->edges + th->nedges)
			f->edge = copy->edges + (f->edge - th->edges);
	stats_moved(copy, (uintptr_t)th->stats, copy->stats, th->nstats);
	copy->stack[-1].edge = &copy->stats[0].orphan;
	/* Room for the closing events, past what the timeline holds. */
	if (th->recording && open) {
		void *e = realloc(th->events, (th->nevents + open) *
				  sizeof *th->events);

		if (!e) {
			rc = ARCOV_ENOMEM;
			goto out;
		}
		th->events = copy->events = e;
		th->evcap = copy->evcap = th->nevents + open;
	}
	for (i = th->converted; i < th->nevents; i++)
		th->events[i].time = to_ns(c, th->events[i].time);
	th->converted = th->nevents;
	copy->converted = copy->nevents;
	/* The thread's end: the last hook's time, which the exit hook's
	 * fast path does not store -- the last exit that left no call open
	 * is the outermost exit of its function. */
	end = open ? now : th->end;
	for (k = 1; k < th->nstats; k++)
		if (th->stats[k].last_exit > end)
			end = th->stats[k].last_exit;
	/* pop() records in ticks, converted below; closing calls is not
	 * losing events. */
	while (thread_depth(copy))
		pop(copy, now, -1);
	stats_of_edges(copy);
	copy->lost = th->lost;
	for (i = th->nevents; i < copy->nevents; i++)
		th->events[i].time = to_ns(c, th->events[i].time);

	o->tid = th->tid;
	o->start = to_ns(c, th->start);
	o->end = to_ns(c, end > th->start ? end : th->start);
	o->lost = copy->lost;
	for (k = 0; k < copy->nedges; k++) {
		const struct edge *e = &copy->edges[k];
		struct arcov_trace_edge *x = &o->edges[k];
		struct span g = span_of(e->calls, e->incl, &e->gross);

		x->caller = edge_caller(e);
		x->callee = edge_callee(e);
		x->site = e->site;
		x->calls = e->calls;
		x->incl = dur_ns(c, e->incl);
		x->self = dur_ns(c, edge_self(e));
		x->min = e->calls && spans_on ? dur_ns(c, g.min) : 0;
		x->max = e->calls && spans_on ? dur_ns(c, g.max) : 0;
		if (x->self > x->incl)
			x->self = x->incl;
		if (x->min > x->max)
			x->min = x->max;
	}
	o->nedges = copy->nedges;
	for (k = 1; k < copy->nstats && k <= nfns; k++) {
		const struct fstat *s = &copy->stats[k];
		struct arcov_trace_stat *x = &o->stats[n];
		struct span net = span_of(s->net_count, s->net_total, &s->net);
		struct span period = span_of(s->hits ? s->hits - 1 : 0,
					     s->hits > 1 ? stat_last_entry(s) -
							   s->first_entry : 0,
					     &s->period);
		struct span outside = span_of(s->outside_count,
					      s->outside_total, &s->outside);

		if (!s->hits && !s->gross.count)
			continue;
		x->fn = k;
		x->hits = s->hits;
		span_out(c, &x->net, &net);
		span_out(c, &x->gross, &s->gross);
		x->outer = dur_ns(c, s->outer);
		span_out(c, &x->period, &period);
		span_out(c, &x->outside, &outside);
		if (!spans_on) {
			/* Not recorded (ARCOV_TRACE_NOSPANS): the counts
			 * and sums of gross and net times are the edges'. */
			x->net.min = x->net.max = 0;
			x->gross.min = x->gross.max = 0;
			memset(&x->period, 0, sizeof x->period);
			memset(&x->outside, 0, sizeof x->outside);
		}
		n++;
	}
	o->nstats = n;
	o->events = th->events;
	o->nevents = copy->nevents;
out:
	free(copy->stack ? copy->stack - 1 : NULL);
	free(copy->edges);
	free(copy->stats);
	free(copy);
	return rc;
}

/* The command line from /proc/self/cmdline, arguments joined by spaces.
 * The file says its size is 0, so it is read until its end; NULL when it
 * cannot be read (no /proc), and the trace's command line is empty. */
static char *command_line(void)
{
	size_t size = 0, cap = 256, i;
	char *s = malloc(cap), *n;
	ssize_t k;
	int fd;

	if (!s)
		return NULL;
	fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		goto fail;
	for (;;) {
		if (cap - size < 2) {
			if (cap >= (1u << 20))
				break;	/* a sane bound: the rest is cut */
			n = realloc(s, 2 * cap);
			if (!n)
				goto fail;
			s = n;
			cap *= 2;
		}
		k = read(fd, s + size, cap - size - 1);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			goto fail;
		if (!k)
			break;
		size += (size_t)k;
	}
	close(fd);
	for (i = 0; i < size; i++)
		if (!s[i] || s[i] == '\n')
			s[i] = ' ';
	while (size && s[size - 1] == ' ')
		size--;
	s[size] = 0;
	return s;
fail:
	if (fd >= 0)
		close(fd);
	free(s);
	return NULL;
}

/* ARCOV_TRACE with "%p" as the process id, else PROG.arcov-trace in the
 * directory profiling started in, PROG.PID.arcov-trace in a forked
 * child (doc/profile.md). */
static char *trace_path(void)
{
	const char *env = secure_getenv("ARCOV_TRACE");
	extern char *program_invocation_short_name;
	char pid[24], *path, *p;
	size_t n;

	snprintf(pid, sizeof pid, "%ld", (long)getpid());
	if (env && *env) {
		n = strlen(env) + 1;
		for (p = strstr(env, "%p"); p; p = strstr(p + 2, "%p"))
			n += strlen(pid);
		path = malloc(n);
		if (!path)
			return NULL;
		for (p = path; *env; env++) {
			if (env[0] == '%' && env[1] == 'p') {
				p = stpcpy(p, pid);
				env++;
			} else {
				*p++ = *env;
			}
		}
		*p = 0;
		return path;
	}
	n = (trace_dir ? strlen(trace_dir) : 1) +
	    strlen(program_invocation_short_name) + strlen(pid) +
	    sizeof ARCOV_TRACE_SUFFIX + 3;
	path = malloc(n);
	if (!path)
		return NULL;
	if (getpid() == first_pid)
		snprintf(path, n, "%s/%s%s", trace_dir ? trace_dir : ".",
			 program_invocation_short_name, ARCOV_TRACE_SUFFIX);
	else
		snprintf(path, n, "%s/%s.%s%s", trace_dir ? trace_dir : ".",
			 program_invocation_short_name, pid,
			 ARCOV_TRACE_SUFFIX);
	return path;
}

/* Where the trace is streamed: the new file, locked (fileio.h). */
static int to_file(void *ctx, const void *p, size_t n)
{
	const struct arcov_file_tx *tx = ctx;

	return arcov_file_write_all(tx->fd, p, n) < 0 ? ARCOV_EIO : 0;
}

/*
 * Into the locked @tx: the runs the file already holds, but this
 * process's own (an earlier arcov_dump() of this run: the exit writes it
 * again, whole), then this run.  A file that does not parse is never
 * modified, as a .da is not.  Returns 0 or a negative code, with @err
 * set.
 */
static int put_runs(struct arcov_file_tx *tx, const struct arcov_trace *t,
		    struct arcov_err *err)
{
	struct arcov_trace_runs old = { 0 };
	unsigned char *data = NULL;
	size_t size = 0, k;
	ssize_t n;
	int rc;

	rc = arcov_file_tx_read(tx, &data, &size, err);
	if (!rc && size)
		rc = arcov_trace_read_runs(&old, data, size, tx->path, err);
	for (k = 0; !rc && k < old.n; k++) {
		const struct arcov_trace *r = &old.runs[k];

		if (r->pid == t->pid && r->start == t->start)
			continue;
		if (arcov_file_write_all(tx->fd, data + old.offset[k],
					 old.offset[k + 1] - old.offset[k]))
			rc = arcov_errf(err, ARCOV_EIO, tx->path, -1,
					"cannot write: %s", strerror(errno));
	}
	arcov_trace_runs_free(&old);
	free(data);
	if (rc)
		return rc;
	n = arcov_trace_stream(t, STREAM_CHUNK, to_file, tx);
	if (n == ARCOV_EIO)
		return arcov_errf(err, ARCOV_EIO, tx->path, -1,
				  "cannot write: %s", strerror(errno));
	return n < 0 ? (int)n : 0;
}

/* Write the trace of every finished thread and of the calling one.
 * Called with the lock held. */
static void dump_locked(void)
{
	struct arcov_trace t = { 0 };
	struct arcov_err err = { 0 };
	struct thread *me = thread_self(), *th;
	struct calib c = { ticks(), mono_ns() };
	uint64_t now = c.tsc1, dropped = 0;
	struct arcov_file_tx tx;
	char *path = NULL;
	const char *label = secure_getenv("ARCOV_RUN_LABEL");
	uint32_t n = 0, i;
	int rc = ARCOV_ENOMEM;

	if (!use_tsc)
		c.tsc1 = c.mono1 = now;
	for (th = threads; th; th = th->next)
		n++;
	t.threads = calloc(n + 1, sizeof *t.threads);
	t.cmd = command_line();
	path = trace_path();
	if (!t.threads || !path)
		goto report;
	for (th = threads; th; th = th->next) {
		/* Another thread still running: taken when it waits outside
		 * profiled code (a parked pool thread; what it does next is
		 * not written), left out and counted when inside it. */
		if (th != me && __atomic_load_n(&th->live, __ATOMIC_ACQUIRE) &&
		    (__atomic_load_n(&th->top, __ATOMIC_ACQUIRE) !=
		     th->stack - 1 ||
		     __atomic_load_n(&th->off, __ATOMIC_ACQUIRE) == HOOK_BUSY)) {
			t.lost_threads++;
			continue;
		}
		rc = thread_out(&c, th, now, &t.threads[t.nthreads]);
		t.nthreads++;
		if (rc < 0)
			goto report;
		dropped += th->dropped;
	}
	t.flags = (timeline_on ? ARCOV_TRACE_TIMELINE : 0) |
		  (spans_on ? 0 : ARCOV_TRACE_NOSPANS) |
		  (use_tsc ? ARCOV_TRACE_TSC : 0);
	t.pid = (uint32_t)getpid();
	t.start = mono0;
	t.end = c.mono1;
	t.nfns = nfns;
	t.fns = fns;
	t.label = label && *label ? (char *)label : NULL;
	rc = arcov_file_begin(&tx, path, 0, arcov_rt_wait_ms(), &err);
	if (rc < 0)
		goto report;
	rc = put_runs(&tx, &t, &err);
	if (rc < 0)
		arcov_file_abort(&tx);
	else
		rc = arcov_file_commit(&tx, NULL, 0, ARCOV_FILE_FSYNC, &err);
report:
	if (rc < 0 && err.msg[0])
		arcov_rt_warn("%s", err.msg);
	else if (rc < 0)
		arcov_rt_warn("%s: %s; profile not written",
			      path ? path : ARCOV_TRACE_SUFFIX,
			      arcov_strerror(rc));
	if (t.lost_threads)
		arcov_rt_warn("%s: %u threads still running at exit are not in the profile",
			      path ? path : ARCOV_TRACE_SUFFIX, t.lost_threads);
	if (dropped)
		arcov_rt_warn("%s: %llu calls not profiled (out of memory, or an exit without its entry)",
			      path ? path : ARCOV_TRACE_SUFFIX,
			      (unsigned long long)dropped);
	for (i = 0; i < t.nthreads; i++) {
		free(t.threads[i].edges);
		free(t.threads[i].stats);
	}
	free(t.threads);
	free(t.cmd);
	free(path);
}

static void dump_at_exit(void)
{
	int saved = errno, off = 0;
	struct thread *me = thread_self();

	if (broken)
		return;
	/* Inside a hook, holding lock, or inside a dump of either kind: a
	 * signal handler interrupted it, and waiting would be forever. */
	if (locking || (me && me->off == HOOK_BUSY) || !arcov_rt_enter()) {
		arcov_rt_warn("exit() during a profile hook or a dump (from a signal handler?); the profile is not written");
		errno = saved;
		return;
	}
	if (getauxval(AT_SECURE)) {
		static int said;

		/* Once: arcov_dump() may ask again and again. */
		if (!said++)
			arcov_rt_warn("a set-id program writes no time profile");
		goto leave;
	}
	if (me) {
		off = me->off;
		me->off = HOOK_BUSY;
	}
	pthread_mutex_lock(&lock);
	dump_locked();
	pthread_mutex_unlock(&lock);
	if (me)
		me->off = off;
leave:
	arcov_rt_leave();
	errno = saved;
}

/**
 * arcov_rt_profile_dump - write the time profile now, if this program
 * records one (arcov_dump(), the exec wrappers).  Profiling goes on; the
 * exit writes the file again, whole.
 */
void arcov_rt_profile_dump(void)
{
	if (ready)
		dump_at_exit();
}
