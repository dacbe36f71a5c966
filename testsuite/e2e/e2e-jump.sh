#!/bin/sh
# setjmp/longjmp across frames, and exit() in mid-function (the program exits 3; counts made before exit() are written): exact counts, and the same line data as gcov 12 on a
# --coverage -O0 build.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc jump.c
build_arcov jump.c -O0
run_both
test "$st_arcov" = 3 || fail "exit status $st_arcov, want 3"
check_marks jump.c
compare_gcov jump.c
pass
