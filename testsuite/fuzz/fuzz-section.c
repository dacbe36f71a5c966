/* fuzz-section.c -- fuzz target: the reader of the .arcov_notes ELF
 * section's records (lib/notes-section.c, doc/notes-format.md §3).
 *
 * The input is the section's bytes.  Every record delivered must stand in
 * the input as it does in the format: "ARCOV", "1" and its four strings
 * one after another, the paths absolute and the .bbg one ending in
 * ".bbg".  Written back record by record, the records read back the same;
 * and a callback that stops the walk stops it at once.
 */
#include <config.h>

#include "fuzz.h"
#include "notes-section.h"
#include "sm.h"

#define RECORD_HEAD ARCOV_SECTION_MAGIC "\0" ARCOV_SECTION_VERSION

struct records {
	const uint8_t *data;	/* the input, NULL when reading back */
	size_t size;
	struct arcov_wr out;	/* the records written back */
	size_t n;
};

static int take(void *ctx, const char *const *paths)
{
	struct records *rs = ctx;
	size_t len = 0, i;

	for (i = 0; i < ARCOV_SECTION_NPATHS; i++) {
		len = strlen(paths[i]) + 1;
		FUZZ_CHECK(paths[i][0] == '/');
		if (rs->data) {
			FUZZ_CHECK((const uint8_t *)paths[i] >= rs->data &&
				   len <= (size_t)(rs->data + rs->size -
						   (const uint8_t *)paths[i]));
			if (i)
				FUZZ_CHECK(paths[i] == paths[i - 1] +
					   strlen(paths[i - 1]) + 1);
		}
		if (!i)
			arcov_wr_bytes(&rs->out, RECORD_HEAD,
				       sizeof RECORD_HEAD);
		arcov_wr_bytes(&rs->out, paths[i], len);
	}
	len = strlen(paths[ARCOV_SECTION_BBG]);
	FUZZ_CHECK(len >= 4 &&
		   !strcmp(paths[ARCOV_SECTION_BBG] + len - 4, ".bbg"));
	if (rs->data)
		FUZZ_CHECK((const uint8_t *)paths[0] - rs->data >=
			   (ptrdiff_t)sizeof RECORD_HEAD &&
			   !memcmp(paths[0] - sizeof RECORD_HEAD, RECORD_HEAD,
				   sizeof RECORD_HEAD));
	rs->n++;
	return 0;
}

static int stop(void *ctx, const char *const *paths)
{
	(*(size_t *)ctx)++;
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arcov_err err = { 0, "" };
	struct records rs = { .data = data, .size = size }, again = { .n = 0 };
	size_t calls = 0;
	char *copy;
	ssize_t n;
	int rc;

	arcov_wr_init_alloc(&rs.out, size);
	rc = arcov_section_parse((const char *)data, size, FUZZ_NAME, 0, take,
				 &rs, &err);
	if (rc) {
		fuzz_check_refusal(rc, &err);
		free(rs.out.data);
		return 0;
	}
	FUZZ_CHECK(arcov_section_parse((const char *)data, size, FUZZ_NAME, 0,
				       stop, &calls, &err) == (rs.n ? 1 : 0));
	FUZZ_CHECK(calls == (rs.n ? 1 : 0));
	n = arcov_wr_result(&rs.out);
	FUZZ_CHECK(n >= 0 && (size_t)n <= size);
	/* The records alone, in an exact-size block. */
	copy = fuzz_alloc((size_t)n);
	if (n)
		memcpy(copy, rs.out.data, (size_t)n);
	arcov_wr_init_alloc(&again.out, (size_t)n);
	FUZZ_CHECK(arcov_section_parse(copy, (size_t)n, FUZZ_NAME, 0, take,
				       &again, &err) == 0);
	FUZZ_CHECK(again.n == rs.n && arcov_wr_result(&again.out) == n &&
		   (!n || !memcmp(again.out.data, copy, (size_t)n)));
	free(copy);
	free(again.out.data);
	free(rs.out.data);
	return 0;
}
