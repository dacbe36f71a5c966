#!/usr/bin/env python3
"""aggcheck.py -- hold the aggregate the profile hooks keep per call (the
edges and the per-function statistics of an .arcov-trace) to what the
same run's own timeline gives, read from the file as doc/profile.md lays
it out.

Usage: aggcheck.py TRACE [COUNTS]

TRACE is one run of one thread or more, recorded with a complete timeline
(ARCOV_TIMELINE, nothing lost).  Counts must be equal; every minimum and
maximum equal to the nanosecond but for the one that converting each
event's ticks, not their difference, may add (a self time: one more per
callee of the call); every total within one nanosecond per value
summed.  With COUNTS, also writes each function's
and each (caller, callee) pair's counts there ("fn NAME HITS NET GROSS
PERIOD OUTSIDE", "arc CALLER CALLEE CALLS"), which a run without the
timeline must match.  Prints what is wrong and exits 1, or a summary.
A run that did not record the spans (flag 0x4, ARCOV_PROFILE_SPANS
unset) must hold 0 for every min and max and empty period and outside
spans; its counts and totals are checked as the others'.
"""
import collections
import struct
import sys

errors = []
spans = True


def fail(msg):
    errors.append(msg)


class Reader:
    def __init__(self, data):
        self.d, self.o = data, 0

    def take(self, fmt):
        v = struct.unpack_from('<' + fmt, self.d, self.o)
        self.o += struct.calcsize('<' + fmt)
        return v

    def string(self):
        n, = self.take('I')
        s = self.d[self.o:self.o + n].decode()
        self.o += n
        return s


class Span:
    def __init__(self):
        self.count, self.total, self.min, self.max = 0, 0, None, None

    def add(self, v):
        self.count += 1
        self.total += v
        self.min = v if self.min is None else min(self.min, v)
        self.max = v if self.max is None else max(self.max, v)


def near(what, got, want, slack):
    if abs(got - want) > slack:
        fail("%s: the aggregate says %d, the timeline %d" % (what, got, want))


def check_span(what, agg, mine, slack=1, total_slack=0):
    count, total, lo, hi = agg
    if count != mine.count:
        return fail("%s: count %d, the timeline %d" % (what, count, mine.count))
    if not count:
        return
    if not spans:
        if lo or hi:
            fail("%s: min %d, max %d, not recorded" % (what, lo, hi))
    else:
        near(what + " min", lo, mine.min, slack)
        near(what + " max", hi, mine.max, slack)
    if total is not None:
        near(what + " total", total, mine.total, count + 1 + total_slack)


def from_timeline(events):
    """Per function: hits, net, gross, outer, period, outside; per
    (caller, callee): calls and inclusive spans, self totals."""
    fns = collections.defaultdict(lambda: {
        'hits': 0, 'net': Span(), 'gross': Span(), 'outer': 0,
        'period': Span(), 'outside': Span(), 'last_entry': None,
        'last_exit': None, 'open': 0, 'callees': 0, 'all_callees': 0})
    arcs = collections.defaultdict(lambda: [Span(), 0, 0])
    stack = []
    for t, fn, kind in events:
        s = fns[fn]
        if kind == 3:
            s['hits'] += 1
            if s['last_entry'] is not None:
                s['period'].add(t - s['last_entry'])
            s['last_entry'] = t
            if not s['open'] and s['last_exit'] is not None:
                s['outside'].add(t - s['last_exit'])
            s['open'] += 1
            if stack:
                stack[-1][3] += 1
            stack.append([fn, t, 0, 0])
        elif kind == 0:
            if not stack or stack[-1][0] != fn:
                fail("the timeline does not nest at %d" % t)
                return fns, arcs
            _, start, child, callees = stack.pop()
            s['callees'] = max(s['callees'], callees)
            s['all_callees'] += callees
            dt = max(t - start, 0)
            self_ = max(dt - child, 0)
            if stack:
                stack[-1][2] += dt
            caller = stack[-1][0] if stack else 0
            s['net'].add(self_)
            s['gross'].add(dt)
            arcs[(caller, fn)][0].add(dt)
            arcs[(caller, fn)][1] += self_
            arcs[(caller, fn)][2] += callees
            s['open'] -= 1
            if not s['open']:
                s['outer'] += dt
                s['last_exit'] = t
        else:
            fail("event kind %d: this run began inside calls" % kind)
    if stack:
        fail("%d calls still open at the timeline's end" % len(stack))
    return fns, arcs


