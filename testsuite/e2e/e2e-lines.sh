#!/bin/sh
# Line tables and flags on code whose counts readers got wrong (issue 10):
# lines.c in C and lines.cc in C++, at -O0 and -O2, held to the counts
# marked in their sources, to gcov 12 where it agrees, and to what gcov
# 3.3 prints (arcov --legacy=3.3) for straight-line code: no branch.
. "$top_srcdir/testsuite/e2e/lib.sh"

# legacy SRC FIRST LAST: in gcov 3.3's view of SRC, no branch record
# under source lines FIRST to LAST (straight-line code: a return's arc
# into EXIT falls through, as in GCC 3.3, so gcov 3.3 reports none).
legacy()
{
	(cd "$tmp/arcov" && "$builddir/tools/arcov" --legacy=3.3 -b "$1" \
		> /dev/null 2>&1) || fail "arcov --legacy=3.3 $1 failed"
	awk -v first="$2" -v last="$3" '
		/^ *[^ ]+: *[0-9]+:/ { split($0, f, ":"); ln = f[2] + 0; next }
		/^branch/ && ln >= first && ln <= last {
			print "line " ln ": " $0; bad = 1
		}
		END { exit bad }' "$tmp/arcov/$1.gcov" > "$tmp/legacy.diff" ||
		fail "$1: gcov 3.3 view has branches in straight-line code:
$(cat "$tmp/legacy.diff")"
}

# modern SRC LINE...: gcov 12's rule read by arcov's reporter (a line
# counts its entries from other lines) gives each LINE gcov 12's count.
modern()
{
	src=$1
	shift
	(cd "$tmp/arcov" && "$builddir/tools/arcov" "$src" > /dev/null 2>&1) ||
		fail "arcov $src failed"
	(cd "$tmp/gcc" && $GCOV "$src" > /dev/null 2>&1) || fail "gcov $src failed"
	# The first time LINE shows: the line's total, before the per-function
	# parts of a line several functions share.
	count='$2 + 0 == l { gsub(/ /, "", $1); print $1; exit }'
	for ln; do
		a=$(awk -F: -v l="$ln" "$count" "$tmp/arcov/$src.gcov")
		g=$(awk -F: -v l="$ln" "$count" "$tmp/gcc/$src.gcov")
		test "$a" = "$g" || fail "$src:$ln: arcov reads $a, gcov 12 $g"
	done
}

# check SRC LEVEL GCOV-ALLOWED: build SRC at -OLEVEL, run (the --coverage
# build only the first time, to run it once), hold it to gcov 12 (but for
# the lines GCOV-ALLOWED) and, at -O0, to every mark; at other levels GCC
# folds some jumps away before the plugin runs, and the lines the test is
# about are checked one by one (expect_line).
check()
{
	rm -f "$tmp/arcov/"*.da
	build_arcov "$1" -O"$2"
	if test -s "$tmp/gcc.out"; then run_arcov; else run_both; fi
	test "$2" != 0 || check_marks "$1"
	compare_gcov "$1" "$3"
}

# lines.c:42, copy()'s opening line: GCC 12 at -O0 puts it in the loop's
# first block, as the plugin did, and gcov 12 reads the 35 passes.  At
# -O2 the lone "break;" (lines 28, 59) is a jump folded before the plugin
# runs.
build_gcc lines.c
check lines.c 0 42
legacy lines.c 8 11
legacy lines.c 96 109
modern lines.c 25 57 73 74 89
check lines.c 2 "28 42 59"
legacy lines.c 8 11
legacy lines.c 96 109
for ln in 10:1 15:5 25:5 42:3 47:3 57:5 88:2 103:1; do
	expect_line lines.c ${ln%:*} ${ln#*:}
done

# C++: a handler on the line of the call that throws into it, a cleanup
# on a line of its own, straight-line code, a body starting with a loop.
# lines.cc:36, count_to()'s opening line: gcov 12 at -O0 reads the 8
# passes of the loop it starts with.
rm -f "$tmp/gcc.out"
build_gcc lines.cc
check lines.cc 0 36
legacy lines.cc 29 32
# A loop and a lambda on one line (46, 47) keep their lines in all their
# blocks, which gcov 12's rule then reads right.  Line 47 holds two
# functions, tri() and its lambda: as in gcov 12 each is counted alone and
# the counts are summed, 1 call of tri() and 5 of the lambda; gcov 12
# reads 2 for tri(), where the block after its call to the lambda, its
# highest block, which gcov 12 attaches to no line, enters the line again.
modern lines.cc 46 57
(cd "$tmp/arcov" && "$builddir/tools/arcov" lines.cc > /dev/null 2>&1)
got=$(awk -F: '$2 + 0 == 47 { gsub(/ /, "", $1); print $1; exit }' \
	"$tmp/arcov/lines.cc.gcov")
test "$got" = 6 || fail "lines.cc:47: arcov reads $got, want 6 (1 + 5)"
check lines.cc 2 36
legacy lines.cc 29 32
for ln in 10:10 31:1 36:2 39:8 57:10 61:10; do
	expect_line lines.cc ${ln%:*} ${ln#*:}
done
pass
