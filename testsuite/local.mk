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
