## testsuite/local.mk -- make check: cmocka unit tests and end-to-end scripts.

UNIT_TESTS = \
	testsuite/unit/test-sm \
	testsuite/unit/test-bb \
	testsuite/unit/test-bbg \
	testsuite/unit/test-da \
	testsuite/unit/test-da-ext \
	testsuite/unit/test-da-merge \
	testsuite/unit/test-arcov-notes \
	testsuite/unit/test-solve \
	testsuite/unit/test-fileio

check_PROGRAMS += $(UNIT_TESTS)
TESTS += $(UNIT_TESTS)

UNIT_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
UNIT_LDADD = lib/libarcovfmt.la $(CMOCKA_LIBS)

testsuite_unit_test_sm_SOURCES = testsuite/unit/test-sm.c testsuite/unit/unit.h
testsuite_unit_test_sm_CFLAGS = $(UNIT_CFLAGS)
testsuite_unit_test_sm_LDADD = $(UNIT_LDADD)
testsuite_unit_test_bb_SOURCES = testsuite/unit/test-bb.c testsuite/unit/unit.h
testsuite_unit_test_bb_CFLAGS = $(UNIT_CFLAGS)
testsuite_unit_test_bb_LDADD = $(UNIT_LDADD)
testsuite_unit_test_bbg_SOURCES = testsuite/unit/test-bbg.c testsuite/unit/unit.h
testsuite_unit_test_bbg_CFLAGS = $(UNIT_CFLAGS)
testsuite_unit_test_bbg_LDADD = $(UNIT_LDADD)
testsuite_unit_test_da_SOURCES = testsuite/unit/test-da.c testsuite/unit/unit.h
testsuite_unit_test_da_CFLAGS = $(UNIT_CFLAGS)
testsuite_unit_test_da_LDADD = $(UNIT_LDADD)
testsuite_unit_test_da_ext_SOURCES = testsuite/unit/test-da-ext.c testsuite/unit/unit.h
testsuite_unit_test_da_ext_CFLAGS = $(UNIT_CFLAGS)
testsuite_unit_test_da_ext_LDADD = $(UNIT_LDADD)
testsuite_unit_test_da_merge_SOURCES = testsuite/unit/test-da-merge.c testsuite/unit/unit.h
testsuite_unit_test_da_merge_CFLAGS = $(UNIT_CFLAGS)
testsuite_unit_test_da_merge_LDADD = $(UNIT_LDADD)
testsuite_unit_test_arcov_notes_SOURCES = testsuite/unit/test-arcov-notes.c testsuite/unit/unit.h
testsuite_unit_test_arcov_notes_CFLAGS = $(UNIT_CFLAGS)
testsuite_unit_test_arcov_notes_LDADD = $(UNIT_LDADD)
testsuite_unit_test_solve_SOURCES = testsuite/unit/test-solve.c testsuite/unit/unit.h
testsuite_unit_test_solve_CFLAGS = $(UNIT_CFLAGS)
testsuite_unit_test_solve_LDADD = $(UNIT_LDADD)
testsuite_unit_test_fileio_SOURCES = testsuite/unit/test-fileio.c testsuite/unit/unit.h
testsuite_unit_test_fileio_CFLAGS = $(UNIT_CFLAGS)
testsuite_unit_test_fileio_LDADD = $(UNIT_LDADD)

# The scripts' one harness (scratch directories, statuses, paths of the
# programs under test, sanitizers, builds with the plugin), sourced by the
# helpers of every area.  Scripts and their inputs are distributed by
# name: a directory would also ship what make check built or left there.
EXTRA_DIST += testsuite/init.sh

# The example files of doc/formats.md, shared by the tests.
EXTRA_DIST += testsuite/data/README.md \
	testsuite/data/t.bb testsuite/data/t.bbg testsuite/data/t.da \
	testsuite/data/two.da testsuite/data/twoblock.da testsuite/data/ext.da \
	testsuite/data/files.bb testsuite/data/call.bbg

# End-to-end scripts: arcov-dump on the doc/formats.md examples, golden output.
DUMP_TESTS = \
	testsuite/dump/dump-examples.sh \
	testsuite/dump/dump-errors.sh
