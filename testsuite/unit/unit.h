/* unit.h -- helpers shared by the cmocka unit tests.
 *
 * Golden bytes are written in the tests as doc/formats.md prints them (xxd -g4
 * groups, e.g. "7b000080 01000000"), so a test reads like the spec.
 */
#ifndef ARCOV_UNIT_H
#define ARCOV_UNIT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "error.h"

/* Decode hex digits, ignoring white space; returns a malloc'd buffer. */
static inline unsigned char *unit_unhex(const char *hex, size_t *len)
{
	unsigned char *buf = malloc(strlen(hex) / 2 + 1);
	size_t n = 0;
	int hi = -1;

	assert_non_null(buf);
	for (; *hex; hex++) {
		int d;

		if (*hex >= '0' && *hex <= '9')
			d = *hex - '0';
		else if (*hex >= 'a' && *hex <= 'f')
			d = *hex - 'a' + 10;
		else if (*hex >= 'A' && *hex <= 'F')
			d = *hex - 'A' + 10;
		else
			continue;
		if (hi < 0) {
			hi = d;
		} else {
			buf[n++] = (unsigned char)(hi << 4 | d);
			hi = -1;
		}
	}
	assert_int_equal(hi, -1);
	*len = n;
	return buf;
}

/* Assert that @size bytes at @got equal the hex string @want. */
#define assert_bytes_hex(got, size, want)                                  \
	do {                                                               \
		size_t unit_n_;                                            \
		unsigned char *unit_w_ = unit_unhex((want), &unit_n_);     \
		assert_int_equal((size), unit_n_);                         \
		assert_memory_equal((got), unit_w_, unit_n_);              \
		free(unit_w_);                                             \
	} while (0)

/* A reader under test: parse @size bytes, free everything, return status. */
typedef int (*unit_reader_fn)(const void *data, size_t size,
			      struct arcov_err *err);

/*
 * Feed every proper prefix of @data (lengths 1 .. size-1, and 0 unless
 * @empty_ok) to @reader and require a clean failure with a message naming
 * @name.  Each prefix is copied to its own exact-size heap block so
 * AddressSanitizer catches any read past the end.
 */
static inline void unit_check_truncations(unit_reader_fn reader,
					  const unsigned char *data,
					  size_t size, int empty_ok,
					  const char *name)
{
	size_t cut;

	for (cut = empty_ok ? 1 : 0; cut < size; cut++) {
		struct arcov_err err = { 0, "" };
		unsigned char *copy = malloc(cut ? cut : 1);
		int rc;

		assert_non_null(copy);
		memcpy(copy, data, cut);
		rc = reader(copy, cut, &err);
		free(copy);
		if (rc >= 0)
			fail_msg("prefix of %zu bytes was accepted", cut);
		assert_int_equal(err.code, rc);
		assert_non_null(strstr(err.msg, name));
	}
}

#endif
