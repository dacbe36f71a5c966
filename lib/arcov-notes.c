/* arcov-notes.c -- the .arcov-notes text file (doc/notes-format.md §2):
 * model, builder, reader, writer.
 *
 * The reader takes the file a line at a time and each line a field at a
 * time; it accepts only the spelling the writer produces, so that any
 * accepted file is written back byte for byte.
 */
#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arcov-notes.h"
#include "sm.h"

#define HEADER "arcov-notes "

/* Bytes a field string writes as \ooo: they would end the field or the
 * line, are the escape character, or are not plain ASCII. */
static int must_escape(unsigned char c)
{
	return c <= ' ' || c >= 0x7f || c == '\\';
}

/* ---- model and builder ---- */

/* @arr with room for element @n, or NULL if that needs memory there is
 * not.  The capacity is the smallest power of two >= @n (0 for n == 0),
 * so it never needs storing. */
static void *grow(void *arr, size_t n, size_t elem)
{
	if (n & (n - 1))
		return arr;
	if (n > SIZE_MAX / 2 / elem)
		return NULL;
	return realloc(arr, (n ? 2 * n : 1) * elem);
}

int arcov_notes_set_directory(struct arcov_notes *notes, const char *dir)
{
	char *copy = strdup(dir);

	if (!copy)
		return ARCOV_ENOMEM;
	free(notes->directory);
	notes->directory = copy;
	return 0;
}

int arcov_notes_add_fn(struct arcov_notes *notes, const char *name,
		       uint32_t checksum, uint32_t nblocks, const char *source)
{
	struct arcov_notes_fn *fn;

	fn = grow(notes->fns, notes->nfns, sizeof *fn);
	if (!fn)
		return ARCOV_ENOMEM;
	notes->fns = fn;
	fn += notes->nfns;
	memset(fn, 0, sizeof *fn);
	fn->name = strdup(name);
	fn->source = strdup(source);
	fn->statements = calloc(nblocks ? nblocks : 1, sizeof *fn->statements);
	fn->checksum = checksum;
	fn->nblocks = nblocks;
	/* Counted even when incomplete, so arcov_notes_free() releases it. */
	notes->nfns++;
	if (!fn->name || !fn->source || !fn->statements)
		return ARCOV_ENOMEM;
	return 0;
}

int arcov_notes_add_call(struct arcov_notes_fn *fn, uint32_t block,
			 uint32_t line, const char *callee)
{
	struct arcov_notes_call *c;
	char *copy = NULL;

	if (callee) {
		copy = strdup(callee);
		if (!copy)
			return ARCOV_ENOMEM;
	}
	c = grow(fn->calls, fn->ncalls, sizeof *c);
	if (!c) {
		free(copy);
		return ARCOV_ENOMEM;
	}
	fn->calls = c;
	c += fn->ncalls++;
	c->block = block;
	c->line = line;
	c->callee = copy;
	return 0;
}

int arcov_notes_add_dropped(struct arcov_notes_fn *fn,
			    enum arcov_notes_edge kind, uint32_t src,
			    uint32_t dest)
{
	struct arcov_notes_dropped *d;

	d = grow(fn->dropped, fn->ndropped, sizeof *d);
	if (!d)
		return ARCOV_ENOMEM;
	fn->dropped = d;
	d += fn->ndropped++;
	d->kind = kind;
	d->src = src;
	d->dest = dest;
	return 0;
}

/* Append @block to the block list *@arr of *@n blocks. */
static int add_block(uint32_t **arr, size_t *n, uint32_t block)
{
	uint32_t *b = grow(*arr, *n, sizeof *b);

	if (!b)
		return ARCOV_ENOMEM;
	*arr = b;
	b[(*n)++] = block;
	return 0;
}

int arcov_notes_add_eh_only(struct arcov_notes_fn *fn, uint32_t block)
{
	return add_block(&fn->eh_only, &fn->neh_only, block);
}

int arcov_notes_add_proved(struct arcov_notes_fn *fn, uint32_t block)
{
	return add_block(&fn->proved, &fn->nproved, block);
}

