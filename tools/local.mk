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
