/* arcov-freestanding.h -- the freestanding runtime, libarcov-freestanding.a,
 * for programs without a file system, threads or a C library (bare metal,
 * a boot loader, a kernel): the counters stay in RAM, and the program
 * sends them out as a byte stream when it chooses (doc/stream-format.md);
 * on the host, "arcov-merge --from-stream FILE" merges the stream into the
 * .da files.
 *
 * Compile with -fplugin-arg-arcov-freestanding (or the target's
 * arcov.specs for a bare-metal triple): each unit then lists its object in
 * the linker section arcov_objects instead of registering it from a
 * constructor, and the runtime finds every object with no start code.
 */
#ifndef ARCOV_FREESTANDING_H
#define ARCOV_FREESTANDING_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where the stream goes: @len bytes at @data, @ctx as given; nonzero
 * stops the stream and is returned by it. */
typedef int arcov_put_fn(const void *data, size_t len, void *ctx);

/**
 * arcov_stream - send every object's counters through @put, in the binary
 * form of doc/stream-format.md.  Returns 0, or the first nonzero value
 * @put returned.  Allocates nothing, calls nothing but @put; the
 * counters keep counting (a later stream holds the totals so far: call
 * arcov_reset() after a stream the host has merged).
 */
int arcov_stream(arcov_put_fn *put, void *ctx);

/**
 * arcov_stream_hex - the same bytes as lines "arcov:" + hex + "\n", at
 * most 32 bytes a line, for a console or semihosting's text output.
 */
int arcov_stream_hex(arcov_put_fn *put, void *ctx);

/**
 * arcov_reset - zero every counter.
 */
void arcov_reset(void);

struct arcov_object;

/**
 * arcov_stream_objects - the core of both: the stream of the objects
 * @objs up to @end (a table such as the linker's), binary or, when @hex,
 * in hex lines.  Hidden in the library; the tests and the stream reader's
 * fuzz target drive it with tables of their own.
 */
int arcov_stream_objects(struct arcov_object *const *objs,
			 struct arcov_object *const *end, arcov_put_fn *put,
			 void *ctx, int hex);

#ifdef __cplusplus
}
#endif

#endif