static void fn_free(struct arcov_notes_fn *fn)
{
	size_t i;

	for (i = 0; i < fn->ncalls; i++)
		free(fn->calls[i].callee);
	free(fn->calls);
	free(fn->dropped);
	free(fn->eh_only);
	free(fn->proved);
	free(fn->statements);
	free(fn->source);
	free(fn->name);
}

void arcov_notes_free(struct arcov_notes *notes)
{
	size_t i;

	for (i = 0; i < notes->nfns; i++)
		fn_free(&notes->fns[i]);
	free(notes->fns);
	free(notes->directory);
	memset(notes, 0, sizeof *notes);
}

/* ---- reading ---- */

/* The cursor, the end of the line it is in (the offset of its '\n'), and
 * the file's version. */
struct notes_rd {
	struct arcov_rd r;
	size_t eol;
	uint32_t version;
};

/* Enter the line at the cursor; @what names it if the file has ended. */
static int line_start(struct notes_rd *n, const char *what)
{
	struct arcov_rd *r = &n->r;
	const unsigned char *nl;

	if (!arcov_rd_left(r))
		return arcov_rd_fail(r, ARCOV_ETRUNC, r->pos,
				     "missing %s line", what);
	nl = memchr(r->data + r->pos, '\n', arcov_rd_left(r));
	if (!nl)
		return arcov_rd_fail(r, ARCOV_ETRUNC, r->pos,
				     "line not ended by a newline");
	n->eol = (size_t)(nl - r->data);
	return 0;
}

/* The bytes from the cursor to the next space or the end of the line. */
static void token(struct notes_rd *n, size_t *at, size_t *len)
{
	const unsigned char *p = n->r.data;
	size_t end = n->r.pos;

	while (end < n->eol && p[end] != ' ')
		end++;
	*at = n->r.pos;
	*len = end - n->r.pos;
	n->r.pos = end;
}

/* Is the token at @at, @len bytes long, the word @word? */
static int token_is(const struct notes_rd *n, size_t at, size_t len,
		    const char *word)
{
	return len == strlen(word) && !memcmp(n->r.data + at, word, len);
}

/* The next field of the line: one space, then a non-empty token. */
static int field(struct notes_rd *n, const char *what, size_t *at,
		 size_t *len)
{
	struct arcov_rd *r = &n->r;

	if (r->pos == n->eol)
		return arcov_rd_fail(r, ARCOV_EFORMAT, r->pos, "missing %s",
				     what);
	r->pos++;
	token(n, at, len);
	if (!*len)
		return arcov_rd_fail(r, ARCOV_EFORMAT, *at, "empty %s", what);
	return 0;
}

/* The line must end after the field @what; move to the next one. */
static int line_end(struct notes_rd *n, const char *what)
{
	struct arcov_rd *r = &n->r;

	if (r->pos != n->eol)
		return arcov_rd_fail(r, ARCOV_EFORMAT, r->pos,
				     "unexpected text after %s", what);
	r->pos = n->eol + 1;
	return 0;
}

/* A field holding an unsigned decimal number below 2^32, without leading
 * zeros; its offset goes to *@at. */
static int number(struct notes_rd *n, const char *what, uint32_t *v,
		  size_t *at)
{
	const unsigned char *p;
	uint64_t x = 0;
	size_t len, i;
	int rc;

	rc = field(n, what, at, &len);
	if (rc)
		return rc;
	p = n->r.data + *at;
	for (i = 0; i < len; i++) {
		if (p[i] < '0' || p[i] > '9')
			return arcov_rd_fail(&n->r, ARCOV_EFORMAT, *at,
					     "%s is not a decimal number",
					     what);
		if (x <= UINT32_MAX)
			x = x * 10 + (p[i] - '0');
	}
	if (len > 1 && p[0] == '0')
		return arcov_rd_fail(&n->r, ARCOV_EFORMAT, *at,
				     "%s has a leading zero", what);
	if (x > UINT32_MAX)
		return arcov_rd_fail(&n->r, ARCOV_ERANGE, *at,
				     "%s exceeds %" PRIu32, what, UINT32_MAX);
	*v = (uint32_t)x;
	return 0;
}

