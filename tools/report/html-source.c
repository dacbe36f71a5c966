/* html-source.c -- a source's page of the HTML site (html.h): its totals
 * and its tests', a table of its functions, and its text with each line's
 * count, mark and tests, and under a line its arcs.
 *
 * The counts are the .gcov text's (gcov-text.c): a line's count, and with
 * -b -c its "branch N taken C" and "call N returned C" records, numbered
 * alike, hidden exception arcs left out.  A line is "nav" -- where the n
 * and p keys go (arcov.js) -- when it never ran or one of its counted
 * branches was never taken.  Each line row is <tr id="L<n>">, so a line
 * is linked as PAGE#L<n>.
 */
#include <config.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "percent.h"

/* The source's text, a line per entry; none (with a note on the page)
 * when it cannot be read. */
static char **read_text(const char *path, size_t *n)
{
	FILE *f = fopen(path, "r");
	char **lines;

	*n = 0;
	if (!f)
		return NULL;
	lines = arcov_read_lines(f, n);
	fclose(f);
	return lines;
}

/* Whether some counted branch of line @k of @src was never taken. */
static int branch_missed(const struct arcov_msrc *src, size_t k)
{
	const struct arcov_mline *line = &src->lines[k];
	size_t n = line->nbranches ? line->nbranches : 1, i;
	int64_t *sum = malloc(n * sizeof *sum);
	unsigned char *ran = malloc(n);
	int merged = sum && ran && arcov_mline_merge(line, sum, ran, NULL) == 0;
	int missed = 0;

	for (i = 0; !arcov_excl_branch(&src->excl, src->lnum[k]) &&
		    i < line->nbranches; i++) {
		const struct arcov_marc *arc =
			&line->branches[i].fn->arcs[line->branches[i].idx];

		if (arcov_arc_is_branch(arc))
			missed |= merged ? sum[i] == 0 : !arc->total;
	}
	free(sum);
	free(ran);
	return missed;
}

/* The arcs of @line, as gcov -b -c lists them under it; @tests, @diff:
 * the table has the test columns, the differential one. */
static void arcs(FILE *f, const struct arcov_mline *line, int tests,
		 int diff)
{
	size_t n = line->nbranches ? line->nbranches : 1, i;
	int64_t *sum = malloc(n * sizeof *sum);
	int64_t *from = malloc(n * sizeof *from);
	unsigned char *ran = malloc(n);
	/* A group's branches once per position, as the .gcov text. */
	int merged = sum && from && ran &&
		     arcov_mline_merge(line, sum, ran, from) == 0;
	int ix = 0, any = 0;

	for (i = 0; i < line->nbranches; i++) {
		const struct arcov_mfn *fn = line->branches[i].fn;
		const struct arcov_marc *arc = &fn->arcs[line->branches[i].idx];
		enum arcov_arc_kind kind = arcov_arc_kind(arc);
		int br = merged && kind == ARCOV_ARC_BRANCH;
		int64_t total = br ? from[i] : fn->blocks[arc->src].total;
		int64_t count = br ? sum[i] : arc->total;
		char taken[64];

		if (kind != ARCOV_ARC_CALL && kind != ARCOV_ARC_BRANCH)
			continue;
		if (br && sum[i] < 0)
			continue;	/* counted at its position's first */
		if (count)
			snprintf(taken, sizeof taken, "taken %" PRId64, count);
		else
			strcpy(taken, "not taken");
		/* Empty cells under the line's, the hidden one alike. */
		if (!any++)
			fprintf(f, "<tr class=\"arcs\"><td colspan=\"3\"></td>%s"
				"%s<td><ul>", tests ? "<td class=\"tk\"></td>"
				"<td></td>" : "", diff ? "<td></td>" : "");
		if (kind == ARCOV_ARC_CALL && total)
			fprintf(f, "<li class=\"arc call\" data-n=\"%d\" "
				"data-count=\"%" PRId64 "\">&#x21AA; call %d "
				"returned %" PRId64 "</li>", ix, total -
				arc->total, ix, total - arc->total);
		else if (kind == ARCOV_ARC_CALL)
			fprintf(f, "<li class=\"arc call\" data-n=\"%d\" "
				"data-count=\"-\">&#x21AA; call %d never "
				"executed</li>", ix, ix);
		else if (total)
			fprintf(f, "<li class=\"arc br %s\" data-n=\"%d\" "
				"data-count=\"%" PRId64 "\">%s branch %d %s"
				"%s</li>", count ? "taken" : "not", ix,
				count, count ? "&#x2713;" :
				"&#x2717;", ix, taken, arc->fall_through ?
				" (fallthrough)" : arc->is_throw ?
				" (throw)" : "");
		else
			fprintf(f, "<li class=\"arc br not\" data-n=\"%d\" "
				"data-count=\"-\">&#x2717; branch %d never "
				"executed%s</li>", ix, ix, arc->is_throw ?
				" (throw)" : "");
		ix++;
	}
	if (any)
		fputs("</ul></td></tr>\n", f);
	free(sum);
	free(from);
	free(ran);
}

