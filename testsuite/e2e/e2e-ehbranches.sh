#!/bin/sh
# The branches of code run only for an exception are shown under the
# line of the cleanup they continue, as gcov 12 shows them (issue 29:
# jsoncpp's and pugixml's branch totals): the loops destroying an
# initializer list's elements when a later argument throws (line 25,
# 12 branches) and the cleanups of the call's temporaries (line 31, 8).
# Each line has as many branches in arcov -t -b as in gcov 12's, and the
# line counts agree with gcov 12's.  A handler's type test whose other
# way passes the exception on out of the function (line 28) keeps its 2.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc ehbranches.cc
build_arcov ehbranches.cc -O0
run_both
# Line 9: Err's implicit destructor, which the notes hold (linecheck
# reads them raw) and both reports leave out, as artificial.
# gcov's lines and branches on exception paths follow its own graph,
# which differs between GCC majors (gcov 14 reads some of these lines
# otherwise, GCC 11 gives line 25 sixteen branches): held to gcov 12's
# under GCC 12 only (elsewhere the test only builds and runs both).
test "$gcc_major" = 12 || pass
compare_gcov ehbranches.cc 9

# branches FILE: "LINE N" for each line of ehbranches.cc with branches.
branches()
{
	awk '/0:Source:ehbranches.cc$/ { mine = 1; next }
	     /0:Source:/ { mine = 0 }
	     !mine { next }
	     /^ *[-0-9#=*$]+: *[0-9]+:/ { split($0, f, ":"); ln = f[2] + 0 }
	     /^branch/ { n[ln]++ }
	     END { for (l in n) print l, n[l] }' "$1" | sort -n
}
(cd "$tmp/gcc" && $GCOV -t -b ehbranches.cc 2>/dev/null) > "$tmp/gcov-b.txt" ||
	fail "gcov -t -b ehbranches.cc failed"
(cd "$tmp/arcov" && "$arcov" -t -b ehbranches.cc 2>/dev/null) > "$tmp/arcov-b.txt" ||
	fail "arcov -t -b ehbranches.cc failed"
branches "$tmp/gcov-b.txt" > "$tmp/gcov.br"
branches "$tmp/arcov-b.txt" > "$tmp/arcov.br"
test "$(tr '\n' ' ' < "$tmp/arcov.br")" = "17 2 18 2 25 12 28 2 31 8 " ||
	fail "arcov's branches per line: $(tr '\n' ' ' < "$tmp/arcov.br")"
diff -u "$tmp/gcov.br" "$tmp/arcov.br" > "$tmp/br.diff" ||
	fail "branches per line differ from gcov 12's (- gcov, + arcov):
$(cat "$tmp/br.diff")"
pass
