#!/bin/sh
# labels.sh -- run labels of any length round-trip: a label of 5000 bytes
# written by the runtime is listed, chosen by --run and named by --per-run
# as it was given; --list-runs escapes control bytes, so a label holding
# a newline cannot forge a row.
. "$top_srcdir/testsuite/runtime/lib.sh"

cp "$testsuite/profile/guest.c" "$tmp/" && cd "$tmp" || hard_error "copy"
build_with_plugin prog guest.c -- -O0 > "$tmp/build.log" 2>&1 ||
	fail "build: $(cat "$tmp/build.log")"
long=$(head -c 5000 /dev/zero | tr '\0' x)
nl='evil
9    forged  7'
# Twice under the long label: the second run finds its block and merges.
ARCOV_RUN_LABEL=$long ./prog exit 0 || fail "long label run"
ARCOV_RUN_LABEL=$long ./prog exit 0 || fail "long label run"
ARCOV_RUN_LABEL=$nl ./prog exit 0 || fail "newline label run"

"$arcov" --list-runs guest.c > out 2> err || fail "--list-runs: $(cat err)"
[ "$(wc -l < out)" = 3 ] || fail "--list-runs: $(cat out)"
[ "$(awk 'NR == 2 { print length($2) }' out)" = 5000 ] ||
	fail "--list-runs: the long label is not listed whole"
[ "$(awk 'NR == 3 { print $2 }' out)" = 'evil\n9' ] ||
	fail "--list-runs: the newline is not escaped: $(sed -n 3,4p out)"
grep -q '^9 ' out && fail "--list-runs: a label forged a row"

"$arcov" -n --run "$long" guest.c > out 2> err || fail "--run: $(cat err)"
[ ! -s err ] || fail "--run LONG: $(cat err)"
"$arcov" -f -n --run "$long" guest.c | grep -A1 "Function 'leaf'" |
	grep -qx 'Lines executed:100.00% of [0-9]*' ||
	fail "--run LONG: leaf not run: $("$arcov" -f -n --run "$long" guest.c)"
"$arcov" --per-run --lcov=pr.info -n guest.c > out 2> err ||
	fail "--per-run: $(cat err)"
grep -qx "TN:$long" pr.info || fail "--per-run: the long label is not a test name"
pass
