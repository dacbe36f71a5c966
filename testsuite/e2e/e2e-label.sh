#!/bin/sh
# A label's line counts every arrival at it: those falling into it, its
# gotos' and a loop's back jump carrying its place (issue 29, case 3);
# every mark and gcov 12's counts on the --coverage -O0 build.  At -O2
# and -O3 GCC has cleaned up the flow graph before the plugin runs: the
# "case 1: break;" jump is folded away, and the label "again:" has joined
# the block of the loop condition after it, whose count (9) its line then
# reads.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc label.c
run=run_both
for level in 0 2 3; do
	rm -f "$tmp/arcov/label.da"
	build_arcov label.c -O$level
	$run
	run=run_arcov
	if test $level = 0; then
		check_marks label.c
		check_report label.c
		compare_gcov label.c
	else
		compare_gcov label.c "10 33 34"
	fi
	for ln in 18:2 24:3 28:6 31:3 35:2; do
		expect_line label.c ${ln%:*} ${ln#*:}
	done
done
pass
