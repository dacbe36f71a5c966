/* html-site.c -- --html DIR: the site's tree, its index and directory
 * pages, and the entry point that writes every page (html.h).
 *
 * The tree starts at --root, else at the deepest directory holding every
 * reported source, so no name in it climbs out ("..").  Each directory's
 * page lists its entries with their totals and is DIR/<path>/index.html;
 * a source's page is DIR/<path>.html.  Every component of those paths is
 * made of letters, digits and "._+-" alone, never starts with a dot, and
 * a name that two entries would share gets a "~N" suffix: whatever the
 * sources are called, the pages stay inside DIR, one per entry.
 */
#include <config.h>

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "html.h"
#include "strmap.h"

/* The site's own files: no page may take their names. */
static const char *const reserved[] = { "index.html", "arcov.css",
					"arcov.js", "callgraph.html",
					"callgraph.dot", "flame.html",
					"timeline.html" };

/* @name as a safe path component, appended to @dst. */
static void safe_component(char *dst, const char *name, size_t len)
{
	size_t i, k = strlen(dst);

	if (!len || name[0] == '.')
		dst[k++] = '_';
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];

		dst[k++] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			   (c >= '0' && c <= '9') || strchr("._+-", c) ? c :
			   '_';
	}
	dst[k] = 0;
}

/* A page name under @dir for the entry @name, "<dir><safe name><ext>",
 * with a "~N" suffix when @taken holds it; added to @taken.  NULL when
 * out of memory. */
static char *unique_page(struct strmap *taken, const char *dir,
			 const char *name, const char *ext)
{
	size_t n = strlen(dir) + strlen(name) + strlen(ext) + 32, v, k;
	char *page = malloc(n);
	unsigned u;

	if (!page)
		return NULL;
	strcpy(page, dir);
	safe_component(page, name, strlen(name));
	k = strlen(page);
	strcpy(page + k, ext);
	for (u = 2; strmap_get(taken, page, &v); u++)
		snprintf(page + k, n - k, "~%u%s", u, ext);
	if (strmap_put(taken, page, 0) < 0) {
		free(page);
		return NULL;
	}
	return page;
}

/* Add a node to @s under @parent; its index, or SIZE_MAX when out of
 * memory.  @rel is taken over. */
static size_t add_node(struct html_site *s, size_t *cap, size_t parent,
		       char *rel, int is_dir)
{
	struct html_node *n;
	const char *slash;

	if (!rel || arcov_grow((void **)&s->nodes, cap, s->nnodes + 1,
			       sizeof *s->nodes)) {
		free(rel);
		return SIZE_MAX;
	}
	n = &s->nodes[s->nnodes];
	memset(n, 0, sizeof *n);
	n->rel = rel;
	slash = strrchr(rel, '/');
	n->name = strdup(slash ? slash + 1 : rel);
	n->parent = parent;
	n->is_dir = is_dir;
	n->rt = calloc(s->runs->n ? s->runs->n : 1, sizeof *n->rt);
	n->rsrc = calloc(s->runs->n ? s->runs->n : 1, sizeof *n->rsrc);
	s->nnodes++;
	if (!n->name || !n->rt || !n->rsrc)
		return SIZE_MAX;
	return s->nnodes - 1;
}

/* Whether the site shows @src. */
static int shown(const struct html_site *s, const struct arcov_msrc *src)
{
	return !arcov_report_skips(s->o, src) && src->lines;
}

/* The directory the tree starts from: the deepest one holding --root (if
 * given) and every source shown -- --root itself unless a --filter shows
 * sources outside it.  NULL when out of memory. */
