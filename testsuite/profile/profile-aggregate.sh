#!/bin/sh
# profile-aggregate.sh -- what the hooks keep per call (runtime/profile.c:
# each edge's calls, inclusive and self times and bounds; each function's
# net bounds, period and outside spans, outer time) is what the same
# run's complete timeline gives (aggcheck.py), on aggregate.c at -O0 and
# -O2: calls of varying length from several call sites, recursion, an
# inlined function.  The timeline run takes the hooks' fast paths (the
# TSC, known edges) as a run without it does; that run's counts must be
# the timeline run's, its bounds ordered.
. "$top_srcdir/testsuite/profile/lib.sh"

for opt in -O0 -O2; do
	rm -rf "$tmp/arcov" && mkdir -p "$tmp/arcov"
	build_profiled aggregate.c $opt
	d=$tmp/arcov
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
import struct, sys
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
        assert lo <= hi and self_ <= incl and lo * calls <= incl <= hi * calls, \
            (names[callee], lo, hi, incl, calls)
        key = (names[caller], names[callee])
        pairs[key] = pairs.get(key, 0) + calls
    for _ in range(nstats):
        st = take('IIQ' + 'Q' * 17)
        spans = [st[3:7], st[7:11], st[12:16], st[16:20]]
        for count, total, lo, hi in spans:
            assert lo <= hi, (names[st[0]], spans)
        out.append('fn %s %d %d %d %d %d' % (names[st[0]], st[2], st[3],
                                            st[7], st[12], st[16]))
out += ['arc %s %s %d' % (k[0], k[1], n) for k, n in pairs.items()]
print('\n'.join(sorted(out)))
PY
		fail "$opt: the run without the timeline"
	cmp -s "$tmp/counts.tl" "$tmp/counts.off" ||
		fail "$opt: the counts differ without the timeline: $(diff "$tmp/counts.tl" "$tmp/counts.off")"
done
exit 0
