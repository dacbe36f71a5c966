/* fuzz-da.c -- fuzz target: the .da reader (lib/da.c) and the search of
 * its extension tails (lib/da-ext.c).
 *
 * An accepted input is written back byte for byte by both writers (sized
 * and one-pass) and block by block.  Each block's extension tail is
 * searched for every tag it holds; an entry found lies inside the tail,
 * and a tail holding just one well-padded run label is exactly what
 * arcov_ext_label_tail() builds for that label.
 */
#include <config.h>

#include "da.h"
#include "da-ext.h"
#include "fuzz.h"
#include "sm.h"

/* The tail of @blk, searched for the tags of its first entries. */
static void check_tail(const struct arcov_da_block *blk)
{
	const unsigned char *payload;
	unsigned char *label_tail;
	uint32_t n, len, pos;
	char *label;
	int rc;

	rc = arcov_ext_find(blk->ext_tail, blk->ext_tail_len, ARCOV_EXT_LABEL,
			    &payload, &n);
	FUZZ_CHECK(rc == 0 || rc == 1 || rc == ARCOV_EFORMAT);
	if (rc == 0) {
		FUZZ_CHECK(payload >= blk->ext_tail &&
			   n <= blk->ext_tail_len - (payload - blk->ext_tail));
		/* A tail of this one entry, padding zero, no NUL inside. */
		if (payload == blk->ext_tail + 2 * ARCOV_WORD &&
		    blk->ext_tail_len == 2 * ARCOV_WORD + (n + 3) / 4 * 4 &&
		    !memchr(payload, 0, n)) {
			for (pos = 2 * ARCOV_WORD + n; pos < blk->ext_tail_len;
			     pos++)
				if (blk->ext_tail[pos])
					return;
			label = fuzz_alloc((size_t)n + 1);
			memcpy(label, payload, n);
			label[n] = 0;
			FUZZ_CHECK(arcov_ext_label_tail(label, &label_tail,
							&len) == 0);
			FUZZ_CHECK(len == blk->ext_tail_len &&
				   !memcmp(label_tail, blk->ext_tail, len));
			free(label_tail);
			free(label);
		}
	}
	/* Other tags: the first entry's, and one no entry is likely to have. */
	if (blk->ext_tail_len >= ARCOV_WORD) {
		int64_t tag = arcov_sm_decode(blk->ext_tail, ARCOV_WORD);

		if (tag > 0)
			FUZZ_CHECK(arcov_ext_find(blk->ext_tail,
						  blk->ext_tail_len,
						  (int32_t)tag, &payload,
						  &n) != 1);
	}
	rc = arcov_ext_find(blk->ext_tail, blk->ext_tail_len, INT32_MAX,
			    &payload, &n);
	FUZZ_CHECK(rc == 0 || rc == 1 || rc == ARCOV_EFORMAT);
}

/* Block by block, the writer gives the input's bytes in order. */
static void check_blocks(const struct arcov_da *da, const uint8_t *data,
			 size_t size)
{
	size_t i, at = 0;

	for (i = 0; i < da->nblocks; i++) {
		const struct arcov_da_block *blk = &da->blocks[i];
		ssize_t n = arcov_da_block_write(blk, NULL, 0);

		FUZZ_CHECK(n > 0 && blk->offset == at &&
			   (size_t)n <= size - at);
		FUZZ_CHECK_WRITE_BACK(arcov_da_block_write, blk, data + at,
				      (size_t)n);
		check_tail(blk);
		at += (size_t)n;
	}
	FUZZ_CHECK(at == size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arcov_err err = { 0, "" };
	struct arcov_da da = { 0 };
	unsigned char *buf;
	ssize_t n;
	int rc;

	/* An empty image may come without a buffer (a missing optional
	 * file, arcov_file_slurp_optional()). */
	if (!size)
		data = NULL;

	rc = arcov_da_read(&da, data, size, FUZZ_NAME, &err);
	if (rc) {
		fuzz_check_refusal(rc, &err);
		arcov_da_free(&da);
		return 0;
	}
	FUZZ_CHECK_WRITE_BACK(arcov_da_write, &da, data, size);
	/* A hint of 1 makes the one-pass writer grow from the start. */
	n = arcov_da_write_alloc(&da, 1, &buf);
	FUZZ_CHECK(n == (ssize_t)size && buf && !memcmp(buf, data, size));
	free(buf);
	check_blocks(&da, data, size);
	arcov_da_free(&da);
	return 0;
}
