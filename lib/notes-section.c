/* notes-section.c -- the reader of the .arcov_notes section's records
 * (doc/notes-format.md §3).  The plugin writes them as assembler text.
 */
#include <config.h>

#include <string.h>

#include "notes-section.h"

/* The string at @pos of the @size bytes at @data, and where the next one
 * starts; NULL when it runs past the end. */
static const char *next_string(const char *data, size_t size, size_t *pos)
{
	const char *s = data + *pos;
	const char *nul = memchr(s, 0, size - *pos);

	if (!nul)
		return NULL;
	*pos = (size_t)(nul - data) + 1;
	return s;
}

int arcov_section_parse(const char *data, size_t size, const char *name,
			size_t base,
			int (*each)(void *ctx, const char *const *paths),
			void *ctx, struct arcov_err *err)
{
	const char *paths[ARCOV_SECTION_NPATHS];
	size_t offs[ARCOV_SECTION_NPATHS];
	size_t pos = 0, at, record;
	const char *s;
	int i, r;

	while (pos < size) {
		at = record = pos;
		s = next_string(data, size, &pos);
		if (!s)
			goto unterminated;
		if (strcmp(s, ARCOV_SECTION_MAGIC))
			continue;
		at = pos;
		s = next_string(data, size, &pos);
		if (!s)
			goto unterminated;
		if (strcmp(s, ARCOV_SECTION_VERSION))
			continue;
		for (i = 0; i < ARCOV_SECTION_NPATHS; i++) {
			if (pos == size)
				return arcov_errf(err, ARCOV_ETRUNC, name,
						  (long)(base + record),
						  ARCOV_SECTION_NAME " record "
						  "ends after %d of its %d "
						  "paths", i,
						  ARCOV_SECTION_NPATHS);
			at = offs[i] = pos;
			paths[i] = next_string(data, size, &pos);
			if (!paths[i])
				goto unterminated;
			if (paths[i][0] != '/')
				return arcov_errf(err, ARCOV_EFORMAT, name,
						  (long)(base + at),
						  ARCOV_SECTION_NAME " path "
						  "'%s' is not absolute",
						  paths[i]);
		}
		s = strrchr(paths[ARCOV_SECTION_BBG], '.');
		if (!s || strcmp(s, ".bbg"))
			return arcov_errf(err, ARCOV_EFORMAT, name,
					  (long)(base + offs[ARCOV_SECTION_BBG]),
					  ARCOV_SECTION_NAME " path '%s' does "
					  "not end in .bbg",
					  paths[ARCOV_SECTION_BBG]);
		r = each(ctx, paths);
		if (r)
			return r;
	}
	return 0;

unterminated:
	return arcov_errf(err, ARCOV_ETRUNC, name, (long)(base + at),
			  ARCOV_SECTION_NAME " string runs past the end of the section");
}
