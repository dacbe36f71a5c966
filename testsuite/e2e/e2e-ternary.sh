#!/bin/sh
# A conditional expression whose arms are calls on lines of their own:
# its line is counted once per run of the statement, as gcov 12 counts it
# (issue 29; pugixml's "return (native_encoding == encoding) ?" read 353
# for 220 runs).  After the first arm's call the value is stored in a
# block listing only the condition's line, which counted as an entry;
# after the second arm's, in a block listing both lines, which did not.
# gdb on the plain -O0 -g build counts 10 arrivals at line 24's starts:
# 5 runs, and a return after each of the 5 calls.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc ternary.cc
for level in 0 2; do
	rm -f "$tmp/arcov/ternary.da"
	build_arcov ternary.cc -O$level
	if [ $level = 0 ]; then
		run_both
		check_marks ternary.cc
		compare_gcov ternary.cc
	else
		run_arcov
		lines ternary.cc
	fi
	check_report ternary.cc
	expect_line ternary.cc 24 5
done
pass
