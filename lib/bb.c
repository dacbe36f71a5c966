/* bb.c -- the .bb block-to-line file (doc/formats.md §2): reader and writer.
 *
 * The reader accepts exactly the word streams the writer produces (the
 * cursor of sm.c already refuses the one integer with two spellings,
 * negative zero), so any file it accepts is written back byte for byte.
 * A .bb has no header, counts or terminator: every array grows as words
 * arrive, and each element costs at least one 4-byte word of input, which
 * bounds memory by the size of the file.
 */
#include <config.h>

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bb.h"
#include "sm.h"

/* Reader state beyond the cursor: a hash index of bb->files, so that a
 * file naming many distinct sources is still read in linear time. */
struct bb_parse {
	struct arcov_rd r;
	struct arcov_bb *bb;
	uint32_t *slots;	/* file number + 1; 0 marks a free slot */
	size_t nslots;		/* a power of two, more than twice nfiles */
};

/*
 * Make room for element @n of @arr, an array that only ever grows here,
 * one element at a time from empty: its capacity is then the smallest power
 * of two >= @n, so it needs to double exactly when @n is a power of two.
 * Returns the array, moved or not, or NULL (with @arr intact) on ENOMEM.
 */
static void *make_room(void *arr, size_t n, size_t elsize)
{
	size_t cap = n ? 2 * n : 1;

	if (n & (n - 1))
		return arr;
	if (cap > SIZE_MAX / elsize)
		return NULL;
	return realloc(arr, cap * elsize);
}

static int parse_nomem(struct bb_parse *p, size_t at)
{
	return arcov_rd_fail(&p->r, ARCOV_ENOMEM, at, "out of memory");
}

static int add_block(struct bb_parse *p, size_t at)
{
	struct arcov_bb_fn *fn = &p->bb->fns[p->bb->nfns - 1];
	struct arcov_bb_block *blocks, *blk;

	blocks = make_room(fn->blocks, fn->nblocks, sizeof *blocks);
	if (!blocks)
		return parse_nomem(p, at);
	fn->blocks = blocks;
	blk = &blocks[fn->nblocks++];
	blk->offset = at;
	blk->nitems = 0;
	blk->items = NULL;
	return 0;
}

static int add_item(struct bb_parse *p, size_t at, uint32_t line,
		    uint32_t file)
{
	struct arcov_bb_fn *fn = &p->bb->fns[p->bb->nfns - 1];
	struct arcov_bb_block *blk = &fn->blocks[fn->nblocks - 1];
	struct arcov_bb_item *items, *it;

	items = make_room(blk->items, blk->nitems, sizeof *items);
	if (!items)
		return parse_nomem(p, at);
	blk->items = items;
	it = &items[blk->nitems++];
	it->line = line;
	it->file = file;
	return 0;
}

/* The function marker at @at has been read; its name follows. */
static int read_fn_marker(struct bb_parse *p, size_t at)
{
	struct arcov_bb *bb = p->bb;
	struct arcov_bb_fn *fns, *fn;
	char *name;
	int rc;

	rc = arcov_rd_delimited_tail(&p->r, ARCOV_SEP_FN, &name,
				     "function name");
	if (rc)
		return rc;
	fns = make_room(bb->fns, bb->nfns, sizeof *fns);
	if (!fns) {
		free(name);
		return parse_nomem(p, at);
	}
	bb->fns = fns;
	fn = &fns[bb->nfns++];
	memset(fn, 0, sizeof *fn);
	fn->offset = at;
	fn->name = name;
	/* Block 0 is what stands between the marker and the first 0. */
	return add_block(p, at);
}

static size_t name_hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)h;
}

/* Slot of @name in the index: the one holding it, or the free one where
 * it belongs. */
static size_t find_slot(const struct bb_parse *p, const char *name)
{
	size_t mask = p->nslots - 1, i = name_hash(name) & mask;

	while (p->slots[i] && strcmp(p->bb->files[p->slots[i] - 1], name))
		i = (i + 1) & mask;
	return i;
}

/* Double the index (or create it) and re-enter every file name. */
static int grow_index(struct bb_parse *p)
{
	size_t n = p->nslots ? 2 * p->nslots : 16, i;
	uint32_t *old = p->slots;

	if (n > SIZE_MAX / sizeof *p->slots)
		return ARCOV_ENOMEM;
	p->slots = calloc(n, sizeof *p->slots);
	if (!p->slots) {
		p->slots = old;
		return ARCOV_ENOMEM;
	}
	p->nslots = n;
	for (i = 0; i < p->bb->nfiles; i++)
		p->slots[find_slot(p, p->bb->files[i])] = (uint32_t)i + 1;
	free(old);
	return 0;
}

/* The file marker at @at has been read; its name follows. */
static int read_file_marker(struct bb_parse *p, size_t at)
{
	struct arcov_bb *bb = p->bb;
	char **files, *name;
	size_t slot;
	int rc;

	rc = arcov_rd_delimited_tail(&p->r, ARCOV_SEP_FILE, &name,
				     "file name");
	if (rc)
		return rc;
	if (2 * (bb->nfiles + 1) > p->nslots && grow_index(p))
		goto nomem;
	slot = find_slot(p, name);
	if (p->slots[slot]) {
		free(name);
	} else {
		files = make_room(bb->files, bb->nfiles, sizeof *files);
		if (!files)
			goto nomem;
		bb->files = files;
		files[bb->nfiles] = name;
		p->slots[slot] = (uint32_t)++bb->nfiles;
	}
	return add_item(p, at, 0, p->slots[slot] - 1);

nomem:
	free(name);
	return parse_nomem(p, at);
}

