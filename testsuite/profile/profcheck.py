#!/usr/bin/env python3
"""profcheck.py -- hold every time-profile export of one run to the call
tree a test program is known to make, and to each other.

Usage: profcheck.py [--aggregate] EXPECTED DIR [FUNCTION=MIN_NS ...]

EXPECTED lists "CALLER CALLEE CALLS" (<root>: a thread's first frame).
DIR holds what arcov wrote: flat.txt, graph.txt, cg.out (Time_(10ns)),
cg-ns.out (Time_(ns)), w.xml, w10.bin, w11.bin, chrome.json, wg4.webgrind,
and trace-event.schema.json beside this script validates chrome.json.
FUNCTION=MIN_NS: that function's longest call lasts at least MIN_NS.
--aggregate: a run without a timeline; only the exports of the aggregate
(flat.txt, graph.txt, cg.out, cg-ns.out) are checked.

Each binary file is walked here as doc/profile.md and doc/formats.md lay it
out, independently of arcov's writers.  Prints what is wrong and exits 1,
or prints a summary and exits 0.
"""
import collections
import json
import os
import struct
import sys
import xml.etree.ElementTree as ET

errors = []
continued = collections.Counter()   # calls open when a context began


def fail(msg):
    errors.append(msg)


def expect(what, got, want):
    if got != want:
        fail("%s: got %r, expected %r" % (what, got, want))


def read_expected(path):
    arcs = collections.Counter()
    for line in open(path):
        line = line.split('#')[0].split()
        if line:
            arcs[(line[0], line[1])] += int(line[2])
    hits = collections.Counter()
    for (_, callee), n in arcs.items():
        hits[callee] += n
    return arcs, hits


def check_flat(path, hits):
    calls = {}
    rows = open(path).read().split('\n')
    start = [i for i, l in enumerate(rows) if l.strip().startswith('time')]
    if not start:
        return fail("%s: no header" % path)
    for l in rows[start[0] + 1:]:
        f = l.split()
        if len(f) < 7:
            break
        calls[f[6]] = int(f[3])
    expect(path + " calls", calls, dict(hits))


def check_graph(path, arcs, hits):
    """gprof's call graph: each block's callee lines give the calls."""
    got, called = collections.Counter(), {}
    for block in open(path).read().split('-' * 47 + '\n'):
        lines = [l for l in block.split('\n') if l.strip()]
        prim = [i for i, l in enumerate(lines) if l.startswith('[')]
        if len(prim) != 1:
            continue
        f = lines[prim[0]].split()
        name = f[5]
        called[name] = int(f[4])
        for l in lines[prim[0] + 1:]:
            f = l.split()
            got[(name, f[3])] += int(f[2].split('/')[0])
    want = {k: v for k, v in arcs.items() if k[0] != '<root>'}
    expect(path + " calls", dict(got), want)
    expect(path + " called", called, dict(hits))


def parse_callgrind(path):
    """Self cost per function, (caller, callee) -> [calls, cost]."""
    names, selfc, arcs = {}, collections.Counter(), {}
    fn = cfn = None
    events = summary = None
    lines = open(path).read().split('\n')
    i = 0

    def name(v):
        if v.startswith('('):
            k, _, rest = v.partition(')')
            if rest.strip():
                names[k] = rest.strip()
            return names[k]
        return v
    while i < len(lines):
        l = lines[i]
        if l.startswith('events:'):
            events = l.split()[1:]
        elif l.startswith('summary:'):
            summary = int(l.split()[1])
        elif l.startswith('fn='):
            fn = name(l[3:])
            selfc[fn] += int(lines[i + 1].split()[1])
            i += 1
        elif l.startswith('cfn='):
            cfn = name(l[4:])
        elif l.startswith('calls='):
            n = int(l[6:].split()[0])
            cost = int(lines[i + 1].split()[1])
            a = arcs.setdefault((fn, cfn), [0, 0])
            a[0] += n
            a[1] += cost
            i += 1
        i += 1
    return events, summary, selfc, arcs


