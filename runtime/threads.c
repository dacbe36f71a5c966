/* threads.c -- per-thread counting: thread-local counters added up exactly.
 *
 * An object compiled in the per-thread mode (ARCOV_OBJ_THREADED) counts
 * in a thread-local array: one plain add per increment, no atomics, no
 * cache line shared between threads.  The array opens with a head of
 * ARCOV_THREAD_HEAD words that belong to the runtime (struct block): the
 * first instrumented function a thread runs in such an object finds its
 * first word clear and calls arcov_thread_counters(), which links the
 * block under this thread and sets the word.  Nothing is allocated
 * then -- the block is the thread's own TLS, and so is the record of the
 * thread (struct thread) -- so the first count of a unit may well be made
 * in a signal handler.  A count made before the block is linked (in a
 * signal handler while the thread held the runtime's lock) is kept all
 * the same: a block starts from zero, not from its counters' values.
 *
 * The runtime never writes into another thread's counters.  A fold adds
 * what a block's counters gained since the last fold to the object's
 * shared counters, which the dump then takes as it takes any object's;
 * what was already added is kept in @seen, an array allocated by the
 * first fold that needs one (a dump while the thread lives).  So
 * arcov_dump() and arcov_reset() from any thread, the dump at exit while
 * other threads run, and the dump before fork() are exact for threads
 * that are not counting at that instant (a thread counting during the
 * fold has its increment in this fold or the next, never lost and never
 * twice).
 *
 * At thread exit a pthread key destructor folds the thread's blocks,
 * clears their first word (instrumented code run by a later destructor
 * links them again, and glibc runs the destructors again) and unlinks
 * the thread, before the C library frees its TLS or gives the memory to
 * a new thread, which starts with clear blocks.  The blocks of an
 * unloaded object are unlinked with it; a forked child keeps only the
 * forking thread's.  Everything here runs under the runtime's lock
 * (arcov_rt_enter()).
 *
 * The owner's copy (ABI version 5, x86-64 shared objects: arcov-abi.h,
 * plugin/tls-counters.cc): the thread that registers such an object
 * counts in a static array laid out as a block, which its code reaches
 * with no TLS access.  That block belongs to the object, not to a
 * thread: linked at registration with its first word set (so that an
 * entry check through it never calls), folded with the threads' blocks
 * while the object is registered, never given back at a thread's exit.
 * When the owner ends, the next thread the C library gives its thread
 * pointer (its TCB) to counts on in the same block: no two live threads
 * share a thread pointer, and the block's counts stay the object's.  In
 * a forked child the block holds the parent's counts since the fork's
 * fold unless the forking thread owns it: then they are taken as folded.
 */
#include <config.h>

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The head of one thread's copy of one object's counters: the first
 * ARCOV_THREAD_HEAD words of the plugin's thread-local array (words of 64
 * bits whatever the size of a pointer). */
struct block {
	uint64_t filed;			/* nonzero once linked (the check) */
	union { struct block *p; uint64_t w; } next;	/* this thread's */
	union { struct arcov_object *p; uint64_t w; } obj;
	union { uint64_t *p; uint64_t w; } seen;	/* already folded;
					 * NULL: nothing yet */
	uint64_t counters[];
};

