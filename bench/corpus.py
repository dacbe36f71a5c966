"""corpus.py -- the measuring half of bench/corpus (which fetches the
sources and says what is measured): makes the workloads' inputs, builds
every program every way, counts instructions and increments, times
interleaved runs and prints the table with the goals.

Usage (from bench/corpus): corpus.py WORK BUILD BENCH RUNS QUICK
INSTRUCTIONS-ONLY TEXT-TARBALL PROGRAM...
"""
import glob
import gzip
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import Bench, lua_program, med  # noqa: E402

work, build, bench = sys.argv[1], sys.argv[2], sys.argv[3]
runs, quick, ins_only = int(sys.argv[4]), sys.argv[5] == "1", \
    sys.argv[6] == "1"
text_tarball = sys.argv[7]
programs = sys.argv[8:]
src = os.path.join(work, "src")
drivers = os.path.join(bench, "corpus-drivers")
B = Bench("corpus", work, build, bench,
          ("plain", "gcc", "gcc-atomic", "clang", "clang-pgo"))
MB = 1 << 20
inputs = os.path.join(work, "inputs-quick" if quick else "inputs")
os.makedirs(inputs, exist_ok=True)


def made(name, make):
    """WORK/inputs/NAME, made once by MAKE(random generator) -> bytes
    from a fixed seed, so every run of the script reads the same bytes."""
    path = os.path.join(inputs, name)
    if not os.path.exists(path):
        data = make(random.Random(20261127))
        with open(path + ".tmp", "wb") as fh:
            fh.write(data)
        os.rename(path + ".tmp", path)
    return path


def mixed(rng):
    """3 parts of tar'd text (the start of an upstream source tarball)
    and 1 part of pseudo-random bytes: 4 MB, quick 1 MB."""
    size = (1 if quick else 4) * MB
    with gzip.open(text_tarball) as fh:
        text = fh.read(size * 3 // 4)
    return text + rng.randbytes(size - len(text))


WORDS = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda "
         "mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega").split()


def xml_doc(rng):
    """A catalogue of records: nesting, attributes, text with character
    references, comments and CDATA; 2 MB, quick 0.5 MB."""
    size = (MB // 2 if quick else 2 * MB)
    out, i = ['<?xml version="1.0" encoding="UTF-8"?>\n<catalog>\n'], 0
    n = len(out[0])
    while n < size:
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 12)))
        tags = "".join('<tag k="%s"/>' % rng.choice(WORDS)
                       for _ in range(rng.randint(0, 4)))
        rec = ('  <item id="%d" price="%d.%02d" kind="%s">\n'
               '    <name>%s &amp; %s</name>\n'
               '    <text>%s &lt;%d&gt; &#%d;</text>%s\n'
               '    %s\n  </item>\n' % (
                   i, rng.randint(1, 999), rng.randint(0, 99),
                   rng.choice(WORDS), rng.choice(WORDS), rng.choice(WORDS),
                   words, rng.randint(0, 10 ** 6), rng.randint(0xa0, 0x2ff),
                   "<![CDATA[ if (a < b && c) ]]>" if i % 5 == 0 else "",
                   "<!-- record %d -->" % i if i % 7 == 0 else tags))
        out.append(rec)
        n += len(rec)
        i += 1
    out.append("</catalog>\n")
    return "".join(out).encode()


def json_value(rng, depth):
    k = rng.randrange(9 if depth < 4 else 5)
    if k == 0:
        return str(rng.randint(-10 ** 6, 10 ** 9))
    if k == 1:
        return repr(round(rng.uniform(-1e4, 1e4), rng.randint(0, 6)))
    if k == 2:
        return rng.choice(("true", "false", "null"))
    if k in (3, 4):
        s = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 6)))
        return '"%s%s"' % (s, rng.choice(("", "\\n", "\\u00e9", '\\"', "\\t")))
    if k in (5, 6):
        return "{%s}" % ",".join('"%s%d":%s' % (rng.choice(WORDS), j,
                                                json_value(rng, depth + 1))
                                 for j in range(rng.randint(0, 6)))
    return "[%s]" % ",".join(json_value(rng, depth + 1)
                             for _ in range(rng.randint(0, 8)))


