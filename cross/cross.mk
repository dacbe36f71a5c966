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
#                      CROSS_CC (Linux targets only)
#   libarcov-freestanding.a
#                      the freestanding runtime (doc/stream-format.md)
#   arcov-build.specs  the specs naming the plugin and the runtime
#                      (build-aux/make-specs); for a bare-metal triple
#                      (none with "linux" in it) the freestanding ones
# "install" copies them to PKGLIBDIR/TRIPLE/, with arcov.specs naming the
# installed files.

include cross/$(TRIPLE)/cross.conf

out := cross/$(TRIPLE)
dest := $(DESTDIR)$(pkglibdir)/$(TRIPLE)

# The native build's source lists (automake's, passed by cross/local.mk):
# a file added there is built for every target too.
PLUGIN_SOURCES := $(patsubst plugin/%.cc,%,$(filter %.cc,$(PLUGIN_SRCS)))
RUNTIME_SOURCES := $(patsubst runtime/%.c,%,$(filter %.c,$(RUNTIME_SRCS)))
LIB_SOURCES := $(patsubst lib/%.c,%,$(filter %.c,$(LIB_SRCS)))
# Building needs them; install, uninstall and clean do not.
ifneq ($(filter all,$(or $(MAKECMDGOALS),all)),)
ifeq ($(strip $(PLUGIN_SOURCES)),)
$(error cross.mk: run it from the top Makefile (cross/local.mk), which passes the source lists)
endif
endif

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

# As runtime/local.mk builds the native one.
FREESTANDING_CFLAGS := -g -O2 -ffreestanding -fno-builtin \
	-fno-tree-loop-distribute-patterns -fvisibility=hidden $(WARN_CFLAGS) \
	-I$(srcdir)/lib -I$(srcdir)/runtime

ifneq ($(findstring linux,$(TRIPLE)),)
runtimes := libarcov.so libarcov.a libarcov-freestanding.a
runtime_installed := libarcov.so.0 libarcov.a libarcov-freestanding.a
specs_mode :=
else
runtimes := libarcov-freestanding.a
runtime_installed := libarcov-freestanding.a
specs_mode := freestanding
endif

all: $(out)/arcov.so $(runtimes:%=$(out)/%) $(out)/arcov-build.specs

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

# One per multilib of the compiler (-print-multi-lib: "DIR;@FLAG@FLAG"),
# in DIR below cross/TRIPLE, as libgcc is: a bare-metal compiler has one
# for each core and float ABI (arm-none-eabi: 37), a Linux one just ".".
# A program links the one of its flags: -L with the DIR that
# "TRIPLE-gcc FLAGS -print-multi-directory" prints.
$(out)/libarcov-freestanding.a: $(srcdir)/runtime/freestanding.c \
		$(srcdir)/runtime/arcov-abi.h $(srcdir)/lib/stream.h
	$(quiet) CC "$@ (every multilib)"
	$(at)for m in `$(CROSS_CC) -print-multi-lib`; do \
	  d=$(out)/$${m%%;*}; \
	  flags=`echo "$${m#*;}" | sed 's/@/ -/g'`; \
	  mkdir -p $$d/freestanding && \
	  $(CROSS_CC) $$flags $(FREESTANDING_CFLAGS) -c $< \
	    -o $$d/freestanding/freestanding.o && \
	  rm -f $$d/libarcov-freestanding.a && \
	  $(TRIPLE)-ar rcs $$d/libarcov-freestanding.a \
	    $$d/freestanding/freestanding.o || exit 1; \
	done

$(out)/libarcov.a: $(runtime_objs)
	$(quiet) AR $@
	@rm -f $@ && $(TRIPLE)-ar rcs $@ $^

$(out)/arcov-build.specs: $(srcdir)/build-aux/make-specs
	$(quiet) GEN $@
	@$(SHELL) $< '$(builddir)/$(out)/arcov.so' '$(builddir)/$(out)' \
		$(specs_mode) > $@

install: all
	mkdir -p '$(dest)'
	cp -f $(out)/arcov.so $(runtime_installed:%=$(out)/%) '$(dest)/'
	for m in `$(CROSS_CC) -print-multi-lib`; do \
	  d=$${m%%;*}; test "$$d" = . && continue; \
	  mkdir -p '$(dest)'/$$d && \
	  cp -f $(out)/$$d/libarcov-freestanding.a '$(dest)'/$$d/ || exit 1; \
	done
	$(if $(specs_mode),:,ln -sf libarcov.so.0 '$(dest)/libarcov.so')
	$(SHELL) $(srcdir)/build-aux/make-specs '$(pkglibdir)/$(TRIPLE)/arcov.so' \
		'$(pkglibdir)/$(TRIPLE)' $(specs_mode) > '$(dest)/arcov.specs'

uninstall:
	for m in `$(CROSS_CC) -print-multi-lib`; do \
	  d=$${m%%;*}; test "$$d" = . && continue; \
	  rm -f '$(dest)'/$$d/libarcov-freestanding.a; \
	  while test "$$d" != . && rmdir '$(dest)'/$$d 2>/dev/null; do \
	    d=`dirname $$d`; \
	  done; \
	done
	rm -f '$(dest)/arcov.so' '$(dest)/libarcov.so.0' '$(dest)/libarcov.so' \
		'$(dest)/libarcov.a' '$(dest)/libarcov-freestanding.a' \
		'$(dest)/arcov.specs'
	-rmdir '$(dest)'

clean:
	for m in `$(CROSS_CC) -print-multi-lib`; do \
	  d=$${m%%;*}; test "$$d" = . || rm -rf $(out)/$${d%%/*}; \
	done
	rm -rf $(out)/plugin $(out)/runtime $(out)/lib $(out)/freestanding \
		$(out)/arcov.so $(out)/libarcov.so.0 $(out)/libarcov.so \
		$(out)/libarcov.a $(out)/libarcov-freestanding.a \
		$(out)/arcov-build.specs

.PHONY: all install uninstall clean

-include $(plugin_objs:.o=.d) $(runtime_objs:.o=.d)
