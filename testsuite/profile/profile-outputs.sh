#!/bin/sh
# profile-outputs.sh -- the profile's outputs as a user meets them: "-" is
# standard output for every export and for arcov-merge's OUT (never a
# file named "-"); a write error on standard output is status 1, said;
# the trace records the program's command line and callgrind's "cmd:"
# names it; --profile-graph prints one line per caller, call sites
# merged, as gprof does; a trace given without a profile option is
# refused, not taken for a coverage argument.
. "$top_srcdir/testsuite/profile/lib.sh"

build_profiled guest.c -O0
d=$tmp/arcov
cd "$d" || hard_error "cd"
ARCOV_TIMELINE=1 ./prog exit 7
[ $? = 7 ] || fail "prog exit 7"
t=prog.arcov-trace

# "-": standard output, the same bytes as the file.
for opt in --chrome-trace --winidea --timeline-bin --callgrind; do
	"$arcov" --profile-time "$opt=-" "$t" > "$tmp/stdout" 2> "$tmp/err" ||
		fail "$opt=-: $(cat "$tmp/err")"
	"$arcov" --profile-time "$opt=$tmp/file" "$t" 2> "$tmp/err" ||
		fail "$opt=FILE: $(cat "$tmp/err")"
	[ -s "$tmp/stdout" ] || fail "$opt=-: nothing on standard output"
	cmp -s "$tmp/stdout" "$tmp/file" || fail "$opt=-: not what FILE holds"
	[ ! -e ./- ] || fail "$opt=-: wrote a file named -"
done
"$arcov" --profile-time --webgrind=- "$t" > /dev/null 2> "$tmp/err"
[ $? = 2 ] || fail "--webgrind=-: not a usage error"
grep -q 'cannot write to standard output' "$tmp/err" ||
	fail "--webgrind=-: $(cat "$tmp/err")"
"$arcov" --profile-flat --chrome-trace=- "$t" > /dev/null 2> "$tmp/err"
[ $? = 2 ] || fail "two outputs on standard output: accepted"
cp guest.da in.da
"$arcov_merge" - in.da > "$tmp/merged" 2> "$tmp/err" ||
	fail "arcov-merge -: $(cat "$tmp/err")"
"$arcov_merge" "$tmp/merged.da" in.da || fail "arcov-merge FILE"
cmp -s "$tmp/merged" "$tmp/merged.da" || fail "arcov-merge -: not the file"
[ ! -e ./- ] || fail "arcov-merge -: wrote a file named -"

# Standard output on a full device.
for opt in --profile-flat --profile-graph "--profile-time --chrome-trace=-" \
	   "--profile-time --callgrind=-"; do
	"$arcov" $opt "$t" > /dev/full 2> "$tmp/err"
	st=$?
	[ $st = 1 ] || fail "$opt > /dev/full: status $st"
	grep -q 'standard output: write error: No space left on device' \
		"$tmp/err" || fail "$opt > /dev/full: said $(cat "$tmp/err")"
done
"$arcov_merge" - in.da > /dev/full 2> "$tmp/err"
[ $? = 1 ] || fail "arcov-merge - > /dev/full: not status 1"
grep -q 'standard output: write error' "$tmp/err" ||
	fail "arcov-merge - > /dev/full: said $(cat "$tmp/err")"

# The command line: in the trace, and callgrind's "cmd:".
"$arcov" --profile-time --callgrind=- "$t" | grep -qx 'cmd: ./prog exit 7' ||
	fail "callgrind cmd: $("$arcov" --profile-time --callgrind=- "$t" | grep ^cmd)"
"$arcov" --profile-time --chrome-trace=- "$t" | grep -q '"cmd":"./prog exit 7"' ||
	fail "the trace's command line is not recorded"
"$arcov" --winidea=- "$t" | grep -q '<CMD>./prog exit 7</CMD>' ||
	fail "winIDEA CMD"

# One line per caller: main calls mid from three sites.
"$arcov" --profile-graph "$t" > "$tmp/graph" || fail "--profile-graph"
awk '/^\[[0-9]+\].* main \[/ { m = 1; next } /^---/ { m = 0 } m' \
	"$tmp/graph" > "$tmp/main-callees"
[ "$(wc -l < "$tmp/main-callees")" = 1 ] &&
	grep -q ' 3/3  *mid \[' "$tmp/main-callees" ||
	fail "main's call sites of mid not merged: $(cat "$tmp/graph")"

# A trace without a profile option.
for opt in --callgrind=x.out --cachegrind=x.out --lcov=x.info ""; do
	"$arcov" $opt "$t" > "$tmp/out" 2> "$tmp/err"
	st=$?
	[ $st = 2 ] || fail "arcov $opt TRACE: status $st"
	grep -q 'prog.arcov-trace is a time-profile trace; read it with --profile-time' \
		"$tmp/err" || fail "arcov $opt TRACE: said $(cat "$tmp/err")"
	[ ! -e x.out ] && [ ! -e x.info ] && [ -z "$(ls ./*.gcov 2>/dev/null)" ] ||
		fail "arcov $opt TRACE: wrote a file"
done
pass