/* The tests that ran line @ln of @n: " 0 2 " into data-runs, their
 * labels as text into the cell (@as_text). */
static void line_runs(FILE *f, const struct html_site *s,
		      const struct html_node *n, uint32_t ln, int as_text)
{
	size_t r;
	int any = 0;

	if (!as_text)
		fputs(" data-runs=\" ", f);
	for (r = 0; r < s->runs->n; r++) {
		const struct arcov_msrc *rs = n->rsrc[r];
		int64_t k = rs ? arcov_msrc_find(rs, ln) : -1;

		if (k < 0 || !rs->lines[k].exists || !rs->lines[k].count)
			continue;
		if (!as_text) {
			fprintf(f, "%zu ", r);
			continue;
		}
		if (any++)
			fputs(", ", f);
		arcov_xml_text(f, html_label(s, r));
	}
	if (!as_text)
		fputc('"', f);
}

/* The differential category of a line: its name, its meaning as the
 * title, the row coloured by it in the stylesheet. */
static void category_cell(FILE *f, enum arcov_dcat c)
{
	if (c == ARCOV_DC_NONE) {
		fputs("<td class=\"dcat\"></td>", f);
		return;
	}
	fprintf(f, "<td class=\"dcat\"><span class=\"cat %s\" title=\"%s\">"
		"%s</span></td>", arcov_dcat_name(c), arcov_dcat_what(c),
		arcov_dcat_name(c));
}

/* A line the diff deleted that was code in the baseline, where it stood:
 * its old number, its category, its text struck out. */
static void deleted_row(FILE *f, const struct arcov_ddel *del, int tests)
{
	fprintf(f, "<tr class=\"deleted\" data-old=\"%u\"><td class=\"ln\">"
		"<span class=\"sr\">deleted line </span>&#x2212;%u</td><td "
		"class=\"mk\"></td><td class=\"ct\"></td>%s", del->old,
		del->old, tests ? "<td class=\"tk\"></td><td></td>" : "");
	category_cell(f, del->cat);
	fputs("<td class=\"src\"><code><del>", f);
	arcov_xml_text(f, del->text);
	fputs("</del></code></td></tr>\n", f);
}

/* The table of @n's source lines. */
static void lines(FILE *f, const struct html_site *s,
		  const struct html_node *n)
{
	const struct arcov_msrc *src = n->src;
	int tests = s->runs->n > 0, diff = s->dc->active;
	const struct arcov_dsrc *d = n->dsrc;
	size_t del = 0;
	size_t ntext, k = 0;
	char **text = read_text(src->path, &ntext);
	uint32_t ln, last = src->nlines ? src->lnum[src->nlines - 1] : 0;

	/* Lines now neither code nor text may still have a category. */
	if (d && d->nlines > last)
		last = d->nlines;

	if (!text)
		fputs("<p class=\"note\">The source could not be read: only "
		      "the lines with code are shown, without their text.</p>\n",
		      f);
	fprintf(f, "<table class=\"code\" id=\"code\">\n<thead><tr><th "
		"scope=\"col\">Line</th><th scope=\"col\">Mark</th><th "
		"scope=\"col\">Count</th>%s%s<th scope=\"col\">Source</th>"
		"</tr></thead>\n<tbody>\n", tests ? "<th scope=\"col\" class="
		"\"tk\">Test</th><th scope=\"col\">Tests</th>" : "",
		diff ? "<th scope=\"col\">Diff</th>" : "");
	for (ln = 1; ln <= (ntext > last ? ntext : last); ln++) {
		const struct arcov_mline *line = NULL;
		const char *cls = "nocode", *mark = "", *why = "";
		int nav = 0;

		for (; d && del < d->ndel && d->del[del].at <= ln; del++)
			deleted_row(f, &d->del[del], tests);
		while (k < src->nlines && src->lnum[k] < ln)
			k++;
		if (k < src->nlines && src->lnum[k] == ln &&
		    src->lines[k].exists)
			line = &src->lines[k];
		if (line && arcov_excl_line(&src->excl, ln)) {
			cls = "excl";
			mark = "&#x2014;";
			why = "excluded";
		} else if (line && !line->count) {
			cls = "miss";
			mark = "&#x2717;";
			why = "not run";
			nav = 1;
		} else if (line && branch_missed(src, k)) {
			cls = "part";
			mark = "&#x25D0;";
			why = "branch not taken";
			nav = 1;
		} else if (line) {
			cls = "hit";
			mark = "&#x2713;";
			why = "run";
		}
		fprintf(f, "<tr id=\"L%u\" class=\"line %s%s\"", ln, cls,
			nav ? " nav" : "");
		if (line && tests)
			line_runs(f, s, n, ln, 0);
		fprintf(f, "><td class=\"ln\"><a href=\"#L%u\">%u</a></td>"
			"<td class=\"mk\">", ln, ln);
		if (*why)
			fprintf(f, "<span aria-hidden=\"true\">%s</span><span "
				"class=\"sr\">%s</span>", mark, why);
		fputs("</td><td class=\"ct\">", f);
		if (line)
			fprintf(f, "%" PRId64, line->count);
		fputs("</td>", f);
		if (tests) {
			fputs("<td class=\"tk\"></td><td class=\"runs\">", f);
			if (line)
				line_runs(f, s, n, ln, 1);
			fputs("</td>", f);
		}
		if (diff)
			category_cell(f, d && ln <= d->nlines ? d->cat[ln] :
				      ARCOV_DC_NONE);
		fputs("<td class=\"src\"><code>", f);
		if (text && ln <= ntext)
			arcov_xml_text(f, text[ln - 1]);
		fputs("</code></td></tr>\n", f);
		if (line)
			arcs(f, line, tests, diff);
	}
	for (; d && del < d->ndel; del++)
		deleted_row(f, &d->del[del], tests);
	fputs("</tbody>\n</table>\n", f);
	arcov_lines_free(text);
}

