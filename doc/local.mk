## doc/local.mk -- the manual pages and the Markdown pages, installed
## with the programs ($(mandir), $(docdir)).

dist_man_MANS = doc/arcov.1 doc/arcov-dump.1 doc/arcov-merge.1 \
	doc/arcov-plugin.7
# Every page the manual pages and --help name is installed
# (testsuite/report/report-manual.sh checks it).
dist_doc_DATA = README.md doc/design.md doc/notes-format.md \
	doc/da-extension.md doc/report-formats.md doc/exports.md \
	doc/profile.md doc/formats.md doc/agreement.md doc/performance.md \
	doc/stream-format.md doc/live-file.md