def main():
    data = open(sys.argv[1], 'rb').read()
    r = Reader(data)
    magic, = r.take('8s')
    if magic != b'ARCOVTRC':
        sys.exit("%s: not a trace" % sys.argv[1])
    version, flags, pid, nfns, nthreads, lost_threads, _, _ = \
        r.take('IIIIIIQQ')
    if version != 2 or not flags & 1 or lost_threads:
        sys.exit("%s: version %d, flags %#x, %d lost threads: need v2 with "
                 "a timeline" % (sys.argv[1], version, flags, lost_threads))
    global spans
    spans = not flags & 4
    r.string()
    r.string()
    names = {0: '<root>'}
    for k in range(1, nfns + 1):
        r.take('I')
        names[k] = r.string()
        r.string()
    counts = []
    ncalls = 0
    for _ in range(nthreads):
        _, _, _, lost, nedges, nstats, nevents = r.take('QQQQIIQ')
        if lost:
            fail("%d events lost: the timeline is not complete" % lost)
        edges = [r.take('IIQQQQQQ') for _ in range(nedges)]
        stats = [r.take('IIQ' + 'Q' * 4 * 2 + 'Q' + 'Q' * 4 * 2)
                 for _ in range(nstats)]
        events = [r.take('QIhBB') for _ in range(nevents)]
        fns, arcs = from_timeline([(t, fn, kind)
                                   for t, fn, _, kind, _ in events])
        # The edges of one (caller, callee) pair at several call sites,
        # as the timeline (which has no sites) tells them.
        agg = {}
        for caller, callee, _, calls, incl, self_, lo, hi in edges:
            a = agg.setdefault((caller, callee), [0, 0, 0, None, None])
            a[0] += calls
            a[1] += incl
            a[2] += self_
            a[3] = lo if a[3] is None else min(a[3], lo)
            a[4] = hi if a[4] is None else max(a[4], hi)
        if set(agg) != set(arcs):
            fail("pairs: the aggregate has %s, the timeline %s" %
                 (sorted(agg), sorted(arcs)))
        for key, (calls, incl, self_, lo, hi) in sorted(agg.items()):
            what = "%s -> %s" % (names[key[0]], names[key[1]])
            span, mine_self, callees = arcs[key]
            check_span(what, (calls, incl, lo, hi), span)
            near(what + " self", self_, mine_self, calls + 1 + callees)
            counts.append("arc %s %s %d" % (names[key[0]], names[key[1]],
                                             calls))
            ncalls += calls
        seen = set()
        for st in stats:
            fn, hits = st[0], st[2]
            net, gross = st[3:7], st[7:11]
            outer = st[11]
            period, outside = st[12:16], st[16:20]
            mine = fns[fn]
            name = names[fn]
            seen.add(fn)
            if hits != mine['hits']:
                fail("%s: %d hits, the timeline %d" % (name, hits,
                                                       mine['hits']))
            check_span(name + " net", net, mine['net'], 1 + mine['callees'],
                       mine['all_callees'])
            check_span(name + " gross", gross, mine['gross'])
            if not spans:
                if any(period) or any(outside):
                    fail("%s: period %s, outside %s, not recorded" %
                         (name, period, outside))
                counts.append("fn %s %d %d %d" % (name, hits, net[0],
                                                  gross[0]))
                near(name + " outer", outer, mine['outer'], mine['hits'] + 1)
                continue
            # The period's total is the last entry minus the first.
            check_span(name + " period", period[:1] + (None,) + period[2:],
                       mine['period'])
            if period[0]:
                near(name + " period total", period[1],
                     mine['period'].total, 1)
            check_span(name + " outside", outside, mine['outside'])
            near(name + " outer", outer, mine['outer'], mine['hits'] + 1)
            counts.append("fn %s %d %d %d %d %d" % (
                name, hits, net[0], gross[0], period[0], outside[0]))
        for fn in set(fns) - seen:
            fail("%s: in the timeline, not in the statistics" % names[fn])
    if errors:
        for e in errors[:40]:
            print("aggcheck: " + e)
        sys.exit(1)
    if len(sys.argv) > 2:
        with open(sys.argv[2], 'w') as out:
            out.write('\n'.join(sorted(counts)) + '\n')
    print("aggcheck: %d calls, %d functions: the aggregate is the "
          "timeline's" % (ncalls, nfns))


main()
