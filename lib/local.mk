## lib/local.mk -- the format library, linked by plugin, runtime and tools.

noinst_LTLIBRARIES += lib/libarcovfmt.la
lib_libarcovfmt_la_SOURCES = \
	lib/error.c lib/error.h \
	lib/sm.c lib/sm.h \
	lib/bb.c lib/bb.h \
	lib/bbg.c lib/bbg.h \
	lib/da.c lib/da.h \
	lib/da-merge.c lib/da-merge.h \
	lib/da-ext.c lib/da-ext.h \
	lib/arcov-notes.c lib/arcov-notes.h \
	lib/solve.c lib/solve.h \
	lib/fileio.c lib/fileio.h \
	lib/trace.c lib/trace.h \
	lib/notes-section.c lib/notes-section.h \
	lib/stream.c lib/stream.h \
	lib/live.c lib/live.h
# Hidden by default: the runtime links this into other people's programs
# and must export nothing but arcov_* entry points of its own.
lib_libarcovfmt_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden
