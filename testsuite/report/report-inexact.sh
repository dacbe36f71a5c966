#!/bin/sh
# report-inexact.sh -- a .da whose counters contradict one function's flow
# graph (bad() of inexact.c: its branch counted 50 times in 10 calls, as
# counters of another build or lost increments leave it): the other
# functions read as before, bad() is solved as far as it is consistent,
# not zeroed, and marked inexact in every output (text "~" and
# "(inexact)", JSON "inexact", lcov and Cobertura comments), one warning
# names the object and the likely cause, and arcov exits 6
# (doc/arcov.1), also with --legacy=3.3.
. "${top_srcdir:-.}/testsuite/init.sh"

poke=$builddir/testsuite/report/da-poke
require_built "$poke" "$plugin" "$arcov"
cd "$tmp" || exit 99
cp "$srcdir/inexact.c" . || exit 99
ignore_leaks
build_with_plugin prog inexact.c -- -O0 > build.log 2>&1 ||
	fail "building inexact.c: $(cat build.log)"
./prog || fail "prog: exit status $?"

# report NAME ARGS...: arcov ARGS on inexact.c into NAME.out and NAME.err,
# its status into NAME.status.
report()
{
	name=$1
	shift
	"$arcov" "$@" inexact.c > "$name.out" 2> "$name.err"
	echo $? > "$name.status"
}

# lines_of FILE FIRST LAST: the text report's lines of source lines FIRST
# to LAST (branch lines included).
lines_of()
{
	awk -v a="$2" -v b="$3" '
	/^ *[^ ]+: *[0-9]+:/ { split($0, f, ":"); n = f[2] + 0 }
	n >= a && n <= b' "$1"
}

report exact -t -b
test "$(cat exact.status)" = 0 || fail "exact: status $(cat exact.status)"
test -s exact.err && fail "exact: $(cat exact.err)"
grep -q '~' exact.out && fail "exact: a line marked inexact"

"$poke" inexact.da bad 1 50 || fail "da-poke failed"

# Text: status 6, one warning, ok() and main() as they were.
report text -t -b
test "$(cat text.status)" = 6 || fail "text: status $(cat text.status), want 6"
test "$(wc -l < text.err)" = 1 || fail "text: not one warning: $(cat text.err)"
grep -q '^arcov: warning: inexact\.da: the counters of 1 function contradict its flow graph (inexact\.bbg: function bad: .*); its counts are estimates, marked inexact; likely cause: threads running code built with plain increments' text.err ||
	fail "text: warning: $(cat text.err)"
for range in "5 11" "21 28"; do
	lines_of exact.out $range > want
	lines_of text.out $range > got
	cmp -s want got || fail "lines $range changed: $(diff want got)"
done
# bad(): not zeroed, every line marked, the function too.
lines_of text.out 13 19 > bad.txt
grep -q '^ *50~: *13:' bad.txt || fail "bad: first line: $(cat bad.txt)"
grep -q '^ *10~: *15:' bad.txt || fail "bad: its test: $(cat bad.txt)"
test "$(grep -c '^ *[^ ]*~: *[0-9]*:' bad.txt)" = 5 ||
	fail "bad: not every line marked: $(cat bad.txt)"
grep -q '^function bad called 50 .* (inexact)$' text.out ||
	fail "bad: function line: $(grep '^function bad' text.out)"
grep -q '^function ok .*(inexact)' text.out && fail "ok marked inexact"

# JSON: the function and its lines, nothing else.
report json -j -t
test "$(cat json.status)" = 6 || fail "json: status $(cat json.status)"
python3 - json.out <<'EOF' || fail "json: $(cat json.out)"
import json, sys
d = json.load(open(sys.argv[1]))
f = d["files"][0]
marked = sorted(fn["name"] for fn in f["functions"] if fn.get("inexact"))
assert marked == ["bad"], marked
lines = sorted(l["line_number"] for l in f["lines"] if l.get("inexact"))
assert lines == [13, 15, 16, 18, 19], lines
assert all(l["count"] > 0 for l in f["lines"] if l["line_number"] in (13, 15, 16))
EOF

# lcov: a comment before the function and each line; lcov reads it.
report lcov --lcov=cov.info -n
test "$(cat lcov.status)" = 6 || fail "lcov: status $(cat lcov.status)"
grep '^# arcov inexact:' cov.info > got
printf '%s\n' '# arcov inexact: FN:13,bad' '# arcov inexact: DA:13' \
	'# arcov inexact: DA:15' '# arcov inexact: DA:16' \
	'# arcov inexact: DA:18' '# arcov inexact: DA:19' > want
cmp -s want got || fail "lcov: $(diff want got)"
if command -v lcov > /dev/null 2>&1; then
	lcov --summary cov.info > sum 2>&1 || fail "lcov: $(cat sum)"
fi

# Cobertura: a comment before each inexact line; still valid.
report cob --cobertura=cov.xml -n
test "$(cat cob.status)" = 6 || fail "cobertura: status $(cat cob.status)"
test "$(grep -c '<!-- arcov: inexact -->' cov.xml)" -ge 5 ||
	fail "cobertura: no comments"
if command -v xmllint > /dev/null 2>&1; then
	xmllint --noout --dtdvalid "$testsuite/report/coverage-04.dtd" \
		cov.xml > lint 2>&1 || fail "cobertura: $(cat lint)"
fi

# gcov 3.3's text: the same warning and status, bad() not zeroed.
report legacy --legacy=3.3
test "$(cat legacy.status)" = 6 || fail "3.3: status $(cat legacy.status)"
grep -q '^arcov: warning: inexact\.da: the counters of 1 function' legacy.err ||
	fail "3.3: $(cat legacy.err)"
grep -q '^ *50: *16:' inexact.c.gcov || fail "3.3: $(cat inexact.c.gcov)"
pass
