#!/bin/sh
# An array of class objects built from a braced list (issue 29; jsoncpp's
# 7 lines "{__LINE__, R"(...)", 2, objGetAnd(...)}" and pugixml's 2
# "xpath_node(...)," lines, which gcov 12 reads as never run).  At -O0
# GCC gives most of each element's construction the line of '};' or of
# the function's closing brace; line 31 keeps the call 'same()' and,
# after other lines' code, its temporary's destruction: two stretches
# of code per run(), which main calls twice.  gdb, with a
# breakpoint at each start of line 31 in the line table of the plain
# -O0 -g build: 4 entries (2 places hit twice each; the third, the
# exception's cleanup, 0).  arcov reads 4; gcov 12 reads "#####": it
# gives a block's count to the last line of the block only, and line 31
# is last in the exception's cleanup alone.  Line 34 ('};') is entered 16
# times at the machine's level, where the construction alternates with
# line 40's code; gcov 12 reads 6, arcov 8 (doc/agreement.md).
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc initlist.cc
build_arcov initlist.cc -O0
run_both
if test "$gcc_major" = 12; then
	check_marks initlist.cc
	check_report initlist.cc
else
	# GCC 11, 13 and later give add()'s closing brace (line 14) no
	# statement, and GCC 16 gives the list's first line (30) the
	# array's construction: those two lines' places are GCC's, and
	# every other line must still read its mark.
	lines initlist.cc
	awk '{ if (match($0, /\/\*@[^*]*\*\//)) print NR, substr($0, RSTART + 3, RLENGTH - 5) }' \
		"$srcdir/initlist.cc" | grep -v '^14 \|^30 ' > "$tmp/marks"
	grep -v '^14 \|^30 ' "$tmp/lines" | diff -u "$tmp/marks" - > "$tmp/marks.diff" ||
		fail "initlist.cc: counts differ from the marks (- marks, + arcov):
$(cat "$tmp/marks.diff")"
	(cd "$tmp/arcov" && "$arcov" -t initlist.cc 2>/dev/null) > "$tmp/report.txt" ||
		fail "arcov -t initlist.cc failed"
fi
# The lines of several blocks, exactly, as arcov -t prints them (GCC
# 12's blocks; GCC 11 splits line 34's otherwise, 10: not yet checked
# with gdb, so held under GCC 12 only).
test "$gcc_major" = 12 || lns=
for ln in ${lns-13:4 18:8 31:4 34:8 37:8 38:6 39:4 40:10 46:3}; do
	got=$(awk -F: -v l="${ln%:*}" '$2 + 0 == l { gsub(/ /, "", $1); print $1; exit }' \
		"$tmp/report.txt")
	test "$got" = "${ln#*:}" ||
		fail "initlist.cc:${ln%:*}: arcov -t reads ${got:-nothing}, want ${ln#*:}"
done
if test "$gcc_major" = 12; then
	compare_gcov initlist.cc "31 34"
	gcov_31=$(awk -F: '/0:Source:initlist.cc$/ { mine = 1; next } /0:Source:/ { mine = 0 }
		mine && $2 + 0 == 31 { gsub(/ /, "", $1); print $1; exit }' "$tmp/gcov.txt")
	test "$gcov_31" = "#####" ||
		fail "initlist.cc:31: gcov 12 reads $gcov_31, the test says #####"
fi
for level in 2 3; do
	rm -f "$tmp/arcov/initlist.da"
	build_arcov initlist.cc -O$level
	run_arcov
	if test "$gcc_major" = 12; then
		check_report initlist.cc
	else
		(cd "$tmp/arcov" && "$arcov" -t initlist.cc 2>/dev/null) > "$tmp/report.txt" ||
			fail "arcov -t initlist.cc failed"
	fi
	got=$(awk -F: '$2 + 0 == 31 { gsub(/ /, "", $1); print $1; exit }' "$tmp/report.txt")
	# Held under GCC 12, where gdb counted it; GCC 13 at -O2 reads 2
	# (not yet checked with gdb: a known gap of issue 29).
	test "$gcc_major" != 12 || test "$got" = 4 || fail "initlist.cc:31 at -O$level: arcov -t reads ${got:-nothing}, want 4"
done
pass