TESTS += $(DUMP_TESTS)
EXTRA_DIST += $(DUMP_TESTS) testsuite/dump/testlib.sh \
	testsuite/dump/t.bb.exp testsuite/dump/t.bbg.exp \
	testsuite/dump/t.da.exp testsuite/dump/two.da.exp \
	testsuite/dump/twoblock.da.exp testsuite/dump/ext.da.exp \
	testsuite/dump/files.bb.exp testsuite/dump/call.bbg.exp

## ---- arcov, the reporter: end-to-end scripts (issue 4) ----
REPORT_TESTS = \
	testsuite/report/legacy-examples.sh \
	testsuite/report/modern-examples.sh \
	testsuite/report/report-errors.sh \
	testsuite/report/report-options.sh \
	testsuite/report/gcov12-compare.sh \
	testsuite/report/gcov12-programs.sh
TESTS += $(REPORT_TESTS) testsuite/report/test-percent
check_PROGRAMS += testsuite/report/test-percent
testsuite_report_test_percent_SOURCES = testsuite/report/test-percent.c \
	testsuite/unit/unit.h
testsuite_report_test_percent_CPPFLAGS = $(TOOLS_CPPFLAGS)
testsuite_report_test_percent_CFLAGS = $(UNIT_CFLAGS)
testsuite_report_test_percent_LDADD = tools/libarcovtools.la $(UNIT_LDADD)
EXTRA_DIST += $(REPORT_TESTS) testsuite/report/lib.sh \
	testsuite/report/build-lib.sh testsuite/report/sample.c

# End-to-end: programs compiled with the plugin, run, and held to the
# counts marked in their sources and to gcov 12 on a --coverage build.
# linecheck reads the notes and data with the library alone, so these
# tests do not depend on the reporter.
check_PROGRAMS += testsuite/e2e/linecheck
testsuite_e2e_linecheck_SOURCES = testsuite/e2e/linecheck.c
testsuite_e2e_linecheck_LDADD = lib/libarcovfmt.la
E2E_TESTS = \
	testsuite/e2e/e2e-loops.sh \
	testsuite/e2e/e2e-branches.sh \
	testsuite/e2e/e2e-recursion.sh \
	testsuite/e2e/e2e-jump.sh \
	testsuite/e2e/e2e-threads.sh \
	testsuite/e2e/e2e-pool.sh \
	testsuite/e2e/e2e-pthread.sh \
	testsuite/e2e/e2e-perthread.sh \
	testsuite/e2e/e2e-perthread-cost.sh \
	testsuite/e2e/e2e-except.sh \
	testsuite/e2e/e2e-lost.sh \
	testsuite/e2e/e2e-dlopen.sh \
	testsuite/e2e/e2e-tlsdesc.sh \
	testsuite/e2e/e2e-owner.sh \
	testsuite/e2e/e2e-dump.sh \
	testsuite/e2e/e2e-fork.sh \
	testsuite/e2e/e2e-exec.sh \
	testsuite/e2e/e2e-lines.sh \
	testsuite/e2e/e2e-cgoto.sh \
	testsuite/e2e/e2e-derive.sh \
	testsuite/e2e/e2e-derive-cxx.sh \
	testsuite/e2e/e2e-derive-filter.sh \
	testsuite/e2e/e2e-inline.sh \
	testsuite/e2e/e2e-inline-size.sh \
	testsuite/e2e/e2e-loop-counts.sh \
	testsuite/e2e/e2e-loop-cost.sh \
	testsuite/e2e/e2e-loop-spill.sh \
	testsuite/e2e/e2e-merge.sh \
	testsuite/e2e/e2e-runs.sh \
	testsuite/e2e/e2e-motion.sh \
	testsuite/e2e/e2e-recur.sh \
	testsuite/e2e/e2e-throwline.sh \
	testsuite/e2e/e2e-label.sh \
	testsuite/e2e/e2e-optattr.sh \
	testsuite/e2e/e2e-phantom.sh \
	testsuite/e2e/e2e-emitted.sh \
	testsuite/e2e/e2e-instances.sh \
	testsuite/e2e/e2e-rangefor.sh \
	testsuite/e2e/e2e-throwtemp.sh \
	testsuite/e2e/e2e-lambda.sh \
	testsuite/e2e/e2e-alwaysinline.sh \
	testsuite/e2e/e2e-ehbranches.sh \
	testsuite/e2e/e2e-initlist.sh \
	testsuite/e2e/e2e-continuous-kill.sh \
	testsuite/e2e/e2e-continuous-end.sh \
	testsuite/e2e/e2e-continuous-mix.sh \
	testsuite/e2e/e2e-continuous-many.sh \
	testsuite/e2e/e2e-continuous-fold.sh \
	testsuite/e2e/e2e-continuous-toolfold.sh
