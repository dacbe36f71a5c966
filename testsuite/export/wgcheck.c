/* wgcheck.c -- walk a webgrind preprocessed file exactly as doc/formats.md §7
 * lays it out, independently of arcov's writer, and hold it to the
 * callgrind profile it was made from.
 *
 * Usage: wgcheck [-d] VERSION FILE.webgrind [CALLGRIND-FILE]
 *
 * Checks: the version; every address inside the file and past the
 * address table; every function record complete and before the headers,
 * no two overlapping; every function number in range; callers and callees
 * mirror each other; inclusive = self + the callees' costs; headers are
 * "key: value" lines with events and summary, summary = the sum of self
 * costs.  With a callgrind file: that it has the shape webgrind's own
 * preprocessor needs, and the same functions in order of first
 * appearance, the same first line, self cost, calls and call costs.
 * Prints "N functions, C calls" and exits 0, or prints what is wrong and
 * exits 1 (2 for bad usage or an unreadable file).  With -d, first dumps
 * every function record: "NAME FILE line L self S incl I calls N", then
 * one "  from CALLER:LINE xCOUNT cost C" or "  to CALLEE:LINE ..." line
 * per entry.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct call {
	uint32_t fn, line, count, cost;
};

struct fn {
	uint32_t addr, end;
	uint32_t line, self, incl, inv;
	uint32_t ncallers, ncallees;
	struct call *callers, *callees;
	char *file, *name;
};

static int bad;

static void fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("wgcheck: ", stdout);
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
	bad = 1;
}

static unsigned char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n;

	if (!f)
		return NULL;
	*size = 0;
	for (;;) {
		if (*size == cap) {
			cap = cap ? 2 * cap : 4096;
			buf = realloc(buf, cap + 1);
			if (!buf)
				exit(2);
		}
		n = fread(buf + *size, 1, cap - *size, f);
		if (!n)
			break;
		*size += n;
	}
	fclose(f);
	buf[*size] = 0;
	return buf;
}

static uint32_t u32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A "\n"-terminated string at *@pos before @end, advanced past. */
static char *text_line(const unsigned char *d, uint32_t *pos, uint32_t end)
{
	const unsigned char *nl = memchr(d + *pos, '\n', end - *pos);
	char *s;

	if (!nl)
		return NULL;
	s = strndup((const char *)d + *pos, (size_t)(nl - (d + *pos)));
	*pos = (uint32_t)(nl - d) + 1;
	return s;
}

static int read_record(const unsigned char *d, uint32_t hdr, int version,
		       struct fn *f, uint32_t nfns)
{
	uint32_t pos = f->addr, nhead = version == 5 ? 4 : version == 6 ? 5 : 6;
	uint32_t k, *v = &f->self;
	uint64_t need;

	if ((uint64_t)pos + 4 * nhead > hdr)
		return -1;
	if (version == 7) {
		f->line = u32(d + pos);
		pos += 4;
	}
	for (k = 0; k < 4; k++, pos += 4)
		v[k] = u32(d + pos);	/* self, incl, inv, ncallers */
	f->ncallees = 0;
	if (version > 5) {
		f->ncallees = u32(d + pos);
		pos += 4;
	}
	need = 16 * ((uint64_t)f->ncallers + f->ncallees);
	if (pos + need > hdr)
		return -1;
	f->callers = calloc(f->ncallers + 1, sizeof *f->callers);
	f->callees = calloc(f->ncallees + 1, sizeof *f->callees);
	for (k = 0; k < f->ncallers + f->ncallees; k++, pos += 16) {
		struct call *c = k < f->ncallers ? &f->callers[k] :
				 &f->callees[k - f->ncallers];

		c->fn = u32(d + pos);
		c->line = u32(d + pos + 4);
		c->count = u32(d + pos + 8);
		c->cost = u32(d + pos + 12);
		if (c->fn >= nfns)
			fail("function at 0x%x: call entry %u names function "
			     "%u of %u", f->addr, k, c->fn, nfns);
	}
	f->file = text_line(d, &pos, hdr);
	f->name = f->file ? text_line(d, &pos, hdr) : NULL;
	if (!f->name)
		return -1;
	f->end = pos;
	return 0;
}

static int has_call(const struct call *list, uint32_t n, uint32_t fn,
		    const struct call *c)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (list[i].fn == fn && list[i].line == c->line &&
		    list[i].count == c->count && list[i].cost == c->cost)
			return 1;
	return 0;
}

static uint32_t sat32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/* ---- the callgrind side ---- */

