/* fuzz-bb.c -- fuzz target: the .bb reader (lib/bb.c).
 *
 * An accepted input is written back byte for byte, and its file table
 * holds each name once: interning a name it has returns that name's index
 * (the reader's hash index and the writer's linear search agree).
 */
#include <config.h>

#include "bb.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arcov_err err = { 0, "" };
	struct arcov_bb bb = { 0 };
	size_t f;
	int rc;

	/* An empty image may come without a buffer (a missing optional
	 * file, arcov_file_slurp_optional()). */
	if (!size)
		data = NULL;

	rc = arcov_bb_read(&bb, data, size, FUZZ_NAME, &err);
	if (rc) {
		fuzz_check_refusal(rc, &err);
		arcov_bb_free(&bb);
		return 0;
	}
	FUZZ_CHECK_WRITE_BACK(arcov_bb_write, &bb, data, size);
	for (f = 0; f < bb.nfiles; f++)
		FUZZ_CHECK(arcov_bb_intern_file(&bb, bb.files[f]) == (int)f);
	arcov_bb_free(&bb);
	return 0;
}