TESTS += $(E2E_TESTS)

# The plugin's own tests: solved graphs, line lists, flags and counter
# order held to expected output (linecheck -g); options, diagnostics and
# file placement; where the spanning tree puts the counters.
PLUGIN_TESTS = \
	testsuite/plugin/counts.sh \
	testsuite/plugin/options.sh \
	testsuite/plugin/tree.sh \
	testsuite/plugin/diagnostics.sh \
	testsuite/plugin/thread-checks.sh
TESTS += $(PLUGIN_TESTS)
EXTRA_DIST += $(PLUGIN_TESTS) testsuite/plugin/lib.sh \
	testsuite/plugin/loops.c testsuite/plugin/jumps.c testsuite/plugin/winline.c \
	testsuite/plugin/uninit-eh.c testsuite/plugin/utf8.cc \
	testsuite/plugin/split.cc \
	testsuite/plugin/throw.cc testsuite/plugin/threads.c \
	testsuite/plugin/loops.out testsuite/plugin/jumps.out \
	testsuite/plugin/throw.out testsuite/plugin/threads.out \
	testsuite/plugin/loops.0.exp testsuite/plugin/loops.2.exp \
	testsuite/plugin/jumps.0.exp testsuite/plugin/jumps.2.exp \
	testsuite/plugin/throw.0.exp testsuite/plugin/throw.2.exp \
	testsuite/plugin/threads.2.exp \
	testsuite/plugin/loops.0.notes testsuite/plugin/throw.0.notes \
	testsuite/plugin/tree.c
EXTRA_DIST += $(E2E_TESTS) testsuite/e2e/lib.sh \
	testsuite/e2e/loops.c testsuite/e2e/branches.c \
	testsuite/e2e/recursion.c testsuite/e2e/jump.c \
	testsuite/e2e/threads.c testsuite/e2e/except.cc testsuite/e2e/lost.c \
	testsuite/e2e/threads-life.c testsuite/e2e/threads-lib.c \
	testsuite/e2e/threads-dl.c testsuite/e2e/threads-cxx.cc \
	testsuite/e2e/threads-cost.c \
	testsuite/e2e/pool-lib.c testsuite/e2e/pool-main.c \
	testsuite/e2e/fork.c testsuite/e2e/exec.c testsuite/e2e/lines.c \
	testsuite/e2e/continuous.c testsuite/e2e/continuous-unit.c \
	testsuite/e2e/continuous-mix.c testsuite/e2e/continuous-crash.c \
	testsuite/e2e/continuous-lib.sh \
	testsuite/e2e/lines.cc testsuite/e2e/cgoto.c \
	testsuite/e2e/derive.c testsuite/e2e/derive.cc \
	testsuite/e2e/derive-filter.c testsuite/e2e/derive-filter.h \
	testsuite/e2e/derive-lib.sh testsuite/e2e/inline.c testsuite/e2e/inline-size.c \
	testsuite/e2e/motion.c testsuite/e2e/merge.c testsuite/e2e/runs.cc testsuite/e2e/loop-counts.c testsuite/e2e/loop-cost.c \
	testsuite/e2e/loop-spill.c \
	testsuite/e2e/recur.c testsuite/e2e/throwline.cc testsuite/e2e/label.c \
	testsuite/e2e/optattr.c \
	testsuite/e2e/phantom.cc testsuite/e2e/instances.cc testsuite/e2e/rangefor.cc \
	testsuite/e2e/throwtemp.cc testsuite/e2e/lambda.cc testsuite/e2e/ehbranches.cc \
	testsuite/e2e/initlist.cc \
	testsuite/e2e/alwaysinline.cc \
	testsuite/e2e/alwaysinline-ret.cc \
	testsuite/e2e/emitted.c \
	testsuite/e2e/dl-lib.c testsuite/e2e/dl-main.c \
	testsuite/e2e/tlsdesc-linked.c testsuite/e2e/tlsdesc-dl.c \
	testsuite/e2e/tlsdesc-main.c \
	testsuite/e2e/owner-lib.c testsuite/e2e/owner-dl.c \
	testsuite/e2e/owner-main.c \
	testsuite/e2e/dump-sample.c testsuite/e2e/dump-sample.exp

