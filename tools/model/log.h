/* log.h -- the model's diagnostics, kept in order for the program to print.
 *
 * The model never prints: what gcov would say while reading (a source
 * newer than its notes, unreadable notes, exclusion markers left open)
 * is added here as whole lines, and the main writes them to stderr once
 * the model is built, before any output.
 */
#ifndef ARCOV_LOG_H
#define ARCOV_LOG_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct arcov_log {
	char *text;		/* the lines, each ending in '\n' */
	size_t len;
	size_t cap;
	int lost;		/* a line was dropped: out of memory */
};

/**
 * arcov_logf - add printf-style text to @log (the caller ends its lines
 * with '\n').  Out of memory drops the text and sets log->lost.
 */
void arcov_logf(struct arcov_log *log, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/**
 * arcov_log_flush - write @log's text to @f and empty it.  Returns 0, or
 * -1 when lines were lost (said on @f as "arcov: out of memory").
 */
int arcov_log_flush(struct arcov_log *log, FILE *f);

/* arcov_log_free - release @log's text. */
void arcov_log_free(struct arcov_log *log);

#ifdef __cplusplus
}
#endif

#endif
