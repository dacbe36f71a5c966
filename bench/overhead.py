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
import statistics
import subprocess
import sys
import time

work, build, bench = sys.argv[1], sys.argv[2], sys.argv[3]
runs, quick, exit_out = int(sys.argv[4]), sys.argv[5] == "1", sys.argv[6]
programs = sys.argv[7:]
plugin = os.path.join(build, "plugin/.libs/arcov.so")
libarcov = os.path.join(build, "runtime/.libs/libarcov.a")
src = os.path.join(work, "src")


def die(msg):
    sys.exit("overhead: " + msg)


def say(msg):
    print("overhead: " + msg, file=sys.stderr, flush=True)


# Builds: name -> (label, compiler, compile flags, link flags, baseline).
# Each is measured against its baseline (clang's against clang's plain).
variants = {
    "plain": ("plain -O2 (gcc)", "gcc", [], [], None),
    "gcc": ("gcc --coverage", "gcc", ["--coverage"], ["--coverage"], "plain"),
    "gcc-atomic": ("gcc --coverage -pthread (atomic)", "gcc",
                   ["--coverage", "-pthread"], ["--coverage", "-pthread"],
                   "plain"),
    "clang": ("plain -O2 (clang-14)", "clang-14", [], [], None),
    "clang-pgo": ("clang-14 -fprofile-instr-generate -fcoverage-mapping",
                  "clang-14",
                  ["-fprofile-instr-generate", "-fcoverage-mapping"],
                  ["-fprofile-instr-generate"], "clang"),
    "clang-gcov": ("clang-14 --coverage", "clang-14", ["--coverage"],
                   ["--coverage"], "clang"),
}
arcov_names = []
for item in os.environ["ARCOV_VARIANTS"].split(";"):
    if not item.strip():
        continue
    name, _, flags = item.partition("=")
    name = name.strip()
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", name) or name in variants:
        die("bad ARCOV_VARIANTS entry %r" % item)
    variants[name] = (name + (" (" + flags.strip() + ")" if flags.strip()
                              else ""), "gcc",
                      ["-fplugin=" + plugin] + flags.split(),
                      [libarcov, "-pthread"], "plain")
    arcov_names.append(name)
order = list(variants)


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
            check=False)
    if name == "lua":
        d = os.path.join(src, "lua5.4", "src")
        return dict(
            label="Lua 5.4 bench/workload.lua",
            sources=sorted(f for f in glob.glob(os.path.join(d, "*.c"))
                           if not f.endswith("/luac.c")),
            # Lua seeds its string hashes with the time: a fixed seed
            # makes every run of a build execute the same instructions.
            flags=["-std=gnu99", "-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX",
                   "-Dluai_makeseed(L)=0"],
            libs=["-lm", "-ldl"], exe="lua",
            commands=[(["./lua", os.path.join(bench, "workload.lua")], None,
                       None)],
            # A 10 ms process: more rounds for a steady median.
            rounds=5 * runs, check=True)
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
        check=True)


def child_cpu(argv, cwd, stdin=None, stdout=None, env=None):
    """Run ARGV; (exit status, wall s, user+system s)."""
    fin = open(stdin if os.path.isabs(stdin) else os.path.join(cwd, stdin),
               "rb") if stdin else subprocess.DEVNULL
    fout = open(os.path.join(cwd, stdout), "wb") if stdout else \
        subprocess.DEVNULL
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, cwd=cwd, stdin=fin, stdout=fout,
                         stderr=subprocess.DEVNULL, env=env)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    for f in (fin, fout):
        if f is not subprocess.DEVNULL:
            f.close()
    return p.returncode, wall, ru.ru_utime + ru.ru_stime


def stamp_of(v, prog):
    """What a build depends on, to reuse one that is up to date."""
    st = os.stat(plugin), os.stat(libarcov)
    return repr((variants[v], prog["sources"], prog["flags"], prog["libs"],
                 [(s.st_mtime_ns, s.st_size) for s in st]))


def build_one(pname, prog, v):
    """Build PROG the V way in WORK/PNAME/V; returns the compile CPU
    seconds (kept from an earlier run when nothing changed)."""
    label, cc, cflags, ldflags, _ = variants[v]
    d = os.path.join(work, pname, v)
    stamp = stamp_of(v, prog)
    sfile = os.path.join(d, "stamp")
    if os.path.exists(sfile) and os.path.exists(os.path.join(d, prog["exe"])):
        with open(sfile) as fh:
            old, secs = fh.read().rsplit("\n", 1)
        if old == stamp:
            return float(secs)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    say("building %s %s" % (pname, v))
    total, objs, procs = 0.0, [], []
    # Two compilations at a time; CPU time is each compiler's own.
    for i, s in enumerate(prog["sources"]):
        obj = "%d-%s.o" % (i, os.path.basename(s)[:-2])
        objs.append(obj)
        argv = [cc, "-O2"] + prog["flags"] + cflags + ["-c", s, "-o", obj]
        procs.append(subprocess.Popen(argv, cwd=d, stderr=open(
            os.path.join(d, "build.log"), "ab")))
        while len(procs) >= 2 or (procs and i == len(prog["sources"]) - 1):
            pid, status, ru = os.wait4(-1, 0)
            total += ru.ru_utime + ru.ru_stime
            procs = [p for p in procs if p.pid != pid]
            if os.waitstatus_to_exitcode(status):
                die("%s %s: a compilation failed (see %s/build.log)" %
                    (pname, v, d))
    r = subprocess.run([cc, "-o", prog["exe"]] + objs + ldflags +
                       prog["libs"], cwd=d, stderr=subprocess.PIPE)
    if r.returncode:
        die("%s %s: link failed: %s" % (pname, v, r.stderr.decode()))
    with open(sfile, "w") as fh:
        fh.write(stamp + "\n" + repr(total))
    return total


