/* log.c -- the model's diagnostics (log.h). */
#include <config.h>

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

void arcov_logf(struct arcov_log *log, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (log->len + (size_t)n + 1 > log->cap) {
		size_t cap = log->cap ? log->cap : 256;
		char *bigger;

		while (cap < log->len + (size_t)n + 1)
			cap *= 2;
		bigger = realloc(log->text, cap);
		if (!bigger) {
			log->lost = 1;
			return;
		}
		log->text = bigger;
		log->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(log->text + log->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	log->len += (size_t)n;
}

int arcov_log_flush(struct arcov_log *log, FILE *f)
{
	int lost = log->lost;

	if (log->len)
		fwrite(log->text, 1, log->len, f);
	if (lost)
		fputs("arcov: out of memory\n", f);
	log->len = 0;
	log->lost = 0;
	return lost ? -1 : 0;
}

void arcov_log_free(struct arcov_log *log)
{
	free(log->text);
	memset(log, 0, sizeof *log);
}
