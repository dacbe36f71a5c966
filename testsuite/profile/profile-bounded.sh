#!/bin/sh
# profile-bounded.sh -- bounded timelines and exports: an ARCOV_TIMELINE
# limit under the first buffer's 64 KiB still records what fits and
# counts the rest; every timeline export takes a time window (--from,
# --to: calls open at its edges are cut there, still nested) and a
# function filter (--function) and a size budget (--max-size: the file
# within it, the timeline cut at the latest time that fits, what is left
# out counted lost in the file); Chrome's JSON is gzipped when its name
# ends in .gz, as Perfetto and chrome://tracing read it, and compact by
# default (each call's file, line and core only with --chrome-args).
. "$top_srcdir/testsuite/profile/lib.sh"

build_profiled guest.c -O0
d=$tmp/arcov
cd "$d" || hard_error "cd"

# 100 bytes: 6 events of 16 bytes, the other 8 of the 14 counted lost.
ARCOV_TIMELINE=100 ./prog exit 0 || fail "run with ARCOV_TIMELINE=100"
"$arcov" --winidea=w.xml prog.arcov-trace 2> "$tmp/err" ||
	fail "winidea: $(cat "$tmp/err")"
python3 - w.xml <<'PY' || fail "ARCOV_TIMELINE=100"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.find('INFO').findtext('LOST_EVENTS') == '8', 'lost'
entries = [t for t in root.find('TIMELINE') if t.findtext('EVENT') == 'E']
assert len(entries) == 4, len(entries)   # main, mid, leaf, mid
PY
rm -f prog.arcov-trace

ARCOV_TIMELINE=1 ./prog exit 0 || fail "run"
t=prog.arcov-trace

# Gzip where the reader takes it.
"$arcov" --profile-time --chrome-trace=c.json --chrome-trace=c.json.gz "$t" ||
	fail "chrome .gz"
"$arcov" --profile-time --chrome-trace=c.json "$t" || fail "chrome"
gzip -t c.json.gz || fail "c.json.gz is not gzip"
gzip -dc c.json.gz | cmp -s - c.json || fail "c.json.gz is not c.json"

# Compact by default, still a trace-event file; --chrome-args adds the
# calls' file, line and core.
"$arcov" --profile-time --chrome-trace=args.json --chrome-args "$t" ||
	fail "--chrome-args"
python3 - c.json args.json "$profdir/trace-event.schema.json" <<'PY' ||
import json, sys, jsonschema
schema = json.load(open(sys.argv[3]))
compact, full = (json.load(open(p)) for p in sys.argv[1:3])
for doc in compact, full:
    jsonschema.validate(doc, schema)
x = lambda d: [e for e in d["traceEvents"] if e["ph"] == "X"]
assert all("args" not in e for e in x(compact))
assert all(set(e["args"]) == {"file", "line", "core"} for e in x(full))
strip = lambda e: {k: v for k, v in e.items() if k != "args"}
assert [strip(e) for e in x(full)] == x(compact)
PY
	fail "the compact Chrome JSON"

# A window: from the second call of mid to just inside the third.
python3 - c.json > "$tmp/times" <<'PY' || fail "times"
import json, sys
ev = [e for e in json.load(open(sys.argv[1]))["traceEvents"]
      if e["ph"] == "X"]
mids = sorted(float(e["ts"]) for e in ev if e["name"] == "mid")
print(int(mids[1] * 1000), int(mids[2] * 1000) + 1)
PY
read from to < "$tmp/times"
"$arcov" --profile-time --chrome-trace=win.json --from="${from}ns" \
	--to="${to}ns" "$t" || fail "--from --to"
python3 - win.json "$from" "$to" <<'PY' || fail "window"
import json, sys
f, t = int(sys.argv[2]), int(sys.argv[3])
ev = [e for e in json.load(open(sys.argv[1]))["traceEvents"]
      if e["ph"] == "X"]
