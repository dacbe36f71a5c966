/* notes.cc -- the notes files of one translation unit: .bb and .bbg.
 *
 * Functions are added as the pass meets them; the files are written once,
 * at the end of the unit, through the format library (doc/formats.md §2, §3).
 * File names follow GCC 3.3's auxbase (§2.1): with -c/-S and -o OUT, OUT
 * without its suffix; otherwise the source's basename in the current
 * directory.  GCC 12's own aux_base_name already is that, except when
 * compiling and linking in one step, where the driver prefixes it with
 * "OUTPUT-"; that prefix is dropped here.
 */
#include "compat.h"
#include "arcov-plugin.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bb.h"
#include "fileio.h"

static struct arcov_bb notes_bb;
static struct arcov_bbg notes_bbg;
/* File of the last file marker written anywhere in the .bb (§2.2). */
static int notes_last_file = -1;
static char *notes_base;
static char *notes_da;

static char *strip_suffix(const char *name)
{
	char *s = xstrdup(name);
	char *dot = strrchr(s, '.');

	if (dot && dot > lbasename(s))
		*dot = '\0';
	return s;
}

/*
 * libtool compiles the PIC object of x.lo into .libs/x.o, and linking a
 * library or module named x removes .libs/x.* but for *.o and *.gcno; the
 * non-PIC x.o beside x.lo has notes of its own (calls may be replaced at
 * run time in PIC code, so the trees differ).  So the files of an object
 * in a directory named .libs go to its subdirectory arcov, which libtool
 * leaves alone (doc/notes-format.md §1).  @base is freed or returned.
 */
static char *outside_libtool_objdir(char *base)
{
	const char *name = lbasename(base);
	size_t dirlen = (size_t)(name - base);
	char *dir, *moved;

	if (dirlen < 6 || strncmp(name - 6, ".libs/", 6) ||
	    (dirlen > 6 && !IS_DIR_SEPARATOR(name[-7])))
		return base;
	dir = concat("", base, NULL);
	strcpy(dir + dirlen, "arcov");
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		warning(0, "arcov: cannot create %qs: %m", dir);
	moved = concat(dir, "/", name, NULL);
	free(dir);
	free(base);
	return moved;
}

/**
 * ap_notes_base - path of the notes files without their suffix.
 */
const char *ap_notes_base(void)
{
	const char *aux = aux_base_name;
	char *base;

	if (notes_base)
		return notes_base;
	if (aux && dump_dir_name && *dump_dir_name &&
	    !IS_DIR_SEPARATOR(dump_dir_name[strlen(dump_dir_name) - 1]) &&
	    !strncmp(aux, dump_dir_name, strlen(dump_dir_name)))
		aux += strlen(dump_dir_name);
	if (aux && *aux)
		base = xstrdup(aux);
	else
		base = strip_suffix(lbasename(main_input_filename));
	if (ap_opts.dir) {
		notes_base = concat(ap_opts.dir, "/", lbasename(base), NULL);
		free(base);
	} else {
		notes_base = outside_libtool_objdir(base);
	}
	return notes_base;
}

static char *absolute(const char *path, const char *suffix)
{
	if (IS_ABSOLUTE_PATH(path))
		return concat(path, suffix, NULL);
	return concat(getpwd(), "/", path, suffix, NULL);
}

/**
 * ap_da_path - absolute path of the .da file recorded in the object.
 */
const char *ap_da_path(void)
{
	if (!notes_da)
		notes_da = absolute(ap_notes_base(), ".da");
	return notes_da;
}

/* A (file, line) pair met in a block, with its position of first sight. */
struct line_ref {
	int file;
	uint32_t line;
	size_t seq;
};

