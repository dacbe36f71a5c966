/* percent.h -- the two ways gcov prints a share: gcov 3.3's format_hwint()
 * and gcov 12's format_gcov() (doc/formats.md §5.4, §5.9).  Both are single
 * precision, so their roundings are reproduced exactly here, once.
 */
#ifndef ARCOV_PERCENT_H
#define ARCOV_PERCENT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Room for any result, "-9223372036854775808" included. */
#define ARCOV_PERCENT_MAX 32

/**
 * arcov_format_hwint - gcov 3.3: @top/@bottom as a percentage with @dp
 * decimals, never "0%" for a non-zero @top nor "100%" unless top equals
 * bottom; a zero @bottom gives 0.  For @dp < 0, just @top.
 * Returns @buf.
 */
const char *arcov_format_hwint(uint64_t top, uint64_t bottom, int dp,
			       char buf[ARCOV_PERCENT_MAX]);

/**
 * arcov_format_gcov - gcov 12: "%.*f%%" of 100 * @top / @bottom, a small
 * non-zero share shown as 1% when @dp is 0, no other clamping.  For
 * @dp < 0, just @top.  Returns @buf.
 */
const char *arcov_format_gcov(int64_t top, int64_t bottom, int dp,
			      char buf[ARCOV_PERCENT_MAX]);

#ifdef __cplusplus
}
#endif

#endif
