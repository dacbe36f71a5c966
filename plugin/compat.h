/* compat.h -- every GCC header the plugin needs, and every GCC-version and
 * target #if.
 *
 * The rest of the plugin includes only this file (plus arcov-plugin.h, and
 * plugin.cc the version stamp plugin-version.h, which defines data), so
 * supporting another GCC release or another target (a cross compiler's
 * plugin headers, configure --enable-cross) means touching this header
 * alone.  GCC's
 * headers must come first and in this order: gcc-plugin.h pulls in config.h
 * and system.h, which the others assume.
 */
#ifndef ARCOV_COMPAT_H
#define ARCOV_COMPAT_H

#include "gcc-plugin.h"
#include "bversion.h"

#if BUILDING_GCC_MAJOR < 11 || BUILDING_GCC_MAJOR > 16
#error "arcov supports the plugin API of GCC 11 to 16 only"
#endif

#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfgloop.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimple-expr.h"
#include "predict.h"
#include "gimple-predict.h"
#include "cfganal.h"
#include "tree-cfg.h"
#include "tree-cfgcleanup.h"
#include "except.h"
#include "tree-eh.h"
#include "gimplify.h"
#include "stringpool.h"
#include "stor-layout.h"
#include "varasm.h"
#include "cgraph.h"
#include "attribs.h"
#include "output.h"
#include "target.h"
#include "diagnostic-core.h"
#include "builtins.h"
#include "memmodel.h"
#include "langhooks.h"
#include "toplev.h"
#include "opts.h"
#include "ssa.h"
#include "tree-dfa.h"
#include "fold-const.h"
#include "gimplify-me.h"
#include "tree-into-ssa.h"
/* Loops: their exits, iteration counts and scalar evolutions. */
#include "tree-ssa-loop.h"
#include "tree-ssa-loop-niter.h"
#include "tree-scalar-evolution.h"
/* The inliners' summaries (inline-size.cc). */
#include "alloc-pool.h"
#include "symbol-summary.h"
#include "tree-vrp.h"
#include "sreal.h"
/* RTL after the prologue: the frame laid out (tls-counters.cc). */
#include "rtl.h"
#include "emit-rtl.h"
#if BUILDING_GCC_MAJOR >= 14
/* ipa-prop.h uses ipa-cp.h's lattices from GCC 14 on, without including it. */
#include "ipa-cp.h"
#endif
#include "ipa-prop.h"
#include "ipa-fnsummary.h"
#include "tree-inline.h"

/* ---- The API of the newest GCC, on the older ones ----
 *
 * Each shim below is named after the API of the newer GCC and written
 * only for the majors that lack it, as the kernel's gcc-common.h does, so
 * the passes are written once against one API and read the same for
 * every major.
 */

#if BUILDING_GCC_MAJOR < 14
/* GCC 14 renamed last_stmt(), the last statement of a block that is not a
 * debug statement, to last_nondebug_stmt(). */
static inline gimple *last_nondebug_stmt(basic_block bb)
{
	return last_stmt(bb);
}
#endif

#if BUILDING_GCC_MAJOR < 12
/* GCC 12 renamed ipa-predicate.h's class predicate to ipa_predicate. */
typedef class predicate ipa_predicate;

/* GCC 12 gave mark_dfs_back_edges() the function to work on; before, it
 * worked on cfun, which is the function every caller passes. */
static inline bool mark_dfs_back_edges(function *fn)
{
	gcc_assert(fn == cfun);
	return mark_dfs_back_edges();
}

/* GCC 12's range over a function's loops, "for (auto loop : loops_list
 * (fn, flags))", from GCC 11's iterator macro: the loops are collected
 * first, so a pass may change the tree as GCC 12's copy allows. */
class loops_list {
public:
	loops_list(function *fn, unsigned flags)
	{
		class loop *l;

		FOR_EACH_LOOP_FN(fn, l, flags)
			v.safe_push(l);
	}
	class loop *const *begin() const { return v.begin(); }
	class loop *const *end() const { return v.end(); }

private:
	auto_vec<class loop *> v;
};
#endif

/* ---- The target ----
 *
 * The plugin is built against one compiler's headers, whose tm.h is its
 * backend's: macros such as TARGET_64BIT exist in several backends with
 * other meanings, and TARGET_X32 in the i386 one alone.  Code that emits
 * x86-64 instructions asks ap_target_x86_64(), never a backend macro.
 */
#ifdef TARGET_X32
/* The i386 backend compiling for x86-64 (LP64, not the x32 ABI). */
static inline bool ap_target_x86_64(void)
{
	return TARGET_64BIT && !TARGET_X32;
}
/* Whether the current function may use %xmm0-15, and %xmm16-31 and the
 * mask registers %k0-7 (an asm may clobber only the registers its
 * function has). */
static inline bool ap_target_sse(void)
{
	return TARGET_SSE;
}
static inline bool ap_target_avx512(void)
{
	return TARGET_AVX512F;
}
/* Once the prologue is made: whether the current function's stack
 * pointer, after its prologue and until its epilogue, is aligned to 16
 * bytes with nothing of the function below it (no red zone, no stack
 * realigned or grown by alloca()), from the frame the i386 backend laid
 * out.  The incoming stack pointer is 8 bytes past a 16-byte boundary;
 * stack_pointer_offset counts from that boundary. */
static inline bool ap_frame_aligned_no_red_zone(void)
{
	return INCOMING_STACK_BOUNDARY >= 128 &&
	       !crtl->stack_realign_needed && !cfun->calls_alloca &&
	       cfun->machine->frame.red_zone_size == 0 &&
	       cfun->machine->frame.stack_pointer_offset % 16 == 0;
}
#else
static inline bool ap_target_x86_64(void)
{
	return false;
}
static inline bool ap_target_sse(void)
{
	return false;
}
static inline bool ap_target_avx512(void)
{
	return false;
}
static inline bool ap_frame_aligned_no_red_zone(void)
{
	return false;
}
#endif

#endif