/* A number that must be a block number below @nblocks. */
static int block_number(struct notes_rd *n, const char *what,
			uint32_t nblocks, uint32_t *v)
{
	size_t at;
	int rc = number(n, what, v, &at);

	if (!rc && *v >= nblocks)
		return arcov_rd_fail(&n->r, ARCOV_ERANGE, at,
				     "%s %" PRIu32 " out of range [0, %" PRIu32
				     "]", what, *v, nblocks - 1);
	return rc;
}

static int octal(unsigned char c)
{
	return c >= '0' && c <= '7';
}

/* Decode the field string of @len bytes at @at into a fresh C string. */
static int decode(struct notes_rd *n, const char *what, size_t at,
		  size_t len, char **s)
{
	const unsigned char *p = n->r.data + at;
	size_t i = 0, k = 0;
	char *out = malloc(len + 1);
	unsigned char c;

	if (!out)
		return arcov_rd_fail(&n->r, ARCOV_ENOMEM, at, "out of memory");
	if (len == 4 && !memcmp(p, "\\000", 4))
		i = len;
	while (i < len) {
		c = p[i];
		if (c == '\\') {
			if (len - i < 4 || p[i + 1] > '3' || !octal(p[i + 1]) ||
			    !octal(p[i + 2]) || !octal(p[i + 3]))
				goto bad_escape;
			c = (unsigned char)((p[i + 1] - '0') << 6 |
					    (p[i + 2] - '0') << 3 |
					    (p[i + 3] - '0'));
			if (!c)
				goto nul;
			if (!must_escape(c))
				goto needless;
			i += 4;
		} else if (must_escape(c)) {
			goto unescaped;
		} else {
			i++;
		}
		out[k++] = (char)c;
	}
	out[k] = 0;
	*s = out;
	return 0;

bad_escape:
	free(out);
	return arcov_rd_fail(&n->r, ARCOV_EFORMAT, at + i,
			     "%s: backslash not followed by three octal digits below \\400",
			     what);
nul:
	free(out);
	return arcov_rd_fail(&n->r, ARCOV_EFORMAT, at + i,
			     "%s: \\000 in a non-empty string", what);
needless:
	free(out);
	return arcov_rd_fail(&n->r, ARCOV_EFORMAT, at + i,
			     "%s: needless escape of '%c'", what, c);
unescaped:
	free(out);
	return arcov_rd_fail(&n->r, ARCOV_EFORMAT, at + i,
			     "%s: byte 0x%02x not escaped", what, c);
}

static int string(struct notes_rd *n, const char *what, char **s)
{
	size_t at, len;
	int rc = field(n, what, &at, &len);

	return rc ? rc : decode(n, what, at, len, s);
}

/* Enter the next line and require it to start with @word. */
static int keyword_line(struct notes_rd *n, const char *word)
{
	size_t at, len;
	int rc = line_start(n, word);

	if (rc)
		return rc;
	token(n, &at, &len);
	if (!token_is(n, at, len, word))
		return arcov_rd_fail(&n->r, ARCOV_EFORMAT, at,
				     "expected a %s line", word);
	return 0;
}

/* "call BLOCK LINE CALLEE", the keyword read. */
static int read_call(struct notes_rd *n, struct arcov_notes_fn *fn)
{
	uint32_t block, line;
	size_t at, len;
	char *callee = NULL;
	int rc;

	rc = block_number(n, "call block", fn->nblocks, &block);
	if (!rc)
		rc = number(n, "call line", &line, &at);
	if (!rc)
		rc = field(n, "callee", &at, &len);
	if (rc)
		return rc;
	if (!token_is(n, at, len, "*")) {
		rc = decode(n, "callee", at, len, &callee);
		if (rc)
			return rc;
	}
	rc = line_end(n, "callee");
	if (!rc && arcov_notes_add_call(fn, block, line, callee))
		rc = arcov_rd_fail(&n->r, ARCOV_ENOMEM, at, "out of memory");
	free(callee);
	return rc;
}

/* "eh SRC DEST" or "abnormal SRC DEST", the keyword read. */
static int read_dropped(struct notes_rd *n, struct arcov_notes_fn *fn,
			enum arcov_notes_edge kind)
{
	uint32_t src, dest;
	int rc;