static char *tree_base(const struct html_site *s)
{
	const struct arcov_modern *m = &s->p->lines;
	const char *first = m->root;
	size_t i, len = m->root ? strlen(m->root) : 0, k;

	for (i = 0; i < m->nsrcs; i++) {
		const char *path = m->srcs[i].path;

		if (!shown(s, &m->srcs[i]))
			continue;
		if (!first) {
			first = path;
			len = strrchr(path, '/') ? (size_t)(strrchr(path, '/') -
							    path) : 0;
			continue;
		}
		for (k = 0; k < len && path[k] == first[k]; k++)
			;
		/* Back to a '/' both have there: whole directories. */
		while (k > 0 && !(path[k] == '/' &&
				  (k == len || first[k] == '/')))
			k--;
		len = k;
	}
	return first && len ? strndup(first, len) : strdup("/");
}

static int cmp_rel(const void *a, const void *b)
{
	const struct arcov_msrc *const *x = a, *const *y = b;

	return strcmp((*x)->path, (*y)->path);
}

/* The source of @m at @path, or NULL. */
static const struct arcov_msrc *find_src(const struct arcov_modern *m,
					 const struct strmap *index,
					 const char *path)
{
	size_t v;

	return strmap_get(index, path, &v) ? &m->srcs[v] : NULL;
}

/* Each source's model in each run model, and its totals there. */
static int match_runs(struct html_site *s)
{
	size_t r, i;

	for (r = 0; r < s->runs->n; r++) {
		const struct arcov_modern *m = &s->runs->ps[r].lines;
		struct strmap index = { 0 };

		for (i = 0; i < m->nsrcs; i++)
			if (!strmap_get(&index, m->srcs[i].path, &(size_t){0}) &&
			    strmap_put(&index, m->srcs[i].path, i) < 0) {
				strmap_free(&index);
				return ARCOV_ENOMEM;
			}
		for (i = 0; i < s->nnodes; i++) {
			struct html_node *n = &s->nodes[i];

			if (n->is_dir)
				continue;
			n->rsrc[r] = find_src(m, &index, n->src->path);
			if (n->rsrc[r] && n->rsrc[r]->lines)
				n->rt[r] = html_tally_source(n->rsrc[r]);
			else
				n->rsrc[r] = NULL;
		}
		strmap_free(&index);
	}
	return 0;
}

/* The tree of @s's sources below s->base, parents before children,
 * entries by name; totals summed upwards.  0 or ARCOV_ENOMEM. */
static int build_tree(struct html_site *s)
{
	const struct arcov_modern *m = &s->p->lines;
	const struct arcov_msrc **v = malloc((m->nsrcs + 1) * sizeof *v);
	size_t nv = 0, i, r, cap = 0, blen = strlen(s->base), dir, k;
	struct strmap dirs = { 0 };
	int rc = ARCOV_ENOMEM;

	if (!v)
		return rc;
	for (i = 0; i < m->nsrcs; i++)
		if (shown(s, &m->srcs[i]))
			v[nv++] = &m->srcs[i];
	qsort(v, nv, sizeof *v, cmp_rel);
	if (add_node(s, &cap, SIZE_MAX, strdup(""), 1) == SIZE_MAX)
		goto free_all;
	for (i = 0; i < nv; i++) {
		const char *rel = v[i]->path + blen, *c;

		while (*rel == '/')
			rel++;
		dir = 0;
		/* Each directory on the way, made when first met. */
		for (c = strchr(rel, '/'); c; c = strchr(c + 1, '/')) {
			char *d = strndup(rel, (size_t)(c - rel));

			if (!d)
				goto free_all;
			if (strmap_get(&dirs, d, &dir)) {
				free(d);
				continue;
			}
			k = add_node(s, &cap, dir, d, 1);
			if (k == SIZE_MAX ||
			    strmap_put(&dirs, s->nodes[k].rel, k) < 0)
				goto free_all;
			dir = k;
		}
		k = add_node(s, &cap, dir, strdup(rel), 0);
		if (k == SIZE_MAX)
			goto free_all;
		s->nodes[k].src = v[i];
		s->nodes[k].t = html_tally_source(v[i]);
		if (s->dc->active && s->dc->srcs[v[i] - m->srcs].cat) {
			s->nodes[k].dsrc = &s->dc->srcs[v[i] - m->srcs];
			memcpy(s->nodes[k].dc, s->nodes[k].dsrc->counts,
			       sizeof s->nodes[k].dc);
		}
	}
	if (match_runs(s) < 0)
		goto free_all;
	/* Children after parents: sum from the last node up. */
	for (i = s->nnodes; i-- > 1;) {
		struct html_node *n = &s->nodes[i], *up = &s->nodes[n->parent];

		html_tally_add(&up->t, &n->t);
		for (r = 0; r < ARCOV_DC_N; r++)
			up->dc[r] += n->dc[r];
		for (r = 0; r < s->runs->n; r++)
			html_tally_add(&up->rt[r], &n->rt[r]);
		up->nkids++;
	}
	for (r = 0; r < ARCOV_DC_N; r++)
		s->nodes[0].dc[r] += s->dc->gone[r];	/* deleted files */
	for (i = 0; i < s->nnodes; i++) {
		s->nodes[i].kids = malloc((s->nodes[i].nkids + 1) *
					  sizeof *s->nodes[i].kids);
		if (!s->nodes[i].kids)
			goto free_all;
		s->nodes[i].nkids = 0;
	}
	/* In path order, which is name order within each directory. */
	for (i = 1; i < s->nnodes; i++) {
		struct html_node *up = &s->nodes[s->nodes[i].parent];

		up->kids[up->nkids++] = i;
	}
	rc = 0;
free_all:
	strmap_free(&dirs);
	free(v);
	return rc;
}

