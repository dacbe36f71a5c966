## plugin/local.mk -- the GCC plugin arcov.so.
##
## A libtool module loaded by cc1/cc1plus, so it is C++ built against the
## plugin headers of the GCC that will load it (configure's GCC_PLUGIN_DIR)
## and links the format library statically.  "make install" also links it
## into that GCC's plugin directory so plain -fplugin=arcov finds it.

pkglib_LTLIBRARIES = plugin/arcov.la
plugin_arcov_la_SOURCES = \
	plugin/plugin.cc \
	plugin/graph.cc \
	plugin/notes.cc \
	plugin/ext-notes.cc \
	plugin/emit.cc \
	plugin/arcov-plugin.h \
	plugin/compat.h \
	plugin/pass.h
# GCC's headers come first: they include their own "config.h".
plugin_arcov_la_CPPFLAGS = -I$(GCC_PLUGIN_DIR)/include \
	-I$(top_srcdir)/lib -I$(top_srcdir)/runtime \
	-DARCOV_VERSION='"$(PACKAGE_VERSION)"'
plugin_arcov_la_CXXFLAGS = $(AM_CXXFLAGS) -fno-rtti
plugin_arcov_la_LDFLAGS = $(AM_LDFLAGS) -module -avoid-version -shared
plugin_arcov_la_LIBADD = lib/libarcovfmt.la
if SANITIZERS
# libtool drops -fsanitize= when linking a module; cc1 then needs only the
# ASan runtime preloaded (it must come first), UBSan's is linked here.
plugin_arcov_la_LIBADD += -lubsan
endif

# The GCC plugin directory, overridable ("make install gccplugindir=DIR")
# for installs by a user who cannot write there; $(DESTDIR) applies to it
# too, so staged installs work.  The link points to the installed module.
gccplugindir = $(GCC_PLUGIN_DIR)

install-exec-hook: install-arcov-plugin
uninstall-hook: uninstall-arcov-plugin

install-arcov-plugin:
	$(MKDIR_P) '$(DESTDIR)$(gccplugindir)'
	rm -f '$(DESTDIR)$(gccplugindir)/arcov.so'
	$(LN_S) '$(pkglibdir)/arcov.so' '$(DESTDIR)$(gccplugindir)/arcov.so'

uninstall-arcov-plugin:
	rm -f '$(DESTDIR)$(gccplugindir)/arcov.so'

.PHONY: install-arcov-plugin uninstall-arcov-plugin

# Tests: compile programs with the plugin, run them against libarcov and
# compare the solved graphs (arcov-solve) with expected output.
check_PROGRAMS += plugin/tests/arcov-solve
plugin_tests_arcov_solve_SOURCES = plugin/tests/arcov-solve.c
plugin_tests_arcov_solve_LDADD = lib/libarcovfmt.la

PLUGIN_TESTS = \
	plugin/tests/counts.sh \
	plugin/tests/options.sh
TESTS += $(PLUGIN_TESTS)
EXTRA_DIST += doc/notes-format.md $(PLUGIN_TESTS) plugin/tests/lib.sh \
	plugin/tests/loops.c plugin/tests/jumps.c plugin/tests/throw.cc \
	plugin/tests/threads.c \
	plugin/tests/loops.out plugin/tests/jumps.out plugin/tests/throw.out \
	plugin/tests/threads.out \
	plugin/tests/loops.0.exp plugin/tests/loops.2.exp \
	plugin/tests/jumps.0.exp plugin/tests/jumps.2.exp \
	plugin/tests/throw.0.exp plugin/tests/throw.2.exp \
	plugin/tests/threads.2.exp \
	plugin/tests/loops.0.notes plugin/tests/throw.0.notes