	rc = block_number(n, "edge source", fn->nblocks, &src);
	if (!rc)
		rc = block_number(n, "edge destination", fn->nblocks, &dest);
	if (!rc)
		rc = line_end(n, "edge destination");
	if (!rc && arcov_notes_add_dropped(fn, kind, src, dest))
		rc = arcov_rd_fail(&n->r, ARCOV_ENOMEM, n->r.pos,
				   "out of memory");
	return rc;
}

/* "WORD BLOCK...", the keyword @word read: at least one real block of
 * @fn, ascending, into the list *@arr of *@count blocks. */
static int read_blocks(struct notes_rd *n, const struct arcov_notes_fn *fn,
		       const char *word, uint32_t **arr, size_t *count)
{
	uint32_t b;
	size_t at;
	int rc;

	do {
		rc = number(n, "block", &b, &at);
		if (rc)
			return rc;
		if (!b || b >= fn->nblocks - 1)
			return arcov_rd_fail(&n->r, ARCOV_ERANGE, at,
					     "%s block %" PRIu32
					     " out of range [1, %" PRIu32 "]",
					     word, b, fn->nblocks - 2);
		if (*count && b <= (*arr)[*count - 1])
			return arcov_rd_fail(&n->r, ARCOV_EFORMAT, at,
					     "%s blocks not ascending", word);
		if (add_block(arr, count, b))
			return arcov_rd_fail(&n->r, ARCOV_ENOMEM, at,
					     "out of memory");
	} while (n->r.pos != n->eol);
	return line_end(n, "blocks");
}

/* The optional "artificial", "absent" or "inlined", "eh-only" and
 * "proved-calls" lines (version 2), in that order; the cursor is on the line after the statements, and
 * stays on the first other line. */
static int read_facts(struct notes_rd *n, struct arcov_notes_fn *fn)
{
	size_t at, len, save;
	int rc, step;

	for (step = 0; n->version >= 2 && step < 4; step++) {
		save = n->r.pos;
		rc = line_start(n, "end");
		if (rc)
			return rc;
		token(n, &at, &len);
		if (step == 0 && token_is(n, at, len, "artificial")) {
			fn->artificial = 1;
			rc = line_end(n, "artificial");
		} else if (step == 1 && token_is(n, at, len, "absent")) {
			fn->absent = 1;
			rc = line_end(n, "absent");
		} else if (step == 1 && token_is(n, at, len, "inlined")) {
			fn->inlined = 1;
			rc = line_end(n, "inlined");
		} else if (step == 2 && token_is(n, at, len, "eh-only")) {
			rc = read_blocks(n, fn, "eh-only", &fn->eh_only,
					 &fn->neh_only);
		} else if (step == 3 && token_is(n, at, len, "proved-calls")) {
			rc = read_blocks(n, fn, "proved-calls", &fn->proved,
					 &fn->nproved);
		} else {
			n->r.pos = save;
			rc = 0;
		}
		if (rc)
			return rc;
	}
	return 0;
}

/* Call and dropped-edge lines up to and including "end". */
static int read_body(struct notes_rd *n, struct arcov_notes_fn *fn)
{
	size_t at, len;
	int rc;

	rc = read_facts(n, fn);
	if (rc)
		return rc;
	for (;;) {
		rc = line_start(n, "end");
		if (rc)
			return rc;
		token(n, &at, &len);
		if (token_is(n, at, len, "end"))
			return line_end(n, "end");
		if (token_is(n, at, len, "call")) {
			if (fn->ndropped)
				return arcov_rd_fail(&n->r, ARCOV_EFORMAT, at,
						     "call line after an eh or abnormal line");
			rc = read_call(n, fn);
		} else if (token_is(n, at, len, "eh")) {
			rc = read_dropped(n, fn, ARCOV_NOTES_EH);
		} else if (token_is(n, at, len, "abnormal")) {
			rc = read_dropped(n, fn, ARCOV_NOTES_ABNORMAL);
		} else if (token_is(n, at, len, "artificial") ||
			   token_is(n, at, len, "absent") ||
			   token_is(n, at, len, "inlined") ||
			   token_is(n, at, len, "eh-only") ||
			   token_is(n, at, len, "proved-calls")) {
			return arcov_rd_fail(&n->r, ARCOV_EFORMAT, at,
					     n->version < 2 ?
					     "%.*s line in a version 1 file" :
					     "%.*s line out of place", (int)len,
					     (const char *)n->r.data + at);
		} else {
			return arcov_rd_fail(&n->r, ARCOV_EFORMAT, at,
					     "expected a call, eh, abnormal or end line");
		}
		if (rc)
			return rc;
	}
}