def json_doc(rng):
    """An array of nested records of every JSON type; 2 MB, quick 0.5 MB."""
    size = (MB // 2 if quick else 2 * MB)
    out, n = [], 0
    while n < size:
        v = json_value(rng, 1)
        out.append(v)
        n += len(v) + 2
    return ("[\n" + ",\n".join(out) + "\n]\n").encode()


def points(rng):
    """3-d points in a unit ball, qhull's input format."""
    n = 6000 if quick else 25000
    lines = ["3", str(n)]
    while len(lines) < n + 2:
        p = [rng.uniform(-1, 1) for _ in range(3)]
        if sum(c * c for c in p) <= 1:
            lines.append(" ".join("%.9f" % c for c in p))
    return ("\n".join(lines) + "\n").encode()


def generated(name, text):
    """WORK/gen/NAME holding TEXT: a configuration header that the
    upstream build would generate."""
    d = os.path.join(work, "gen")
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, name)
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as fh:
            fh.write(text)
    return d


def both_ways(exe, level, inp):
    """A compressor's commands: INP compressed at LEVEL, and back."""
    return [(["./" + exe, "-q", level, "-c", inp], None, "packed"),
            (["./" + exe, "-q", "-d", "-c", "packed"], None, "output")]


def roundtrip(original):
    """A check: the last command gave back the bytes of ORIGINAL."""
    def check(d):
        with open(os.path.join(d, "output"), "rb") as fh:
            with open(original, "rb") as orig:
                return None if fh.read() == orig.read() else \
                    "the round trip gave other bytes"
    return check


def configured(pkg, d, script, outputs):
    """Run SCRIPT (the package's configure and make) once, plainly, in the
    unpacked source D: they generate the headers (config.h, tables) and
    say what the program is made of.  OUTPUTS: patterns of the files make
    leaves whose objects make the program, archives (ar t) or objects."""
    def expand():
        return [sorted(glob.glob(os.path.join(d, o))) for o in outputs]
    if not all(expand()):
        B.say("configuring and making %s once (its generated headers and "
              "its list of objects)" % pkg)
        log = os.path.join(work, pkg + "-make.log")
        with open(log, "w") as fh:
            if subprocess.run(script, shell=True, cwd=d, stdout=fh,
                              stderr=fh).returncode:
                B.die("%s's configure and make failed (see %s)" % (pkg, log))
    sources = []
    for path in sum(expand(), []):
        objs = subprocess.run(["ar", "t", path], capture_output=True,
                              text=True).stdout.split() \
            if path.endswith(".a") else [os.path.basename(path)]
        for obj in objs:
            sources.append(source_of(d, os.path.dirname(path), obj[:-2]))
    return sources


def source_of(d, objdir, base):
    """The .c file of tree D that an object BASE.o made in OBJDIR is
    compiled from: BASE.c beside it, else the one BASE.c in the tree, and
    the same for Automake's per-target objects (liblzma_la-common.o) with
    the target's name dropped."""
    for name in (base, base.split("-", 1)[-1]):
        if os.path.exists(os.path.join(objdir, name + ".c")):
            return os.path.join(objdir, name + ".c")
        found = glob.glob(os.path.join(d, "**", name + ".c"), recursive=True)
        if len(found) == 1:
            return found[0]
    B.die("no one source file for %s.o in %s" % (base, d))


XML = ("catalog.xml", xml_doc, "XML")
JSON = ("records.json", json_doc, "JSON")


