#!/bin/sh
# recursion and mutual recursion: exact counts, and the same line data as gcov 12 on a
# --coverage -O0 build.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc recursion.c
build_arcov recursion.c -O0
run_both
check_marks recursion.c
compare_gcov recursion.c
pass