struct cg_fn {
	char *file, *name;
	uint32_t line;		/* first cost line */
	uint64_t self;
	size_t ncalls;
	struct call *calls;	/* fn = index into cg functions, merged */
	uint64_t *sums;		/* [2 * i]: count, [2 * i + 1]: cost */
};

struct cg {
	size_t n;
	struct cg_fn *fns;
	char *names[2][4096];	/* compressed names: files, functions */
	uint64_t summary;
};

/* The name on a "key=" line, with "(N) name" / "(N)" compression. */
static char *cg_name(struct cg *cg, int kind, char *s)
{
	char *end;
	unsigned long id;

	if (s[0] != '(' || s[1] < '0' || s[1] > '9')
		return s;
	id = strtoul(s + 1, &end, 10);
	if (*end != ')' || id >= 4096) {
		fail("callgrind: bad compressed name '%s'", s);
		return s;
	}
	if (end[1] == ' ') {
		free(cg->names[kind][id]);
		cg->names[kind][id] = strdup(end + 2);
	}
	if (!cg->names[kind][id]) {
		fail("callgrind: name (%lu) used before it is defined", id);
		return s;
	}
	return cg->names[kind][id];
}

static size_t cg_fn(struct cg *cg, const char *file, const char *name)
{
	size_t i;

	for (i = 0; i < cg->n; i++)
		if (!strcmp(cg->fns[i].file, file) &&
		    !strcmp(cg->fns[i].name, name))
			return i;
	cg->fns = realloc(cg->fns, (cg->n + 1) * sizeof *cg->fns);
	memset(&cg->fns[cg->n], 0, sizeof *cg->fns);
	cg->fns[cg->n].file = strdup(file);
	cg->fns[cg->n].name = strdup(name);
	cg->fns[cg->n].line = UINT32_MAX;
	return cg->n++;
}

static void cg_add_call(struct cg_fn *f, uint32_t callee, uint32_t line,
			uint64_t count, uint64_t cost)
{
	size_t i;

	for (i = 0; i < f->ncalls; i++)
		if (f->calls[i].fn == callee && f->calls[i].line == line)
			break;
	if (i == f->ncalls) {
		f->calls = realloc(f->calls, (i + 1) * sizeof *f->calls);
		f->sums = realloc(f->sums, 2 * (i + 1) * sizeof *f->sums);
		f->calls[i].fn = callee;
		f->calls[i].line = line;
		f->sums[2 * i] = f->sums[2 * i + 1] = 0;
		f->ncalls++;
	}
	f->sums[2 * i] += count;
	f->sums[2 * i + 1] += cost;
	f->calls[i].count = sat32(f->sums[2 * i]);
	f->calls[i].cost = sat32(f->sums[2 * i + 1]);
}

/* Read the profile, holding it to the shape webgrind's preprocessor
 * needs (doc/formats.md §6.3): "fn=" right after "fl=" and right before a cost
 * line, "cfn=" right after "cfl=" and before "calls=" and a cost line, a
 * callee's own block before any call to it, absolute line numbers. */