static int line_ref_by_key(const void *pa, const void *pb)
{
	const struct line_ref *a = (const struct line_ref *)pa;
	const struct line_ref *b = (const struct line_ref *)pb;

	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int line_ref_by_seq(const void *pa, const void *pb)
{
	const struct line_ref *a = (const struct line_ref *)pa;
	const struct line_ref *b = (const struct line_ref *)pb;

	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static bool add_location(struct line_ref *refs, size_t *n, location_t loc)
{
	expanded_location xl;
	int file;

	if (RESERVED_LOCATION_P(loc))
		return true;
	xl = expand_location(loc);
	if (!xl.file || xl.line <= 0)
		return true;
	file = arcov_bb_intern_file(&notes_bb, xl.file);
	if (file < 0)
		return false;
	refs[*n].file = file;
	refs[*n].line = (uint32_t)xl.line;
	refs[*n].seq = *n;
	(*n)++;
	return true;
}

/*
 * The line list of one real block: the function's own line for the first
 * block (as GCC puts the opening brace there), every statement's line, and
 * the line of a goto the CFG builder folded into the block's only edge.
 * Each line appears once per block, since gcov 3.x adds a block's count
 * to a line once per occurrence.
 */
static bool fill_block(struct arcov_bb_block *blk, basic_block bb, bool first)
{
	size_t cap = 2, n = 0, i, k;
	struct line_ref *refs;
	gimple_stmt_iterator gsi;
	bool ok = true;

	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
		cap++;
	refs = XNEWVEC(struct line_ref, cap);
	if (first)
		ok = add_location(refs, &n,
				  DECL_SOURCE_LOCATION(current_function_decl));
	for (gsi = gsi_start_bb(bb); ok && !gsi_end_p(gsi); gsi_next(&gsi))
		if (!is_gimple_debug(gsi_stmt(gsi)))
			ok = add_location(refs, &n,
					  gimple_location(gsi_stmt(gsi)));
	if (ok && single_succ_p(bb))
		ok = add_location(refs, &n, single_succ_edge(bb)->goto_locus);
	if (!ok)
		goto free_refs;

	qsort(refs, n, sizeof *refs, line_ref_by_key);
	for (i = 0, k = 0; i < n; i++)
		if (i == 0 || refs[i].file != refs[k - 1].file ||
		    refs[i].line != refs[k - 1].line)
			refs[k++] = refs[i];
	qsort(refs, k, sizeof *refs, line_ref_by_seq);

	blk->items = XCNEWVEC(struct arcov_bb_item, 2 * k + 1);
	for (i = 0; i < k; i++) {
		if (refs[i].file != notes_last_file) {
			blk->items[blk->nitems++].file = (uint32_t)refs[i].file;
			notes_last_file = refs[i].file;
		}
		blk->items[blk->nitems++].line = refs[i].line;
	}
free_refs:
	XDELETEVEC(refs);
	return ok;
}

static bool add_bb_function(function *fun, const char *name, uint32_t nblocks)
{
	struct arcov_bb_fn *fn;
	basic_block bb;
	uint32_t b = 1;

	notes_bb.fns = XRESIZEVEC(struct arcov_bb_fn, notes_bb.fns,
				  notes_bb.nfns + 1);
	fn = &notes_bb.fns[notes_bb.nfns++];
	memset(fn, 0, sizeof *fn);
	fn->name = xstrdup(name);
	fn->nblocks = nblocks;
	fn->blocks = XCNEWVEC(struct arcov_bb_block, nblocks);
	FOR_EACH_BB_FN(bb, fun) {
		if (!fill_block(&fn->blocks[b], bb, b == 1))
			return false;
		b++;
	}
	return true;
}

static bool add_bbg_function(const char *name, const struct ap_graph *g)
{
	struct arcov_bbg_fn *fn;
	uint32_t nwritten = 0, k = 0;
	size_t i;
	int rc;

	for (i = 0; i < g->narcs; i++)
		nwritten += !g->arcs[i].ignore;
	notes_bbg.fns = XRESIZEVEC(struct arcov_bbg_fn, notes_bbg.fns,
				   notes_bbg.nfns + 1);
	fn = &notes_bbg.fns[notes_bbg.nfns];
	rc = arcov_bbg_fn_init(fn, name, g->checksum, g->nblocks, nwritten);
	if (rc < 0)
		goto fail;
	notes_bbg.nfns++;
	for (i = 0; i < g->narcs; i++) {
		if (g->arcs[i].ignore)
			continue;
		fn->arcs[k].src = g->arcs[i].src;
		fn->arcs[k].dest = g->arcs[i].dest;
		fn->arcs[k].flags = g->arcs[i].flags;
		k++;
	}
	rc = arcov_bbg_fn_finish(fn);
	if (rc < 0)
		goto fail;
	return true;
fail:
	error("arcov: cannot record the flow graph of %qs: %s", name,
	      arcov_strerror(rc));
	return false;
}

/**
 * ap_notes_add_function - record @fun's line lists and flow graph.
 * @fun:  the current function, its blocks compacted by ap_graph_build()
 * @name: assembler name written to both files
 * @g:    its graph
 * Returns false after a diagnostic.
 */
bool ap_notes_add_function(function *fun, const char *name,
			   const struct ap_graph *g)
{
	return add_bb_function(fun, name, g->nblocks) &&
	       add_bbg_function(name, g);
}

/**
 * ap_notes_graphs - the functions recorded so far, in counter order.
 */
const struct arcov_bbg *ap_notes_graphs(void)
{
	return &notes_bbg;
}

static void write_file(const char *path, ssize_t size,
		       ssize_t (*fill)(const void *, void *, size_t),
		       const void *model)
{
	struct arcov_err err;
	unsigned char *buf;
	int rc;

	if (size < 0) {
		error_at(UNKNOWN_LOCATION, "arcov: cannot encode %qs: %s",
			 path, arcov_strerror((int)size));
		return;
	}
	buf = XNEWVEC(unsigned char, size ? size : 1);
	if (fill(model, buf, (size_t)size) != size) {
		error_at(UNKNOWN_LOCATION, "arcov: cannot encode %qs", path);
		goto free_buf;
	}
	rc = arcov_file_replace(path, buf, (size_t)size, &err);
	if (rc < 0)
		error_at(UNKNOWN_LOCATION, "arcov: %s", err.msg);
free_buf:
	XDELETEVEC(buf);
}

static ssize_t fill_bb(const void *model, void *buf, size_t cap)
{
	return arcov_bb_write((const struct arcov_bb *)model, buf, cap);
}

static ssize_t fill_bbg(const void *model, void *buf, size_t cap)
{
	return arcov_bbg_write((const struct arcov_bbg *)model, buf, cap);
}

/**
 * ap_notes_write - write <base>.bb, <base>.bbg and <base>.arcov-notes.
 * An existing <base>.da is kept: the runtime appends a block when the
 * object changed, and the reporter reads only the records that match the
 * notes (doc/notes-format.md §1).
 */
void ap_notes_write(void)
{
	const char *base = ap_notes_base();
	char *path;

	path = concat(base, ".bb", NULL);
	write_file(path, arcov_bb_write(&notes_bb, NULL, 0), fill_bb,
		   &notes_bb);
	free(path);
	path = concat(base, ".bbg", NULL);
	write_file(path, arcov_bbg_write(&notes_bbg, NULL, 0), fill_bbg,
		   &notes_bbg);
	free(path);
	path = concat(base, ".arcov-notes", NULL);
	ap_ext_write(path);
	free(path);
}

/**
 * ap_notes_release - free everything this file holds.
 */
void ap_notes_release(void)
{
	arcov_bb_free(&notes_bb);
	arcov_bbg_free(&notes_bbg);
	free(notes_base);
	free(notes_da);
	notes_base = NULL;
	notes_da = NULL;
}
