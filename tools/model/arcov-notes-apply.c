/* arcov-notes-apply.c -- function extents and exception-handling code from the
 * plugin's .arcov-notes files (see arcov-notes-apply.h).
 *
 * The .bbg has no exception edges: the plugin replaces each by fake arcs
 * from its source to exit and from entry to its landing pad (doc/formats.md
 * §3.3 step 5), so exception-handling code is what entry reaches only
 * through such fake arcs.  The notes say which of those stand for
 * exception edges ("eh") and which for setjmp receivers and non-local
 * gotos ("abnormal"), whose code is ordinary code.
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "arcov-notes.h"
#include "fileio.h"
#include "arcov-notes-apply.h"

enum { UNSEEN, NORMAL, EXCEPTIONAL };

/* Mark @mark everything reachable from @start over arcs neither fake nor
 * throw that is still UNSEEN.  @stack has room for every block. */
static void flood(const struct arcov_mfn *fn, uint32_t start,
		  unsigned char *mark, unsigned char how, uint32_t *stack)
{
	uint32_t top = 0, i;

	if (mark[start] != UNSEEN)
		return;
	mark[start] = how;
	stack[top++] = start;
	while (top) {
		const struct arcov_mblock *blk = &fn->blocks[stack[--top]];

		for (i = 0; i < blk->nsucc; i++) {
			const struct arcov_marc *arc = &fn->arcs[blk->succ[i]];

			/* The notes' exception edges, which the model
			 * has as throw arcs, lead into such code. */
			if (arc->fake || arc->is_throw ||
			    mark[arc->dst] != UNSEEN)
				continue;
			mark[arc->dst] = how;
			stack[top++] = arc->dst;
		}
	}
}

static int hide_exception_branches(struct arcov_mfn *fn,
				   const struct arcov_notes_fn *nf)
{
	unsigned char *mark = calloc(fn->nblocks, 1);
	uint32_t *stack = malloc(fn->nblocks * sizeof *stack);
	uint32_t a;
	size_t d;

	if (!mark || !stack) {
		free(mark);
		free(stack);
		return ARCOV_ENOMEM;
	}
	flood(fn, 0, mark, NORMAL, stack);
	for (d = 0; d < nf->ndropped; d++)
		if (nf->dropped[d].kind == ARCOV_NOTES_ABNORMAL)
			flood(fn, nf->dropped[d].dest, mark, NORMAL, stack);
	for (d = 0; d < nf->ndropped; d++)
		if (nf->dropped[d].kind == ARCOV_NOTES_EH)
			flood(fn, nf->dropped[d].dest, mark, EXCEPTIONAL,
			      stack);
	for (a = 0; a < fn->narcs; a++) {
		struct arcov_marc *arc = &fn->arcs[a];

		if (mark[arc->src] == EXCEPTIONAL && !arc->is_unconditional &&
		    !arc->is_call_non_return)
			arc->hidden = 1;
	}
	free(mark);
	free(stack);
	return 0;
}

/* Hide the throw arcs of @fn, and the way on of a block whose only other
 * ways out they are: without exceptions it would be no branch. */
static void hide_throws(struct arcov_mfn *fn)
{
	uint32_t a, b, i;

	for (a = 0; a < fn->narcs; a++)
		if (fn->arcs[a].is_throw)
			fn->arcs[a].hidden = 1;
	for (b = 0; b < fn->nblocks; b++) {
		const struct arcov_mblock *blk = &fn->blocks[b];
		struct arcov_marc *on = NULL;
		int throws = 0, others = 0;

		for (i = 0; i < blk->nsucc; i++) {
			struct arcov_marc *arc = &fn->arcs[blk->succ[i]];

			if (arc->fake)
				continue;
			if (arc->is_throw) {
				throws++;
			} else {
				others++;
				on = arc;
			}
		}
		if (throws && others == 1)
			on->hidden = 1;
	}
}

/* Whether @obj's notes can be used; says why not when that matters. */
static int notes_usable(const struct arcov_obj *obj, int hide_eh,
			struct arcov_log *log)
{
	if (obj->notes_missing) {
		if (hide_eh)
			arcov_logf(log, "arcov: warning: %s.arcov-notes: cannot "
				   "open: %s; its exception-handling code is "
				   "not known\n", obj->stem, strerror(ENOENT));
		return 0;
	}
	if (obj->notes_rc < 0) {
		arcov_logf(log, "arcov: warning: %s; ignored\n",
			   obj->notes_err.msg);
		return 0;
	}
	return 1;
}

int arcov_pnotes_apply(struct arcov_modern *m, int hide_eh,
		       struct arcov_log *log)
{
	const struct arcov_obj *obj = NULL;
	int usable = 0, r;
	size_t i;

	for (i = 0; i < m->nfns; i++) {
		struct arcov_mfn *fn = m->fns[i];
		const struct arcov_notes_fn *nf;

		if (fn->obj != obj) {
			/* An object's functions are added together. */
			obj = fn->obj;
			usable = notes_usable(obj, hide_eh, log);
		}
		if (hide_eh)
			hide_throws(fn);
		if (!usable)
			continue;
		nf = &obj->notes.fns[fn->index];
		fn->decl_line = nf->first_line;
		fn->close_line = nf->last_line;
		if (hide_eh) {
			r = hide_exception_branches(fn, nf);
			if (r < 0)
				return r;
		}
	}
	return 0;
}