/* One thread that counted in a per-thread object; in its own TLS. */
struct thread {
	struct thread *next;		/* every such thread, newest first */
	struct block *blocks;
	int filed;			/* linked into threads */
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
 * restores everything and returns, popping the two arguments.  CPUID is
 * asked once per process (arcov_rt_xsave_size): in a virtual machine each
 * CPUID traps to the hypervisor (8 to 50 us on the machine measured), and
 * every object makes this call once in every thread that runs it.
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
	"	mov arcov_rt_xsave_size(%rip), %ebx\n"
	"	test %ebx, %ebx\n"
	"	jnz 3f\n"
	"	mov $1, %eax\n"
	"	cpuid\n"
	"	mov $1, %ebx\n"			/* FXSAVE */
	"	bt $27, %ecx\n"			/* OSXSAVE */
	"	jnc 4f\n"
	"	mov $0xd, %eax\n"
	"	xor %ecx, %ecx\n"
	"	cpuid\n"				/* %ebx: the XSAVE size */
	"4:	mov %ebx, arcov_rt_xsave_size(%rip)\n"
	"3:	cmp $1, %ebx\n"
	"	je 1f\n"
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
/* The asm's: 0 not asked yet, 1 FXSAVE, else the XSAVE area's size.
 * Threads that ask at once store the same value. */
static __attribute__((used)) unsigned int arcov_rt_xsave_size;
#else
/* Elsewhere the plugin emits a plain call. */
#define ENTRY_SCOPE ARCOV_PUBLIC
#define arcov_rt_thread_counters arcov_thread_counters
#endif

static struct thread *threads;
static struct block *owners;		/* the owners' copies, by next */
static __thread struct thread self;
static pthread_key_t exit_key;
static int exit_key_state;		/* 0 not yet, 1 made, -1 failed */

/* The calling thread's thread pointer, which the owner's code compares;
 * 0 where the plugin makes no owner's copy. */
static uint64_t thread_pointer(void)
{
#if defined(__x86_64__) && defined(__LP64__)
	uint64_t tp;

	__asm__("mov %%fs:0, %0" : "=r"(tp));
	return tp;
#else
	return 0;
#endif
}

/* @obj's owner's copy, or NULL. */
static struct block *owner_block(const struct arcov_object *obj)
{
	if (obj->version < 5 || !(obj->flags & ARCOV_OBJ_THREADED))
		return NULL;
	return (struct block *)obj->owner_copy;
}

/* Add what @b's counters gained since the last fold to its object.  A
 * @final fold (the thread is ending) needs no record of what it added. */
static void block_fold(struct block *b, int final)
{
	struct arcov_object *obj = b->obj.p;
	uint64_t *shared = obj->counters, *seen = b->seen.p;
	const uint64_t *c = b->counters;
	/* The run counters too, which follow the others in the copy and
	 * in the shared array (runs.c). */
	uint32_t i, n = obj->ncounters + arcov_rt_nruns(obj);
	uint64_t v;

	if (!seen && !final) {
		seen = calloc(n ? n : 1, sizeof *seen);
		/* Out of memory: the counts wait for a later fold. */
		if (!seen)
			return;
		b->seen.p = seen;
	}
	for (i = 0; i < n; i++) {
		/* The owner adds with plain instructions; an aligned load
		 * sees its value before or after an add, never torn. */
		v = __atomic_load_n(&c[i], __ATOMIC_RELAXED);
		shared[i] += seen ? v - seen[i] : v;
		if (seen)
			seen[i] = v;
	}
}

/* Take @b off its thread's list (done by the caller) and forget it. */
static void block_drop(struct block *b)
{
	free(b->seen.p);
	b->seen.p = NULL;
	b->next.p = NULL;
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
		for (b = t->blocks; b; b = b->next.p)
			if (!only || b->obj.p == only)
				block_fold(b, 0);
	for (b = owners; b; b = b->next.p)
		if (!only || b->obj.p == only)
			block_fold(b, 0);
}

/**
 * arcov_rt_threads_forget - unlink every block of @obj, which is being
 * unloaded (after a last fold): its copies go with it.
 */
void arcov_rt_threads_forget(const struct arcov_object *obj)
{
	struct block **link, *b;
	struct thread *t;

	for (t = threads; t; t = t->next) {
		for (link = &t->blocks; (b = *link); ) {
			if (b->obj.p != obj) {
				link = &b->next.p;
				continue;
			}
			*link = b->next.p;
			block_drop(b);
		}
	}
	/* The owner's code may count on in its copy, unread: the object
	 * goes, and an owner word cleared would send its thread to a
	 * thread's copy, which it would link to the object gone. */
	for (link = &owners; (b = *link); link = &b->next.p) {
		if (b->obj.p == obj) {
			*link = b->next.p;
			block_drop(b);
			break;
		}
	}
}

/**
 * arcov_rt_threads_forked - in a fork child: the other threads do not
 * exist here, and their counts are the parent's.
 */
void arcov_rt_threads_forked(void)
{
	struct thread *t, *next;
	struct block *b, **link;

	for (t = threads; t; t = next) {
		next = t->next;
		if (t == &self)
			continue;
		while ((b = t->blocks)) {
			t->blocks = b->next.p;
			free(b->seen.p);
		}
	}
	threads = self.filed ? &self : NULL;
	self.next = NULL;
	/* Counts its owner made after the fork's fold are the parent's,
	 * unless this thread is the owner.  Without the memory to say so
	 * the child would count them again: it leaves the copy unread. */
	for (link = &owners; (b = *link); ) {
		struct arcov_object *obj = b->obj.p;
		uint32_t i, n = obj->ncounters + arcov_rt_nruns(obj);

		if (obj->owner == (uint64_t)(uintptr_t)b - thread_pointer()) {
			link = &b->next.p;
			continue;
		}
		if (!b->seen.p)
			b->seen.p = calloc(n ? n : 1, sizeof *b->seen.p);
		if (!b->seen.p) {
			*link = b->next.p;
			b->next.p = NULL;
			continue;
		}
		for (i = 0; i < n; i++)
			b->seen.p[i] = b->counters[i];
		link = &b->next.p;
	}
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
	while ((b = t->blocks)) {
		t->blocks = b->next.p;
		block_fold(b, 1);
		block_drop(b);
		__atomic_store_n(&b->filed, 0, __ATOMIC_RELAXED);
	}
	for (link = &threads; *link; link = &(*link)->next) {
		if (*link == t) {
			*link = t->next;
			break;
		}
	}
	t->next = NULL;
	t->filed = 0;
	arcov_rt_leave();
	errno = saved;
}

/* The thread-exit hook; made at the first registration of a per-thread
 * object (arcov_rt_threads_prepare), or else on first use. */
static int exit_key_ready(void)
{
	int rc;

	if (!exit_key_state) {
		rc = pthread_key_create(&exit_key, thread_exit);
		exit_key_state = rc ? -1 : 1;
		if (rc)
			arcov_rt_warn("cannot learn of thread exits: %s; counts of threads are lost",
				      strerror(rc));
	}
	return exit_key_state > 0;
}

/**
 * arcov_rt_threads_prepare - make the thread-exit hook now, while
 * registering @obj, rather than on a thread's first count; and make the
 * calling thread the owner of @obj's owner's copy, if it has one.
 */
void arcov_rt_threads_prepare(struct arcov_object *obj)
{
	struct block *b = owner_block(obj);
	uint64_t tp = thread_pointer();

	if (obj->flags & ARCOV_OBJ_THREADED)
		exit_key_ready();
	if (!b || !tp)
		return;
	/* The flag first: the owner's code may test it once the owner
	 * word matches (this thread's own stores, in order). */
	b->filed = 1;
	b->obj.p = obj;
	b->seen.p = NULL;
	b->next.p = owners;
	owners = b;
	__atomic_store_n(&obj->owner, (uint64_t)(uintptr_t)b - tp,
			 __ATOMIC_RELAXED);
}

/* Link this thread's record, once; 0 without a way to learn of its exit. */
static int thread_filed(void)
{
	if (self.filed)
		return 1;
	if (!exit_key_ready() || pthread_setspecific(exit_key, &self))
		return 0;
	self.next = threads;
	threads = &self;
	self.filed = 1;
	return 1;
}

/**
 * arcov_rt_thread_counters - link this thread's copy @tls of @obj's
 * counters; called by the entry check of a per-thread object
 * (arcov-abi.h) while the copy's first word is clear.  When the thread
 * cannot be followed to its exit, the word is set all the same, so that
 * it does not pay for a call on every entry; its counts are then lost,
 * which one line on stderr says.
 */
ENTRY_SCOPE void arcov_rt_thread_counters(struct arcov_object *obj,
					   uint64_t *tls)
{
	static int warned;
	struct block *b = (struct block *)tls;
	int saved = errno;

	/* Within the runtime already (a signal handler): next time. */
	if (!arcov_rt_enter())
		goto restore_errno;
	if (!b->filed) {
		if (thread_filed()) {
			b->obj.p = obj;
			b->seen.p = NULL;
			b->next.p = self.blocks;
			self.blocks = b;
		} else if (!warned) {
			warned = 1;
			arcov_rt_warn("%s: counts of a thread are lost",
				      obj->da_path);
		}
		b->filed = 1;
	}
	arcov_rt_leave();
restore_errno:
	errno = saved;
}
