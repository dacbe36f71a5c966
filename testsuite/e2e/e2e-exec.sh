#!/bin/sh
# exec(): the plugin sends execl() to libarcov's arcov_execl(), which
# writes the counts before the process image is replaced, so the first
# image's work(3) (3 iterations) and the second's work(4) (4) are both in
# the .da; gcov 12's runtime does the same with __gcov_execl.
#
# One line differs from gcov 12: "perror(...)" (24) after the exec that
# succeeded reads 0 here and 1 in gcov 12.  GCC adds no fake arc to EXIT
# after a call to a nothrow built-in (stmt_can_terminate_bb_p in tree-cfg.cc),
# and execl is one, so gcov 12 gives the line after it the count of the block
# before; the plugin has already sent the call to arcov_execl, an ordinary
# call that may not return, so the block ends there.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc exec.c
build_arcov exec.c -O0
run_both
test "$(cat "$tmp/arcov.out")" = "3
6" || fail "wrong program output: $(cat "$tmp/arcov.out")"
check_marks exec.c
compare_gcov exec.c 24
pass