static void read_callgrind(struct cg *cg, char *text)
{
	enum { OTHER, FL, FN, CFL, CFN, CALLS } prev = OTHER;
	char *line, *save = NULL, *file = NULL, *cfile = NULL;
	unsigned char *defined = calloc(4096, 1);
	size_t cur = SIZE_MAX, callee = 0;
	uint64_t calls = 0;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		int cost_line = line[0] >= '0' && line[0] <= '9';

		if (line[0] == '#')
			continue;
		if ((prev == FN || prev == CALLS) && !cost_line)
			fail("callgrind: '%s' where a cost line must be", line);
		if (prev == FL && strncmp(line, "fn=", 3))
			fail("callgrind: '%s' right after fl=", line);
		if (prev == CFL && strncmp(line, "cfn=", 4))
			fail("callgrind: '%s' right after cfl=", line);
		if (prev == CFN && strncmp(line, "calls=", 6))
			fail("callgrind: '%s' right after cfn=", line);
		if (strchr("+-*", line[0]))
			fail("callgrind: compressed position in '%s'", line);

		if (!strncmp(line, "summary: ", 9)) {
			cg->summary = strtoull(line + 9, NULL, 10);
			prev = OTHER;
		} else if (!strncmp(line, "fl=", 3)) {
			file = cg_name(cg, 0, line + 3);
			prev = FL;
		} else if (!strncmp(line, "fi=", 3)) {
			cg_name(cg, 0, line + 3);
			prev = OTHER;
		} else if (!strncmp(line, "fn=", 3)) {
			if (prev != FL)
				fail("callgrind: fn= without fl= before it");
			cur = cg_fn(cg, file ? file : "",
				    cg_name(cg, 1, line + 3));
			if (cur < 4096)
				defined[cur] = 1;
			prev = FN;
		} else if (!strncmp(line, "cfl=", 4)) {
			cfile = cg_name(cg, 0, line + 4);
			prev = CFL;
		} else if (!strncmp(line, "cfn=", 4)) {
			if (prev != CFL)
				fail("callgrind: cfn= without cfl= before it");
			callee = cg_fn(cg, cfile ? cfile : "",
				       cg_name(cg, 1, line + 4));
			if (callee >= 4096 || !defined[callee])
				fail("callgrind: call to %s before its block",
				     cg->fns[callee].name);
			prev = CFN;
		} else if (!strncmp(line, "calls=", 6)) {
			calls = strtoull(line + 6, NULL, 10);
			prev = CALLS;
		} else if (cost_line && cur != SIZE_MAX) {
			char *end;
			uint32_t ln = (uint32_t)strtoul(line, &end, 10);
			uint64_t cost = strtoull(end, NULL, 10);

			if (prev == FN && cg->fns[cur].line == UINT32_MAX)
				cg->fns[cur].line = ln;
			if (prev == CALLS)
				cg_add_call(&cg->fns[cur], (uint32_t)callee, ln,
					    calls, cost);
			else
				cg->fns[cur].self += cost;
			prev = OTHER;
		} else {
			prev = OTHER;
		}
	}
	free(defined);
}