def driven(name, what, sources, flags, libs, data, n):
    """A library run by its driver, bench/corpus-drivers/NAME.c or .cc,
    on the input DATA (file name, maker, kind) N times (quick: a third as
    many)."""
    inp = made(data[0], data[1])
    n = str(max(1, n // 3) if quick else n)
    return dict(
        label="%s, %s × %.1f MB of %s" % (what, n, os.path.getsize(inp) / MB,
                                          data[2]),
        sources=sources + glob.glob(os.path.join(drivers, name + ".c*")),
        flags=flags + ["-I" + drivers], libs=libs, exe=name,
        commands=[(["./" + name, inp, n], None, None)], check="plain")


def program(name):
    """Label, sources, flags, libraries and the workload's commands
    ([argv, stdin, stdout]) of one program."""
    if name == "bzip2":
        d = os.path.join(src, "bzip2")
        inp = made("mixed", mixed)
        return dict(
            label="bzip2 -9 -c, %d MB" % (os.path.getsize(inp) // MB),
            sources=[os.path.join(d, f + ".c") for f in (
                "blocksort", "huffman", "crctable", "randtable", "compress",
                "decompress", "bzlib", "bzip2")],
            flags=["-D_FILE_OFFSET_BITS=64"], libs=[], exe="bzip2",
            commands=[(["./bzip2", "-9", "-c"], inp, None)], check="plain")
    if name == "zstd":
        d = os.path.join(src, "zstd")
        inp = made("mixed", mixed)
        return dict(
            label="zstd -9, %d MB each way" % (os.path.getsize(inp) // MB),
            sources=sorted(
                glob.glob(os.path.join(d, "lib/common/*.c")) +
                glob.glob(os.path.join(d, "lib/compress/*.c")) +
                glob.glob(os.path.join(d, "lib/decompress/*.[cS]")) +
                glob.glob(os.path.join(d, "lib/dictBuilder/*.c")) +
                glob.glob(os.path.join(d, "programs/*.c"))),
            flags=["-I" + os.path.join(d, "lib"),
                   "-I" + os.path.join(d, "lib/common"),
                   "-DZSTD_LEGACY_SUPPORT=0", "-DXXH_NAMESPACE=ZSTD_"],
            libs=[], exe="zstd",
            commands=both_ways("zstd", "-9", inp), check=roundtrip(inp))
    if name == "xz":
        d = os.path.join(src, "xz-utils")
        inp = made("mixed", mixed)
        lz = os.path.join(d, "src/liblzma")
        return dict(
            label="xz -3, %d MB each way" % (os.path.getsize(inp) // MB),
            sources=configured("xz", d, (
                "./configure --disable-shared --disable-nls --disable-doc "
                "--disable-scripts --disable-lzmainfo --disable-lzmadec "
                "--disable-xzdec --disable-lzma-links && make"),
                ["src/liblzma/.libs/liblzma.a", "src/xz/xz-*.o"]),
            flags=["-DHAVE_CONFIG_H", "-I" + d, "-I" + os.path.join(
                d, "src/common"), "-DTUKLIB_SYMBOL_PREFIX=lzma_",
                "-pthread"] + ["-I" + os.path.join(lz, s) for s in (
                    "api", "common", "check", "lz", "rangecoder", "lzma",
                    "delta", "simple")],
            libs=["-pthread"], exe="xz",
            commands=both_ways("xz", "-3", inp), check=roundtrip(inp))
    if name == "lz4":
        d = os.path.join(src, "lz4")
        inp = made("mixed", mixed)
        return dict(
            label="lz4 -9, %d MB each way" % (os.path.getsize(inp) // MB),
            sources=sorted(glob.glob(os.path.join(d, "lib/*.c")) +
                           glob.glob(os.path.join(d, "programs/*.c"))),
            flags=["-I" + os.path.join(d, "lib")], libs=[], exe="lz4",
            commands=both_ways("lz4", "-9", inp), check=roundtrip(inp))
    if name == "expat":
        d = os.path.join(src, "expat", "expat", "lib")
        gen = generated("expat_config.h", "\n".join((
            "#define BYTEORDER 1234", "#define HAVE_GETRANDOM 1",
            "#define XML_DEV_URANDOM 1", "#define XML_CONTEXT_BYTES 1024",
            "#define XML_DTD 1", "#define XML_NS 1", "")))
        return driven("expat", "Expat", [os.path.join(d, f + ".c") for f in (
            "xmlparse", "xmlrole", "xmltok")],
            ["-I" + gen, "-I" + d, "-DHAVE_EXPAT_CONFIG_H"], [], XML, 12)
    if name == "cjson":
        d = os.path.join(src, "cjson")
        return driven("cjson", "cJSON", [os.path.join(d, "cJSON.c")],
                      ["-I" + d], ["-lm"], JSON, 6)
    if name == "pugixml":
        d = os.path.join(src, "pugixml", "src")
        return driven("pugixml", "pugixml (C++)",
                      [os.path.join(d, "pugixml.cpp")], ["-I" + d], [], XML,
                      6)
    if name == "tinyxml2":
        d = os.path.join(src, "tinyxml2")
        return driven("tinyxml2", "TinyXML-2 (C++)",
                      [os.path.join(d, "tinyxml2.cpp")], ["-I" + d], [], XML,
                      6)
    if name == "jsoncpp":
        d = os.path.join(src, "jsoncpp")
        return driven("jsoncpp", "JsonCpp (C++ standard library)",
                      sorted(glob.glob(os.path.join(d, "src/lib_json/*.cpp"))),
                      ["-I" + os.path.join(d, "include"),
                       "-I" + os.path.join(d, "src/lib_json")], [], JSON, 3)
    if name == "nettle":
        d = os.path.join(src, "nettle")
        inp = made("mixed", mixed)
        algs = ("sha256", "sha512", "sha3_256", "md5", "streebog256")
        return dict(
            label="Nettle nettle-hash, %s of %d MB" % (
                " ".join(algs), os.path.getsize(inp) // MB),
            sources=configured("nettle", d, (
                "./configure --disable-assembler --disable-shared "
                "--disable-openssl --disable-documentation && make"),
                ["libnettle.a", "getopt.o", "getopt1.o",
                 "tools/nettle-hash.o", "tools/misc.o"]),
            flags=["-I" + d, "-DHAVE_CONFIG_H"], libs=[], exe="nettle-hash",
            commands=[(["./nettle-hash", "-a", a, inp], None, a)
                      for a in algs],
            check="plain")
    if name == "lua":
        n = 4 if quick else 20
        return dict(lua_program(src, bench, [
            "-e", "for i = 1, %d do dofile('%s') end" % (
                n, os.path.join(bench, "workload.lua"))], runs),
            label="Lua 5.4, %d × bench/workload.lua" % n)
    if name == "qhull":
        d = os.path.join(src, "qhull", "src")
        inp = made("points", points)
        return dict(
            label="qhull d Qt i, Delaunay of %s 3-d points" % (
                open(inp).readlines()[1].strip()),
            sources=sorted(glob.glob(os.path.join(d, "libqhull_r/*.c"))) +
            [os.path.join(d, "qhull/unix_r.c")],
            flags=["-I" + d], libs=["-lm"], exe="qhull",
            commands=[(["./qhull", "d", "Qt", "i"], inp, None)],
            check="plain")
    if name == "kissfft":
        d = os.path.join(src, "kissfft")
        x = 1 if quick else 4
        return dict(
            label="KISS FFT benchkiss: complex 1000, real 4096, 3-d 32³",
            sources=[os.path.join(d, f) for f in (
                "kiss_fft.c", "kiss_fftr.c", "kiss_fftnd.c", "kiss_fftndr.c",
                "test/benchkiss.c", "test/pstats.c")],
            flags=["-I" + d], libs=["-lm"], exe="benchkiss",
            # Its output is timings, on stderr: nothing to check.
            commands=[(["./benchkiss", "-x", str(5000 * x), "-n", "1000"],
                       None, None),
                      (["./benchkiss", "-x", str(2500 * x), "-n", "4096",
                        "-r"], None, None),
                      (["./benchkiss", "-x", str(20 * x), "-n", "32,32,32"],
                       None, None)],
            check=None)
    B.die("unknown program " + name)


def spread(xs):
    """Half the interquartile range: how far a median may move."""
    q = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
    return (q[2] - q[0]) / 2


res = {}        # (program, build) -> dict; no entry: the build failed
labels, incs = {}, {}
for pname in programs:
    prog = program(pname)
    labels[pname] = prog["label"]
    # A compiler crash in an arcov build is a result, not the end of the
    # run; the baselines must build.
    built = [v for v in B.order
             if B.build_one(pname, prog, v, fatal=v not in B.arcov_names)
             is not None]
    for v in built:
        B.fresh_run(pname, prog, v)
    ins = B.all_instructions(pname, prog, built)
    for v in built:
        res[(pname, v)] = dict(ins=ins[v])
    if B.count_v:
        B.say("counting increments: %s %s" % (pname, B.count_v))
        incs[pname] = B.count_increments(pname, prog)
    if not ins_only:
        times = B.time_rounds(pname, prog, prog.get("rounds") or runs, built)
        for v in built:
            res[(pname, v)]["cpu"] = med(times[v][1])
            res[(pname, v)]["cpu-spread"] = spread(times[v][1])


# The table.
def over(pname, v, what):
    if (pname, v) not in res:
        return "failed"
    x, base = res[(pname, v)][what], res[(pname, B.variants[v][4])][what]
    return "%+.2f %%" % (100 * (x - base) / base)


def ratio(pname, v, g, what):
    """V's addition over plain as a fraction of G's; None if V failed."""
    if (pname, v) not in res:
        return None
    p = res[(pname, "plain")][what]
    dg = res[(pname, g)][what] - p
    return (res[(pname, v)][what] - p) / dg if dg > 0 else float("nan")


def noise(pname, v, g):
    """The CPU time ratio's noise: the spreads of V's and G's times as a
    fraction of G's added time."""
    p = res[(pname, "plain")]["cpu"]
    dg = res[(pname, g)]["cpu"] - p
    return (res[(pname, v)]["cpu-spread"] + res[(pname, g)]["cpu-spread"]) \
        / dg if dg > 0 else float("nan")


def fmt(r):
    return "failed" if r is None else "%.2f" % r


# Each arcov build against gcc's build of the same counting discipline:
# the atomic one against gcc's atomic updates.
against = {v: "gcc-atomic" if "atomic" in v else "gcc"
           for v in B.arcov_names}
whats = ["ins"] if ins_only else ["ins", "cpu"]
load = open("/proc/loadavg").read().split()[:3]
head = subprocess.run(["git", "-C", build, "rev-parse", "--short", "HEAD"],
                      capture_output=True, text=True).stdout.strip()
print("bench/corpus, %s UTC, arcov %s, load average %s; GCC %s, %s; %s" % (
    time.strftime("%Y-%m-%d %H:%M", time.gmtime()), head or "?",
    " ".join(load),
    subprocess.run(["gcc", "-dumpfullversion"], capture_output=True,
                   text=True).stdout.strip(),
    subprocess.run(["clang-14", "--version"], capture_output=True,
                   text=True).stdout.split("\n")[0].strip(),
    "instructions only" if ins_only else
    "CPU time: median of %d interleaved runs per build" % runs))
names = {"ins": "instructions (cachegrind --cache-sim=no)",
         "cpu": "CPU time (user + system)"}
shown = [v for v in B.order if B.variants[v][4]]
for what in whats:
    print()
    print("%s over plain (clang's over clang's plain); arcov ÷ gcc: the "
          "added %s as a fraction of gcc's (atomic ÷ gcc atomic)" % (
              names[what], "instructions" if what == "ins" else "time"))
    print()
    cols = ["program", "plain"] + shown + \
        ["%s ÷ %s" % (v, against[v]) for v in B.arcov_names]
    if what == "ins" and B.count_v:
        cols.append("%s increments ÷ optimal trees" % B.count_v)
    print("| " + " | ".join(cols) + " |")
    print("|---" * len(cols) + "|")
    for p in programs:
        base = res[(p, "plain")][what]
        row = [labels[p], "%.3f G" % (base / 1e9) if what == "ins" else
               "%.3f s" % base]
        row += [over(p, v, what) for v in shown]
        row += [fmt(ratio(p, v, against[v], what)) + (
            " ± %.2f" % noise(p, v, against[v])
            if what == "cpu" and (p, v) in res else "")
            for v in B.arcov_names]
        if what == "ins" and B.count_v:
            e, o = incs[p] or (None, None)
            row.append("failed" if e is None else
                       "%.1f M ÷ %.1f M = %.2f" % (
                           e / 1e6, o / 1e6, e / o if o else float("nan")))
        print("| " + " | ".join(row) + " |")

# The goals, per arcov build: added instructions at most gcc's on every
# program and 0.6 of them as the median; CPU time at most 1.1 of gcc's
# (within the noise) and 0.7 as the median.
goals = {"ins": (1.0, 0.6), "cpu": (1.1, 0.7)}
print()
for what in whats:
    each, median_goal = goals[what]
    for v in B.arcov_names:
        rs = {p: ratio(p, v, against[v], what) for p in programs}
        failed = [p for p in programs if rs[p] is None]
        ok = [p for p in programs if rs[p] is not None]
        if not ok:
            print("%s: no program built" % v)
            continue
        worst = max(ok, key=lambda p: rs[p])
        median = med([rs[p] for p in ok])
        # CPU times: within the noise is within the spreads of the runs.
        slack = {p: noise(p, v, against[v]) if what == "cpu" else 0
                 for p in ok}
        over_goal = [p for p in ok if rs[p] - slack[p] > each]
        print("%s ÷ %s, %s: median %.2f, max %.2f (%s)%s; goals: each ≤ %.1f%s "
              "%s, median ≤ %.1f %s" % (
                  v, against[v], "instructions" if what == "ins" else
                  "CPU time", median, rs[worst], worst,
                  "; failed to build: " + " ".join(failed) if failed else "",
                  each, " within the noise" if what == "cpu" else "", "met" if not over_goal and not failed else
                  "UNMET (%s)" % " ".join(over_goal + failed), median_goal,
                  "met" if median <= median_goal else "UNMET"))
