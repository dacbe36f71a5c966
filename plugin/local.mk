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
	plugin/profile.cc \
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

# The GCC plugin directory "make install" links the module into, from
# configure's --with-gcc-plugin-dir (default: the GCC's own; empty: no
# link) and overridable ("make install gccplugindir=DIR"); $(DESTDIR)
# applies to it too, so staged installs work.
gccplugindir = $(GCC_PLUGIN_INSTALL_DIR)
# distcheck must not touch the system GCC: link inside its own prefix.
AM_DISTCHECK_CONFIGURE_FLAGS = \
	--with-gcc-plugin-dir=$$dc_install_base/lib/gcc-plugin

install-exec-hook: install-arcov-plugin
uninstall-hook: uninstall-arcov-plugin

install-arcov-plugin:
	test -z '$(gccplugindir)' || { \
	  $(MKDIR_P) '$(DESTDIR)$(gccplugindir)' && \
	  rm -f '$(DESTDIR)$(gccplugindir)/arcov.so' && \
	  $(LN_S) '$(pkglibdir)/arcov.so' '$(DESTDIR)$(gccplugindir)/arcov.so'; }

uninstall-arcov-plugin:
	test -z '$(gccplugindir)' || rm -f '$(DESTDIR)$(gccplugindir)/arcov.so'

.PHONY: install-arcov-plugin uninstall-arcov-plugin

# arcov.specs: "gcc -specs=$(pkglibdir)/arcov.specs" loads the plugin into
# cc1 and cc1plus and links libarcov, so one flag does what --coverage
# does for GCC's own instrumentation.  plugin/arcov-build.specs is the same
# for the build tree (make demo, tests).
specsdir = $(pkglibdir)
specs_DATA = plugin/arcov.specs
noinst_DATA = plugin/arcov-build.specs
CLEANFILES += plugin/arcov.specs plugin/arcov-build.specs

# make_specs PLUGIN LIBDIR: the specs text on stdout.
make_specs = make_specs() { \
	printf '%s\n' '*cc1:' "+ -fplugin=$$1" '' '*cc1plus:' \
	  "+ -fplugin=$$1" '' '%rename lib arcov_lib' '' '*lib:' \
	  "-L$$2 -rpath $$2 -larcov -lpthread %(arcov_lib)" ''; }

plugin/arcov.specs: Makefile
	$(AM_V_GEN)$(make_specs); $(MKDIR_P) plugin && \
	make_specs '$(pkglibdir)/arcov.so' '$(libdir)' > $@-t && mv $@-t $@

plugin/arcov-build.specs: Makefile
	$(AM_V_GEN)$(make_specs); $(MKDIR_P) plugin && \
	make_specs '$(abs_builddir)/plugin/.libs/arcov.so' \
	  '$(abs_builddir)/runtime/.libs' > $@-t && mv $@-t $@

EXTRA_DIST += doc/notes-format.md
