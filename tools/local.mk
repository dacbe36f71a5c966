## tools/local.mk -- arcov-dump (and later the reporter) over a convenience library.

noinst_LTLIBRARIES += tools/libarcovtools.la
tools_libarcovtools_la_SOURCES = tools/dump.c tools/dump.h

bin_PROGRAMS += tools/arcov-dump
tools_arcov_dump_SOURCES = tools/arcov-dump.c
tools_arcov_dump_LDADD = tools/libarcovtools.la lib/libarcovfmt.la
