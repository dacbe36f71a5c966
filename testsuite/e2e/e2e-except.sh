#!/bin/sh
# C++ exceptions thrown through a frame and caught: exception edges are
# abnormal, so they carry no counter, yet every count is exact.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc except.cc
build_arcov except.cc -O0
run_both
check_marks except.cc
compare_gcov except.cc
pass
