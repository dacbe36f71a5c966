#!/bin/sh
# if/else, switch with fall-through, goto, early returns, && and ||: exact counts, and the same line data as gcov 12 on a
# --coverage -O0 build.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc branches.c
build_arcov branches.c -O0
run_both
check_marks branches.c
compare_gcov branches.c
pass
