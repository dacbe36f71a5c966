#!/bin/sh
# A statement whose call may throw (C with -fexceptions, and all C++)
# stores the call's value in the block after it; that block must not
# count the statement's line again, also where it branches on a line of
# its own (issue 29, case 1).  Exact at -O0, -O2 and -O3, and gcov 12's
# counts on the --coverage -O0 build.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc recur.c -fexceptions
run=run_both
for level in 0 2 3; do
	rm -f "$tmp/arcov/recur.da"
	build_arcov recur.c -O$level -fexceptions
	$run
	run=run_arcov
	check_marks recur.c
	check_report recur.c
	compare_gcov recur.c
done
pass
