## tools/local.mk -- the programs and the libraries under them, by layer.
##
## model/   libarcovmodel: find objects, load and solve each once, merge
##          every source across objects, the profile model.  It never
##          prints and depends on lib/ alone, but for fold.c, which folds
##          continuous mode's live files with the runtime's protocol
##          (runtime/libarcovfold).
## report/  the gcov text reports, JSON, lcov, Cobertura, gates: leaves
##          that only read the model.
##          html-*.c: the HTML site, one file per page kind; its
##          stylesheet and script are arcov.css and arcov.js, built in.
## export/  the profiler files (cachegrind, callgrind, webgrind): leaves
##          over the model's call graph.
## *.c      thin mains, and the two tools that work on files rather than
##          on a model: arcov-dump (dump.c) and arcov-merge (merge.c).

TOOLS_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tools \
	-I$(top_builddir)/tools/report \
	-I$(top_srcdir)/tools/model -I$(top_srcdir)/tools/report \
	-I$(top_srcdir)/tools/export

noinst_LTLIBRARIES += tools/libarcovmodel.la
tools_libarcovmodel_la_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_libarcovmodel_la_SOURCES = \
	tools/model/log.c tools/model/log.h \
	tools/model/util.c tools/model/util.h \
	tools/model/gzip.c tools/model/gzip.h \
	tools/model/paths.c tools/model/paths.h \
	tools/model/discover.c tools/model/discover.h \
	tools/model/elf-notes.c tools/model/elf-notes.h \
	tools/model/object.c tools/model/object.h \
	tools/model/fold.c tools/model/fold.h \
	tools/model/exclude.c tools/model/exclude.h \
	tools/model/names.c tools/model/names.h \
	tools/model/lines.c tools/model/lines.h \
	tools/model/cycles.c \
	tools/model/legacy-lines.c tools/model/legacy-lines.h \
	tools/model/arcov-notes-apply.c tools/model/arcov-notes-apply.h \
	tools/model/project.c tools/model/project.h \
	tools/model/strmap.c tools/model/strmap.h \
	tools/model/callgraph.c tools/model/callgraph.h \
	tools/model/profile.c tools/model/profile.h \
	tools/model/run-models.c tools/model/run-models.h \
	tools/model/udiff.c tools/model/udiff.h \
	tools/model/tracefile.c tools/model/tracefile.h \
	tools/model/diffcov.c tools/model/diffcov.h \
	tools/model/baseline.c tools/model/baseline.h
# fold.c runs the runtime's fold protocol (runtime/libarcovfold, its
# internal.h): the one place outside lib/ the model depends on.
tools_libarcovmodel_la_CPPFLAGS += -I$(top_srcdir)/runtime
tools_libarcovmodel_la_LIBADD = runtime/libarcovfold.la lib/libarcovfmt.la \
	$(ELF_LIBS) $(ZLIB_LIBS)

noinst_LTLIBRARIES += tools/libarcovtools.la
tools_libarcovtools_la_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_libarcovtools_la_SOURCES = \
	tools/dump.c tools/dump.h \
	tools/merge.c tools/merge.h tools/merge-stream.c \
	tools/report/report.h \
	tools/report/percent.c tools/report/percent.h \
	tools/report/common.c tools/report/common.h \
	tools/report/gcov-text.c tools/report/gcov-legacy.c \
	tools/report/json.c tools/report/lcov.c tools/report/cobertura.c \
	tools/report/gates.c tools/report/runs.c \
	tools/report/sonarqube.c tools/report/summary-dirs.c \
	tools/report/coveralls.c tools/report/md5.c tools/report/md5.h \
	tools/report/html.h tools/report/html-site.c \
	tools/report/html-source.c tools/report/html-page.c \
	tools/report/html-assets.c tools/report/html-callgraph.c \
	tools/report/html-flame.c \
	tools/report/html-timeline.c \
	tools/export/export.c tools/export/export.h \
	tools/export/cachegrind.c tools/export/callgrind.c \
	tools/export/webgrind.c \
	tools/export/profile-export.h tools/export/profile-run.c \
	tools/export/gprof.c tools/export/callgrind-time.c \
	tools/export/webgrind4.c tools/export/winidea.c tools/export/chrome.c
tools_libarcovtools_la_LIBADD = tools/libarcovmodel.la $(ZLIB_LIBS)

# The site's stylesheet and script as C strings, one line each, for
# html-assets.c: backslashes and quotes escaped, nothing else changed.
tools/report/html-assets.inc: $(srcdir)/tools/report/arcov.css \
		$(srcdir)/tools/report/arcov.js
	$(AM_V_GEN)$(MKDIR_P) tools/report && \
	{ for f in css js; do \
	  echo "#define ARCOV_`echo $$f | tr a-z A-Z` \\"; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/\t"/' \
	      -e 's/$$/\\n" \\/' $(srcdir)/tools/report/arcov.$$f; \
	  echo '	""'; \
	done; } >$@-t && mv $@-t $@
BUILT_SOURCES += tools/report/html-assets.inc
CLEANFILES += tools/report/html-assets.inc
EXTRA_DIST += tools/report/arcov.css tools/report/arcov.js

TOOLS_LDADD = tools/libarcovtools.la lib/libarcovfmt.la $(ELF_LIBS)

bin_PROGRAMS += tools/arcov-dump
tools_arcov_dump_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_arcov_dump_SOURCES = tools/arcov-dump.c
tools_arcov_dump_LDADD = $(TOOLS_LDADD)

bin_PROGRAMS += tools/arcov
tools_arcov_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_arcov_SOURCES = tools/arcov.c
tools_arcov_LDADD = $(TOOLS_LDADD) -lstdc++

bin_PROGRAMS += tools/arcov-merge
tools_arcov_merge_CPPFLAGS = $(TOOLS_CPPFLAGS)
tools_arcov_merge_SOURCES = tools/arcov-merge.c
tools_arcov_merge_LDADD = $(TOOLS_LDADD)