def check_callgrind(path, unit, arcs, hits):
    events, summary, selfc, got = parse_callgrind(path)
    expect(path + " events", events, [unit])
    expect(path + " summary", summary, sum(selfc.values()))
    want = {k: v for k, v in arcs.items() if k[0] != '<root>'}
    expect(path + " calls", {k: v[0] for k, v in got.items()}, want)
    roots = {c for (r, c) in arcs if r == '<root>'}
    for f in hits:
        into = sum(v[1] for (a, b), v in got.items() if b == f and a != f)
        if f not in roots and into + 1 < selfc[f]:
            fail("%s: %s: self %d above the inclusive cost of its calls %d"
                 % (path, f, selfc[f], into))
    return selfc, got


class Span:
    def __init__(self):
        self.count = self.total = self.min = self.max = 0

    def add(self, v):
        if not self.count or v < self.min:
            self.min = v
        self.max = max(self.max, v)
        self.count += 1
        self.total += v

    def merge(self, o):
        if o.count:
            if not self.count or o.min < self.min:
                self.min = o.min
            self.max = max(self.max, o.max)
            self.count += o.count
            self.total += o.total


class Stat:
    def __init__(self):
        self.hits = 0
        self.net, self.gross, self.period, self.outside = \
            Span(), Span(), Span(), Span()

    def merge(self, o):
        self.hits += o.hits
        for k in ('net', 'gross', 'period', 'outside'):
            getattr(self, k).merge(getattr(o, k))


def walk_timeline(events, where):
    """Check nesting; recompute statistics and call pairs per context.
    events: (time, letter, handle, core, ctx).  Returns stats[(h, ctx)],
    pairs Counter((caller or None, callee)), durations per handle."""
    stacks = collections.defaultdict(list)
    last_entry, last_exit, active = {}, {}, collections.Counter()
    stats = collections.defaultdict(Stat)
    pairs = collections.Counter()
    longest = collections.Counter()
    global continued
    prev_time = 0
    pending = {}            # ctx -> handle suspended just before
    for i, (t, ev, h, core, ctx) in enumerate(events):
        st = stacks[ctx]
        if t < prev_time:
            fail("%s: event %d out of time order" % (where, i))
        prev_time = t
        if ctx in pending and ev != 'E':
            fail("%s: event %d: suspend not followed by an entry"
                 % (where, i))
        if ev == 'S':
            if not st or st[-1][0] != h or st[-1][3]:
                fail("%s: event %d suspends %d, not the running function"
                     % (where, i, h))
            else:
                st[-1][3] = True
            pending[ctx] = h
        elif ev == 'E':
            caller = pending.pop(ctx, None)
            if st and caller is None:
                fail("%s: event %d: entry without the caller's suspend"
                     % (where, i))
            pairs[(caller, h)] += 1
            s = stats[(h, ctx)]
            if s.hits:
                s.period.add(t - last_entry[(h, ctx)])
            if (h, ctx) in last_exit and not active[(h, ctx)]:
                s.outside.add(t - last_exit[(h, ctx)])
            s.hits += 1
            active[(h, ctx)] += 1
            last_entry[(h, ctx)] = t
            st.append([h, t, 0, False])
        elif ev == 'X':
            if not st or st[-1][0] != h or st[-1][3]:
                fail("%s: event %d exits %d, not the running function"
                     % (where, i, h))
                continue
            _, start, child, _ = st.pop()
            dt = t - start
            if dt < child:
                fail("%s: event %d: call of %d shorter than its callees"
                     % (where, i, h))
            s = stats[(h, ctx)]
            s.gross.add(dt)
            s.net.add(dt - child)
            longest[h] = max(longest[h], dt)
            if st:
                st[-1][2] += dt
            active[(h, ctx)] -= 1
            last_exit[(h, ctx)] = t
        elif ev == 'R' and not (st and st[-1][3]):
            # A call running since before the context (forked child).
            st.append([h, t, 0, False])
            active[(h, ctx)] += 1
            continued[h] += 1
        elif ev == 'R':
            if not st or st[-1][0] != h or not st[-1][3]:
                fail("%s: event %d resumes %d, which is not suspended"
                     % (where, i, h))
            else:
                st[-1][3] = False
        else:
            fail("%s: event %d: unknown event %r" % (where, i, ev))
    for ctx, st in stacks.items():
        if st:
            fail("%s: context %s ends with %d calls open" % (where, ctx,
                                                             len(st)))
    return stats, pairs, longest