## ---- whole-project use: arcov-merge, directory trees, --binary (issue 4) ----
# test-merge: random inputs merged in every order and grouping must give
# the same bytes.  The scripts run arcov-merge on crafted files and trees,
# and arcov on a plugin-built project (a tree, a program and its libraries).
check_PROGRAMS += testsuite/merge/test-merge
MERGE_TESTS = \
	testsuite/merge/merge-files.sh \
	testsuite/merge/merge-trees.sh \
	testsuite/project/project-tree.sh \
	testsuite/project/project-binary.sh \
	testsuite/project/project-paths.sh
TESTS += testsuite/merge/test-merge $(MERGE_TESTS)
testsuite_merge_test_merge_SOURCES = testsuite/merge/test-merge.c \
	testsuite/unit/unit.h
testsuite_merge_test_merge_CPPFLAGS = $(TOOLS_CPPFLAGS) \
	-I$(top_srcdir)/testsuite/unit
testsuite_merge_test_merge_CFLAGS = $(UNIT_CFLAGS)
testsuite_merge_test_merge_LDADD = tools/libarcovtools.la $(UNIT_LDADD) \
	$(ELF_LIBS)
EXTRA_DIST += $(MERGE_TESTS) testsuite/merge/lib.sh

## ---- the reporter's machine-readable outputs, exclusions, gates (issue 4) ----
# The consumers' own readings of arcov's outputs: gcov's JSON schema and
# gcov -j, lcov and genhtml, xmllint and gcovr (skipped when missing).
REPORT_FORMAT_TESTS = \
	testsuite/report/report-json.sh \
	testsuite/report/report-lcov.sh \
	testsuite/report/report-cobertura.sh \
	testsuite/report/report-exclude.sh \
	testsuite/report/report-exceptions.sh \
	testsuite/report/report-called.sh \
	testsuite/report/report-gates.sh \
	testsuite/report/report-merge.sh \
	testsuite/report/report-stamp.sh \
	testsuite/report/report-inexact.sh \
	testsuite/report/report-gcovr-groups.sh \
	testsuite/report/report-json-lambda.sh \
	testsuite/report/report-manual.sh \
	testsuite/report/report-diff.sh \
	testsuite/report/report-two-programs.sh \
	testsuite/report/report-sonarqube.sh
TESTS += $(REPORT_FORMAT_TESTS) testsuite/report/test-exclude
EXTRA_DIST += $(REPORT_FORMAT_TESTS) testsuite/report/called.cc \
	testsuite/report/inexact.c \
	testsuite/report/tpl.cc testsuite/report/lambda.cc \
	testsuite/report/diff-project.sh \
	testsuite/report/diff/prog-v1.c testsuite/report/diff/prog-v2.c \
	testsuite/report/eh.cc testsuite/report/throw3.cc testsuite/report/excl.c \
	testsuite/report/coverage-04.dtd testsuite/report/gcov-json.schema.json
check_PROGRAMS += testsuite/report/test-exclude testsuite/report/da-poke
testsuite_report_da_poke_SOURCES = testsuite/report/da-poke.c
testsuite_report_da_poke_CPPFLAGS = -I$(top_srcdir)/lib
testsuite_report_da_poke_LDADD = lib/libarcovfmt.la
testsuite_report_test_exclude_SOURCES = testsuite/report/test-exclude.c \
	testsuite/unit/unit.h
testsuite_report_test_exclude_CPPFLAGS = $(TOOLS_CPPFLAGS)
testsuite_report_test_exclude_CFLAGS = $(UNIT_CFLAGS)
testsuite_report_test_exclude_LDADD = tools/libarcovtools.la $(UNIT_LDADD)