int main(int argc, char **argv)
{
	unsigned char *d;
	size_t size, i, k, ncalls = 0;
	uint32_t version, hdr, n, pos, min;
	uint64_t total = 0, sum;
	struct fn *fns;
	int have_events = 0, have_summary = 0, version_wanted, dump = 0;
	uint64_t summary = 0;

	if (argc > 1 && !strcmp(argv[1], "-d")) {
		dump = 1;
		argv++;
		argc--;
	}
	if (argc < 3 || argc > 4) {
		fprintf(stderr,
			"usage: wgcheck [-d] VERSION FILE [CALLGRIND]\n");
		return 2;
	}
	version_wanted = atoi(argv[1]);
	d = slurp(argv[2], &size);
	if (!d) {
		perror(argv[2]);
		return 2;
	}
	if (size < 12 || size > UINT32_MAX) {
		printf("wgcheck: %zu bytes: no room for the header\n", size);
		return 1;
	}
	version = u32(d);
	hdr = u32(d + 4);
	n = u32(d + 8);
	if ((int)version != version_wanted) {
		printf("wgcheck: version %u, wanted %d\n", version,
		       version_wanted);
		return 1;
	}
	if (!n || 12 + 4 * (uint64_t)n > hdr || hdr > size) {
		printf("wgcheck: %u functions, headers at 0x%x in %zu bytes\n",
		       n, hdr, size);
		return 1;
	}
	fns = calloc(n, sizeof *fns);
	for (i = 0; i < n; i++) {
		fns[i].addr = u32(d + 12 + 4 * i);
		if (fns[i].addr < 12 + 4 * n || fns[i].addr >= hdr) {
			printf("wgcheck: function %zu at 0x%x: outside the "
			       "records\n", i, fns[i].addr);
			return 1;
		}
		if (read_record(d, hdr, (int)version, &fns[i], n) < 0) {
			printf("wgcheck: function %zu at 0x%x: incomplete "
			       "record\n", i, fns[i].addr);
			return 1;
		}
		if (!fns[i].name[0])
			fail("function %zu: empty name", i);
	}
	/* No two records overlap. */
	for (i = 0; i < n; i++)
		for (k = 0; k < n; k++)
			if (i != k && fns[i].addr < fns[k].end &&
			    fns[k].addr < fns[i].end)
				fail("functions %zu and %zu overlap", i, k);
	min = hdr;
	for (i = 0; i < n; i++)
		if (fns[i].addr < min)
			min = fns[i].addr;
	if (min != 12 + 4 * n)
		fail("bytes between the address table and the first record");

	for (i = 0; i < n; i++) {
		struct fn *f = &fns[i];

		total += f->self;
		ncalls += f->ncallers;
		if (version == 5)
			continue;
		sum = f->self;
		for (k = 0; k < f->ncallees; k++) {
			const struct call *c = &f->callees[k];

			sum += c->cost;
			if (!has_call(fns[c->fn].callers, fns[c->fn].ncallers,
				      (uint32_t)i, c))
				fail("%s calls %s at line %u but is not among "
				     "its callers", f->name, fns[c->fn].name,
				     c->line);
		}
		for (k = 0; k < f->ncallers; k++) {
			const struct call *c = &f->callers[k];

			if (!has_call(fns[c->fn].callees, fns[c->fn].ncallees,
				      (uint32_t)i, c))
				fail("%s lists caller %s (line %u) which does "
				     "not list it", f->name, fns[c->fn].name,
				     c->line);
		}
		if (sat32(sum) != f->incl)
			fail("%s: inclusive %u, self + callees %" PRIu64,
			     f->name, f->incl, sum);
	}

	/* Headers: "key: value" lines to the end, no empty line. */
	for (pos = hdr; pos < size;) {
		char *l = text_line(d, &pos, (uint32_t)size), *colon;

		if (!l) {
			fail("header block does not end with a newline");
			break;
		}
		colon = strstr(l, ": ");
		if (!l[0] || !colon || colon == l)
			fail("header line '%s' is not 'key: value'", l);
		else if (!strncmp(l, "events: ", 8))
			have_events = 1;
		else if (!strncmp(l, "summary: ", 9)) {
			have_summary = 1;
			summary = strtoull(l + 9, NULL, 10);
		}
		free(l);
	}
	if (!have_events || !have_summary)
		fail("headers lack events: or summary:");
	if (summary != total)
		fail("summary %" PRIu64 ", self costs add up to %" PRIu64,
		     summary, total);

	if (argc == 4) {
		struct cg cg;
		char *text = (char *)slurp(argv[3], &size);

		if (!text) {
			perror(argv[3]);
			return 2;
		}
		memset(&cg, 0, sizeof cg);
		read_callgrind(&cg, text);
		if (cg.n != n)
			fail("%zu functions in the callgrind file, %u here",
			     cg.n, n);
		if (cg.summary != summary)
			fail("callgrind summary %" PRIu64 ", here %" PRIu64,
			     cg.summary, summary);
		for (i = 0; i < n && i < cg.n; i++) {
			struct fn *f = &fns[i];
			struct cg_fn *c = &cg.fns[i];

			if (strcmp(f->file, c->file) ||
			    strcmp(f->name, c->name))
				fail("function %zu: %s:%s here, %s:%s in the "
				     "callgrind file", i, f->file, f->name,
				     c->file, c->name);
			if (version == 7 && f->line != c->line)
				fail("%s: line %u here, first cost line %u",
				     f->name, f->line, c->line);
			if (f->self != sat32(c->self))
				fail("%s: self %u here, %" PRIu64, f->name,
				     f->self, c->self);
			for (k = 0; k < c->ncalls; k++)
				if (!has_call(fns[c->calls[k].fn].callers,
					      fns[c->calls[k].fn].ncallers,
					      (uint32_t)i, &c->calls[k]))
					fail("%s: not a caller of %s at line "
					     "%u here", f->name,
					     cg.fns[c->calls[k].fn].name,
					     c->calls[k].line);
			if (version == 5)
				continue;
			if (f->ncallees != c->ncalls)
				fail("%s: %u callees here, %zu", f->name,
				     f->ncallees, c->ncalls);
			for (k = 0; k < c->ncalls; k++)
				if (!has_call(f->callees, f->ncallees,
					      c->calls[k].fn, &c->calls[k]))
					fail("%s: call to %s at line %u (%u "
					     "calls, cost %u) missing",
					     f->name, cg.fns[c->calls[k].fn].name,
					     c->calls[k].line, c->calls[k].count,
					     c->calls[k].cost);
		}
	}
	for (i = 0; dump && i < n; i++) {
		const struct fn *f = &fns[i];

		printf("%s %s line %u self %u incl %u calls %u\n", f->name,
		       f->file, f->line, f->self, f->incl, f->inv);
		for (k = 0; k < f->ncallers + f->ncallees; k++) {
			const struct call *c = k < f->ncallers ? &f->callers[k] :
					       &f->callees[k - f->ncallers];

			printf("  %s %s:%u x%u cost %u\n",
			       k < f->ncallers ? "from" : "to",
			       fns[c->fn].name, c->line, c->count, c->cost);
		}
	}
	if (!bad)
		printf("%u functions, %zu calls\n", n, ncalls);
	return bad;
}