/* @s in a URL's query: percent-encoded but for unreserved characters
 * (then escaped for the attribute it sits in). */
static void url_text(FILE *f, const char *s)
{
	for (; *s; s++)
		if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9') || strchr("-._~", *s))
			putc(*s, f);
		else
			fprintf(f, "%%%02X", (unsigned char)*s);
}

/* The trace's figures of a function, or "not traced". */
static void trace_cells(FILE *f, const struct arcov_pf_fn *t)
{
	if (!t) {
		fputs("<td data-v=\"-1\" class=\"trace\">not traced</td>"
		      "<td data-v=\"-1\"></td><td data-v=\"-1\"></td>", f);
		return;
	}
	fprintf(f, "<td data-v=\"%" PRIu64 "\" class=\"trace\">%" PRIu64
		"</td>", t->stat.hits, t->stat.hits);
	fprintf(f, "<td data-v=\"%" PRIu64 "\" class=\"self\">%s</td>",
		t->self, html_time(t->self));
	fprintf(f, "<td data-v=\"%" PRIu64 "\" class=\"incl\">%s</td>",
		t->stat.outer, html_time(t->stat.outer));
}

/* The trace's record of @fn, a function of @src: the same name, and a
 * file that is @src's (the trace keeps the name the compiler was given). */
static const struct arcov_pf_fn *traced(const struct arcov_profile *prof,
					const struct arcov_mfn *fn,
					const struct arcov_msrc *src)
{
	size_t i, n, k;

	for (i = 0; prof && i < prof->nfns; i++) {
		const char *file = prof->fns[i].file;

		if (strcmp(prof->fns[i].name, fn->name))
			continue;
		n = strlen(src->path);
		k = strlen(file);
		while (k > 2 && !strncmp(file, "./", 2)) {
			file += 2;
			k -= 2;
		}
		if (!strcmp(file, src->name) || !strcmp(file, src->path) ||
		    (k < n && !strcmp(src->path + n - k, file) &&
		     src->path[n - k - 1] == '/'))
			return &prof->fns[i];
	}
	return NULL;
}

/* The table of @src's functions; with the trace @prof, each one's calls
 * and times from it too; with @graph, a link to each one's neighbourhood
 * in the call graph (@up: the way to the site's top). */
