/* live.h -- the live file of continuous mode (doc/live-file.md).
 *
 * A process running an object built with -fplugin-arg-arcov-continuous
 * keeps that object's counters in a file of its own, mapped over the
 * counter array: the header (the object's function table and derived
 * counters, so that any process can fold the file into the .da), the
 * counters themselves on whole pages, then two arrays the fold keeps:
 * what is already in the .da (folded) and what a fold in progress is
 * adding (pending).  Words in the byte order of the machine that wrote
 * them, which the magic number reveals.
 */
#ifndef ARCOV_LIVE_H
#define ARCOV_LIVE_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ARCOV_LIVE_MAGIC 0x61726c76u	/* "arlv" read as a big-endian word */
#define ARCOV_LIVE_VERSION 1
/* The page the counters start on and fill: the plugin's alignment
 * (runtime/arcov-abi.h's ARCOV_LIVE_PAGE). */
#define ARCOV_LIVE_ALIGN 4096
/* The fixed part of the header; the metadata follows. */
#define ARCOV_LIVE_FIXED 64

/* Header states. */
#define ARCOV_LIVE_IDLE 0
#define ARCOV_LIVE_PENDING 1	/* @pending is being added to the .da */

/* Offsets of the fixed header's fields. */
#define ARCOV_LIVE_OFF_STATE 12

struct arcov_live_fn {
	const char *name;
	uint32_t checksum;
	uint32_t ncounters;
};

/* One live file, or what the runtime knows of one before writing it. */
struct arcov_live {
	uint32_t version;
	uint32_t header_size;	/* where the counters start: whole pages */
	uint32_t state;		/* ARCOV_LIVE_* */
	uint32_t ncounters;
	uint32_t nfns;
	uint32_t nderive;
	uint32_t stamp;
	uint32_t flags;		/* the object's ARCOV_OBJ_* */
	uint64_t pid;		/* the process that made it */
	struct arcov_live_fn *fns;	/* nfns; read: names in @names */
	uint32_t *derive;		/* nderive words (arcov-abi.h) */
	/* read only: the three arrays, copied */
	uint64_t *counters, *folded, *pending;
	char *names;
};

/* Where the arrays are, for a file with @header_size and @ncounters. */
uint64_t arcov_live_counters_len(uint32_t ncounters);
uint64_t arcov_live_folded_off(uint32_t header_size, uint32_t ncounters);
uint64_t arcov_live_pending_off(uint32_t header_size, uint32_t ncounters);
uint64_t arcov_live_file_size(uint32_t header_size, uint32_t ncounters);

/**
 * arcov_live_header - size or fill the header of @lv (its header_size
 * is ignored; the result is what it must be).  With @buf NULL, returns
 * the header's size; else fills @size bytes of @buf (zeros after the
 * metadata) and returns the same.  Returns ARCOV_ERANGE for a table too
 * big to describe.
 */
long arcov_live_header(const struct arcov_live *lv, unsigned char *buf,
		       size_t size);

/**
 * arcov_live_read - parse a whole live file of @size bytes into @lv,
 * every count bounded by the bytes left.  Returns 0, or a negative code
 * with "PATH: offset N: what" in @err; arcov_live_free() either way.
 */
int arcov_live_read(struct arcov_live *lv, const unsigned char *data,
		    size_t size, const char *path, struct arcov_err *err);
void arcov_live_free(struct arcov_live *lv);

/* arcov_live_hash - FNV-1a, 64 bits, of @n bytes: the fold marker's
 * name for the .da contents it committed. */
uint64_t arcov_live_hash(const void *p, size_t n);

/**
 * arcov_live_name_kind - what a directory entry @name is to the .da
 * named @base: 1 a live file ("BASE.live.PID-SEQ"), 2 one being made
 * ("BASE.live-new.PID"), 0 neither.
 */
int arcov_live_name_kind(const char *name, const char *base);

/**
 * arcov_live_count - how many live files of the .da @da are beside it
 * (names of kind 1): the counts of processes not yet folded into it.
 */
size_t arcov_live_count(const char *da);

#ifdef __cplusplus
}
#endif

#endif
