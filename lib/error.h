/* error.h -- the format library's one error convention.
 *
 * Every library function returns 0 (or a size) on success and a negative
 * ARCOV_E* code on failure.  Readers and writers also take an optional
 * struct arcov_err that receives a one-line message in the form
 *   FILE: offset N: what is wrong
 * so tools can print it as is and the runtime can prefix "arcov: ".
 * Passing a NULL struct arcov_err is always allowed.
 */
#ifndef ARCOV_ERROR_H
#define ARCOV_ERROR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum arcov_status {
	ARCOV_OK = 0,
	ARCOV_ENOMEM = -1,	/* allocation failed */
	ARCOV_EIO = -2,		/* open/read/write/rename failed (errno kept) */
	ARCOV_ETRUNC = -3,	/* input ends inside a field */
	ARCOV_EMAGIC = -4,	/* wrong magic number */
	ARCOV_EFORMAT = -5,	/* bad separator, marker or field value */
	ARCOV_ERANGE = -6,	/* value does not fit its encoding or is absurd */
	ARCOV_EMISMATCH = -7,	/* notes and data do not belong together */
	ARCOV_EUNSOLVABLE = -8,	/* flow graph leaves counts undetermined */
	ARCOV_EINCONSISTENT = -9 /* counts contradict the flow graph */
};

/* Capacity of a message: long enough for a path and a sentence. */
#define ARCOV_ERR_MAX 1024

struct arcov_err {
	int code;
	char msg[ARCOV_ERR_MAX];
};

/**
 * arcov_strerror - short description of an ARCOV_E* code.
 * Returns a static string; unknown codes get "unknown error".
 */
const char *arcov_strerror(int code);

/**
 * arcov_errf - record an error and return its code.
 * @err:    destination, may be NULL
 * @code:   negative ARCOV_E* code
 * @file:   file name for the message prefix, may be NULL
 * @offset: byte offset for the prefix, or -1 for none
 * @fmt:    printf format of the "what is wrong" part
 *
 * Produces "FILE: offset N: what" (parts omitted when absent).  Returns @code
 * so callers can write "return arcov_errf(...)".
 */
int arcov_errf(struct arcov_err *err, int code, const char *file, long offset,
	       const char *fmt, ...) __attribute__((format(printf, 5, 6)));

#ifdef __cplusplus
}
#endif

#endif