/* The statements line of a function of @nblocks blocks.  The function is
 * appended only once the line is known to hold @nblocks counts, so a lying
 * block count allocates nothing. */
static int read_statements(struct notes_rd *n, struct arcov_notes *notes,
			   const char *name, uint32_t checksum,
			   uint32_t nblocks, const char *source)
{
	const unsigned char *p = n->r.data;
	struct arcov_notes_fn *fn;
	size_t at = n->r.pos, i, counts = 0, last_at = 0;
	uint32_t b;
	int rc;

	rc = keyword_line(n, "statements");
	if (rc)
		return rc;
	for (i = n->r.pos; i < n->eol; i++)
		counts += p[i] == ' ';
	if (counts != nblocks)
		return arcov_rd_fail(&n->r, ARCOV_EFORMAT, at,
				     "%zu statement counts for %" PRIu32
				     " blocks", counts, nblocks);
	if (arcov_notes_add_fn(notes, name, checksum, nblocks, source))
		return arcov_rd_fail(&n->r, ARCOV_ENOMEM, at, "out of memory");
	fn = &notes->fns[notes->nfns - 1];
	for (b = 0; b < nblocks; b++) {
		rc = number(n, "statement count", &fn->statements[b], &last_at);
		if (rc)
			return rc;
		if (!b && fn->statements[0])
			return arcov_rd_fail(&n->r, ARCOV_EFORMAT, last_at,
					     "entry block with statements");
	}
	if (fn->statements[nblocks - 1])
		return arcov_rd_fail(&n->r, ARCOV_EFORMAT, last_at,
				     "exit block with statements");
	return line_end(n, "statement counts");
}

/* One function, its "function" keyword read at @at. */
static int read_fn(struct notes_rd *n, struct arcov_notes *notes, size_t at)
{
	char *name = NULL, *source = NULL;
	uint32_t checksum, nblocks, first, last;
	size_t field_at;
	int rc;

	rc = string(n, "function name", &name);
	if (!rc)
		rc = number(n, "checksum", &checksum, &field_at);
	if (!rc)
		rc = number(n, "block count", &nblocks, &field_at);
	if (!rc && nblocks < 2)
		rc = arcov_rd_fail(&n->r, ARCOV_ERANGE, field_at,
				   "block count %" PRIu32 " below 2", nblocks);
	if (!rc)
		rc = line_end(n, "block count");
	if (!rc)
		rc = keyword_line(n, "source");
	if (!rc)
		rc = number(n, "first line", &first, &field_at);
	if (!rc)
		rc = number(n, "last line", &last, &field_at);
	if (!rc)
		rc = string(n, "source file", &source);
	if (!rc)
		rc = line_end(n, "source file");
	if (!rc)
		rc = read_statements(n, notes, name, checksum, nblocks, source);
	free(source);
	free(name);
	if (rc)
		return rc;
	notes->fns[notes->nfns - 1].offset = at;
	notes->fns[notes->nfns - 1].first_line = first;
	notes->fns[notes->nfns - 1].last_line = last;
	return read_body(n, &notes->fns[notes->nfns - 1]);
}

/* Whether the next line starts with the keyword @word (then a space or
 * the end of the line). */
static int next_is(const struct notes_rd *n, const char *word)
{
	size_t len = strlen(word);

	return arcov_rd_left(&n->r) > len &&
	       !memcmp(n->r.data + n->r.pos, word, len) &&
	       (n->r.data[n->r.pos + len] == ' ' ||
		n->r.data[n->r.pos + len] == '\n');
}

