#!/bin/sh
# profile-runs.sh -- traces gather runs as .da files do: each run is
# appended to PROG.arcov-trace under the file's lock (an arcov_dump() of
# the same run replaced, not added), labelled with ARCOV_RUN_LABEL; the
# exports add the runs' aggregates up exactly, as if given each run's own
# file; a timeline per run, its label naming it; arcov-merge merges
# traces in any order and grouping to the same bytes; concurrent runs all
# land; a file that does not parse is never modified.
. "$top_srcdir/testsuite/profile/lib.sh"

build_profiled guest.c -O0
d=$tmp/arcov
cd "$d" || hard_error "cd"

# flat FILE...: "name calls" per function, sorted.
flat()
{
	"$arcov" --profile-flat "$@" > "$tmp/flat.txt" || fail "flat $*"
	awk 'NR > 5 && NF >= 7 { print $7, $4 }' "$tmp/flat.txt" | sort
}

ARCOV_TIMELINE=1 ARCOV_RUN_LABEL=unit ./prog exit 0 || fail "run 1"
ARCOV_TIMELINE=1 ARCOV_RUN_LABEL=fuzz ./prog exit 0 || fail "run 2"
ARCOV_TIMELINE=1 ARCOV_RUN_LABEL=unit ./prog dump || fail "run 3"
printf 'leaf 10\nmain 3\nmid 10\n' > "$tmp/want"
flat prog.arcov-trace > "$tmp/got"
diff -u "$tmp/want" "$tmp/got" >&2 || fail "runs not added up"

# The same runs in three files: the same profile, to the byte.
for i in 1 2 3; do
	mode=exit
	[ $i = 3 ] && mode=dump
	ARCOV_TIMELINE=1 ARCOV_TRACE=$d/r$i.trace ./prog $mode 0 ||
		fail "run r$i"
done
"$arcov" --profile-graph r1.trace r2.trace r3.trace > "$tmp/g3" &&
	"$arcov_merge" m.trace r1.trace r2.trace r3.trace &&
	"$arcov" --profile-graph m.trace > "$tmp/gm" || fail "graph"
sed 's/[0-9]*\.[0-9]*//g' "$tmp/g3" > "$tmp/g3.calls"
sed 's/[0-9]*\.[0-9]*//g' "$tmp/gm" > "$tmp/gm.calls"
diff -u "$tmp/g3.calls" "$tmp/gm.calls" >&2 ||
	fail "a merged file is not its runs' files"
"$arcov" --profile-time --callgrind=- r1.trace r2.trace r3.trace > "$tmp/c3" &&
	"$arcov" --profile-time --callgrind=- m.trace > "$tmp/cm" || fail "cg"
cmp -s "$tmp/c3" "$tmp/cm" || fail "callgrind: merged file and its runs differ"

# arcov-merge: order and grouping do not matter; a run merged twice
# counts once.
"$arcov_merge" m2.trace r3.trace r1.trace &&
	"$arcov_merge" m3.trace m2.trace r2.trace m.trace ||
	fail "arcov-merge traces"
cmp -s m.trace m3.trace || fail "arcov-merge: order or grouping changed the bytes"
"$arcov_merge" - m.trace m.trace | cmp -s - m.trace ||
	fail "arcov-merge: a run merged twice"
"$arcov_merge" x.trace m.trace guest.da 2> "$tmp/err"
[ $? = 2 ] && grep -q 'all .da files or all traces' "$tmp/err" ||
	fail "arcov-merge: a trace and a .da mixed: $(cat "$tmp/err")"

# A timeline per run, named by its label.
"$arcov" --profile-time --chrome-trace=- prog.arcov-trace > "$tmp/c.json" ||
	fail "chrome"
python3 - "$tmp/c.json" <<'PY' || fail "chrome: runs not apart"
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
names = sorted(e["args"]["name"] for e in ev if e["name"] == "process_name")
assert names == ["fuzz", "unit", "unit"], names
assert len({e["pid"] for e in ev if e.get("ph") != "M"}) == 3
PY

# Concurrent runs: every one lands.
rm -f prog.arcov-trace
i=0
while [ $i -lt 8 ]; do
	./prog exit 0 &
	i=$((i + 1))
done
wait
printf 'leaf 24\nmain 8\nmid 24\n' > "$tmp/want"
flat prog.arcov-trace > "$tmp/got"
diff -u "$tmp/want" "$tmp/got" >&2 || fail "concurrent runs lost"

# A file that does not parse is left alone.
printf 'ARCOVTRC garbage\n' > prog.arcov-trace
./prog exit 0 2> "$tmp/err" || fail "run on a bad trace"
[ "$(cat prog.arcov-trace)" = 'ARCOVTRC garbage' ] ||
	fail "a trace that does not parse was replaced"
grep -q 'prog.arcov-trace: offset 0: truncated header' "$tmp/err" ||
	fail "bad trace: said $(cat "$tmp/err")"
pass