def env_for(d):
    env = dict(os.environ)
    env["LLVM_PROFILE_FILE"] = os.path.join(d, "default.profraw")
    return env


def workload(prog, d):
    """Run the workload once in D: (wall, cpu, stdout of the last command)."""
    wall = cpu = 0.0
    for argv, fin, fout in prog["commands"]:
        out = fout or "stdout"
        rc, w, c = child_cpu(argv, d, fin, out, env_for(d))
        if rc:
            die("%s in %s exited %d" % (argv[0], d, rc))
        wall += w
        cpu += c
    return wall, cpu


def instructions(prog, d):
    """Instructions of the workload in D, run under cachegrind.  On a
    stripped copy of the program: valgrind 3.19 fails an assertion on
    the symbols of some clang -fprofile-instr-generate programs."""
    total = 0
    exe = "./" + prog["exe"]
    if subprocess.run(["strip", "-o", exe + ".stripped", exe], cwd=d).returncode:
        die("cannot strip " + os.path.join(d, exe))
    for argv, fin, fout in prog["commands"]:
        argv = [exe + ".stripped" if a == exe else a for a in argv]
        log = os.path.join(d, "cachegrind.log")
        rc, _, _ = child_cpu(["valgrind", "--tool=cachegrind",
                              "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              "--log-file=" + log] + argv, d, fin,
                             fout or "stdout", env_for(d))
        if rc:
            die("cachegrind %s in %s failed" % (argv[0], d))
        with open(log) as fh:
            m = re.search(r"I\s+refs:\s+([\d,]+)", fh.read())
        if not m:
            die("no instruction count in " + log)
        total += int(m.group(1).replace(",", ""))
    return total


def output_of(prog, d):
    with open(os.path.join(d, prog["commands"][-1][2] or "stdout"), "rb") as fh:
        return fh.read()


# The increments of the first arcov build against the best per-function
# spanning trees for the same run (bench/increments-count), from a twin
# build that also keeps the plugin's pass dump, which names the derived
# entry counters (no increment updates them); not timed.
count_v = arcov_names[0] if arcov_names else None
if count_v:
    lab, cc_, cf, lf, base_ = variants[count_v]
    variants[count_v + "-count"] = (lab + " -fdump-ipa-all", cc_,
                                    cf + ["-fdump-ipa-all"], lf, base_)


def count_increments(pname, prog):
    """(executed, derived optimum) increments of one fresh workload run
    of the COUNT_V twin."""
    v = count_v + "-count"
    build_one(pname, prog, v)
    d = os.path.join(work, pname, v)
    for f in glob.glob(os.path.join(d, "*.[0-9]*[ilrt].*")):
        if not re.search(r"\.[0-9]+i\.arcov$", f):
            os.unlink(f)
    for f in glob.glob(os.path.join(d, "*.da")):
        os.unlink(f)
    workload(prog, d)
    r = subprocess.run([sys.executable, os.path.join(bench, "increments-count"),
                        d], capture_output=True, text=True,
                       env=dict(os.environ, ARCOV_DUMP=os.path.join(
                           build, "tools/arcov-dump")))
    m = re.search(r"executed (\d+) .*derived-optimum (\d+)", r.stdout)
    if r.returncode or not m:
        die("increments-count %s: %s" % (d, r.stderr.strip()))
    return int(m.group(1)), int(m.group(2))


res = {}        # (program, variant) -> dict
labels = {}
incs = {}       # program -> (executed, derived optimum)
for pname in programs:
    prog = program(pname)
    labels[pname] = prog["label"]
    for v in order:
        comp = build_one(pname, prog, v)
        d = os.path.join(work, pname, v)
        for pat in ("*.gcda", "*.da", "*.profraw"):
            for f in glob.glob(os.path.join(d, pat)):
                os.unlink(f)
        workload(prog, d)                   # the fresh run; checked
        if prog["check"]:
            if pname == "zlib":
                with open(prog["commands"][0][1], "rb") as fh:
                    if fh.read() != output_of(prog, d):
                        die("zlib %s: minigzip -d gave other bytes" % v)
            elif output_of(prog, d) != output_of(
                    prog, os.path.join(work, pname, "plain")):
                die("%s %s: the workload printed something else" % (pname, v))
        say("counting instructions: %s %s" % (pname, v))
        res[(pname, v)] = dict(compile=comp, ins=instructions(prog, d),
                               wall=[], cpu=[])
    if count_v:
        say("counting increments: %s %s" % (pname, count_v))
        incs[pname] = count_increments(pname, prog)
    rounds = prog.get("rounds", runs)
    say("timing %s: %d rounds of %d builds" % (pname, rounds, len(order)))
    for r in range(rounds):
        k = r % len(order)
        for v in order[k:] + order[:k]:
            w, c = workload(prog, os.path.join(work, pname, v))
            res[(pname, v)]["wall"].append(w)
            res[(pname, v)]["cpu"].append(c)

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
med = statistics.median


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

if count_v:
    print("| %s increments executed ÷ the best per-function spanning trees "
          "for that run (derived entry arcs free) | %s |" % (
              count_v, " | ".join(
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
