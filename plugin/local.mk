## plugin/local.mk -- the GCC plugin arcov.so.
##
## A libtool module loaded by cc1/cc1plus, so it is C++ built against the
## plugin headers of the GCC that will load it (configure's GCC_PLUGIN_DIR)
## and links the format library statically.  "make install" also links it
## into that GCC's plugin directory so plain -fplugin=arcov finds it.

## Installed, the plugin goes to PKGLIBDIR/gcc-N/ for its GCC's major N,
## and PKGLIBDIR/arcov.so, the file -specs and -fplugin name, is the small
## C loader (plugin/loader.c) that opens the one for the GCC loading it:
## "make install" once per GCC shares one prefix (doc/design.md).
gccmajordir = $(pkglibdir)/gcc-$(GCC_MAJOR)
gccmajor_LTLIBRARIES = plugin/arcov.la
pkglib_LTLIBRARIES = plugin/loader/arcov.la
plugin_loader_arcov_la_SOURCES = plugin/loader.c
plugin_loader_arcov_la_LDFLAGS = $(AM_LDFLAGS) -module -avoid-version -shared
plugin_loader_arcov_la_LIBADD = -ldl
plugin_arcov_la_SOURCES = \
	plugin/plugin.cc \
	plugin/graph.cc \
	plugin/notes.cc \
	plugin/arcov-notes.cc \
	plugin/emitted.cc \
	plugin/emit.cc \
	plugin/derive.cc \
	plugin/profile.cc \
	plugin/early-increments.cc \
	plugin/inline-returns.cc \
	plugin/inline-size.cc \
	plugin/thread-checks.cc \
	plugin/tls-counters.cc \
	plugin/runs.cc \
	plugin/loop-counts.cc \
	plugin/merge-increments.cc \
	plugin/loop-cost.cc \
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
# configure's --with-gcc-plugin-dir (default: the GCC's own, if writable;
# empty: no link) and overridable ("make install gccplugindir=DIR");
# $(DESTDIR) applies to it too, so staged installs work.  Without the link
# -fplugin=arcov does not find the plugin, but arcov.specs and
# -fplugin=$(pkglibdir)/arcov.so do.
gccplugindir = $(GCC_PLUGIN_INSTALL_DIR)
gccpluginlink = $(GCC_PLUGIN_LINK)
# distcheck must not touch the system GCC: link inside its own prefix.
AM_DISTCHECK_CONFIGURE_FLAGS = \
	--with-gcc-plugin-dir=$$dc_install_base/lib/gcc-plugin

install-exec-hook: install-arcov-plugin install-arcov-ldconfig
install-data-local: install-arcov-specs install-arcov-pc
uninstall-hook: uninstall-arcov-plugin
uninstall-local: uninstall-arcov-specs uninstall-arcov-pc

# In the default mode (if-writable) a link another installation made is
# left as it is, and make uninstall removes only a link to this one: a
# private prefix installed as root never re-points the system compiler's
# plugin.  --with-gcc-plugin-dir=DIR (gccpluginlink=yes) replaces it.
install-arcov-plugin:
	@d='$(DESTDIR)$(gccplugindir)'; mine='$(gccmajordir)/arcov.so'; \
	if test -z '$(gccplugindir)'; then :; \
	elif test -z '$(DESTDIR)' && test '$(gccpluginlink)' = if-writable && \
	    ! { test -d "$$d" && test -w "$$d"; }; then \
	  echo "arcov: not linking arcov.so into $$d (cannot write there):"; \
	  echo "arcov: use -specs=$(pkglibdir)/arcov.specs or" \
	    "-fplugin=$(pkglibdir)/arcov.so"; \
	elif test '$(gccpluginlink)' = if-writable && \
	    { test -h "$$d/arcov.so" || test -e "$$d/arcov.so"; } && \
	    test "`readlink "$$d/arcov.so"`" != "$$mine"; then \
	  echo "arcov: $$d/arcov.so is another installation's" \
	    "(`readlink "$$d/arcov.so" || echo a file`); left as it is:"; \
	  echo "arcov: configure --with-gcc-plugin-dir=$(gccplugindir) to" \
	    "replace it, or use -specs=$(pkglibdir)/arcov.specs"; \
	else \
	  echo " $(LN_S) '$$mine' '$$d/arcov.so'"; \
	  $(MKDIR_P) "$$d" && rm -f "$$d/arcov.so" && \
	  $(LN_S) "$$mine" "$$d/arcov.so"; \
	fi

