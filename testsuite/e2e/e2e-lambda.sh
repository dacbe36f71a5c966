#!/bin/sh
# A statement of a lambda is counted once per call, as by gcov 12, when
# a later statement loads the captured "this" on its line (issue 29;
# jsoncpp's test lambdas read 18 for 9 calls): the load follows the call
# of the statement between, in the same straight line of blocks, and
# its block is gcov 12's line of that statement.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc lambda.cc
build_arcov lambda.cc -O0
run_both
check_marks lambda.cc
compare_gcov lambda.cc
check_report lambda.cc
pass