/* Every node's page name, parents first.  0 or ARCOV_ENOMEM. */
static int name_pages(struct html_site *s)
{
	struct strmap taken = { 0 };
	size_t i, k;
	int rc = ARCOV_ENOMEM;

	for (k = 0; k < sizeof reserved / sizeof *reserved; k++)
		if (strmap_put(&taken, reserved[k], 0) < 0)
			goto free_taken;
	s->nodes[0].page = strdup("index.html");
	if (!s->nodes[0].page)
		goto free_taken;
	for (i = 1; i < s->nnodes; i++) {
		struct html_node *n = &s->nodes[i];
		const struct html_node *up = &s->nodes[n->parent];
		/* The parent's directory: its page less "index.html". */
		size_t dlen = strlen(up->page) - strlen("index.html");
		char *dir = strndup(up->page, dlen), *page;

		if (!dir)
			goto free_taken;
		page = unique_page(&taken, dir, n->name, n->is_dir ? "" :
				   ".html");
		free(dir);
		if (!page)
			goto free_taken;
		if (n->is_dir) {
			n->page = malloc(strlen(page) + sizeof "/index.html");
			if (n->page)
				sprintf(n->page, "%s/index.html", page);
			free(page);
			if (!n->page)
				goto free_taken;
		} else {
			n->page = page;
		}
	}
	rc = 0;
free_taken:
	strmap_free(&taken);
	return rc;
}

/* mkdir @path unless it is a directory already; with @own, one the site
 * makes, a link to a directory will not do: pages stay inside DIR. */
static int make_dir(const char *path, int own, FILE *diag)
{
	struct stat st;

	if (!mkdir(path, 0777) ||
	    (errno == EEXIST && !(own ? lstat : stat)(path, &st) &&
	     S_ISDIR(st.st_mode)))
		return 0;
	fprintf(diag, "arcov: %s: cannot make the directory: %s\n", path,
		errno == EEXIST ? "something else is there" : strerror(errno));
	return 1;
}

/* The directories of the site: DIR (and its parents) and one per
 * directory node. */
