/* threads.c -- per-thread counting: thread-local counters added up exactly.
 *
 * An object compiled in the per-thread mode (ARCOV_OBJ_THREADED) counts
 * in a thread-local array: one plain add per increment, no atomics, no
 * cache line shared between threads.  The first instrumented function a
 * thread runs in such an object finds word 0 of its copy clear and calls
 * arcov_thread_counters(), which files a block for the copy under this
 * thread and sets the word.  A count made before that (in a signal
 * handler while the thread held the runtime's lock) is kept all the same:
 * the block starts from zero, not from the copy's values.
 *
 * The runtime never writes into another thread's copy.  Each block keeps
 * the values it already handed on (@seen), and arcov_rt_threads_fold()
 * adds what a copy gained since to the object's shared counters, which
 * the dump then takes as it takes any object's.  So arcov_dump() and
 * arcov_reset() from any thread, the dump at exit while other threads
 * run, and the dump before fork() are exact for threads that are not
 * counting at that instant (a thread counting during the fold has its
 * increment in this fold or the next, never lost and never twice).
 *
 * At thread exit a pthread key destructor folds the thread's blocks,
 * clears word 0 of its copies (instrumented code run by a later
 * destructor files a new block, and glibc runs the destructors again)
 * and frees them, before the C library frees the thread's TLS or gives
 * its memory to a new thread, which starts with clear copies.  The
 * blocks of an unloaded object are dropped with it; a forked child keeps
 * only the forking thread's.  Everything here runs under the runtime's
 * lock (arcov_rt_enter()).
 */
#include <config.h>

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* One thread's copy of one object's counters. */
struct block {
	struct block *next;		/* the thread's next block */
	struct arcov_object *obj;
	uint64_t *tls;			/* the copy: word 0, then counters */
	uint64_t seen[];		/* what the counters held at the last
					 * fold: already in obj->counters */
};

/* One thread that counted in a per-thread object. */
struct thread {
	struct thread *next;		/* every such thread, newest first */
	struct block *blocks;
};

#if defined(__x86_64__) && defined(__LP64__)
/*
 * The entry point on x86-64: a call that preserves every register.  The
 * plugin emits the entry check's call as an asm statement that clobbers
 * nothing but the flags, so the compiler keeps a function without it a
 * leaf, its values in caller-saved registers, and no frame for the call
 * that almost never happens.  The caller steps over the red zone, pushes
 * the copy's address and the object's, and calls; this saves the
 * caller-saved registers and the extended state (XSAVE, the layout
 * CPUID leaf 0xd sizes, as the dynamic linker's lazy binding does; FXSAVE
 * without OSXSAVE), calls arcov_rt_thread_counters() on an aligned stack,
 * restores everything and returns, popping the two arguments.
 */
__asm__(
	"	.text\n"
	"	.globl arcov_thread_counters\n"
	"	.type arcov_thread_counters, @function\n"
	"arcov_thread_counters:\n"
	"	push %rbp\n"
	"	mov %rsp, %rbp\n"
	"	push %rax\n	push %rcx\n	push %rdx\n	push %rsi\n"
	"	push %rdi\n	push %r8\n	push %r9\n	push %r10\n"
	"	push %r11\n	push %rbx\n"
	"	mov $1, %eax\n"
	"	cpuid\n"
	"	bt $27, %ecx\n"			/* OSXSAVE */
	"	jnc 1f\n"
	"	mov $0xd, %eax\n"
	"	xor %ecx, %ecx\n"
	"	cpuid\n"				/* %ebx: the XSAVE size */
	"	sub %rbx, %rsp\n"
	"	and $-64, %rsp\n"
	"	xor %eax, %eax\n"			/* a clean XSAVE header */
	"	mov %rax, 512(%rsp)\n	mov %rax, 520(%rsp)\n"
	"	mov %rax, 528(%rsp)\n	mov %rax, 536(%rsp)\n"
	"	mov %rax, 544(%rsp)\n	mov %rax, 552(%rsp)\n"
	"	mov %rax, 560(%rsp)\n	mov %rax, 568(%rsp)\n"
	"	mov $-1, %eax\n"
	"	mov $-1, %edx\n"
	"	xsave (%rsp)\n"
	"	mov 16(%rbp), %rdi\n"
	"	mov 24(%rbp), %rsi\n"
	"	call arcov_rt_thread_counters\n"
	"	mov $-1, %eax\n"
	"	mov $-1, %edx\n"
	"	xrstor (%rsp)\n"
	"	jmp 2f\n"
	"1:	sub $512, %rsp\n"
	"	and $-64, %rsp\n"
	"	fxsave64 (%rsp)\n"
	"	mov 16(%rbp), %rdi\n"
	"	mov 24(%rbp), %rsi\n"
	"	call arcov_rt_thread_counters\n"
	"	fxrstor64 (%rsp)\n"
	"2:	lea -80(%rbp), %rsp\n"
	"	pop %rbx\n	pop %r11\n	pop %r10\n	pop %r9\n"
	"	pop %r8\n	pop %rdi\n	pop %rsi\n	pop %rdx\n"
	"	pop %rcx\n	pop %rax\n"
	"	pop %rbp\n"
	"	ret $16\n"
	"	.size arcov_thread_counters, .-arcov_thread_counters\n");
/* Called from the asm above only: kept, and not static, so that the asm
 * can name it; hidden, as everything of the runtime's. */