/* The header line, and in version 2 the directory line that may follow. */
static int read_header(struct notes_rd *n, struct arcov_notes *notes)
{
	size_t at, head = sizeof HEADER - 1, left = arcov_rd_left(&n->r);
	uint32_t version;
	int rc;

	/* A different file stops here, not at the first newline.  An empty
	 * image may have no buffer at all, which memcmp() must not see. */
	if (left && memcmp(n->r.data, HEADER, left < head ? left : head))
		return arcov_rd_fail(&n->r, ARCOV_EMAGIC, 0,
				     "not an arcov-notes file");
	rc = line_start(n, "header");
	if (rc)
		return rc;
	n->r.pos = head - 1;
	rc = number(n, "version", &version, &at);
	if (rc)
		return rc;
	if (version < 1 || version > ARCOV_NOTES_VERSION)
		return arcov_rd_fail(&n->r, ARCOV_EMAGIC, at,
				     "version %" PRIu32
				     ", only 1 to %d are known", version,
				     ARCOV_NOTES_VERSION);
	n->version = version;
	notes->version = version;
	rc = line_end(n, "version");
	/* Version 2 may name the compile directory, then the stamp. */
	if (!rc && version >= 2 && next_is(n, "directory")) {
		rc = keyword_line(n, "directory");
		if (!rc)
			rc = string(n, "directory", &notes->directory);
		if (!rc)
			rc = line_end(n, "directory");
	}
	if (!rc && version >= 2 && next_is(n, "stamp")) {
		rc = keyword_line(n, "stamp");
		if (!rc)
			rc = number(n, "stamp", &notes->stamp, &at);
		if (!rc && (!notes->stamp || notes->stamp > 0x7fffffffu))
			rc = arcov_rd_fail(&n->r, ARCOV_ERANGE, at,
					   "stamp %" PRIu32 " is not 1 to "
					   "2147483647", notes->stamp);
		if (!rc)
			rc = line_end(n, "stamp");
	}
	return rc;
}

int arcov_notes_read(struct arcov_notes *notes, const void *data,
		     size_t size, const char *name, struct arcov_err *err)
{
	struct notes_rd n;
	size_t at, len;
	int rc;

	arcov_rd_init(&n.r, data, size, name, err);
	n.version = 0;
	rc = read_header(&n, notes);
	while (!rc && arcov_rd_left(&n.r)) {
		rc = line_start(&n, "function");
		if (rc)
			break;
		token(&n, &at, &len);
		if (!token_is(&n, at, len, "function"))
			return arcov_rd_fail(&n.r, ARCOV_EFORMAT, at,
					     "expected a function line");
		rc = read_fn(&n, notes, at);
	}
	return rc;
}

/* ---- writing ---- */

static void wr_str(struct arcov_wr *w, const char *s)
{
	arcov_wr_bytes(w, s, strlen(s));
}

static void wr_u32(struct arcov_wr *w, const char *before, uint32_t v)
{
	char buf[16];

	wr_str(w, before);
	arcov_wr_bytes(w, buf, (size_t)snprintf(buf, sizeof buf, "%" PRIu32,
						v));
}

/* A space, then @s as a field string. */
static void wr_field(struct arcov_wr *w, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	char esc[8];

	wr_str(w, " ");
	if (!*p) {
		wr_str(w, "\\000");
		return;
	}
	for (; *p; p++) {
		size_t run = 0;

		while (p[run] && !must_escape(p[run]))
			run++;
		arcov_wr_bytes(w, p, run);
		p += run;
		if (!*p)
			break;
		snprintf(esc, sizeof esc, "\\%03o", *p);
		wr_str(w, esc);
	}
}

/* Whether the block list @arr of @count blocks is one the reader takes
 * from a function of @nblocks blocks: real blocks, ascending. */
static int blocks_valid(const uint32_t *arr, size_t count, uint32_t nblocks)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (!arr[i] || arr[i] >= nblocks - 1 ||
		    (i && arr[i] <= arr[i - 1]))
			return 0;
	return 1;
}

