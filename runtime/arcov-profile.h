/* arcov-profile.h -- the time profile's hooks, as the plugin calls them.
 *
 * With -fplugin-arg-arcov-profile every instrumented function gets one
 * static struct arcov_prof_fn and calls
 *   arcov_profile_enter(&fn, __builtin_return_address(0),
 *                       __builtin_dwarf_cfa())
 * first thing, and arcov_profile_exit(&fn, cfa) on every way out: each return
 * and, through a try/finally the plugin wraps the body in (as GCC does
 * for -finstrument-functions), an exception unwinding through the frame.
 * The CFA (the caller's stack pointer at the call) tells the runtime
 * which frames longjmp() left (doc/profile.md).
 * Both the plugin, which builds these as GCC trees, and the runtime
 * include this header.
 */
#ifndef ARCOV_PROFILE_H
#define ARCOV_PROFILE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct arcov_prof_fn {
	uint32_t id;		/* 0; the runtime's number for it, set once */
	uint32_t line;		/* line of the definition */
	const char *name;	/* assembler name */
	const char *file;	/* source file as the compiler saw it */
};

void arcov_profile_enter(struct arcov_prof_fn *fn, void *call_site,
			 void *cfa);
void arcov_profile_exit(struct arcov_prof_fn *fn, void *cfa);
/* Around a call that returns twice (setjmp): the depth before it, and
 * after it every frame above that depth closed, those a longjmp back
 * left open (doc/profile.md). */
uint32_t arcov_profile_depth(void);
void arcov_profile_resume(uint32_t depth);

#ifdef __cplusplus
}
#endif

#endif
