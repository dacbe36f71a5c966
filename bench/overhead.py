"""overhead.py -- the measuring half of bench/overhead (which fetches the
sources and says what is measured): builds every program every way, counts
instructions, times interleaved runs, times a two-thread contention case
and prints one table.

Usage (from bench/overhead): overhead.py WORK BUILD BENCH RUNS QUICK
EXIT-OUTPUT PROGRAM...
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import Bench, child_cpu, lua_program, med  # noqa: E402

work, build, bench = sys.argv[1], sys.argv[2], sys.argv[3]
runs, quick, exit_out = int(sys.argv[4]), sys.argv[5] == "1", sys.argv[6]
programs = sys.argv[7:]
src = os.path.join(work, "src")
B = Bench("overhead", work, build, bench)
variants, arcov_names, order = B.variants, B.arcov_names, B.order
die = B.die
say = B.say


def zlib_input():
    """A few MB of source text, the same every time."""
    path = os.path.join(work, "zlib-input")
    want = (1 if quick else 4) << 20
    if os.path.exists(path) and os.path.getsize(path) == want:
        return path
    text = b""
    for f in sorted(glob.glob(os.path.join(src, "zlib", "*.[ch]"))):
        with open(f, "rb") as fh:
            text += fh.read()
    data = (text * (want // len(text) + 1))[:want]
    with open(path, "wb") as fh:
        fh.write(data)
    return path


def program(name):
    """Sources, flags, libraries and the workload's commands
    ([argv, stdin, stdout]) of one program."""
    if name == "sqlite":
        d = os.path.join(src, "sqlite3")
        size = "10" if quick else "25"
        return dict(
            label="SQLite speedtest1 --size %s" % size,
            sources=[os.path.join(d, "bld/sqlite3.c"),
                     os.path.join(d, "test/speedtest1.c")],
            flags=["-I" + os.path.join(d, "bld")], libs=["-lm", "-ldl",
                                                         "-pthread"],
            exe="speedtest1",
            commands=[(["./speedtest1", "--size", size, "--memdb"], None,
                       None)],
            check=None)
    if name == "lua":
        # A 10 ms process: more rounds for a steady median.
        return dict(lua_program(src, bench, [os.path.join(
            bench, "workload.lua")], 5 * runs),
            label="Lua 5.4 bench/workload.lua")
    d = os.path.join(src, "zlib")
    lib = ["adler32", "compress", "crc32", "deflate", "gzclose", "gzlib",
           "gzread", "gzwrite", "infback", "inffast", "inflate", "inftrees",
           "trees", "uncompr", "zutil"]
    inp = zlib_input()
    return dict(
        label="zlib minigzip, %d MB each way" % (os.path.getsize(inp) >> 20),
        sources=[os.path.join(d, f + ".c") for f in lib] +
        [os.path.join(d, "test/minigzip.c")],
        flags=["-D_LARGEFILE64_SOURCE=1", "-DHAVE_HIDDEN", "-DHAVE_UNISTD_H",
               "-I" + d],
        libs=[], exe="minigzip",
        commands=[(["./minigzip"], inp, "input.gz"),
                  (["./minigzip", "-d"], "input.gz", "output")],
        check=zlib_check)


def zlib_check(d):
    with open(zlib_input(), "rb") as fh:
        if fh.read() != B.output_of(program("zlib"), d):
            return "minigzip -d gave other bytes"
    return None


res = {}        # (program, variant) -> dict
labels = {}
incs = {}       # program -> (executed, derived optimum)
for pname in programs:
    prog = program(pname)
    labels[pname] = prog["label"]
    comp = {v: B.build_one(pname, prog, v) for v in order}
    for v in order:
        B.fresh_run(pname, prog, v)
    ins = B.all_instructions(pname, prog, order)
    for v in order:
        res[(pname, v)] = dict(compile=comp[v], ins=ins[v])
    if B.count_v:
        say("counting increments: %s %s" % (pname, B.count_v))
        incs[pname] = B.count_increments(pname, prog)
    times = B.time_rounds(pname, prog, prog.get("rounds", runs))
    for v in order:
        res[(pname, v)]["wall"], res[(pname, v)]["cpu"] = times[v]

# The contention case: two threads calling the same instrumented
# functions, so both update the same counters, on two CPUs at once.
CONTEND = r"""
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long iterations;

__attribute__((noinline)) static unsigned step(unsigned x)
{
	return x & 1 ? 3 * x + 1 : x / 2;
}

static void *worker(void *arg)
{
	unsigned x = (unsigned)(long)arg, s = 0;
	long i;

	for (i = 0; i < iterations; i++) {
		x = step(x) | 1u << (i & 15);
		s += x & 7 ? 1 : 2;
	}
	return (void *)(long)s;
}

