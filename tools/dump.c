/* dump.c -- arcov-dump's printer: .bb, .bbg and .da files in readable form.
 *
 * The output is for people to read and for scripts to grep, and is kept
 * stable.  Each file gives one header line
 *
 *   FILE: KIND, N bytes, COUNTS
 *
 * and then one record per line: two spaces, the record's byte offset in
 * the file as (at least) eight hex digits, a colon, and the record indented
 * by two spaces per level of nesting.  Numbers are decimal unless written
 * 0x...; "1 arc" but "2 arcs".  Names are quoted with '...' and every ',
 * \ and byte outside printable ASCII escaped C-style (\' \\ \ooo), so a
 * record never spans lines whatever the file holds.
 *
 * .bb (doc/formats.md §2); header "line table, N bytes, F functions,
 * S source files" (S = distinct file names):
 *
 *   OFF: function 'NAME', B blocks          OFF of the -2 marker
 *   OFF:   block K: ITEMS                   OFF of block K's 0 word; block
 *                                           0 (before the first 0 word)
 *                                           shares the marker's offset
 *
 *   ITEMS is "no lines", or in stream order and comma-separated:
 *   "file 'NAME'" for a file marker and "line L" / "lines L L ..." for a
 *   run of line numbers.  A block that starts with a line number first
 *   says "in 'NAME'": the file set by a marker in an earlier block or
 *   function, which is still in effect (§2.2 rule 2).
 *
 * .bbg (§3); header "flow graph, N bytes, F functions":
 *
 *   OFF: function 'NAME' checksum C (0xC), B blocks, A arcs, K counters
 *   OFF:   block K: A arcs                  OFF of the block's arc count;
 *                                           "block 0 (entry)" and the last
 *                                           block "(exit)"
 *   OFF:     arc S -> D flags 0xF[ on-tree][ fake][ fallthrough][, counter #I]
 *
 *   A counts every arc, the exit->entry loopback included.  I numbers the
 *   arcs without on-tree in file order, which is the index of the arc's
 *   counter in the function's .da record (§3.3).
 *
 * .da (§4); header "counts, N bytes, B data blocks":
 *
 *   OFF: data block K: F functions, extension E bytes    OFF of the magic
 *   OFF:   program: A arcs, sum S, max M
 *   OFF:   object: A arcs, sum S, max M
 *   OFF:   extension tail: T bytes          only when E > 40; then the
 *   OFF:     HHHHHHHH HHHHHHHH ...          bytes in hex, 16 a line
 *   OFF:     run label 'LABEL'              its label entry, if any
 *   OFF:     build stamp N                  its stamp entry, if any
 *                                           (bytes outside printable
 *                                           ASCII, ' and \ as \ooo)
 *   OFF:   function 'NAME' checksum C (0xC), K counters   OFF of the record
 *   OFF:     counter #I: V
 *
 * For example the .bbg of doc/formats.md §3.6 starts
 *
 *   t.bbg: flow graph, 88 bytes, 1 function
 *     00000000: function 'f' checksum 1040 (0x410), 4 blocks, 5 arcs, 2 counters
 *     0000001c:   block 0 (entry): 1 arc
 *     00000020:     arc 0 -> 1 flags 0x4 fallthrough, counter #0
 *
 * A file is parsed completely before its header is printed, so a malformed
 * file prints nothing here; the caller reports the error.
 */
#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bb.h"
#include "bbg.h"
#include "da.h"
#include "da-ext.h"
#include "dump.h"
#include "fileio.h"
#include "sm.h"

enum dump_kind { DUMP_BB, DUMP_BBG, DUMP_DA };

/* Bytes of the extension tail shown on one line. */
#define TAIL_LINE 16

static const char *plural(uint64_t n)
{
	return n == 1 ? "" : "s";
}

/* Start a record: offset, then two spaces of indent per @depth. */
static void put_offset(FILE *out, size_t offset, int depth)
{
	fprintf(out, "  %08zx: %*s", offset, 2 * depth, "");
}

/* Names come from the file and may hold any byte but NUL; escaping keeps
 * each record on one line and the output plain ASCII. */