static int functions(FILE *f, const struct arcov_msrc *src,
		     const struct arcov_profile *prof, int graph,
		     const char *up)
{
	struct arcov_mfn **fns = arcov_sorted_fns(src);
	char b1[ARCOV_PERCENT_MAX], b2[ARCOV_PERCENT_MAX];
	size_t i;

	if (!fns)
		return ARCOV_ENOMEM;
	fputs("<h2 id=\"functions\">Functions</h2>\n<table class=\"fns "
	      "sortable\">\n<thead><tr><th scope=\"col\"><button type=\""
	      "button\">Function</button></th><th scope=\"col\"><button "
	      "type=\"button\">Line</button></th><th scope=\"col\"><button "
	      "type=\"button\">Called</button></th><th scope=\"col\"><button "
	      "type=\"button\">Returned</button></th><th scope=\"col\">"
	      "<button type=\"button\">Blocks executed</button></th><th "
	      "scope=\"col\"><button type=\"button\">Lines executed</button>"
	      "</th>", f);
	if (prof)
		fputs("<th scope=\"col\"><button type=\"button\">Calls "
		      "(trace)</button></th><th scope=\"col\"><button type="
		      "\"button\">Self time</button></th><th scope=\"col\">"
		      "<button type=\"button\">Inclusive time</button></th>",
		      f);
	fputs("</tr></thead>\n<tbody>\n", f);
	for (i = 0; i < src->nfns; i++) {
		const struct arcov_mfn *fn = fns[i];
		uint32_t first = arcov_fn_first_line(fn);
		int64_t calls = arcov_modern_calls(fn);
		int64_t blocks = (int64_t)fn->nblocks - 2;
		char *name = arcov_demangle(fn->name);

		fprintf(f, "<tr class=\"%s\"><th scope=\"row\" data-v=\"",
			arcov_excl_line(&src->excl, first) ? "excl" :
			calls ? "hit" : "miss");
		arcov_xml_text(f, name ? name : fn->name);
		fprintf(f, "\"><a href=\"#L%u\">", first);
		arcov_xml_text(f, name ? name : fn->name);
		fputs("</a>", f);
		if (graph) {
			fprintf(f, " <a class=\"near\" href=\"%s"
				"callgraph.html?fn=", up);
			url_text(f, name ? name : fn->name);
			fputs("\" title=\"its callers and callees\">"
			      "&#x2195;<span class=\"sr\">call graph</span>"
			      "</a>", f);
		}
		free(name);
		fprintf(f, "</th><td data-v=\"%u\">%u</td><td data-v=\""
			"%" PRId64 "\" class=\"called\">%s%" PRId64 "</td>",
			first, first, calls, calls ? "" : "&#x2717; ", calls);
		fprintf(f, "<td data-v=\"%" PRId64 "\">%s</td>",
			arcov_modern_returns(fn),
			calls ? arcov_format_gcov(arcov_modern_returns(fn),
						  calls, 0, b1) : "-");
		fprintf(f, "<td data-v=\"%u\" class=\"blocks\">%u of %" PRId64
			" (%s)</td>", fn->blocks_executed, fn->blocks_executed,
			blocks, arcov_format_gcov(fn->blocks_executed, blocks,
						  0, b2));
		fprintf(f, "<td data-v=\"%d\">%d of %d</td>",
			fn->cov.lines_executed, fn->cov.lines_executed,
			fn->cov.lines);
		if (prof)
			trace_cells(f, traced(prof, fn, src));
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n", f);
	free(fns);
	return 0;
}

/* The label selector: which test colours the lines. */
static void selector(FILE *f, const struct html_site *s)
{
	size_t r;

	if (!s->runs->n)
		return;
	fputs("<p class=\"pick\"><label for=\"label\">Show the lines run by "
	      "</label><select id=\"label\"><option value=\"\">every test"
	      "</option>", f);
	for (r = 0; r < s->runs->n; r++) {
		fprintf(f, "<option value=\"%zu\">", r);
		arcov_xml_text(f, html_label(s, r));
		fputs("</option>", f);
	}
	fputs("</select></p>\n", f);
}

int html_source_page(const struct html_site *s, const struct html_node *n)
{
	struct arcov_output w;
	FILE *f;

	if (html_page_open(s, n, &w))
		return 1;
	f = w.f;
	fputs("<h1>", f);
	arcov_xml_text(f, n->rel);
	fputs("</h1>\n", f);
	html_totals(f, &n->t);
	html_runs_table(f, s, n);
	html_dc_table(f, s, n);
	if (functions(f, n->src, s->prof, s->cg != NULL,
		      html_up(n)) < 0) {
		fprintf(s->diag, "arcov: out of memory\n");
		arcov_output_discard(&w);
		free((char *)w.path);
		return 1;
	}
	fputs("<h2 id=\"source\">Source</h2>\n<p class=\"keys\">Keys: "
	      "<kbd>n</kbd> next and <kbd>p</kbd> previous line not run or "
	      "with a branch not taken (&#x2717; or &#x25D0;).</p>\n", f);
	selector(f, s);
	lines(f, s, n);
	return html_page_close(s, &w);
}
