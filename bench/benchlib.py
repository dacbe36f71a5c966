"""benchlib.py -- what bench/overhead and bench/corpus measure with: the
builds of a program (plain, gcc --coverage, clang's coverage, arcov in
each counting mode), its workload run once, under cachegrind and timed in
interleaved rounds, and the increments an arcov build executes against the
optimal spanning trees for that run.

A program is a dict: label, sources (.c, .cc/.cpp for C++, .S), flags
(for every compilation), optional cxxflags (for C++ only), libs, exe (the
program built), commands ([argv, stdin, stdout] run in the build's
directory, argv[0] "./EXE" for the program), check ("plain": the last
command's output is the plain build's, a function of the build directory
returning an error or None, or None) and optional rounds (timed rounds
when not the default).
"""
import concurrent.futures
import glob
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

CXX = {"gcc": "g++", "clang-14": "clang++-14"}
BASE_VARIANTS = ("plain", "gcc", "gcc-atomic", "clang", "clang-pgo",
                 "clang-gcov")
DEFAULT_ARCOV = ("arcov=;arcov-single=-fplugin-arg-arcov-single;"
                 "arcov-atomic=-fplugin-arg-arcov-atomic")


def digest(path):
    """SHA-256 of a file: a rebuilt plugin or runtime with the same bytes
    keeps the builds made with it."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


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
    for f in (fin, fout):
        if f is not subprocess.DEVNULL:
            f.close()
    return os.waitstatus_to_exitcode(status), wall, ru.ru_utime + ru.ru_stime


def kept_value(path, key):
    """The value KEEP left in PATH for KEY, or None."""
    if os.path.exists(path):
        with open(path) as fh:
            old = json.load(fh)
        if old.get("key") == key:
            return old.get("value")
    return None


def keep(path, key, value):
    """VALUE measured for KEY, for the next run (KEPT_VALUE)."""
    with open(path + ".tmp", "w") as fh:
        json.dump(dict(key=key, value=value), fh)
    os.rename(path + ".tmp", path)


class Bench:
    """The builds of one benchmark, in WORK/PROGRAM/BUILD."""

    def __init__(self, tool, work, build, bench, base=BASE_VARIANTS):
        self.tool, self.work, self.bench = tool, work, bench
        self.build = build
        self.plugin = os.path.join(build, "plugin/.libs/arcov.so")
        self.libarcov = os.path.join(build, "runtime/.libs/libarcov.a")
        self.arcov_key = (digest(self.plugin), digest(self.libarcov))
        # Builds: name -> (label, compiler, compile flags, link flags,
        # baseline).  Each is measured against its baseline (clang's
        # against clang's plain).
        known = {
            "plain": ("plain -O2 (gcc)", "gcc", [], [], None),
            "gcc": ("gcc --coverage", "gcc", ["--coverage"], ["--coverage"],
                    "plain"),
            "gcc-atomic": ("gcc --coverage -pthread -fprofile-update=atomic",
                           "gcc", ["--coverage", "-pthread",
                                   "-fprofile-update=atomic"],
                           ["--coverage", "-pthread"], "plain"),
            "clang": ("plain -O2 (clang-14)", "clang-14", [], [], None),
            "clang-pgo": ("clang-14 -fprofile-instr-generate "
                          "-fcoverage-mapping", "clang-14",
                          ["-fprofile-instr-generate", "-fcoverage-mapping"],
                          ["-fprofile-instr-generate"], "clang"),
            "clang-gcov": ("clang-14 --coverage", "clang-14", ["--coverage"],
                           ["--coverage"], "clang"),
        }
        self.variants = {v: known[v] for v in base}
        self.arcov_names = []
        spec = os.environ.get("ARCOV_VARIANTS", DEFAULT_ARCOV)
        for item in spec.split(";"):
            if not item.strip():
                continue
            name, _, flags = item.partition("=")
            name = name.strip()
            if not re.fullmatch(r"[A-Za-z0-9_.-]+", name) or \
                    name in self.variants:
                self.die("bad ARCOV_VARIANTS entry %r" % item)
            self.variants[name] = (
                name + (" (" + flags.strip() + ")" if flags.strip() else ""),
                "gcc", ["-fplugin=" + self.plugin] + flags.split(),
                [self.libarcov, "-pthread"], "plain")
            self.arcov_names.append(name)
        self.order = list(self.variants)
        # The increments of the first arcov build are counted on a twin
        # build that also keeps the plugin's pass dump, which names the
        # derived entry counters (no increment updates them); not timed.
        self.count_v = self.arcov_names[0] if self.arcov_names else None
        if self.count_v:
            lab, cc, cf, lf, base_ = self.variants[self.count_v]
            self.variants[self.count_v + "-count"] = (
                lab + " -fdump-ipa-all", cc, cf + ["-fdump-ipa-all"], lf,
                base_)

    def die(self, msg):
        sys.exit(self.tool + ": " + msg)

    def say(self, msg):
        print(self.tool + ": " + msg, file=sys.stderr, flush=True)

    def dir(self, pname, v):
        return os.path.join(self.work, pname, v)

    def stamp_of(self, v, prog):
        """What a build depends on, to reuse one that is up to date: the
        arcov builds also on the plugin's and the runtime's bytes."""
        uses_arcov = any(f.startswith("-fplugin=") for f in
                         self.variants[v][2])
        return repr((self.variants[v], prog["sources"], prog["flags"],
                     prog.get("cxxflags", []), prog["libs"],
                     self.arcov_key if uses_arcov else None))

    def build_one(self, pname, prog, v, fatal=True):
        """Build PROG the V way in WORK/PNAME/V; returns the compile CPU
        seconds (kept from an earlier run when nothing changed).  Unless
        FATAL, a failed compilation (a compiler crash) is reported and
        remembered, and returns None."""
        label, cc, cflags, ldflags, _ = self.variants[v]
        d = self.dir(pname, v)
        stamp = self.stamp_of(v, prog)
        sfile = os.path.join(d, "stamp")
        ffile = os.path.join(d, "failed")
        if os.path.exists(sfile) and \
                os.path.exists(os.path.join(d, prog["exe"])):
            with open(sfile) as fh:
                old, secs = fh.read().rsplit("\n", 1)
            if old == stamp:
                return float(secs)
        if not fatal and os.path.exists(ffile):
            with open(ffile) as fh:
                if fh.read() == stamp:
                    self.say("%s %s: failed to build before (see %s/"
                             "build.log)" % (pname, v, d))
                    return None
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        self.say("building %s %s" % (pname, v))
        total, objs, procs, failed = 0.0, [], [], False
        cxx = any(s.endswith((".cc", ".cpp")) for s in prog["sources"])
        # Two compilations at a time; CPU time is each compiler's own.
        for i, s in enumerate(prog["sources"]):
            base, ext = os.path.splitext(os.path.basename(s))
            obj = "%d-%s.o" % (i, base)
            objs.append(obj)
            if ext in (".cc", ".cpp"):
                argv = [CXX[cc], "-O2"] + prog["flags"] + \
                    prog.get("cxxflags", []) + cflags
            elif ext == ".S":
                # Assembler: nothing to instrument.
                argv = [cc, "-O2"] + prog["flags"]
            else:
                argv = [cc, "-O2"] + prog["flags"] + cflags
            argv += ["-c", s, "-o", obj]
            procs.append(subprocess.Popen(argv, cwd=d, stderr=open(
                os.path.join(d, "build.log"), "ab")))
            while len(procs) >= 2 or \
                    (procs and i == len(prog["sources"]) - 1):
                pid, status, ru = os.wait4(-1, 0)
                total += ru.ru_utime + ru.ru_stime
                procs = [p for p in procs if p.pid != pid]
                if os.waitstatus_to_exitcode(status):
                    failed = True
        if failed:
            msg = "%s %s: a compilation failed (see %s/build.log)" % (
                pname, v, d)
            if fatal:
                self.die(msg)
            self.say(msg)
            with open(ffile, "w") as fh:
                fh.write(stamp)
            return None
        r = subprocess.run([CXX[cc] if cxx else cc, "-o", prog["exe"]] +
                           objs + ldflags + prog["libs"], cwd=d,
                           stderr=subprocess.PIPE)
        if r.returncode:
            self.die("%s %s: link failed: %s" % (pname, v, r.stderr.decode()))
        with open(sfile, "w") as fh:
            fh.write(stamp + "\n" + repr(total))
        return total

    @staticmethod
    def env_for(d):
        env = dict(os.environ)
        env["LLVM_PROFILE_FILE"] = os.path.join(d, "default.profraw")
        return env

    def workload(self, prog, d):
        """Run the workload once in D: (wall, cpu)."""
        wall = cpu = 0.0
        for argv, fin, fout in prog["commands"]:
            rc, w, c = child_cpu(argv, d, fin, fout or "stdout",
                                 self.env_for(d))
            if rc:
                self.die("%s in %s exited %d" % (argv[0], d, rc))
            wall += w
            cpu += c
        return wall, cpu

    @staticmethod
    def output_of(prog, d):
        with open(os.path.join(d, prog["commands"][-1][2] or "stdout"),
                  "rb") as fh:
            return fh.read()

    def fresh_run(self, pname, prog, v):
        """The first run of a build, with no data files left; checked."""
        d = self.dir(pname, v)
        for pat in ("*.gcda", "*.da", "*.profraw"):
            for f in glob.glob(os.path.join(d, pat)):
                os.unlink(f)
        self.workload(prog, d)
        check = prog["check"]
        if check == "plain":
            if self.output_of(prog, d) != self.output_of(
                    prog, self.dir(pname, "plain")):
                self.die("%s %s: the workload printed something else"
                         % (pname, v))
        elif check:
            err = check(d)
            if err:
                self.die("%s %s: %s" % (pname, v, err))

    def workload_key(self, prog, v, pname):
        """What an instruction count depends on: the build and the
        workload with its input files."""
        files = [f for argv, fin, _ in prog["commands"]
                 for f in list(argv) + [fin] if f and os.path.isabs(f) and
                 os.path.isfile(f)]
        return repr((self.stamp_of(v, prog), prog["commands"],
                     [(f, os.path.getsize(f), os.stat(f).st_mtime_ns)
                      for f in files]))

    def instructions(self, pname, prog, v):
        """Instructions of the workload of build V, run under cachegrind
        (kept in the build's directory for the next run of the script).
        On a stripped copy of the program: valgrind 3.19 fails an
        assertion on the symbols of some clang -fprofile-instr-generate
        programs."""
        d = self.dir(pname, v)
        key = self.workload_key(prog, v, pname)
        kept = os.path.join(d, "instructions.json")
        old = kept_value(kept, key)
        if old is not None:
            return old
        self.say("counting instructions: %s %s" % (pname, v))
        total = 0
        exe = "./" + prog["exe"]
        if subprocess.run(["strip", "-o", exe + ".stripped", exe],
                          cwd=d).returncode:
            self.die("cannot strip " + os.path.join(d, exe))
        for argv, fin, fout in prog["commands"]:
            argv = [exe + ".stripped" if a == exe else a for a in argv]
            log = os.path.join(d, "cachegrind.log")
            rc, _, _ = child_cpu(["valgrind", "--tool=cachegrind",
                                  "--cache-sim=no",
                                  "--cachegrind-out-file=/dev/null",
                                  "--log-file=" + log] + argv, d, fin,
                                 fout or "stdout", self.env_for(d))
            if rc:
                self.die("cachegrind %s in %s failed" % (argv[0], d))
            with open(log) as fh:
                m = re.search(r"I\s+refs:\s+([\d,]+)", fh.read())
            if not m:
                self.die("no instruction count in " + log)
            total += int(m.group(1).replace(",", ""))
        keep(kept, key, total)
        return total

    def all_instructions(self, pname, prog, builds, jobs=2):
        """{build: instructions}, JOBS cachegrind runs at a time (each
        counts its own instructions, whatever else runs)."""
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            futs = {v: pool.submit(self.instructions, pname, prog, v)
                    for v in builds}
            return {v: f.result() for v, f in futs.items()}

    def count_increments(self, pname, prog):
        """(executed, derived optimum) increments of one fresh workload
        run of the COUNT_V twin (bench/increments-count), kept in its
        directory as the instruction counts are; None if the twin does
        not build."""
        v = self.count_v + "-count"
        if self.build_one(pname, prog, v, fatal=False) is None:
            return None
        d = self.dir(pname, v)
        key = self.workload_key(prog, v, pname)
        kept = os.path.join(d, "increments.json")
        old = kept_value(kept, key)
        if old is not None:
            return tuple(old)
        for f in glob.glob(os.path.join(d, "*.[0-9]*[ilrt].*")):
            if not re.search(r"\.[0-9]+i\.arcov$", f):
                os.unlink(f)
        for f in glob.glob(os.path.join(d, "*.da")):
            os.unlink(f)
        self.workload(prog, d)
        r = subprocess.run(
            [sys.executable, os.path.join(self.bench, "increments-count"), d],
            capture_output=True, text=True,
            env=dict(os.environ, ARCOV_DUMP=os.path.join(
                self.build, "tools/arcov-dump")))
        m = re.search(r"executed (\d+) .*derived-optimum (\d+)", r.stdout)
        if r.returncode or not m:
            self.die("increments-count %s: %s" % (d, r.stderr.strip()))
        keep(kept, key, [int(m.group(1)), int(m.group(2))])
        return int(m.group(1)), int(m.group(2))

    def time_rounds(self, pname, prog, rounds, builds=None):
        """{build: ([wall], [cpu])} of ROUNDS rounds in which every build
        (of BUILDS, default all) runs the workload once, their order
        rotating."""
        builds = builds or self.order
        res = {v: ([], []) for v in builds}
        self.say("timing %s: %d rounds of %d builds"
                 % (pname, rounds, len(builds)))
        for r in range(rounds):
            k = r % len(builds)
            for v in builds[k:] + builds[:k]:
                w, c = self.workload(prog, self.dir(pname, v))
                res[v][0].append(w)
                res[v][1].append(c)
        return res


def lua_program(src, bench, script_argv, rounds):
    """The Lua 5.4 interpreter (its lua.c and library, not luac) running
    SCRIPT_ARGV."""
    d = os.path.join(src, "lua5.4", "src")
    return dict(
        sources=sorted(f for f in glob.glob(os.path.join(d, "*.c"))
                       if not f.endswith("/luac.c")),
        # Lua seeds its string hashes with the time: a fixed seed makes
        # every run of a build execute the same instructions.
        flags=["-std=gnu99", "-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX",
               "-Dluai_makeseed(L)=0"],
        libs=["-lm", "-ldl"], exe="lua",
        commands=[(["./lua"] + script_argv, None, None)],
        rounds=rounds, check="plain")


med = statistics.median
