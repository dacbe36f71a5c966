#!/bin/sh
# profile-aggregate.sh -- what the hooks keep per call (runtime/profile.c:
# each edge's calls, inclusive and self times and bounds; each function's
# net bounds, period and outside spans, outer time) is what the same
# run's complete timeline gives (aggcheck.py), on aggregate.c at -O0 and
# -O2: calls of varying length from several call sites, recursion, an
# inlined function.  The timeline run takes the hooks' fast paths (the
# TSC, known edges) as a run without it does; that run's counts must be
# the timeline run's, its bounds ordered.  Each twice: with the spans
# (ARCOV_PROFILE_SPANS=1: the bounds, period and outside) and without
# (the default: flag 0x4, those 0, the same counts, totals and outer
# times, and the same arcs as with them).
. "$top_srcdir/testsuite/profile/lib.sh"

for opt in -O0 -O2; do
rm -rf "$tmp/arcov" && mkdir -p "$tmp/arcov"
build_profiled aggregate.c $opt
d=$tmp/arcov
for spans in 1 0; do
	opt0=$opt
	opt="$opt0 spans=$spans"
	export ARCOV_PROFILE_SPANS=$spans
	rm -f "$d/prog.arcov-trace"
	(cd "$d" && ARCOV_TIMELINE=1 ./prog) > "$tmp/tl.out" 2>&1 ||
		fail "$opt: the timeline run failed: $(cat "$tmp/tl.out")"
	python3 "$profdir/aggcheck.py" "$d/prog.arcov-trace" \
		"$tmp/counts.tl" > "$tmp/check.out" 2>&1 ||
		fail "$opt: $(cat "$tmp/check.out")"
	# The calls the source makes: main's loop calls work 300 times and
	# spin 60 times (every fifth pass), then spin once more.
	grep -q '^arc <root> main 1$' "$tmp/counts.tl" ||
		fail "$opt: main is not called once"
	grep -q '^arc main work 300$' "$tmp/counts.tl" ||
		fail "$opt: work is not called 300 times"
	grep -q '^arc main spin 61$' "$tmp/counts.tl" ||
		fail "$opt: main does not call spin 61 times"
	mv "$d/prog.arcov-trace" "$tmp/tl.trace"
	(cd "$d" && ./prog) > "$tmp/off.out" 2>&1 ||
		fail "$opt: the run without the timeline failed"
	cmp -s "$tmp/tl.out" "$tmp/off.out" ||
		fail "$opt: the two runs printed different sums"
	# Without a timeline: the same counts, and every bound ordered.
	python3 - "$d/prog.arcov-trace" > "$tmp/counts.off" <<'PY' ||
import os, struct, sys
d = open(sys.argv[1], 'rb').read()
o = 8
def take(fmt):
    global o
    v = struct.unpack_from('<' + fmt, d, o)
    o += struct.calcsize('<' + fmt)
    return v
def string():
    global o
    n, = take('I')
    o += n
    return d[o - n:o].decode()
version, flags, pid, nfns, nthreads, lost, _, _ = take('IIIIIIQQ')
assert not flags & 1, 'a timeline'
spans = not flags & 4
assert spans == (os.environ['ARCOV_PROFILE_SPANS'] == '1'), flags
string(); string()
names = {0: '<root>'}
for k in range(1, nfns + 1):
    take('I'); names[k] = string(); string()
