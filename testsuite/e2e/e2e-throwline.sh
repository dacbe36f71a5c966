#!/bin/sh
# A call that throws counts once on its line, at -O0, -O2 and -O3: the
# landing pad it throws to, whose first block holds no statement, passes
# the call's line on and does not enter it again, nor does the handler
# of "try { ... } catch (...) { ... }" written on one line (issue 29,
# case 2).
# gcov 12 on the --coverage -O0 build agrees but for line 43, where it
# reads 8: the two exceptions thrown by skip() before Q's constructor
# runs enter the line again; the loop called skip() 6 times.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc throwline.cc
run=run_both
for level in 0 2 3; do
	rm -f "$tmp/arcov/throwline.da"
	build_arcov throwline.cc -O$level
	$run
	run=run_arcov
	compare_gcov throwline.cc 43
	# At -O2 GCC has folded a handler's jump before the plugin runs: the
	# catch's return is then one block, "+" at -O0.
	test $level != 0 || check_marks throwline.cc
	check_report throwline.cc
	for ln in 8:14 12:9 13:9 21:10 28:10 33:6 43:6 48:2 53:4; do
		expect_line throwline.cc ${ln%:*} ${ln#*:}
	done
done
pass