for e in ev:
    b = round(float(e["ts"]) * 1000)
    d = round(float(e["dur"]) * 1000)
    assert f <= b and b + d <= t, (e, f, t)
names = sorted(e["name"] for e in ev)
# main cut at both ends, the second mid and leaf whole, the third mid
# (and leaf, if it started) cut at the end.
assert names.count("main") == 1 and names.count("mid") == 2, names
cont = [e["name"] for e in ev if e["cat"] == "function,continued"]
assert cont == ["main"], cont
PY
"$arcov" --winidea=w.xml --timeline-bin=w.bin --from=1s "$t" ||
	fail "a window after the run"
python3 - w.xml <<'PY' || fail "empty window"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert len(root.find('TIMELINE')) == 0
PY
[ ! -s w.bin ] || fail "--from after the run: the .BIN has events"

# A function filter: leaf only, its calls counted as before.
"$arcov" --profile-time --chrome-trace=leaf.json --function='^leaf$' "$t" ||
	fail "--function"
python3 - leaf.json <<'PY' || fail "function filter"
import json, sys
ev = [e for e in json.load(open(sys.argv[1]))["traceEvents"]
      if e["ph"] == "X"]
assert [e["name"] for e in ev] == ["leaf"] * 3, ev
PY

# A size budget, honoured exactly: the largest prefix of the timeline
# that fits, the rest counted lost.
full=$(wc -c < c.json)
for max in $((full - 1)) 800; do
	"$arcov" --profile-time --chrome-trace=cut.json --max-size=$max "$t" \
		2> "$tmp/err" || fail "--max-size=$max: $(cat "$tmp/err")"
	[ "$(wc -c < cut.json)" -le $max ] || fail "--max-size=$max: larger"
	lost=$(sed -n 's/.*"lost_events":"\([0-9]*\)".*/\1/p' cut.json)
	grep -q "cut.json: $lost events left out to keep it within $max bytes" \
		"$tmp/err" || fail "--max-size=$max: said $(cat "$tmp/err")"
	[ "$lost" -gt 0 ] || fail "--max-size=$max: nothing lost"
	# Cut where it was cut, it fits as it is.
	"$arcov" --profile-time --chrome-trace=again.json \
		--max-size="$(wc -c < cut.json)" "$t" 2> /dev/null &&
		cmp -s cut.json again.json || fail "--max-size: not the largest"
	python3 -c 'import json, sys; json.load(open(sys.argv[1]))' cut.json ||
		fail "--max-size=$max: not JSON"
done
"$arcov" --profile-time --chrome-trace=cut.json.gz --max-size=500 "$t" \
	2> /dev/null || fail "--max-size .gz"
[ "$(wc -c < cut.json.gz)" -le 500 ] && gzip -t cut.json.gz ||
	fail "--max-size .gz: larger, or not gzip"
"$arcov" --timeline-bin=cut.bin --max-size=300 "$t" 2> /dev/null &&
	[ "$(wc -c < cut.bin)" -le 300 ] && [ $(($(wc -c < cut.bin) % 24)) = 0 ] ||
	fail "--max-size .BIN"
"$arcov" --profile-time --chrome-trace=none.json --max-size=10 "$t" \
	2> "$tmp/err"
[ $? = 1 ] && [ ! -e none.json ] &&
	grep -q 'none.json: cannot fit in 10 bytes' "$tmp/err" ||
	fail "--max-size=10: $(cat "$tmp/err")"

# Usage errors.
for args in "--from=1s --profile-flat" "--from=x --chrome-trace=x" \
	    "--from=2s --to=1s --chrome-trace=x" "--function=( --chrome-trace=x" \
	    "--max-size=0 --chrome-trace=x" "--max-size=1M --profile-flat"; do
	"$arcov" $args "$t" > /dev/null 2> "$tmp/err"
	[ $? = 2 ] || fail "arcov $args: not a usage error"
done
pass