out = []
pairs = {}
for _ in range(nthreads):
    _, _, _, _, nedges, nstats, nevents = take('QQQQIIQ')
    for _ in range(nedges):
        caller, callee, _, calls, incl, self_, lo, hi = take('IIQQQQQQ')
        assert self_ <= incl, (names[callee], incl, self_)
        if spans:
            assert lo <= hi and lo * calls <= incl <= hi * calls, \
                (names[callee], lo, hi, incl, calls)
        else:
            assert lo == hi == 0, (names[callee], lo, hi)
        key = (names[caller], names[callee])
        pairs[key] = pairs.get(key, 0) + calls
    for _ in range(nstats):
        st = take('IIQ' + 'Q' * 17)
        sp = [st[3:7], st[7:11], st[12:16], st[16:20]]
        for count, total, lo, hi in sp:
            assert lo <= hi, (names[st[0]], sp)
        if spans:
            out.append('fn %s %d %d %d %d %d' % (names[st[0]], st[2], st[3],
                                            st[7], st[12], st[16]))
        else:
            assert not any(sp[0][2:] + sp[1][2:] + sp[2] + sp[3]), sp
            out.append('fn %s %d %d %d' % (names[st[0]], st[2], st[3],
                                          st[7]))
out += ['arc %s %s %d' % (k[0], k[1], n) for k, n in pairs.items()]
print('\n'.join(sorted(out)))
PY
		fail "$opt: the run without the timeline"
	cmp -s "$tmp/counts.tl" "$tmp/counts.off" ||
		fail "$opt: the counts differ without the timeline: $(diff "$tmp/counts.tl" "$tmp/counts.off")"
	grep '^arc ' "$tmp/counts.off" > "$tmp/arcs.$spans"
	# winIDEA's export prints no number the run did not record, and
	# says so; the timeline's run knows them all.
	"$arcov" --winidea="$tmp/w.xml" "$d/prog.arcov-trace" \
		2> "$tmp/w.err" || fail "$opt: --winidea: $(cat "$tmp/w.err")"
	n=$(grep -c '<MIN>\|<PERIOD>\|<OUTSIDE>' "$tmp/w.xml")
	if [ $spans = 1 ]; then
		[ "$n" -gt 0 ] && ! [ -s "$tmp/w.err" ] ||
			fail "$opt: winIDEA lacks the spans: $(cat "$tmp/w.err")"
	else
		[ "$n" = 0 ] || fail "$opt: winIDEA prints spans not recorded"
		grep -q "^arcov: note: $tmp/w.xml: the min and max times, period and outside spans were not recorded (run the program with ARCOV_PROFILE_SPANS=1); they are left out\$" \
			"$tmp/w.err" || fail "$opt: --winidea said $(cat "$tmp/w.err")"
		grep -q '<COUNT>300</COUNT>' "$tmp/w.xml" ||
			fail "$opt: winIDEA lacks work's 300 calls"
		"$arcov" --winidea="$tmp/w.xml" "$tmp/tl.trace" 2> "$tmp/w.err" &&
			grep -q '<PERIOD>' "$tmp/w.xml" && ! [ -s "$tmp/w.err" ] ||
			fail "$opt: the timeline's winIDEA lacks the spans"
	fi
	opt=$opt0
done
cmp -s "$tmp/arcs.1" "$tmp/arcs.0" ||
	fail "$opt: the arcs differ without the spans: $(diff "$tmp/arcs.1" "$tmp/arcs.0")"
done
# A value that is neither 0 nor 1 keeps the spans, and says so.
rm -f "$d/prog.arcov-trace"
(cd "$d" && ARCOV_PROFILE_SPANS=yes ./prog) > /dev/null 2> "$tmp/err" ||
	fail "ARCOV_PROFILE_SPANS=yes: the run failed"
[ "$(cat "$tmp/err")" = "arcov: ARCOV_PROFILE_SPANS=yes is not 0 or 1; taken as 1" ] ||
	fail "ARCOV_PROFILE_SPANS=yes: said $(cat "$tmp/err")"
python3 -c 'import struct, sys
flags, = struct.unpack_from("<I", open(sys.argv[1], "rb").read(), 12)
sys.exit(flags & 4)' "$d/prog.arcov-trace" ||
	fail "ARCOV_PROFILE_SPANS=yes: the spans were not recorded"
unset ARCOV_PROFILE_SPANS
exit 0