/* Refuse what the reader would refuse, so the two stay inverses. */
static int fn_valid(const struct arcov_notes_fn *fn, uint32_t version)
{
	size_t i;

	if (!fn->name || !fn->source || !fn->statements || fn->nblocks < 2 ||
	    fn->statements[0] || fn->statements[fn->nblocks - 1])
		return 0;
	if (version < 2 && (fn->artificial || fn->absent || fn->inlined ||
			    fn->neh_only || fn->nproved))
		return 0;
	if (fn->absent && fn->inlined)
		return 0;
	if (!blocks_valid(fn->eh_only, fn->neh_only, fn->nblocks) ||
	    !blocks_valid(fn->proved, fn->nproved, fn->nblocks))
		return 0;
	for (i = 0; i < fn->ncalls; i++)
		if (fn->calls[i].block >= fn->nblocks ||
		    (fn->calls[i].callee && !strcmp(fn->calls[i].callee, "*")))
			return 0;
	for (i = 0; i < fn->ndropped; i++)
		if ((fn->dropped[i].kind != ARCOV_NOTES_EH &&
		     fn->dropped[i].kind != ARCOV_NOTES_ABNORMAL) ||
		    fn->dropped[i].src >= fn->nblocks ||
		    fn->dropped[i].dest >= fn->nblocks)
			return 0;
	return 1;
}

/* "WORD BLOCK...", if there are blocks. */
static void wr_blocks(struct arcov_wr *w, const char *word,
		      const uint32_t *arr, size_t count)
{
	size_t i;

	if (!count)
		return;
	wr_str(w, word);
	for (i = 0; i < count; i++)
		wr_u32(w, " ", arr[i]);
	wr_str(w, "\n");
}

static void write_fn(struct arcov_wr *w, const struct arcov_notes_fn *fn)
{
	size_t i;

	wr_str(w, "function");
	wr_field(w, fn->name);
	wr_u32(w, " ", fn->checksum);
	wr_u32(w, " ", fn->nblocks);
	wr_u32(w, "\nsource ", fn->first_line);
	wr_u32(w, " ", fn->last_line);
	wr_field(w, fn->source);
	wr_str(w, "\nstatements");
	for (i = 0; i < fn->nblocks; i++)
		wr_u32(w, " ", fn->statements[i]);
	wr_str(w, "\n");
	if (fn->artificial)
		wr_str(w, "artificial\n");
	if (fn->absent)
		wr_str(w, "absent\n");
	if (fn->inlined)
		wr_str(w, "inlined\n");
	wr_blocks(w, "eh-only", fn->eh_only, fn->neh_only);
	wr_blocks(w, "proved-calls", fn->proved, fn->nproved);
	for (i = 0; i < fn->ncalls; i++) {
		const struct arcov_notes_call *c = &fn->calls[i];

		wr_u32(w, "call ", c->block);
		wr_u32(w, " ", c->line);
		if (c->callee)
			wr_field(w, c->callee);
		else
			wr_str(w, " *");
		wr_str(w, "\n");
	}
	for (i = 0; i < fn->ndropped; i++) {
		const struct arcov_notes_dropped *d = &fn->dropped[i];

		wr_u32(w, d->kind == ARCOV_NOTES_EH ? "eh " : "abnormal ",
		       d->src);
		wr_u32(w, " ", d->dest);
		wr_str(w, "\n");
	}
	wr_str(w, "end\n");
}

ssize_t arcov_notes_write(const struct arcov_notes *notes, void *buf,
			  size_t cap)
{
	uint32_t version = notes->version ? notes->version
					  : ARCOV_NOTES_VERSION;
	struct arcov_wr w;
	size_t f;

	if (version > ARCOV_NOTES_VERSION)
		return ARCOV_EFORMAT;
	arcov_wr_init(&w, buf, cap);
	if (version < 2 && (notes->directory || notes->stamp))
		return ARCOV_EFORMAT;	/* no such lines in version 1 */
	if (notes->stamp > 0x7fffffffu)
		return ARCOV_EFORMAT;
	wr_u32(&w, HEADER, version);
	wr_str(&w, "\n");
	if (notes->directory) {
		wr_str(&w, "directory");
		wr_field(&w, notes->directory);
		wr_str(&w, "\n");
	}
	if (notes->stamp) {
		wr_u32(&w, "stamp ", notes->stamp);
		wr_str(&w, "\n");
	}
	for (f = 0; f < notes->nfns; f++) {
		if (!fn_valid(&notes->fns[f], version))
			return ARCOV_EFORMAT;
		write_fn(&w, &notes->fns[f]);
	}
	return arcov_wr_result(&w);
}
