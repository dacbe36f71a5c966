/* fuzz-notes.c -- fuzz target: the .arcov-notes reader (lib/arcov-notes.c).
 *
 * An accepted input is written back byte for byte.
 */
#include <config.h>

#include "arcov-notes.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arcov_err err = { 0, "" };
	struct arcov_notes notes = { 0 };
	int rc;

	/* An empty image may come without a buffer (a missing optional
	 * file, arcov_file_slurp_optional()). */
	if (!size)
		data = NULL;

	rc = arcov_notes_read(&notes, data, size, FUZZ_NAME, &err);
	if (rc) {
		fuzz_check_refusal(rc, &err);
		arcov_notes_free(&notes);
		return 0;
	}
	FUZZ_CHECK_WRITE_BACK(arcov_notes_write, &notes, data, size);
	arcov_notes_free(&notes);
	return 0;
}
