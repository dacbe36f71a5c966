#!/bin/sh
# Calls that longjmp out of their block, and a label line.  A computed
# goto's target that calls a function which longjmps: the
# target block counts every entry, the calls that did not return
# included (it lost them), as gcov 12 counts it.  The setjmp line reads
# its calls and its second returns (doc/notes-format.md §4), gcov 12's
# the calls only.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc cgoto.c
build_arcov cgoto.c -O0
run_both
check_marks cgoto.c
compare_gcov cgoto.c 74
rm -f "$tmp/arcov/cgoto.da"
build_arcov cgoto.c -O2
run_arcov
check_marks cgoto.c
pass