## ---- the model's line-number sort ----
check_PROGRAMS += testsuite/unit/test-util
TESTS += testsuite/unit/test-util
testsuite_unit_test_util_SOURCES = testsuite/unit/test-util.c \
	testsuite/unit/unit.h
testsuite_unit_test_util_CPPFLAGS = $(TOOLS_CPPFLAGS)
testsuite_unit_test_util_CFLAGS = $(UNIT_CFLAGS)
testsuite_unit_test_util_LDADD = tools/libarcovmodel.la $(UNIT_LDADD) \
	$(ELF_LIBS) -lstdc++

## ---- a source's lines, read whole ----
check_PROGRAMS += testsuite/report/test-read-lines
TESTS += testsuite/report/test-read-lines
testsuite_report_test_read_lines_SOURCES = \
	testsuite/report/test-read-lines.c testsuite/unit/unit.h
testsuite_report_test_read_lines_CPPFLAGS = $(TOOLS_CPPFLAGS)
testsuite_report_test_read_lines_CFLAGS = $(UNIT_CFLAGS)
testsuite_report_test_read_lines_LDADD = tools/libarcovtools.la $(UNIT_LDADD)

## ---- the report model on crafted objects ----
check_PROGRAMS += testsuite/unit/test-model
TESTS += testsuite/unit/test-model
testsuite_unit_test_model_SOURCES = testsuite/unit/test-model.c \
	testsuite/unit/unit.h
testsuite_unit_test_model_CPPFLAGS = $(TOOLS_CPPFLAGS)
testsuite_unit_test_model_CFLAGS = $(UNIT_CFLAGS)
testsuite_unit_test_model_LDADD = tools/libarcovmodel.la $(UNIT_LDADD) \
	$(ELF_LIBS) -lstdc++

## ---- profiler-format exports (issue 5) ----
# test-webgrind: the webgrind writer against doc/formats.md §7.5 in versions
# 7, 6 and 5.  wgcheck walks a webgrind file as §7 lays it out and holds
# it to its callgrind profile.  The scripts run Valgrind's annotators on
# the exports of plugin-built programs.
check_PROGRAMS += testsuite/export/test-webgrind testsuite/export/wgcheck
EXPORT_TESTS = \
	testsuite/export/export-annotate.sh \
	testsuite/export/export-callgraph.sh \
	testsuite/export/export-webgrind.sh \
	testsuite/export/export-errors.sh
TESTS += testsuite/export/test-webgrind $(EXPORT_TESTS)
testsuite_export_test_webgrind_SOURCES = testsuite/export/test-webgrind.c \
	testsuite/unit/unit.h
testsuite_export_test_webgrind_CPPFLAGS = $(AM_CPPFLAGS) \
	$(TOOLS_CPPFLAGS) -I$(top_srcdir)/testsuite/unit
testsuite_export_test_webgrind_CFLAGS = $(UNIT_CFLAGS)
testsuite_export_test_webgrind_LDADD = tools/libarcovtools.la $(UNIT_LDADD) \
	$(ELF_LIBS) -lstdc++
testsuite_export_wgcheck_SOURCES = testsuite/export/wgcheck.c
EXTRA_DIST += $(EXPORT_TESTS) testsuite/export/lib.sh \
	testsuite/export/calltree.c testsuite/export/cxx.cc

## ---- drop-in for real build systems (issue 11) ----
# The project in testsuite/buildsys/proj built out of tree by autotools
# and libtool, CMake, meson and a hand-written Makefile with the specs in
# the compiler and linker flags (each skipped when its tools are missing);
# the specs repeated and mixed with -fplugin; make install to a prefix.
BUILDSYS_TESTS = \
	testsuite/buildsys/specs.sh \
	testsuite/buildsys/autotools.sh \
	testsuite/buildsys/cmake.sh \
	testsuite/buildsys/meson.sh \
	testsuite/buildsys/make.sh \
	testsuite/buildsys/install.sh
TESTS += $(BUILDSYS_TESTS)
EXTRA_DIST += $(BUILDSYS_TESTS) testsuite/buildsys/lib.sh \
	testsuite/buildsys/proj/CMakeLists.txt \
	testsuite/buildsys/proj/Makefile.am \
	testsuite/buildsys/proj/configure.ac \
	testsuite/buildsys/proj/hand.mk \
	testsuite/buildsys/proj/meson.build \
	testsuite/buildsys/proj/lib/core/counter.c \
	testsuite/buildsys/proj/lib/core/counter.h \
	testsuite/buildsys/proj/lib/mod/plug.c \
	testsuite/buildsys/proj/src/app/main.c