#define ENTRY_SCOPE __attribute__((used, noinline))
void arcov_rt_thread_counters(struct arcov_object *obj, uint64_t *tls);
#else
/* Elsewhere the plugin emits a plain call. */
#define ENTRY_SCOPE ARCOV_PUBLIC
#define arcov_rt_thread_counters arcov_thread_counters
#endif

static struct thread *threads;
static __thread struct thread *self;
static pthread_key_t exit_key;
static int exit_key_state;		/* 0 not yet, 1 made, -1 failed */

/* Add what @b's copy gained since the last fold to its object. */
static void block_fold(struct block *b)
{
	uint64_t *shared = b->obj->counters;
	const uint64_t *c = b->tls + 1;
	uint32_t i, n = b->obj->ncounters;
	uint64_t v;

	for (i = 0; i < n; i++) {
		/* The owner adds with plain instructions; an aligned load
		 * sees its value before or after an add, never torn. */
		v = __atomic_load_n(&c[i], __ATOMIC_RELAXED);
		shared[i] += v - b->seen[i];
		b->seen[i] = v;
	}
}

/**
 * arcov_rt_threads_fold - add every thread's counts of @only (of all
 * objects when NULL) made since the last fold to the shared counters.
 */
void arcov_rt_threads_fold(const struct arcov_object *only)
{
	struct thread *t;
	struct block *b;

	for (t = threads; t; t = t->next)
		for (b = t->blocks; b; b = b->next)
			if (!only || b->obj == only)
				block_fold(b);
}

/**
 * arcov_rt_threads_forget - drop every block of @obj, which is being
 * unloaded (after a last fold): its copies go with it.
 */
void arcov_rt_threads_forget(const struct arcov_object *obj)
{
	struct block **link, *b;
	struct thread *t;

	for (t = threads; t; t = t->next) {
		for (link = &t->blocks; (b = *link); ) {
			if (b->obj != obj) {
				link = &b->next;
				continue;
			}
			*link = b->next;
			free(b);
		}
	}
}

static void thread_free(struct thread *t)
{
	struct block *b;

	while ((b = t->blocks)) {
		t->blocks = b->next;
		free(b);
	}
	free(t);
}

/**
 * arcov_rt_threads_forked - in a fork child: the other threads do not
 * exist here, and their counts are the parent's.
 */
void arcov_rt_threads_forked(void)
{
	struct thread *t, *next;

	for (t = threads; t; t = next) {
		next = t->next;
		if (t != self)
			thread_free(t);
	}
	threads = self;
	if (self)
		self->next = NULL;
}

/* The key's destructor, at the exit of a thread that counted. */
static void thread_exit(void *arg)
{
	struct thread *t = arg, **link;
	struct block *b;
	int saved = errno;

	if (!arcov_rt_enter()) {
		/* Cannot be: a destructor does not interrupt the runtime.
		 * Keep the blocks for another round rather than lose them. */
		pthread_setspecific(exit_key, t);
		errno = saved;
		return;
	}
	for (b = t->blocks; b; b = b->next) {
		block_fold(b);
		__atomic_store_n(&b->tls[0], 0, __ATOMIC_RELAXED);
	}
	for (link = &threads; *link; link = &(*link)->next) {
		if (*link == t) {
			*link = t->next;
			break;
		}
	}
	if (self == t)
		self = NULL;
	thread_free(t);
	arcov_rt_leave();
	errno = saved;
}

/* This thread's record, made and filed on first use; NULL when out of
 * memory or without a way to learn of the thread's exit. */
static struct thread *thread_self(void)
{
	struct thread *t;
	int rc;

	if (self)
		return self;
	if (!exit_key_state) {
		rc = pthread_key_create(&exit_key, thread_exit);
		exit_key_state = rc ? -1 : 1;
		if (rc)
			arcov_rt_warn("cannot learn of thread exits: %s; counts of threads are lost",
				      strerror(rc));
	}
	if (exit_key_state < 0)
		return NULL;
	t = calloc(1, sizeof *t);
	if (!t)
		return NULL;
	rc = pthread_setspecific(exit_key, t);
	if (rc) {
		free(t);
		return NULL;
	}
	t->next = threads;
	threads = t;
	self = t;
	return t;
}

/**
 * arcov_rt_thread_counters - file this thread's copy @tls of @obj's counters;
 * called by the entry check of a per-thread object (arcov-abi.h) while
 * word 0 of the copy is clear.  When the runtime cannot take the copy
 * (out of memory), the word is set all the same, so that the thread does
 * not pay for a call on every entry; its counts there are then lost, which
 * one line on stderr says.
 */
ENTRY_SCOPE void arcov_rt_thread_counters(struct arcov_object *obj,
					   uint64_t *tls)
{
	static int warned;
	struct thread *t;
	struct block *b = NULL;
	size_t n = obj->ncounters;
	int saved = errno;

	/* Within the runtime already (a signal handler): next time. */
	if (!arcov_rt_enter())
		goto restore_errno;
	if (!tls[0]) {
		t = thread_self();
		b = t ? calloc(1, sizeof *b + n * sizeof b->seen[0]) : NULL;
		if (b) {
			b->obj = obj;
			b->tls = tls;
			b->next = t->blocks;
			t->blocks = b;
		} else if (!warned) {
			warned = 1;
			arcov_rt_warn("%s: out of memory; counts of a thread are lost",
				      obj->da_path);
		}
		tls[0] = 1;
	}
	arcov_rt_leave();
restore_errno:
	errno = saved;
}
