## testsuite/local.mk -- make check: cmocka unit tests and end-to-end scripts.

UNIT_TESTS = \
	testsuite/unit/test-sm \
	testsuite/unit/test-bb \
	testsuite/unit/test-bbg \
	testsuite/unit/test-da \
	testsuite/unit/test-da-ext \
	testsuite/unit/test-solve

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
testsuite_unit_test_solve_SOURCES = testsuite/unit/test-solve.c testsuite/unit/unit.h
testsuite_unit_test_solve_CFLAGS = $(UNIT_CFLAGS)
testsuite_unit_test_solve_LDADD = $(UNIT_LDADD)

# End-to-end scripts: arcov-dump on the FORMATS.md examples, golden output.
TESTS += \
	testsuite/dump/dump-examples.sh \
	testsuite/dump/dump-errors.sh
EXTRA_DIST += testsuite/dump testsuite/data

## ---- arcov, the reporter: end-to-end scripts (issue 4) ----
TESTS += \
	testsuite/report/legacy-examples.sh \
	testsuite/report/modern-examples.sh \
	testsuite/report/report-errors.sh \
	testsuite/report/report-options.sh \
	testsuite/report/gcov12-compare.sh \
	testsuite/report/test-percent
check_PROGRAMS += testsuite/report/test-percent
testsuite_report_test_percent_SOURCES = testsuite/report/test-percent.c \
	testsuite/unit/unit.h
testsuite_report_test_percent_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tools
testsuite_report_test_percent_CFLAGS = $(UNIT_CFLAGS)
testsuite_report_test_percent_LDADD = tools/libarcovtools.la $(UNIT_LDADD)
EXTRA_DIST += testsuite/report

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
	testsuite/e2e/e2e-except.sh \
	testsuite/e2e/e2e-lost.sh \
	testsuite/e2e/e2e-dlopen.sh
TESTS += $(E2E_TESTS)
EXTRA_DIST += $(E2E_TESTS) testsuite/e2e/lib.sh \
	testsuite/e2e/loops.c testsuite/e2e/branches.c \
	testsuite/e2e/recursion.c testsuite/e2e/jump.c \
	testsuite/e2e/threads.c testsuite/e2e/except.cc testsuite/e2e/lost.c \
	testsuite/e2e/fork.c testsuite/e2e/dl-lib.c testsuite/e2e/dl-main.c
