/* percent.c -- gcov 3.3's and gcov 12's percentage formats. */
#include <config.h>

#include <inttypes.h>
#include <stdio.h>

#include "percent.h"

const char *arcov_format_hwint(uint64_t top, uint64_t bottom, int dp,
			       char buf[ARCOV_PERCENT_MAX])
{
	float ratio, scaled;
	unsigned limit = 100, percent;
	int ix;

	if (dp < 0) {
		snprintf(buf, ARCOV_PERCENT_MAX, "%" PRIu64, top);
		return buf;
	}
	/* Each step is stored to a float: no excess precision. */
	ratio = bottom ? (float)top / (float)bottom : 0;
	for (ix = dp; ix--;)
		limit *= 10;
	scaled = ratio * (float)limit;
	scaled = scaled + 0.5f;
	percent = (unsigned)scaled;
	if (percent == 0 && top)
		percent = 1;
	else if (percent >= limit && top != bottom)
		percent = limit - 1;
	ix = snprintf(buf, ARCOV_PERCENT_MAX - 1, "%.*u%%", dp + 1, percent);
	if (dp) {
		/* Shift the last dp digits and the '%' right by one. */
		dp++;
		do {
			buf[ix + 1] = buf[ix];
			ix--;
		} while (dp--);
		buf[ix + 1] = '.';
	}
	return buf;
}

const char *arcov_format_gcov(int64_t top, int64_t bottom, int dp,
			      char buf[ARCOV_PERCENT_MAX])
{
	float ratio = 0;

	if (dp < 0) {
		snprintf(buf, ARCOV_PERCENT_MAX, "%" PRId64, top);
		return buf;
	}
	if (bottom) {
		ratio = 100.0f * (float)top;
		ratio = ratio / (float)bottom;
	}
	if (ratio > 0.0f && ratio < 0.5f && dp == 0)
		ratio = 1.0f;
	snprintf(buf, ARCOV_PERCENT_MAX, "%.*f%%", dp, (double)ratio);
	return buf;
}
