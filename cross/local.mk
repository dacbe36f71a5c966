## cross/local.mk -- the plugin and the runtime for each cross compiler of
## configure --enable-cross=TRIPLE,... (doc/design.md, "Targets").
##
## One sub-build per triple, cross/cross.mk run by GNU make in this build
## directory; its products are in cross/TRIPLE/ and "make install" puts
## them in PKGLIBDIR/TRIPLE/, arcov.specs among them, so that
## "TRIPLE-gcc -specs=PKGLIBDIR/TRIPLE/arcov.specs" works as the native
## specs does.  The host's tools (arcov, arcov-merge, arcov-dump) read the
## notes and data of every target.

cross_make = $(MAKE) -f $(abs_top_srcdir)/cross/cross.mk \
	srcdir='$(abs_top_srcdir)' builddir='$(abs_top_builddir)' \
	CXX='$(CXX)' CXXFLAGS='$(CXXFLAGS)' SHELL='$(SHELL)' \
	WARN_CFLAGS='$(WARN_CFLAGS)' WARN_CXXFLAGS='$(WARN_CXXFLAGS)' \
	VERSION='$(VERSION)' pkglibdir='$(pkglibdir)' V='$(V)' \
	PLUGIN_SRCS='$(plugin_arcov_la_SOURCES)' \
	RUNTIME_SRCS='$(runtime_libarcov_la_SOURCES) $(runtime_libarcovfold_la_SOURCES)' \
	LIB_SRCS='$(lib_libarcovfmt_la_SOURCES)'

# The plugins link the host's format library.
all-local: cross-all
cross-all: lib/libarcovfmt.la
	+@for t in $(CROSS_TRIPLES); do \
	  $(cross_make) TRIPLE=$$t all || exit 1; \
	done
install-cross:
	+@for t in $(CROSS_TRIPLES); do \
	  $(cross_make) TRIPLE=$$t install || exit 1; \
	done
uninstall-cross:
	+@for t in $(CROSS_TRIPLES); do \
	  $(cross_make) TRIPLE=$$t uninstall || exit 1; \
	done
clean-cross:
	+@for t in $(CROSS_TRIPLES); do \
	  $(cross_make) TRIPLE=$$t clean || exit 1; \
	done
install-data-local: install-cross
uninstall-local: uninstall-cross
clean-local: clean-cross
distclean-local: distclean-cross
distclean-cross:
	-rm -rf $(CROSS_TRIPLES:%=cross/%)
.PHONY: cross-all install-cross uninstall-cross clean-cross \
	distclean-cross

EXTRA_DIST += cross/cross.mk build-aux/make-specs
