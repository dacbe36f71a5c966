## doc/local.mk -- the manual pages and the Markdown pages, installed
## with the programs ($(mandir), $(docdir)).

dist_man_MANS = doc/arcov.1 doc/arcov-dump.1 doc/arcov-merge.1 \
	doc/arcov-plugin.7
dist_doc_DATA = README.md doc/design.md doc/notes-format.md \
	doc/da-extension.md doc/report-formats.md doc/exports.md \
	doc/stream-format.md
