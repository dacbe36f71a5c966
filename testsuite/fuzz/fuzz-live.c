/* fuzz-live.c -- fuzz target: the live file reader of continuous mode
 * (lib/live.c, doc/live-file.md), which the runtime uses on the live
 * files of dead processes.
 *
 * An accepted input's header is written back byte for byte from the
 * model, its functions' counters add up to the object's, and its arrays
 * lie within the input.
 */
#include <config.h>

#include "fuzz.h"
#include "live.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arcov_err err = { 0, "" };
	struct arcov_live lv;
	unsigned char *back;
	uint64_t sum = 0;
	uint32_t i;
	long n;
	int rc;

	rc = arcov_live_read(&lv, data, size, FUZZ_NAME, &err);
	if (rc) {
		FUZZ_CHECK(rc < 0 && err.code == rc && err.msg[0]);
		arcov_live_free(&lv);
		return 0;
	}
	FUZZ_CHECK(arcov_live_file_size(lv.header_size, lv.ncounters) <= size);
	for (i = 0; i < lv.nfns; i++)
		sum += lv.fns[i].ncounters;
	FUZZ_CHECK(sum == lv.ncounters);
	n = arcov_live_header(&lv, NULL, 0);
	FUZZ_CHECK(n == (long)lv.header_size);
	back = malloc((size_t)n);
	FUZZ_CHECK(back != NULL);
	FUZZ_CHECK(arcov_live_header(&lv, back, (size_t)n) == n);
	FUZZ_CHECK(!memcmp(back, data, (size_t)n));
	free(back);
	arcov_live_free(&lv);
	return 0;
}
