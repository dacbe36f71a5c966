/* error.c -- messages for the library's negative status codes. */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>

#include "error.h"

static const char *const messages[] = {
	[0] = "success",
	[-ARCOV_ENOMEM] = "out of memory",
	[-ARCOV_EIO] = "input/output error",
	[-ARCOV_ETRUNC] = "file truncated",
	[-ARCOV_EMAGIC] = "bad magic number",
	[-ARCOV_EFORMAT] = "malformed data",
	[-ARCOV_ERANGE] = "value out of range",
	[-ARCOV_EMISMATCH] = "notes and data do not match",
	[-ARCOV_EUNSOLVABLE] = "flow graph cannot be solved",
	[-ARCOV_EINCONSISTENT] = "counts are inconsistent with the flow graph",
};

const char *arcov_strerror(int code)
{
	if (code > 0 || -code >= (int)(sizeof messages / sizeof messages[0]))
		return "unknown error";
	return messages[-code];
}

int arcov_errf(struct arcov_err *err, int code, const char *file, long offset,
	       const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (!err)
		return code;
	err->code = code;
	if (file)
		n = snprintf(err->msg, sizeof err->msg, "%s: ", file);
	if (offset >= 0 && n >= 0 && (size_t)n < sizeof err->msg)
		n += snprintf(err->msg + n, sizeof err->msg - n, "offset %ld: ",
			      offset);
	if (n >= 0 && (size_t)n < sizeof err->msg) {
		va_start(ap, fmt);
		vsnprintf(err->msg + n, sizeof err->msg - n, fmt, ap);
		va_end(ap);
	}
	return code;
}
