#!/bin/sh
# Derived entry counts in C++: functions and a member function of an
# anonymous namespace are derived, and so is a static function called from
# a function whose cleanup ends in a call that may not return (its block is
# split, so the caller's counts stay exact); that caller, whose landing pad
# is entered from ENTRY too, is counted.
# Exact counts, gcov 12's line data, and the reports of a build counting
# every entry.
. "$top_srcdir/testsuite/e2e/lib.sh"
. "$top_srcdir/testsuite/e2e/derive-lib.sh"

build_gcc derive.cc
build_arcov derive.cc -O0 -fdump-ipa-all
run_both
check_marks derive.cc
compare_gcov derive.cc
decisions derive.cc
# (GCC 16 mangles a function of internal linkage in a namespace with an
# "L": _ZN12_GLOBAL__N_1L5scaleEi.)
expect_derived '_ZN12_GLOBAL__N_1L\?5scaleEi' _ZN12_GLOBAL__N_13acc3putEi _ZL3addii
expect_counted '_ZN12_GLOBAL__N_1L\?5checkEi'
reports derive.cc "$tmp/derived"
build_arcov derive.cc -O0 -fplugin-arg-arcov-no-derive
rm -f "$tmp/arcov/derive.da"
run_arcov
reports derive.cc "$tmp/counted"
cmp -s "$tmp/derived" "$tmp/counted" ||
	fail "the reports differ from those of a build counting every entry: $(diff "$tmp/derived" "$tmp/counted")"
pass