uninstall-arcov-plugin:
	@d='$(DESTDIR)$(gccplugindir)'; \
	if test -n '$(gccplugindir)' && test -h "$$d/arcov.so" && \
	    test "`readlink "$$d/arcov.so"`" = '$(gccmajordir)/arcov.so'; then \
	  echo " rm -f '$$d/arcov.so'"; rm -f "$$d/arcov.so"; \
	fi

# A library directory the dynamic loader searches through its cache needs
# ldconfig before a program linked with -larcov finds libarcov.so.
install-arcov-ldconfig:
	@if test -z '$(DESTDIR)' && test "`id -u`" = 0 && \
	    { ldconfig -v -N -X 2>/dev/null | grep -q '^$(libdir):'; }; then \
	  echo ' ldconfig'; ldconfig; \
	fi

.PHONY: install-arcov-plugin uninstall-arcov-plugin install-arcov-ldconfig

# arcov.specs: "gcc -specs=$(pkglibdir)/arcov.specs" loads the plugin into
# cc1 and cc1plus and links libarcov, so one flag does what --coverage
# does for GCC's own instrumentation.  plugin/arcov-build.specs is the same
# for the build tree (make demo, tests).  The installed one is written at
# install time, so "make install prefix=DIR" names DIR.
noinst_DATA = plugin/arcov-build.specs
CLEANFILES += plugin/arcov-build.specs

# The specs text: build-aux/make-specs PLUGIN LIBDIR.
make_specs = $(SHELL) $(top_srcdir)/build-aux/make-specs

plugin/arcov-build.specs: Makefile $(top_srcdir)/build-aux/make-specs
	$(AM_V_GEN)$(MKDIR_P) plugin && \
	$(make_specs) '$(abs_builddir)/plugin/.libs/arcov.so' \
	  '$(abs_builddir)/runtime/.libs' > $@-t && mv $@-t $@

install-arcov-specs:
	@$(MKDIR_P) '$(DESTDIR)$(pkglibdir)' && \
	echo " make-specs > '$(DESTDIR)$(pkglibdir)/arcov.specs'" && \
	$(make_specs) '$(pkglibdir)/arcov.so' '$(libdir)' \
	  > '$(DESTDIR)$(pkglibdir)/arcov.specs'

uninstall-arcov-specs:
	rm -f '$(DESTDIR)$(pkglibdir)/arcov.specs'

# arcov.pc: libarcov's Cflags and Libs (with the run path the specs link
# with too), and the plugin and the specs as variables; also written at
# install time.
pkgconfigdir = $(libdir)/pkgconfig
install-arcov-pc:
	$(MKDIR_P) '$(DESTDIR)$(pkgconfigdir)' && \
	sed -e 's|[@]prefix[@]|$(prefix)|' \
	  -e 's|[@]exec_prefix[@]|$(exec_prefix)|' \
	  -e 's|[@]libdir[@]|$(libdir)|' \
	  -e 's|[@]includedir[@]|$(includedir)|' \
	  -e 's|[@]pkglibdir[@]|$(pkglibdir)|' \
	  -e 's|[@]VERSION[@]|$(VERSION)|' $(srcdir)/arcov.pc.in \
	  > '$(DESTDIR)$(pkgconfigdir)/arcov.pc'

uninstall-arcov-pc:
	rm -f '$(DESTDIR)$(pkgconfigdir)/arcov.pc'

EXTRA_DIST += arcov.pc.in
.PHONY: install-arcov-specs uninstall-arcov-specs install-arcov-pc \
	uninstall-arcov-pc

EXTRA_DIST += doc/notes-format.md