static void put_name(FILE *out, const char *s)
{
	const unsigned char *p;

	fputc('\'', out);
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p == '\'' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p < 0x20 || *p > 0x7e)
			fprintf(out, "\\%03o", *p);
		else
			fputc(*p, out);
	}
	fputc('\'', out);
}

/* Offset of whatever follows a counted string (§1.4b) starting at @at. */
static size_t after_counted_string(size_t at, const char *s)
{
	return at + 3 * ARCOV_WORD + arcov_str_padded(strlen(s));
}

/* ---- .bb ---- */

/* One block's items; @cur is the file in effect, carried across blocks
 * and functions because markers appear only when the file changes. */
static void dump_bb_block(FILE *out, const struct arcov_bb *bb,
			  const struct arcov_bb_block *blk, uint32_t k,
			  const char **cur)
{
	const char *sep = " ";
	uint32_t i, j;

	put_offset(out, blk->offset, 1);
	fprintf(out, "block %" PRIu32 ":", k);
	if (!blk->nitems) {
		fputs(" no lines\n", out);
		return;
	}
	if (blk->items[0].line && *cur) {
		fputs(" in ", out);
		put_name(out, *cur);
		sep = ", ";
	}
	for (i = 0; i < blk->nitems; i = j) {
		fputs(sep, out);
		sep = ", ";
		if (!blk->items[i].line) {
			*cur = bb->files[blk->items[i].file];
			fputs("file ", out);
			put_name(out, *cur);
			j = i + 1;
			continue;
		}
		for (j = i; j < blk->nitems && blk->items[j].line; j++)
			;
		fprintf(out, "line%s", plural(j - i));
		for (; i < j; i++)
			fprintf(out, " %" PRIu32, blk->items[i].line);
	}
	fputc('\n', out);
}

static int dump_bb(FILE *out, const char *path, const unsigned char *data,
		   size_t size, struct arcov_err *err)
{
	struct arcov_bb bb = { 0 };
	const char *cur = NULL;
	size_t f;
	uint32_t k;
	int rc;

	rc = arcov_bb_read(&bb, data, size, path, err);
	if (rc < 0)
		goto free_bb;
	fprintf(out, "%s: line table, %zu bytes, %zu function%s, %zu source file%s\n",
		path, size, bb.nfns, plural(bb.nfns), bb.nfiles,
		plural(bb.nfiles));
	for (f = 0; f < bb.nfns; f++) {
		const struct arcov_bb_fn *fn = &bb.fns[f];

		put_offset(out, fn->offset, 0);
		fputs("function ", out);
		put_name(out, fn->name);
		fprintf(out, ", %" PRIu32 " block%s\n", fn->nblocks,
			plural(fn->nblocks));
		for (k = 0; k < fn->nblocks; k++)
			dump_bb_block(out, &bb, &fn->blocks[k], k, &cur);
	}
	rc = 0;
free_bb:
	arcov_bb_free(&bb);
	return rc;
}

/* ---- .bbg ---- */

static void dump_bbg_fn(FILE *out, const struct arcov_bbg_fn *fn)
{
	uint32_t b, i, counter = 0;

	put_offset(out, fn->offset, 0);
	fputs("function ", out);
	put_name(out, fn->name);
	fprintf(out, " checksum %" PRIu32 " (0x%" PRIx32 "), %" PRIu32
		" block%s, %" PRIu32 " arc%s, %" PRIu32 " counter%s\n",
		fn->checksum, fn->checksum, fn->nblocks, plural(fn->nblocks),
		fn->narcs, plural(fn->narcs), fn->ncounters,
		plural(fn->ncounters));
	for (b = 0; b < fn->nblocks; b++) {
		uint32_t first = fn->first_arc[b], end = fn->first_arc[b + 1];
		const char *label = b == 0 ? " (entry)" :
				    b == fn->nblocks - 1 ? " (exit)" : "";

		put_offset(out, fn->block_offset[b], 1);
		fprintf(out, "block %" PRIu32 "%s: %" PRIu32 " arc%s\n", b,
			label, end - first, plural(end - first));
		for (i = first; i < end; i++) {
			const struct arcov_bbg_arc *a = &fn->arcs[i];

			/* Arcs follow the count as (dest, flags) word pairs. */
			put_offset(out, fn->block_offset[b] + ARCOV_WORD +
				   (size_t)(i - first) * 2 * ARCOV_WORD, 2);
			fprintf(out, "arc %" PRIu32 " -> %" PRIu32
				" flags 0x%" PRIx32 "%s%s%s", b, a->dest,
				a->flags,
				a->flags & ARCOV_ARC_ON_TREE ? " on-tree" : "",
				a->flags & ARCOV_ARC_FAKE ? " fake" : "",
				a->flags & ARCOV_ARC_FALLTHROUGH ?
				" fallthrough" : "");
			if (!(a->flags & ARCOV_ARC_ON_TREE))
				fprintf(out, ", counter #%" PRIu32, counter++);
			fputc('\n', out);
		}
	}
}

