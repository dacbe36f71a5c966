#!/bin/sh
# Returns that leave a scope with cleanups go through one copy of the
# cleanup: when it holds no code (the ends of a range-for's iterators'
# lifetimes), it is no line of its own, and the first return's line is not
# entered again by the others (issue 29; jsoncpp's Path::resolve, whose
# "return defaultValue;" read 4, gcov 12 6, for 2 runs).  gdb on the plain
# -O0 -g build, a breakpoint at each start of line 23 in the line table:
# 2 hits; each return's machine code jumps to the epilogue.  gcov 12
# reads 5 there: it counts the cleanup's block, attached to line 23, and
# the way back to it from its call.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc returnjoin.cc
for level in 0 2; do
	rm -f "$tmp/arcov/returnjoin.da"
	build_arcov returnjoin.cc -O$level
	if [ $level = 0 ]; then
		run_both
		check_marks returnjoin.cc
		compare_gcov returnjoin.cc "23"
	else
		run_arcov
		lines returnjoin.cc
	fi
	check_report returnjoin.cc
	for ln in 23:2 26:1 28:0; do
		expect_line returnjoin.cc ${ln%:*} ${ln#*:}
	done
done
# gcov's excess is its own graph's: held to gcov 12's number only.
test "$gcc_major" = 12 || pass
gcov_line=$(awk -F: '/0:Source:returnjoin.cc$/ { mine = 1; next } /0:Source:/ { mine = 0 }
	mine && $2 + 0 == 23 { gsub(/ /, "", $1); print $1 }' "$tmp/gcov.txt")
test "$gcov_line" = 5 ||
	fail "gcov 12 reads $gcov_line on line 23; the test says 5"
pass