def span_of(el):
    s = Span()
    s.count = int(el.findtext('COUNT'))
    s.total = int(el.findtext('TOTAL') or 0)
    s.min = int(el.findtext('MIN'))
    s.max = int(el.findtext('MAX'))
    avg = int(el.findtext('AVERAGE'))
    if avg != (s.total // s.count if s.count else 0) and el.find('TOTAL') \
            is not None:
        fail("AVERAGE %d is not TOTAL / COUNT" % avg)
    return s


def check_xml(path, arcs, hits, mins):
    root = ET.parse(path).getroot()
    names = {int(a.findtext('HANDLE')): a.findtext('NAME')
             for a in root.find('MAPPING')}
    handle = {n: h for h, n in names.items()}
    events = [(int(t.findtext('TIME')), t.findtext('EVENT'),
               int(t.findtext('HANDLE')), int(t.findtext('CORE')),
               int(t.findtext('CONTEXT')))
              for t in root.find('TIMELINE')]
    stats, pairs, longest = walk_timeline(events, path)
    global continued
    continued = collections.Counter({names[h]: n
                                     for h, n in continued.items()})
    got = collections.Counter()
    for (caller, callee), n in pairs.items():
        got[('<root>' if caller is None else names[caller],
             names[callee])] += n
    expect(path + " call pairs", dict(got), dict(arcs))
    for f, ns in mins.items():
        if longest[handle[f]] < ns:
            fail("%s: %s lasted %d ns, less than %d" % (path, f,
                                                        longest[handle[f]],
                                                        ns))
    neutral = collections.defaultdict(Stat)
    for (h, ctx), s in stats.items():
        neutral[h].merge(s)
    seen = set()
    for a in root.find('STATISTICS'):
        h, ctx = int(a.findtext('HANDLE')), int(a.findtext('CONTEXT'))
        want = neutral[h] if ctx == 0 else stats[(h, ctx)]
        where = "%s: %s in context %d" % (path, names[h], ctx)
        seen.add((h, ctx))
        expect(where + " HITS", int(a.findtext('HITS')), want.hits)
        for k in ('NET', 'GROSS', 'CALL', 'PERIOD', 'OUTSIDE'):
            s = span_of(a.find(k))
            w = getattr(want, 'gross' if k == 'CALL' else k.lower())
            g = (s.count, s.total if k != 'PERIOD' else w.total, s.min,
                 s.max)
            expect(where + " " + k, g, (w.count, w.total, w.min, w.max))
        if ctx == 0:
            expect(where + " hits", want.hits, hits[names[h]])
    expect(path + " statistics present",
           {k for k in stats} | {(h, 0) for h in neutral}, seen)
    return events


def read_bin(path, version):
    data = open(path, 'rb').read()
    if len(data) % 24:
        fail("%s: %d bytes, not a whole number of 24-byte records"
             % (path, len(data)))
    out = []
    for off in range(0, len(data) - len(data) % 24, 24):
        h, flags, value, t = struct.unpack_from('<IIQq', data, off)
        if value:
            fail("%s: offset %d: DATA %d for a function" % (path, off, value))
        if version == '1.1':
            kind, core, rest = flags & 0xf, (flags >> 4) & 0xff, flags >> 12
            core = -1 if core == 0xff else core
        else:
            kind, core, rest = (flags >> 24) & 0xf, None, \
                flags & 0xf0ffffff
        if rest:
            fail("%s: offset %d: undefined flag bits set" % (path, off))
        if kind > 3:
            fail("%s: offset %d: event type %d" % (path, off, kind))
        out.append((t, 'XSRE'[kind & 3], h, core))
    return out


def check_bin(path, version, xml_events):
    got = read_bin(path, version)
    want = [(t, e, h, c if version == '1.1' else None)
            for (t, e, h, c, _) in xml_events]
    if got != want:
        n = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b),
                 min(len(got), len(want)))
        fail("%s: %d events, XML %d; first difference at event %d"
             % (path, len(got), len(want), n))