static int dump_bbg(FILE *out, const char *path, const unsigned char *data,
		    size_t size, struct arcov_err *err)
{
	struct arcov_bbg bbg = { 0 };
	size_t f;
	int rc;

	rc = arcov_bbg_read(&bbg, data, size, path, err);
	if (rc < 0)
		goto free_bbg;
	fprintf(out, "%s: flow graph, %zu bytes, %zu function%s\n", path, size,
		bbg.nfns, plural(bbg.nfns));
	for (f = 0; f < bbg.nfns; f++)
		dump_bbg_fn(out, &bbg.fns[f]);
	rc = 0;
free_bbg:
	arcov_bbg_free(&bbg);
	return rc;
}

/* ---- .da ---- */

static void dump_da_summary(FILE *out, const char *what, size_t offset,
			    const struct arcov_da_summary *s)
{
	put_offset(out, offset, 1);
	fprintf(out, "%s: %" PRIu32 " arc%s, sum %" PRIu64 ", max %" PRIu64
		"\n", what, s->arcs, plural(s->arcs), s->sum, s->max);
}

static void dump_da_tail(FILE *out, size_t offset, const unsigned char *tail,
			 uint32_t len)
{
	const unsigned char *label;
	uint32_t i, n;

	put_offset(out, offset, 1);
	fprintf(out, "extension tail: %" PRIu32 " byte%s\n", len, plural(len));
	for (i = 0; i < len; i++) {
		if (i % TAIL_LINE == 0)
			put_offset(out, offset + i, 2);
		else if (i % ARCOV_WORD == 0)
			fputc(' ', out);
		fprintf(out, "%02x", tail[i]);
		if (i % TAIL_LINE == TAIL_LINE - 1 || i == len - 1)
			fputc('\n', out);
	}
	if (!arcov_ext_find(tail, len, ARCOV_EXT_LABEL, &label, &n)) {
		/* The run label, with every byte outside printable ASCII
		 * (and the quote and backslash) as \ooo. */
		put_offset(out, offset + (size_t)(label - tail), 2);
		fputs("run label '", out);
		for (i = 0; i < n; i++) {
			if (label[i] < 0x20 || label[i] > 0x7e ||
			    label[i] == '\'' || label[i] == '\\')
				fprintf(out, "\\%03o", label[i]);
			else
				fputc(label[i], out);
		}
		fputs("'\n", out);
	}
	if (arcov_ext_stamp(tail, len)) {
		/* The build stamp, which the extension notes name too. */
		const unsigned char *p;

		arcov_ext_find(tail, len, ARCOV_EXT_STAMP, &p, &n);
		put_offset(out, offset + (size_t)(p - tail), 2);
		fprintf(out, "build stamp %" PRIu32 "\n",
			arcov_ext_stamp(tail, len));
	}
}

