## tools/local.mk -- arcov-dump (and later the reporter) over a convenience library.

noinst_LTLIBRARIES += tools/libarcovtools.la
tools_libarcovtools_la_SOURCES = tools/dump.c tools/dump.h

bin_PROGRAMS += tools/arcov-dump
tools_arcov_dump_SOURCES = tools/arcov-dump.c
tools_arcov_dump_LDADD = tools/libarcovtools.la lib/libarcovfmt.la

## ---- arcov, the gcov-compatible reporter (issue 4) ----
tools_libarcovtools_la_SOURCES += \
	tools/object.c tools/object.h \
	tools/lines.c tools/lines.h \
	tools/percent.c tools/percent.h \
	tools/report.h tools/gcov-text.c tools/gcov-legacy.c

bin_PROGRAMS += tools/arcov
tools_arcov_SOURCES = tools/arcov.c
tools_arcov_LDADD = tools/libarcovtools.la lib/libarcovfmt.la -lstdc++

## ---- whole-project use: arcov-merge, directory trees, --binary (issue 4) ----
tools_libarcovtools_la_SOURCES += \
	tools/discover.c tools/discover.h \
	tools/merge.c tools/merge.h
tools_arcov_LDADD += $(ELF_LIBS)

bin_PROGRAMS += tools/arcov-merge
tools_arcov_merge_SOURCES = tools/arcov-merge.c
tools_arcov_merge_LDADD = tools/libarcovtools.la lib/libarcovfmt.la $(ELF_LIBS)

## ---- machine-readable reports, exclusion markers, gates (issue 4) ----
tools_libarcovtools_la_SOURCES += \
	tools/exclude.c tools/exclude.h \
	tools/plugin-notes.c tools/plugin-notes.h \
	tools/report-formats.c tools/report-formats.h \
	tools/report-json.c tools/report-lcov.c tools/report-cobertura.c
tools_libarcovtools_la_LIBADD = $(ZLIB_LIBS)
EXTRA_DIST += doc/report-formats.md

## ---- profiler-format exports: cachegrind, callgrind, webgrind (issue 5) ----
tools_libarcovtools_la_SOURCES += \
	tools/callgraph.c tools/callgraph.h \
	tools/export.c tools/export.h \
	tools/export-cachegrind.c tools/export-callgrind.c \
	tools/export-webgrind.c
EXTRA_DIST += doc/exports.md