int main(int argc, char **argv)
{
	pthread_t t[2];
	void *r[2];
	int k;

	iterations = argc > 1 ? atol(argv[1]) : 1000000;
	for (k = 0; k < 2; k++)
		pthread_create(&t[k], NULL, worker, (void *)(long)(k + 7));
	for (k = 0; k < 2; k++)
		pthread_join(t[k], &r[k]);
	printf("%ld\n", (long)r[0] + (long)r[1]);
	return 0;
}
"""
contend_variants = ["plain", "gcc", "gcc-atomic"] + arcov_names
cdir = os.path.join(work, "contend")
os.makedirs(cdir, exist_ok=True)
with open(os.path.join(cdir, "contend.c"), "w") as fh:
    fh.write(CONTEND)
iters = "2000000" if quick else "20000000"
contend = {v: [] for v in contend_variants}
for v in contend_variants:
    _, cc, cflags, ldflags, _ = variants[v]
    d = os.path.join(cdir, v)
    os.makedirs(d, exist_ok=True)
    for f in glob.glob(os.path.join(d, "*.gcda")) + \
            glob.glob(os.path.join(d, "*.da")):
        os.unlink(f)
    # -pthread only where the build asks for it: it picks the counting
    # mode of gcc and arcov.
    r = subprocess.run([cc, "-O2"] + cflags +
                       ["-c", "../contend.c", "-o", "contend.o"], cwd=d)
    r2 = subprocess.run([cc, "-o", "contend", "contend.o", "-pthread"] +
                        ldflags, cwd=d)
    if r.returncode or r2.returncode:
        die("cannot build the contention case " + v)
say("timing the contention case")
taskset = ["taskset", "-c", "0,1"] if shutil.which("taskset") else []
for r in range(runs):
    for v in contend_variants:
        d = os.path.join(cdir, v)
        rc, w, _ = child_cpu(taskset + ["./contend", iters], d)
        if rc:
            die("the contention case %s failed" % v)
        contend[v].append(w)

# The table.


def over(x, base):
    return "%+.1f %%" % (100.0 * (x - base) / base)


def cell(pname, v):
    r = res[(pname, v)]
    base = variants[v][4]
    if base is None:
        return "%.3g G / %.3f s / %.3f s / %.1f s" % (
            r["ins"] / 1e9, med(r["cpu"]), med(r["wall"]), r["compile"])
    b = res[(pname, base)]
    return "%s / %s / %s / ×%.2f" % (
        over(r["ins"], b["ins"]), over(med(r["cpu"]), med(b["cpu"])),
        over(med(r["wall"]), med(b["wall"])), r["compile"] / b["compile"])


def ratio(pname, v, g="gcc"):
    p, a, gg = (res[(pname, x)] for x in ("plain", v, g))
    di = (a["ins"] - p["ins"]) / (gg["ins"] - p["ins"])
    dc_g = med(gg["cpu"]) - med(p["cpu"])
    dc = (med(a["cpu"]) - med(p["cpu"])) / dc_g if dc_g > 0 else float("nan")
    dw_g = med(gg["wall"]) - med(p["wall"])
    dw = (med(a["wall"]) - med(p["wall"])) / dw_g if dw_g > 0 else float("nan")
    return "%.2f / %.2f / %.2f" % (di, dc, dw)


load = open("/proc/loadavg").read().split()[:3]
print("bench/overhead, %s UTC, load average %s; GCC %s, %s; "
      "%d timed runs per build (Lua: 5 times as many)" % (
          time.strftime("%Y-%m-%d %H:%M", time.gmtime()), " ".join(load),
          subprocess.run(["gcc", "-dumpfullversion"], capture_output=True,
                         text=True).stdout.strip(),
          subprocess.run(["clang-14", "--version"], capture_output=True,
                         text=True).stdout.split("\n")[0].strip(), runs))
print()
print("Cells: instructions / CPU time / wall time of the workload (medians) "
      "/ compile CPU time;")
print("plain rows absolute, others over their plain build (clang's over "
      "clang's).")
print()
print("| build | " + " | ".join(labels[p] for p in programs) + " |")
print("|---|" + "---|" * len(programs))
for v in order:
    print("| %s | %s |" % (variants[v][0],
                           " | ".join(cell(p, v) for p in programs)))
for v in arcov_names:
    print("| %s added ÷ gcc --coverage's: instructions / CPU / wall "
          "(goals 0.6 / 0.7) | %s |" % (v, " | ".join(ratio(p, v)
                                                       for p in programs)))
    print("| %s added ÷ gcc --coverage -pthread's | %s |" % (
        v, " | ".join(ratio(p, v, "gcc-atomic") for p in programs)))

if B.count_v:
    print("| %s increments executed ÷ the best per-function spanning trees "
          "for that run (derived entry arcs free) | %s |" % (
              B.count_v, " | ".join(
                  "%.2f M ÷ %.2f M = %.2f" % (
                      incs[p][0] / 1e6, incs[p][1] / 1e6,
                      incs[p][0] / incs[p][1] if incs[p][1] else
                      float("nan")) for p in programs)))

ex = {}
with open(exit_out) as fh:
    for line in fh:
        m = re.match(r"(gcc|arcov) (fresh|merging)\s+([\d.-]+)\s+([\d.-]+)",
                     line)
        if m:
            ex[(m.group(1), m.group(2))] = (float(m.group(3)),
                                             float(m.group(4)))
blank = " |" * len(programs)
for mode in ("fresh", "merging"):
    g, a = ex.get(("gcc", mode)), ex.get(("arcov", mode))
    if g and a:
        print("| exit of 101 objects, %s: wall / CPU ms, gcc → arcov | "
              "%.2f / %.2f → %.2f / %.2f (×%.2f / ×%.2f)%s" % (
                  mode, g[0], g[1], a[0], a[1],
                  a[0] / g[0] if g[0] > 0 else float("nan"),
                  a[1] / g[1] if g[1] > 0 else float("nan"), blank))
pl = med(contend["plain"])
print("| 2 threads, same counters, taskset -c 0,1: wall ÷ plain (%.0f ms) | "
      "%s%s" % (1e3 * pl, ", ".join(
          "%s ×%.2f" % (v, med(contend[v]) / pl)
          for v in contend_variants[1:]), blank))