static int make_dirs(const struct html_site *s)
{
	char *path = malloc(strlen(s->o->html) + 4096 + 2), *c;
	size_t i;
	int rc = 0;

	if (!path) {
		fprintf(s->diag, "arcov: out of memory\n");
		return 1;
	}
	strcpy(path, s->o->html);
	for (c = strchr(path + 1, '/'); c && !rc; c = strchr(c + 1, '/')) {
		*c = 0;
		rc = make_dir(path, 0, s->diag);
		*c = '/';
	}
	rc = rc || make_dir(s->o->html, 0, s->diag);
	for (i = 1; i < s->nnodes && !rc; i++) {
		const char *page = s->nodes[i].page;

		if (!s->nodes[i].is_dir || strlen(page) > 4096)
			continue;
		sprintf(path, "%s/%.*s", s->o->html,
			(int)(strlen(page) - strlen("/index.html")), page);
		rc = make_dir(path, 1, s->diag);
	}
	free(path);
	return rc;
}

/* The page of directory @n: its totals, its tests', its entries'. */
static int dir_page(const struct html_site *s, const struct html_node *n)
{
	struct arcov_output w;
	size_t i;
	FILE *f;

	if (html_page_open(s, n, &w))
		return 1;
	f = w.f;
	fputs("<h1>", f);
	arcov_xml_text(f, n->parent == SIZE_MAX ? s->base : n->rel);
	fputs("</h1>\n", f);
	html_totals(f, &n->t);
	html_runs_table(f, s, n);
	html_dc_table(f, s, n);
	fputs("<h2 id=\"files\">Files</h2>\n<table class=\"tree sortable\">\n"
	      "<thead><tr><th scope=\"col\"><button type=\"button\">Name"
	      "</button></th>", f);
	html_cell_heads(f);
	fputs("</tr></thead>\n<tbody>\n", f);
	for (i = 0; i < n->nkids; i++) {
		const struct html_node *k = &s->nodes[n->kids[i]];
		/* Links are relative to this page's directory. */
		size_t dlen = strlen(n->page) - strlen("index.html");

		fprintf(f, "<tr class=\"%s\"><th scope=\"row\" data-v=\"",
			k->is_dir ? "d" : "f");
		arcov_xml_text(f, k->name);
		fputs("\"><a href=\"", f);
		arcov_xml_text(f, k->page + dlen);
		fputs("\">", f);
		arcov_xml_text(f, k->name);
		fputs(k->is_dir ? "/</a></th>" : "</a></th>", f);
		html_cells(f, &k->t);
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n", f);
	return html_page_close(s, &w);
}

static void free_site(struct html_site *s)
{
	size_t i;

	for (i = 0; i < s->nnodes; i++) {
		free(s->nodes[i].name);
		free(s->nodes[i].rel);
		free(s->nodes[i].page);
		free(s->nodes[i].kids);
		free(s->nodes[i].rt);
		free(s->nodes[i].rsrc);
	}
	free(s->nodes);
	free((char *)s->base);
}

int arcov_html_write(const struct arcov_report_opts *o,
		     const struct arcov_project *p,
		     const struct arcov_run_models *runs,
		     const struct arcov_diffcov *dc,
		     const struct arcov_callgraph *cg,
		     const struct arcov_profile *prof, FILE *diag)
{
	struct html_site s = { o, p, runs, dc, cg, prof, diag, NULL, 0,
			       NULL };
	size_t i;
	int rc = 1;

	s.base = tree_base(&s);
	if (!s.base || build_tree(&s) < 0 || name_pages(&s) < 0) {
		fprintf(diag, "arcov: out of memory\n");
		goto free_site;
	}
	if (make_dirs(&s) || html_assets_write(o->html, diag))
		goto free_site;
	rc = 0;
	for (i = 0; i < s.nnodes; i++)
		rc |= s.nodes[i].is_dir ? dir_page(&s, &s.nodes[i]) :
					  html_source_page(&s, &s.nodes[i]);
	if (cg)
		rc |= html_callgraph_page(&s, cg);
	if (prof)
		rc |= html_flame_page(&s);
	if (prof && prof->timeline)
		rc |= html_timeline_page(&s);
free_site:
	free_site(&s);
	return rc;
}
