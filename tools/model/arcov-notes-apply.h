/* arcov-notes-apply.h -- what the reports take from the plugin's .arcov-notes
 * files (doc/notes-format.md §2) beside each object's .bb and .bbg: the
 * extent of each function, and the exception edges the .bbg leaves out,
 * from which --exclude-exception-branches finds exception-handling code.
 */
#ifndef ARCOV_ARCOV_NOTES_APPLY_H
#define ARCOV_ARCOV_NOTES_APPLY_H

#include <stdio.h>

#include "lines.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * arcov_pnotes_apply - use the .arcov-notes of every object in @m.
 * @m:       functions added, line counts not yet taken
 * @hide_eh: mark the exception branches hidden (struct arcov_marc.hidden)
 * @log:     warnings about notes that are missing (only when @hide_eh
 *           needs them), unreadable or stale
 *
 * Sets decl_line and close_line of every function its notes describe.
 * With @hide_eh, hides the arcs gcov 12 calls throw arcs (is_throw) and
 * every conditional arc leaving exception-handling code: the blocks that
 * only the notes' "eh" edges reach (landing pads and what only they lead
 * to), that is, blocks not reachable from the entry block nor from an
 * "abnormal" destination through arcs other than fake ones.
 * Notes that cannot be used are skipped with a warning.
 * Returns 0 or ARCOV_ENOMEM.
 */
int arcov_pnotes_apply(struct arcov_modern *m, int hide_eh,
		       struct arcov_log *log);

#ifdef __cplusplus
}
#endif

#endif
