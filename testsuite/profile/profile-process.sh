#!/bin/sh
# profile-process.sh -- exec writes the profile first (the exec wrappers'
# dump), with the calls still open closed at that time; a thread still
# running at exit is left out and counted, and arcov says so.
. "$top_srcdir/testsuite/profile/lib.sh"

build_profiled process.c -O2
d=$tmp/arcov

(cd "$d" && ./prog exec) > "$tmp/out" 2>&1 || fail "prog exec: $(cat "$tmp/out")"
[ -f "$d/prog.arcov-trace" ] || fail "exec: no profile written before the exec"
"$arcov" --profile-flat "$d/prog.arcov-trace" > "$tmp/flat" ||
	fail "arcov on the exec trace"
awk 'NR > 5 && NF >= 7 { print $7, $4 }' "$tmp/flat" | sort > "$tmp/calls"
printf 'main 1\nwork 2\n' | diff -u - "$tmp/calls" ||
	fail "exec: wrong calls before the exec"
"$arcov" --profile-graph "$d/prog.arcov-trace" > "$tmp/graph"
awk '/^\[/ && $6 == "main" { exit !($3 + $4 > 0) }' "$tmp/graph" ||
	fail "exec: main, open at the exec, has no time"

rm -f "$d/prog.arcov-trace"
(cd "$d" && ./prog thread) > "$tmp/out" 2> "$tmp/err" ||
	fail "prog thread failed"
grep -q '1 threads still running at exit are not in the profile' \
	"$tmp/err" || fail "no word of the running thread: $(cat "$tmp/err")"
"$arcov" --profile-flat "$d/prog.arcov-trace" > "$tmp/flat" ||
	fail "arcov on the thread trace"
grep -q '^1 threads were still running at exit' "$tmp/flat" ||
	fail "the flat profile does not say a thread is missing"
awk 'NR > 5 && $7 == "work" { print $4 }' "$tmp/flat" | grep -qx 3 ||
	fail "thread: work not called 3 times"
pass
