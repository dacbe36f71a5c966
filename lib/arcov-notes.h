/* arcov-notes.h -- the .arcov-notes text file (doc/notes-format.md §2).
 *
 * Per function of the .bbg, in the same order: what the .bb and .bbg cannot
 * say -- the function's source file and extent, the statements in each
 * block, whether the compiler generated it, which blocks run only for an
 * exception, which end in a call proved to return, its call sites and the
 * exception and abnormal edges the .bbg leaves out.  The model mirrors
 * the text one to one, so the writer
 * reproduces every file the reader accepts byte for byte.
 *
 * Field strings escape every byte outside 0x21..0x7e, and the backslash,
 * as \ooo; that includes bytes 0x80 and up, which the plugin has always
 * escaped (so non-ASCII names and paths stay plain ASCII in the file).
 */
#ifndef ARCOV_ARCOV_NOTES_H
#define ARCOV_ARCOV_NOTES_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version the writer produces by default; the reader also accepts
 * version 1, which has no "directory", "artificial", "absent", "inlined",
 * "eh-only" or "proved-calls" lines. */
#define ARCOV_NOTES_VERSION 2

struct arcov_notes_call {
	uint32_t block;		/* gcov block holding the call */
	uint32_t line;		/* 0 if unknown */
	char *callee;		/* assembler name; NULL: through a pointer */
};

enum arcov_notes_edge {
	ARCOV_NOTES_EH,		/* "eh": exception edge */
	ARCOV_NOTES_ABNORMAL	/* "abnormal": computed/non-local goto, setjmp */
};

struct arcov_notes_dropped {
	enum arcov_notes_edge kind;
	uint32_t src;
	uint32_t dest;
};

struct arcov_notes_fn {
	size_t offset;		/* byte offset of the "function" line */
	char *name;		/* assembler name, as in the .bbg */
	uint32_t checksum;
	uint32_t nblocks;	/* entry and exit included, >= 2 */
	char *source;		/* file of the definition ("" if unknown) */
	uint32_t first_line;	/* declarator, 0 if unknown */
	uint32_t last_line;	/* closing brace, 0 if unknown */
	uint32_t *statements;	/* nblocks; entry and exit hold 0 */
	size_t ncalls;
	struct arcov_notes_call *calls;
	size_t ndropped;
	struct arcov_notes_dropped *dropped;
	int artificial;		/* compiler-generated (version 2) */
	int absent;		/* no code in the object: GCC dropped it
				 * after it was instrumented (version 2) */
	int inlined;		/* in the object only inlined into other
				 * functions, not emitted (version 2) */
	size_t neh_only;	/* blocks reached only through exception */
	uint32_t *eh_only;	/* edges, ascending (version 2) */
	size_t nproved;		/* blocks ending in a call proved to */
	uint32_t *proved;	/* return, ascending (version 2) */
};

struct arcov_notes {
	char *directory;	/* the compiler's working directory, which
				 * relative paths are relative to (version 2);
				 * NULL for a version 1 file */
	uint32_t stamp;		/* the build's stamp, 1 .. 2^31-1, which its
				 * object gives its .da blocks (version 2);
				 * 0: none */
	uint32_t version;	/* of the file; 0: ARCOV_NOTES_VERSION */
	size_t nfns;
	struct arcov_notes_fn *fns;
};

/**
 * arcov_notes_read - parse an .arcov-notes image.
 * @notes: zeroed model to fill; freed with arcov_notes_free() even on error
 * @data:  the file's bytes, @size of them
 * @name:  file name used in error messages
 * @err:   optional error detail
 *
 * Accepts exactly the grammar of notes-format.md §2 in its canonical
 * spelling (no leading zeros, no needless escapes), versions 1 and 2 (the
 * version read goes to notes->version), with
 * NBLOCKS >= 2 statement counts, zero at entry and exit, and every block
 * number below NBLOCKS.  Nothing is allocated for a block count before the
 * statements line has shown that many counts.
 */
int arcov_notes_read(struct arcov_notes *notes, const void *data,
		     size_t size, const char *name, struct arcov_err *err);

/**
 * arcov_notes_write - serialize @notes.
 * @buf: destination of at least arcov_notes_write(notes, NULL, 0) bytes, or
 *       NULL to only compute the size
 * Writes version notes->version (ARCOV_NOTES_VERSION if 0).
 * Returns the size in bytes, ARCOV_ERANGE if @cap is too small, or
 * ARCOV_EFORMAT for a model the reader would not accept back (a block
 * number out of range, statements at entry or exit, a callee named "*",
 * eh-only or proved-calls blocks not ascending or at entry or exit,
 * version 2 facts in a
 * version 1 model, an unknown version).
 */
ssize_t arcov_notes_write(const struct arcov_notes *notes, void *buf,
			  size_t cap);

/**
 * arcov_notes_set_directory - record @dir as the compile directory, which
 * makes the file version 2.  Copies @dir.  Returns 0 or ARCOV_ENOMEM.
 */
int arcov_notes_set_directory(struct arcov_notes *notes, const char *dir);

/**
 * arcov_notes_add_fn - append a function to @notes.
 * Copies @name and @source; statements[] is zeroed, the lines are 0 and
 * there are no calls or dropped edges yet.  The new function is
 * notes->fns[notes->nfns - 1].  Returns 0 or ARCOV_ENOMEM.
 */
int arcov_notes_add_fn(struct arcov_notes *notes, const char *name,
		       uint32_t checksum, uint32_t nblocks, const char *source);

/**
 * arcov_notes_add_call - append a call site to @fn.
 * @callee: copied; NULL for a call through a pointer.
 * Returns 0 or ARCOV_ENOMEM.
 */
int arcov_notes_add_call(struct arcov_notes_fn *fn, uint32_t block,
			 uint32_t line, const char *callee);

/**
 * arcov_notes_add_dropped - append an edge the .bbg leaves out to @fn.
 * Returns 0 or ARCOV_ENOMEM.
 */
int arcov_notes_add_dropped(struct arcov_notes_fn *fn,
			    enum arcov_notes_edge kind, uint32_t src,
			    uint32_t dest);

/**
 * arcov_notes_add_eh_only - mark @block of @fn as reached only through
 * exception edges.  Blocks must be added in ascending order.
 * Returns 0 or ARCOV_ENOMEM.
 */
int arcov_notes_add_eh_only(struct arcov_notes_fn *fn, uint32_t block);

/**
 * arcov_notes_add_proved - mark @block of @fn as ending in a call proved
 * to return, which has no fake arc.  Blocks must be added in ascending
 * order.  Returns 0 or ARCOV_ENOMEM.
 */
int arcov_notes_add_proved(struct arcov_notes_fn *fn, uint32_t block);

/**
 * arcov_notes_free - release everything @notes holds and zero it.
 */
void arcov_notes_free(struct arcov_notes *notes);

#ifdef __cplusplus
}
#endif

#endif
