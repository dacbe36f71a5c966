#!/bin/sh
# export-errors.sh -- malformed or partial coverage data never gives a
# malformed export: the export fails with one clear message, exit status
# 1, and leaves no file behind (no output, no temporary, an older output
# untouched).  Data that is merely absent (a program that never ran) is
# exported as never executed, with a warning.  Bad usage exits 2.
. "$top_srcdir/testsuite/export/lib.sh"

build calltree export/calltree.c -- -O0
run calltree
d=$tmp/calltree
for f in calltree.arcov-notes calltree.da calltree.bbg; do
	cp "$d/$f" "$d/$f.good" || fail "cp $f"
done
restore()
{
	for f in calltree.arcov-notes calltree.da calltree.bbg; do
		cp "$d/$f.good" "$d/$f" || fail "restore $f"
	done
}

# refused WHAT MESSAGE [OPTIONS...]: every export fails with MESSAGE and
# leaves nothing behind; an older profile stays as it was.
refused()
{
	what=$1 msg=$2
	shift 2
	rm -f "$d"/*.out "$d"/*.out.webgrind
	echo old > "$d/old.out"
	(cd "$d" && "$arcov" -n "$@" --cachegrind cg.out \
		--callgrind old.out --webgrind cachegrind.out.w calltree.c) \
		> "$tmp/out" 2> "$tmp/err"
	st=$?
	test $st = 1 || fail "$what: exit $st, wanted 1"
	grep -Fqx "arcov: $msg; nothing exported" "$tmp/err" ||
		fail "$what: wanted 'arcov: $msg; nothing exported', got:
$(cat "$tmp/err")"
	(cd "$d" && ls) | grep -e '\.out' -e '\.tmp\.' > "$tmp/left"
	echo old.out > "$tmp/want"
	same "$what: files left" "$tmp/want" "$tmp/left"
	test "$(cat "$d/old.out")" = old || fail "$what: old.out changed"
	restore
}

rm "$d/calltree.arcov-notes"
refused "no notes" \
	"calltree.arcov-notes: cannot read: No such file or directory"

sed 's/^arcov-notes 2$/arcov-notes 3/' "$d/calltree.arcov-notes.good" \
	> "$d/calltree.arcov-notes"
refused "notes of another version" \
	"calltree.arcov-notes: offset 12: version 3, only 1 to 2 are known"

sed 's/^function fact 267608 /function fact 267609 /' \
	"$d/calltree.arcov-notes.good" > "$d/calltree.arcov-notes"
cmp -s "$d/calltree.arcov-notes" "$d/calltree.arcov-notes.good" &&
	fail "fact's checksum is not 267608 any more"
off=$(grep -b '^function fact ' "$d/calltree.arcov-notes" | cut -d: -f1)
refused "notes of another build" "calltree.arcov-notes: offset $off: \
function fact does not match function 3 of calltree.bbg"

head -c 100 "$d/calltree.da.good" > "$d/calltree.da"
refused "a truncated .da" \
	"calltree.da: offset 4: function count 6 needs at least 144 bytes, 36 left"

# A counter raised to a million until the counts no longer fit the flow
# graph, as the text report warns; the export, whose formats cannot mark
# counts inexact, refuses the same data.
msg=
for off in $("$builddir/tools/arcov-dump" "$d/calltree.da.good" |
	     awk '/counter #/ { sub(/:$/, "", $1); print $1 }'); do
	cp "$d/calltree.da.good" "$d/calltree.da" || fail cp
	printf '\100\102\017' | dd of="$d/calltree.da" bs=1 seek=$((0x$off)) \
		conv=notrunc 2>/dev/null || fail dd
	(cd "$d" && "$arcov" -n calltree.c) > /dev/null 2> "$tmp/err"
	msg=$(sed -n 's/^arcov: warning: calltree\.da: the counters of 1 function contradict its flow graph (\(.*\)); its counts are estimates, .*$/\1/p' \
		"$tmp/err")
	test -n "$msg" && break
done
case $msg in
*"calltree.bbg: function "*) ;;
*) fail "no counter made the counts contradict the graph" ;;
esac
refused "counts that contradict the graph" "$msg"

(cd "$d" && "$arcov" -n --run=3 --cachegrind cg.out calltree.c) > /dev/null \
	2> "$tmp/err" || fail "--run 3 of 1: $(cat "$tmp/err")"
grep -qx 'arcov: warning: calltree.da: no such run, exported as never executed' \
	"$tmp/err" || fail "--run 3 of 1: $(cat "$tmp/err")"
grep -qx 'summary: 0 0' "$d/cg.out" || fail "--run 3 of 1: not all zero"
rm -f "$d/cg.out"

head -c 50 "$d/calltree.bbg.good" > "$d/calltree.bbg"
(cd "$d" && "$arcov" -n --cachegrind cg.out calltree.c) > /dev/null \
	2> "$tmp/err" && fail "a truncated .bbg was exported"
grep -q '^arcov: calltree.bbg: offset .*; nothing exported$' "$tmp/err" ||
	fail "truncated .bbg: $(cat "$tmp/err")"
test -f "$d/cg.out" && fail "truncated .bbg: cg.out written"
restore

# A unit without functions: nothing to export, no empty profile.
echo 'int x = 1;' > "$d/empty.c"
(cd "$d" && env $compile_env $CC -fplugin="$plugin" -c empty.c) \
	> "$tmp/log" 2>&1 || fail "empty.c: $(cat "$tmp/log")"
(cd "$d" && "$arcov" -n --webgrind cachegrind.out.e empty.c) \
	> /dev/null 2> "$tmp/err" && fail "empty.c exported"
msg='arcov: nothing to export: the input holds no instrumented function'
grep -qx "$msg; nothing exported" "$tmp/err" ||
	fail "empty.c: $(cat "$tmp/err")"
test -f "$d/cachegrind.out.e" && fail "empty.c: profile written"

# Writing fails: nothing left, and for webgrind neither of the two files.
(cd "$d" && "$arcov" -n --cachegrind nodir/cg.out calltree.c) \
	> /dev/null 2> "$tmp/err" && fail "wrote into a missing directory"
grep -qx 'arcov: nodir/cg.out: cannot write: No such file or directory' \
	"$tmp/err" || fail "missing directory: $(cat "$tmp/err")"
mkdir -p "$d/cachegrind.out.x.webgrind/busy"
(cd "$d" && "$arcov" -n --webgrind cachegrind.out.x calltree.c) \
	> /dev/null 2> "$tmp/err" && fail "webgrind over a directory"
grep -qx 'arcov: cachegrind.out.x.webgrind: cannot write: Is a directory' \
	"$tmp/err" || fail "webgrind over a directory: $(cat "$tmp/err")"
test -e "$d/cachegrind.out.x" && fail "the profile stayed without its pair"
(cd "$d" && ls) | grep '\.tmp\.' && fail "temporary files left"

# A program that never ran: zeros, said so.
rm "$d/calltree.da"
(cd "$d" && "$arcov" -n --cachegrind cg.out calltree.c) > /dev/null \
	2> "$tmp/err" || fail "no .da: $(cat "$tmp/err")"
grep -qx 'arcov: warning: calltree.da: no data file, exported as never executed' \
	"$tmp/err" || fail "no .da: $(cat "$tmp/err")"
grep -qx 'summary: 0 0' "$d/cg.out" || fail "no .da: not all zero"
restore

# "-" is standard output, as for the reports: the profile alone there.
(cd "$d" && "$arcov" --callgrind - calltree.c) > "$tmp/out" 2> "$tmp/err" ||
	fail "--callgrind -: $(cat "$tmp/err")"
test "$(head -n 1 "$tmp/out")" = "# callgrind format" ||
	fail "--callgrind -: stdout starts '$(head -n 1 "$tmp/out")'"
grep -q '^Lines executed' "$tmp/out" && fail "--callgrind -: text on stdout"
test -e "$d/-" && fail "--callgrind - made a file named -"

# Usage.
usage()
{
	(cd "$d" && "$arcov" "$@" calltree.c) > /dev/null 2> "$tmp/err"
	st=$?
	test $st = 2 || fail "$*: exit $st, wanted 2"
}
usage --webgrind-version=4 --webgrind cachegrind.out.v
grep -qx "arcov: --webgrind-version=4 needs --profile-time" "$tmp/err" ||
	fail "version 4: $(cat "$tmp/err")"
usage --webgrind-version=6
grep -qx 'arcov: --webgrind-version needs --webgrind' "$tmp/err" ||
	fail "version without --webgrind: $(cat "$tmp/err")"
usage --webgrind -
grep -q 'cannot write to standard output' "$tmp/err" ||
	fail "--webgrind -: $(cat "$tmp/err")"
usage --legacy=3.3 --callgrind cl.out
grep -qx 'arcov: option --callgrind does not exist in gcov 3.3' "$tmp/err" ||
	fail "--legacy: $(cat "$tmp/err")"
test -e "$d/cachegrind.out.v" && fail "usage errors wrote a file"
pass