def check_chrome(path, hits):
    import jsonschema
    schema = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          'trace-event.schema.json')
    doc = json.load(open(path))
    try:
        jsonschema.validate(doc, json.load(open(schema)))
    except jsonschema.ValidationError as e:
        return fail("%s: not a trace-event file: %s" % (path, e.message))
    calls = collections.Counter()
    per = collections.defaultdict(list)
    for e in doc['traceEvents']:
        if e['ph'] == 'X' and e['cat'] == 'function':
            calls[e['name']] += 1
            # Whole nanoseconds, as written: no float rounding.
            per[(e['pid'], e['tid'])].append((round(e['ts'] * 1000),
                                              round(e['dur'] * 1000)))
    expect(path + " calls", dict(calls), dict(hits))
    for key, spans in per.items():
        spans.sort(key=lambda s: (s[0], -s[1]))
        open_ends = []
        for ts, dur in spans:
            while open_ends and open_ends[-1] <= ts:
                open_ends.pop()
            if open_ends and ts + dur > open_ends[-1]:
                fail("%s: thread %s: calls overlap without nesting"
                     % (path, key))
                break
            open_ends.append(ts + dur)


def check_webgrind4(path, arcs, hits):
    d = open(path, 'rb').read()

    def u32(off):
        if off + 4 > len(d):
            raise ValueError("offset %d: truncated" % off)
        return struct.unpack_from('<I', d, off)[0]

    def text(off):
        end = d.index(b'\n', off)
        return d[off:end].decode(), end + 1
    try:
        expect(path + " version", u32(0), 4)
        header, n = u32(4), u32(8)
        fns = []
        for k in range(n):
            off = u32(12 + 4 * k)
            tot_self, tot_incl, tot_call, ninv = (u32(off + 4 * j)
                                                  for j in range(4))
            off += 16
            invs = []
            for j in range(ninv):
                invs.append([u32(off + 4 * m) for m in range(8)])
                off += 32
            fname, off = text(off)
            name, off = text(off)
            if tot_call != tot_incl - tot_self:
                fail("%s: %s: call cost is not inclusive - self"
                     % (path, name))
            fns.append((name, invs))
        names = [f[0] for f in fns]
        expect(path + " invocations", {f[0]: len(f[1]) for f in fns},
               dict(hits + continued))
        got, roots = collections.Counter(), collections.Counter()
        for k, (name, invs) in enumerate(fns):
            for j, (s, incl, cost, cf, ci, line, nsub, addr) in \
                    enumerate(invs):
                if s > incl:
                    fail("%s: %s #%d: self above inclusive" % (path, name,
                                                                j))
                if cf == 0xffffffff:
                    roots[name] += 1
                    continue
                got[(names[cf], name)] += 1
                pinv = fns[cf][1][ci]
                subs = [(u32(pinv[7] + 16 * m), u32(pinv[7] + 16 * m + 4))
                        for m in range(pinv[6])]
                if (k, j) not in subs:
                    fail("%s: %s #%d missing from its caller's subcalls"
                         % (path, name, j))
                if addr + 16 * nsub > header:
                    fail("%s: %s #%d: subcalls past the headers"
                         % (path, name, j))
        for name, n in (roots - continued).items():
            got[('<root>', name)] += n
        expect(path + " call pairs", dict(got), dict(arcs))
        heads = d[header:].decode().split('\n')
        if 'events: Time_(10ns)' not in heads:
            fail("%s: no events header" % path)
    except (ValueError, IndexError) as e:
        fail("%s: %s" % (path, e))


def main():
    args = sys.argv[1:]
    aggregate = args[:1] == ['--aggregate']
    if aggregate:
        args = args[1:]
    arcs, hits = read_expected(args[0])
    d = args[1]
    mins = {}
    for a in args[2:]:
        k, v = a.split('=')
        mins[k] = int(v)
    p = lambda f: os.path.join(d, f)
    check_flat(p('flat.txt'), hits)
    check_graph(p('graph.txt'), arcs, hits)
    check_callgrind(p('cg.out'), 'Time_(10ns)', arcs, hits)
    check_callgrind(p('cg-ns.out'), 'Time_(ns)', arcs, hits)
    ev = []
    if not aggregate:
        ev = check_xml(p('w.xml'), arcs, hits, mins)
        check_bin(p('w10.bin'), '1.0', ev)
        check_bin(p('w11.bin'), '1.1', ev)
        check_chrome(p('chrome.json'), hits)
        check_webgrind4(p('wg4.webgrind'), arcs, hits)
    for e in errors:
        print("FAIL: " + e)
    if errors:
        sys.exit(1)
    print("%d functions, %d calls, %d timeline events: all exports agree"
          % (len(hits), sum(hits.values()), len(ev)))


main()
