# cross/cross.mk -- the plugin and the runtime for one cross compiler.
#
# GNU make, run by the top Makefile (cross/local.mk) once per triple of
# configure --enable-cross, in the top build directory:
#   make -f SRCDIR/cross/cross.mk TRIPLE=aarch64-linux-gnu srcdir=SRCDIR \
#        builddir=BUILDDIR CXX=... pkglibdir=... [all|install|uninstall]
# configure wrote cross/TRIPLE/cross.conf: CROSS_CC, CROSS_CXX,
# CROSS_PLUGIN_DIR.  Everything goes to cross/TRIPLE/:
#   arcov.so           the plugin, built by this host's C++ compiler (it
#                      runs inside the cross cc1) against CROSS_PLUGIN_DIR,
#                      with the host's format library
#   libarcov.so.0, libarcov.so, libarcov.a
#                      the runtime and its format library, compiled by
#                      CROSS_CC
#   arcov-build.specs  the specs naming those two (build-aux/make-specs)
# "install" copies them to PKGLIBDIR/TRIPLE/, with arcov.specs naming the
# installed files.

include cross/$(TRIPLE)/cross.conf

out := cross/$(TRIPLE)
dest := $(DESTDIR)$(pkglibdir)/$(TRIPLE)

PLUGIN_SOURCES := plugin arcov-notes derive emit graph inline-size \
	loop-counts notes profile thread-checks
RUNTIME_SOURCES := runtime threads write derive path exec profile
LIB_SOURCES := error sm bb bbg da da-merge da-ext arcov-notes solve fileio \
	trace notes-section

plugin_objs := $(PLUGIN_SOURCES:%=$(out)/plugin/%.o)
runtime_objs := $(RUNTIME_SOURCES:%=$(out)/runtime/%.o) \
	$(LIB_SOURCES:%=$(out)/lib/%.o)

PLUGIN_CXXFLAGS := -fPIC -fno-rtti $(WARN_CXXFLAGS) \
	-I$(CROSS_PLUGIN_DIR)/include -I$(srcdir)/lib -I$(srcdir)/runtime \
	-DARCOV_VERSION='"$(VERSION)"'
# As runtime/local.mk and lib/local.mk build the native ones: a guest in
# other people's programs, exporting only arcov_*.
RUNTIME_CFLAGS := -g -O2 -fPIC -fvisibility=hidden -pthread $(WARN_CFLAGS) \
	-I$(builddir) -I$(srcdir)/lib -I$(srcdir)/runtime

# Silent as the top build's rules are, unless V=1.
ifeq ($(V),1)
quiet = @:
at :=
else
quiet = @printf '  %-8s %s\n'
at := @
endif

all: $(out)/arcov.so $(out)/libarcov.so $(out)/libarcov.a \
	$(out)/arcov-build.specs

$(out)/plugin/%.o: $(srcdir)/plugin/%.cc
	$(quiet) CXX $@
	@mkdir -p $(@D)
	$(at)$(CXX) $(CXXFLAGS) $(PLUGIN_CXXFLAGS) -MMD -MP -c $< -o $@

$(out)/runtime/%.o: $(srcdir)/runtime/%.c
	$(quiet) CC $@
	@mkdir -p $(@D)
	$(at)$(CROSS_CC) $(RUNTIME_CFLAGS) -MMD -MP -c $< -o $@

$(out)/lib/%.o: $(srcdir)/lib/%.c
	$(quiet) CC $@
	@mkdir -p $(@D)
	$(at)$(CROSS_CC) $(RUNTIME_CFLAGS) -MMD -MP -c $< -o $@

$(out)/arcov.so: $(plugin_objs) $(builddir)/lib/.libs/libarcovfmt.a
	$(quiet) CXXLD $@
	$(at)$(CXX) $(CXXFLAGS) -shared -o $@ $^

# Never unloaded, as the native one (runtime/local.mk).
$(out)/libarcov.so: $(runtime_objs)
	$(quiet) CCLD $@
	$(at)$(CROSS_CC) -shared -pthread \
		-Wl,-soname,libarcov.so.0 -Wl,-z,nodelete \
		-o $(out)/libarcov.so.0 $^ -ldl && \
		ln -sf libarcov.so.0 $@

$(out)/libarcov.a: $(runtime_objs)
	$(quiet) AR $@
	@rm -f $@ && $(TRIPLE)-ar rcs $@ $^

$(out)/arcov-build.specs: $(srcdir)/build-aux/make-specs
	$(quiet) GEN $@
	@$(SHELL) $< '$(builddir)/$(out)/arcov.so' '$(builddir)/$(out)' > $@

install: all
	mkdir -p '$(dest)'
	cp -f $(out)/arcov.so $(out)/libarcov.so.0 $(out)/libarcov.a '$(dest)/'
	ln -sf libarcov.so.0 '$(dest)/libarcov.so'
	$(SHELL) $(srcdir)/build-aux/make-specs '$(pkglibdir)/$(TRIPLE)/arcov.so' \
		'$(pkglibdir)/$(TRIPLE)' > '$(dest)/arcov.specs'

uninstall:
	rm -f '$(dest)/arcov.so' '$(dest)/libarcov.so.0' '$(dest)/libarcov.so' \
		'$(dest)/libarcov.a' '$(dest)/arcov.specs'
	-rmdir '$(dest)'

clean:
	rm -rf $(out)/plugin $(out)/runtime $(out)/lib $(out)/arcov.so \
		$(out)/libarcov.so.0 $(out)/libarcov.so $(out)/libarcov.a \
		$(out)/arcov-build.specs

.PHONY: all install uninstall clean

-include $(plugin_objs:.o=.d) $(runtime_objs:.o=.d)