static void dump_da_fn(FILE *out, const struct arcov_da_fn *fn)
{
	/* Counters follow the name, the checksum and the counter count. */
	size_t at = after_counted_string(fn->offset, fn->name) + 2 * ARCOV_WORD;
	uint32_t i;

	put_offset(out, fn->offset, 1);
	fputs("function ", out);
	put_name(out, fn->name);
	fprintf(out, " checksum %" PRIu32 " (0x%" PRIx32 "), %" PRIu32
		" counter%s\n", fn->checksum, fn->checksum, fn->ncounters,
		plural(fn->ncounters));
	for (i = 0; i < fn->ncounters; i++, at += ARCOV_COUNTER) {
		put_offset(out, at, 2);
		fprintf(out, "counter #%" PRIu32 ": %" PRIu64 "\n", i,
			fn->counters[i]);
	}
}

static void dump_da_block(FILE *out, const struct arcov_da_block *blk,
			  size_t k)
{
	/* Header: magic, function count, extension length; the extension
	 * holds the program triple, the object triple, then any tail. */
	size_t ext = blk->offset + 3 * ARCOV_WORD;
	size_t object = ext + ARCOV_WORD + 2 * ARCOV_COUNTER;
	uint32_t f;

	put_offset(out, blk->offset, 0);
	fprintf(out, "data block %zu: %" PRIu32 " function%s, extension %"
		PRIu64 " bytes\n", k, blk->nfns, plural(blk->nfns),
		(uint64_t)ARCOV_DA_EXT_STD + blk->ext_tail_len);
	dump_da_summary(out, "program", ext, &blk->program);
	dump_da_summary(out, "object", object, &blk->object);
	if (blk->ext_tail_len)
		dump_da_tail(out, ext + ARCOV_DA_EXT_STD, blk->ext_tail,
			     blk->ext_tail_len);
	for (f = 0; f < blk->nfns; f++)
		dump_da_fn(out, &blk->fns[f]);
}

static int dump_da(FILE *out, const char *path, const unsigned char *data,
		   size_t size, struct arcov_err *err)
{
	struct arcov_da da = { 0 };
	size_t k;
	int rc;

	rc = arcov_da_read(&da, data, size, path, err);
	if (rc < 0)
		goto free_da;
	fprintf(out, "%s: counts, %zu bytes, %zu data block%s\n", path, size,
		da.nblocks, plural(da.nblocks));
	for (k = 0; k < da.nblocks; k++)
		dump_da_block(out, &da.blocks[k], k);
	rc = 0;
free_da:
	arcov_da_free(&da);
	return rc;
}

/* ---- files ---- */

static int has_suffix(const char *path, const char *suffix)
{
	size_t n = strlen(path), m = strlen(suffix);

	return n >= m && !strcmp(path + n - m, suffix);
}

/* The suffix decides; failing that, only a .da identifies itself (the
 * others have no magic, so guessing could misread them). */
static int dump_kind(const char *path, const unsigned char *data, size_t size,
		     struct arcov_err *err)
{
	if (has_suffix(path, ".bb"))
		return DUMP_BB;
	if (has_suffix(path, ".bbg"))
		return DUMP_BBG;
	if (has_suffix(path, ".da"))
		return DUMP_DA;
	if (size >= ARCOV_WORD &&
	    arcov_sm_decode(data, ARCOV_WORD) == ARCOV_DA_MAGIC)
		return DUMP_DA;
	return arcov_errf(err, ARCOV_EFORMAT, path, -1,
			  "unknown file type: not named .bb, .bbg or .da and no .da magic");
}

int arcov_dump_file(FILE *out, const char *path, struct arcov_err *err)
{
	unsigned char *data;
	size_t size;
	int rc;

	/* Under the shared lock: a running program may be rewriting a .da
	 * in place (lib/fileio.h). */
	rc = arcov_file_read(path, ARCOV_FILE_SHARED, &data, &size, err);
	if (rc < 0)
		return rc;
	rc = dump_kind(path, data, size, err);
	switch (rc) {
	case DUMP_BB:
		rc = dump_bb(out, path, data, size, err);
		break;
	case DUMP_BBG:
		rc = dump_bbg(out, path, data, size, err);
		break;
	case DUMP_DA:
		rc = dump_da(out, path, data, size, err);
		break;
	}
	free(data);
	return rc;
}
