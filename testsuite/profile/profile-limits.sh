#!/bin/sh
# profile-limits.sh -- the profile composes with exclude= (an excluded
# function is absent and its callees count under the nearest profiled
# caller); ARCOV_TIMELINE bounds the timeline (memory included, the dump
# too), counts what it drops and the exports still nest and keep exact
# call counts; ARCOV_TRACE names the file; the runtime keeps errno and
# stdout.
. "$top_srcdir/testsuite/profile/lib.sh"

d=$tmp/arcov
mkdir -p "$d" && cp "$profdir/limits.c" "$profdir/hot.c" "$d/" ||
	fail "cannot copy the sources"
(cd "$d" &&
 env $compile_env $CC -O2 -fplugin="$plugin" -fplugin-arg-arcov-profile \
	'-fplugin-arg-arcov-exclude=hot\.c$' -c limits.c hot.c &&
 $CC $SAN_FLAGS limits.o hot.o "$libarcov" -pthread -o prog) \
	> "$tmp/build.log" 2>&1 || fail "build: $(cat "$tmp/build.log")"

# A small run, the whole timeline kept; the file named by ARCOV_TRACE.
(cd "$d" && ARCOV_TIMELINE=1 ARCOV_TRACE="$d/small.%p.trace" ./prog 1000) \
	> "$tmp/out" 2> "$tmp/err" || fail "prog failed or lost errno: $?"
[ "$(cat "$tmp/out")" = 0 ] || fail "prog printed $(cat "$tmp/out")"
[ ! -s "$tmp/err" ] || fail "the runtime complained: $(cat "$tmp/err")"
set -- "$d"/small.*.trace
[ -f "$1" ] || fail "ARCOV_TRACE=small.%p.trace not written"
"$arcov" --profile-flat "$1" > "$tmp/flat" || fail "arcov --profile-flat"
awk 'NR > 5 && NF >= 7 { print $7, $4 }' "$tmp/flat" | sort > "$tmp/calls"
printf 'cold 2\nleaf 1000\nmain 1\n' > "$tmp/want"
diff -u "$tmp/want" "$tmp/calls" || fail "exclude=: wrong functions or calls"
"$arcov" --profile-graph "$1" | grep -q '^ .* 2/2 *main' ||
	fail "cold's call through hot is not under main"

# A bounded timeline: 2 million calls want 64 MiB of events; 1 MiB kept.
n=2000000
(cd "$d" && /usr/bin/time -f %M -o "$tmp/rss.0" ./prog $n) \
	> "$tmp/out" 2>&1 || fail "run without timeline failed"
rm -f "$d/prog.arcov-trace"	# runs gather in it: this one alone
(cd "$d" && ARCOV_TIMELINE=1M /usr/bin/time -f %M -o "$tmp/rss.1M" \
	./prog $n) > "$tmp/out" 2> "$tmp/err" || fail "bounded run failed"
rss0=$(tail -n 1 "$tmp/rss.0") rss1=$(tail -n 1 "$tmp/rss.1M")
# The limit, the 64 KiB the streamed dump writes through, and slack for
# the allocator (a dump that serialized the whole file first took 2 MiB);
# a sanitizer's allocator keeps freed buffers, so it gets the old bound.
if [ -z "$SAN_FLAGS" ]; then
	max=$((1024 + 64 + 512))
else
	max=4096
fi
[ "$rss1" -le $((rss0 + max)) ] ||
	fail "timeline limited to 1 MiB took $((rss1 - rss0)) KiB more"
"$arcov" --profile-flat --winidea="$tmp/w.xml" "$d/prog.arcov-trace" \
	> "$tmp/flat" 2> "$tmp/err" || fail "arcov on the bounded trace"
grep -q 'the timeline is incomplete: [1-9][0-9]* events were not recorded' \
	"$tmp/err" || fail "no warning of lost events: $(cat "$tmp/err")"
awk 'NR > 5 && $7 == "leaf" { print $4 }' "$tmp/flat" | grep -qx $n ||
	fail "calls not exact once the timeline is full"
python3 - "$tmp/w.xml" <<'PY' || fail "bounded timeline"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
lost = int(root.find('INFO').findtext('LOST_EVENTS'))
ev = [(t.findtext('EVENT'), int(t.findtext('HANDLE')))
      for t in root.find('TIMELINE')]
entries = sum(e == 'E' for e, _ in ev)
assert lost > 0, "nothing lost"
assert entries <= (1 << 20) // 16, "%d entries past the limit" % entries
stack = []
for e, h in ev:
    if e == 'E' or (e == 'R' and not (stack and stack[-1][1])):
        stack.append([h, False])
    elif e == 'S':
        stack[-1][1] = True
    elif e == 'R':
        assert stack[-1] == [h, True]
        stack[-1][1] = False
    elif e == 'X':
        assert stack.pop()[0] == h, "exit out of order"
assert not stack, "calls left open"
PY
pass
