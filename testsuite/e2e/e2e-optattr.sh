#!/bin/sh
# Functions whose optimize attribute sets their level apart from the
# unit's -O count every execution: an always_inline optimize ("Og")
# function inlined into a -O0 unit's main(), an Og and an O2 function in
# a -O0 unit, an O0 function in a -O2 unit.  Every mark, and gcov 12's
# counts, at -O0 and -O2.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc optattr.c
run=run_both
for level in 0 2; do
	rm -f "$tmp/arcov/optattr.da"
	build_arcov optattr.c -O$level
	$run
	run=run_arcov
	check_marks optattr.c
	compare_gcov optattr.c
	for ln in 17:10 25:55 26:45 42:11; do
		expect_line optattr.c ${ln%:*} ${ln#*:}
	done
done
pass