## ---- the time profile (issue 12) ----
# test-trace: the .arcov-trace reader and writer (round trip, golden
# bytes, every truncation).  The scripts build programs with
# -fplugin-arg-arcov-profile and hold every export to their known call
# trees; profcheck.py walks each binary export as its spec says.
check_PROGRAMS += testsuite/profile/test-trace
testsuite_profile_test_trace_SOURCES = testsuite/profile/test-trace.c \
	testsuite/unit/unit.h
testsuite_profile_test_trace_CPPFLAGS = $(AM_CPPFLAGS) \
	-I$(top_srcdir)/testsuite/unit
testsuite_profile_test_trace_CFLAGS = $(UNIT_CFLAGS)
testsuite_profile_test_trace_LDADD = $(UNIT_LDADD)
PROFILE_TESTS = \
	testsuite/profile/test-trace \
	testsuite/profile/profile-calls.sh \
	testsuite/profile/profile-except.sh \
	testsuite/profile/profile-limits.sh \
	testsuite/profile/profile-process.sh \
	testsuite/profile/profile-errors.sh \
	testsuite/profile/profile-coverage.sh \
	testsuite/profile/profile-setid.sh \
	testsuite/profile/profile-reentry.sh \
	testsuite/profile/profile-guest.sh \
	testsuite/profile/profile-outputs.sh \
	testsuite/profile/profile-runs.sh \
	testsuite/profile/profile-bounded.sh \
	testsuite/profile/profile-many.sh \
	testsuite/profile/profile-aggregate.sh \
	testsuite/profile/profile-forkgrow.sh
TESTS += $(PROFILE_TESTS)
EXTRA_DIST += testsuite/profile/lib.sh \
	testsuite/profile/profile-calls.sh \
	testsuite/profile/profile-except.sh \
	testsuite/profile/profile-limits.sh \
	testsuite/profile/profile-process.sh \
	testsuite/profile/profile-errors.sh \
	testsuite/profile/profile-coverage.sh \
	testsuite/profile/profile-setid.sh \
	testsuite/profile/profile-reentry.sh \
	testsuite/profile/profile-guest.sh \
	testsuite/profile/profile-outputs.sh \
	testsuite/profile/profile-runs.sh \
	testsuite/profile/profile-bounded.sh \
	testsuite/profile/profile-many.sh \
	testsuite/profile/profile-aggregate.sh \
	testsuite/profile/profile-forkgrow.sh \
	testsuite/profile/aggregate.c \
	testsuite/profile/aggcheck.py \
	testsuite/profile/guest.c \
	testsuite/profile/calls.c \
	testsuite/profile/calls.exp \
	testsuite/profile/except.cc \
	testsuite/profile/except.exp \
	testsuite/profile/hot.c \
	testsuite/profile/limits.c \
	testsuite/profile/process.c \
	testsuite/profile/profcheck.py \
	testsuite/profile/trace-event.schema.json

## ---- arcov --html: the site rendered by headless Chromium (issue 31) ----
HTML_TESTS = testsuite/html/html-site.sh testsuite/html/html-diff.sh \
	testsuite/html/html-trace.sh
TESTS += $(HTML_TESTS)
EXTRA_DIST += $(HTML_TESTS) testsuite/html/lib.sh testsuite/html/dom.py
CLEANFILES += testsuite/html/*.png

# Each cross target of configure --enable-cross: the e2e programs built by
# its compiler and run under qemu-user (testsuite/cross/lib.sh).  Skipped,
# visibly, for a target not configured or without qemu.
CROSS_TESTS = \
	testsuite/cross/aarch64.sh \
	testsuite/cross/armhf.sh \
	testsuite/cross/riscv64.sh \
	testsuite/cross/ppc64el.sh \
	testsuite/cross/s390x.sh \
	testsuite/cross/bare-metal.sh
TESTS += $(CROSS_TESTS)
EXTRA_DIST += $(CROSS_TESTS) testsuite/cross/lib.sh
