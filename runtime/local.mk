## runtime/local.mk -- libarcov, the runtime linked into instrumented programs.

lib_LTLIBRARIES += runtime/libarcov.la
include_HEADERS += runtime/arcov.h runtime/arcov-abi.h runtime/arcov-profile.h \
	runtime/arcov-freestanding.h
runtime_libarcov_la_SOURCES = \
	runtime/runtime.c runtime/internal.h \
	runtime/threads.c \
	runtime/live.c \
	runtime/exec.c \
	runtime/profile.c runtime/arcov-profile.h
runtime_libarcov_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/runtime
# A guest in other people's programs: only what is marked ARCOV_PUBLIC
# (all arcov_*) is exported.
runtime_libarcov_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden -pthread
runtime_libarcov_la_LIBADD = runtime/libarcovfold.la lib/libarcovfmt.la \
	-lpthread
# Never unloaded: the thread-exit hook of per-thread counting (threads.c)
# must outlive a dlclose() of the last instrumented library that loaded it.
runtime_libarcov_la_LDFLAGS = -version-info 0:0:0 -Wl,-z,nodelete

# What writes a .da and folds live files into it (doc/live-file.md,
# "Folding"): the runtime's, linked by the tools too, so that arcov and
# arcov-merge fold a dead process's live file with the very protocol a
# program uses.  The host defines arcov_rt_warn() (runtime.c, or
# tools/model/fold.c); nothing here knows the registered objects.
noinst_LTLIBRARIES += runtime/libarcovfold.la
runtime_libarcovfold_la_SOURCES = \
	runtime/fold.c runtime/internal.h \
	runtime/write.c \
	runtime/derive.c \
	runtime/runs.c \
	runtime/path.c
runtime_libarcovfold_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/runtime
runtime_libarcovfold_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden

# The freestanding runtime (doc/stream-format.md): no C library, so no
# sanitizers either; loops never become memset() calls.  cross/cross.mk
# builds the same for each cross target, and alone for bare-metal ones.
lib_LIBRARIES = runtime/libarcov-freestanding.a
runtime_libarcov_freestanding_a_SOURCES = runtime/freestanding.c \
	runtime/arcov-freestanding.h lib/stream.h
runtime_libarcov_freestanding_a_CPPFLAGS = -I$(top_srcdir)/lib \
	-I$(top_srcdir)/runtime
runtime_libarcov_freestanding_a_CFLAGS = $(WARN_CFLAGS) \
	$(FREESTANDING_CFLAGS)
FREESTANDING_CFLAGS = -ffreestanding -fno-builtin \
	-fno-tree-loop-distribute-patterns -fvisibility=hidden

# Tests: rt-prog stands in for an instrumented program (it builds the
# plugin's data by hand), rt-check prints a .da for the scripts to compare.
# rt-prog links the static libarcov so the 16 concurrent copies of the
# concurrency test never race through a libtool wrapper script.
check_PROGRAMS += testsuite/runtime/rt-prog testsuite/runtime/rt-check
testsuite_runtime_rt_prog_SOURCES = testsuite/runtime/rt-prog.c
testsuite_runtime_rt_prog_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/runtime
testsuite_runtime_rt_prog_CFLAGS = $(AM_CFLAGS) -pthread
testsuite_runtime_rt_prog_LDFLAGS = $(AM_LDFLAGS) -static
testsuite_runtime_rt_prog_LDADD = runtime/libarcov.la
testsuite_runtime_rt_check_SOURCES = testsuite/runtime/rt-check.c
testsuite_runtime_rt_check_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/runtime
testsuite_runtime_rt_check_LDADD = lib/libarcovfmt.la

# An instrumented shared library linked with the shared libarcov, and a
# plain program that dlopen()s it.
check_LTLIBRARIES += testsuite/runtime/rt-module.la
testsuite_runtime_rt_module_la_SOURCES = testsuite/runtime/rt-module.c
testsuite_runtime_rt_module_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/runtime
testsuite_runtime_rt_module_la_LDFLAGS = $(AM_LDFLAGS) -module -avoid-version \
	-rpath $(abs_builddir)
testsuite_runtime_rt_module_la_LIBADD = runtime/libarcov.la
check_PROGRAMS += testsuite/runtime/rt-dl
testsuite_runtime_rt_dl_SOURCES = testsuite/runtime/rt-dl.c
testsuite_runtime_rt_dl_LDADD = -ldl

RUNTIME_TESTS = \
	testsuite/runtime/merge.sh \
	testsuite/runtime/rebuilt.sh \
	testsuite/runtime/append.sh \
	testsuite/runtime/concurrent.sh \
	testsuite/runtime/inplace.sh \
	testsuite/runtime/process.sh \
	testsuite/runtime/corrupt.sh \
	testsuite/runtime/guest.sh \
	testsuite/runtime/derive.sh \
	testsuite/runtime/runs.sh \
	testsuite/runtime/prefix.sh \
	testsuite/runtime/exports.sh \
	testsuite/runtime/dlclose.sh \
	testsuite/runtime/secure.sh \
	testsuite/runtime/hostile.sh \
	testsuite/runtime/limits.sh \
	testsuite/runtime/labels.sh \
	testsuite/runtime/freestanding.sh
TESTS += $(RUNTIME_TESTS)
EXTRA_DIST += $(RUNTIME_TESTS) testsuite/runtime/lib.sh \
	testsuite/runtime/fs-work.c testsuite/runtime/fs-driver.c
EXTRA_DIST += doc/da-extension.md doc/security.md bench/exit