static int read_word(struct bb_parse *p)
{
	size_t at = p->r.pos;
	int32_t w;
	int rc;

	rc = arcov_rd_word(&p->r, &w, "line number or marker");
	if (rc)
		return rc;
	if (w == ARCOV_SEP_FN)
		return read_fn_marker(p, at);
	if (w < ARCOV_SEP_FN)
		return arcov_rd_fail(&p->r, ARCOV_EFORMAT, at,
				     "invalid word %ld: lines are positive, markers are -1 and -2",
				     (long)w);
	/* GCC writes the function marker first; a file marker before it
	 * would belong to no block of the model, so it is refused too. */
	if (!p->bb->nfns) {
		if (w > 0)
			return arcov_rd_fail(&p->r, ARCOV_EFORMAT, at,
					     "line number %ld before the first function marker",
					     (long)w);
		return arcov_rd_fail(&p->r, ARCOV_EFORMAT, at,
				     "%s before the first function marker",
				     w ? "file marker" : "block separator");
	}
	if (w == ARCOV_SEP_FILE)
		return read_file_marker(p, at);
	if (w > 0)
		return add_item(p, at, (uint32_t)w, 0);
	return add_block(p, at);
}

/* Whether @size bytes hold more words than a uint32_t counts; a function
 * of a uint64_t, so that 32-bit targets (where it is always false) build
 * without a warning. */
static int too_many_words(uint64_t size)
{
	return size / ARCOV_WORD > UINT32_MAX;
}

int arcov_bb_read(struct arcov_bb *bb, const void *data, size_t size,
		  const char *name, struct arcov_err *err)
{
	struct bb_parse p = { .bb = bb };
	int rc = 0;

	arcov_rd_init(&p.r, data, size, name, err);
	/* Item and block counts are uint32_t; one word each keeps them so. */
	if (too_many_words(size))
		return arcov_rd_fail(&p.r, ARCOV_ERANGE, 0,
				     "%zu bytes is too large for a .bb file",
				     size);
	while (!rc && arcov_rd_left(&p.r))
		rc = read_word(&p);
	free(p.slots);
	return rc;
}

static int write_fn(struct arcov_wr *w, const struct arcov_bb *bb,
		    const struct arcov_bb_fn *fn)
{
	uint32_t b, i;

	/* Block 0 has no 0 word of its own: the marker opens it. */
	if (!fn->nblocks)
		return ARCOV_EFORMAT;
	arcov_wr_delimited_string(w, ARCOV_SEP_FN, fn->name);
	for (b = 0; b < fn->nblocks; b++) {
		const struct arcov_bb_block *blk = &fn->blocks[b];

		if (b)
			arcov_wr_word(w, 0);
		for (i = 0; i < blk->nitems; i++) {
			const struct arcov_bb_item *it = &blk->items[i];

			if (it->line) {
				arcov_wr_word(w, it->line);
				continue;
			}
			if (it->file >= bb->nfiles)
				return ARCOV_EFORMAT;
			arcov_wr_delimited_string(w, ARCOV_SEP_FILE,
						  bb->files[it->file]);
		}
	}
	return 0;
}

ssize_t arcov_bb_write(const struct arcov_bb *bb, void *buf, size_t cap)
{
	struct arcov_wr w;
	size_t f;
	int rc;

	arcov_wr_init(&w, buf, cap);
	for (f = 0; f < bb->nfns; f++) {
		rc = write_fn(&w, bb, &bb->fns[f]);
		if (rc)
			return rc;
	}
	return arcov_wr_result(&w);
}

int arcov_bb_intern_file(struct arcov_bb *bb, const char *file)
{
	char **files, *copy;
	size_t i;

	/* A linear search: writers handle a few files per translation unit,
	 * and the reader, which must cope with any number, has its index. */
	for (i = 0; i < bb->nfiles; i++)
		if (!strcmp(bb->files[i], file))
			return (int)i;
	if (bb->nfiles >= INT_MAX)
		return ARCOV_ERANGE;
	copy = strdup(file);
	if (!copy)
		return ARCOV_ENOMEM;
	/* Exact growth: bb->files may come from the reader or the caller,
	 * so its spare capacity is unknown. */
	files = realloc(bb->files, (bb->nfiles + 1) * sizeof *files);
	if (!files) {
		free(copy);
		return ARCOV_ENOMEM;
	}
	files[bb->nfiles] = copy;
	bb->files = files;
	return (int)bb->nfiles++;
}

void arcov_bb_free(struct arcov_bb *bb)
{
	size_t f;
	uint32_t b;

	for (f = 0; f < bb->nfns; f++) {
		struct arcov_bb_fn *fn = &bb->fns[f];

		for (b = 0; b < fn->nblocks; b++)
			free(fn->blocks[b].items);
		free(fn->blocks);
		free(fn->name);
	}
	free(bb->fns);
	for (f = 0; f < bb->nfiles; f++)
		free(bb->files[f]);
	free(bb->files);
	memset(bb, 0, sizeof *bb);
}
