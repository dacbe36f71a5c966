#!/bin/sh
# report-merge.sh -- one source in several objects is reported once: its
# lines summed over the objects, its branches, calls and functions listed
# once with the counts of every copy summed, exactly as `lcov --capture`
# over a `gcc --coverage` build of the same code merges gcov 12's reports.
#
# Each case builds the same sources twice, with --coverage (objects in g/)
# and with the plugin (objects in a/), runs the same programs, and holds
# every arcov output -- text summary, lcov totals, Cobertura totals, the
# gzipped JSON, the branch gate -- to lcov's totals of the gcc build.
# A last check counts the loads: every object loaded and solved once
# whatever outputs are asked for together.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
needs lcov lcov
needs xmllint libxml2-utils
enter_tmp
src=$(pwd)/src
plugin="-fplugin=$build/plugin/.libs/arcov.so"

# cc_both OUT SRC... : compile the sources of src/ into g/OUT.o and a/OUT.o
# (one object per call, like a build system compiling a file twice).
cc_both() {
	out=$1; shift
	case $1 in *.cc) cc=$CXX ;; *) cc=$CC ;; esac
	(cd g && $cc -O0 --coverage -c "$@" -o "$out.o") >>build.log 2>&1 &&
	(cd a && env $compile_env $cc -O0 $plugin -c "$@" -o "$out.o") \
		>>build.log 2>&1 || { echo "FAIL: compiling $*"; cat build.log
					exit 1; }
}

# link_both PROG OBJ...: link the objects of g/ and a/ into PROG in each.
link_both() {
	prog=$1; shift
	(cd g && $CXX $SAN_FLAGS --coverage "$@" -o "$prog") >>build.log 2>&1 &&
	(cd a && $CXX $SAN_FLAGS "$@" "$build/runtime/.libs/libarcov.a" \
		-pthread -o "$prog") >>build.log 2>&1 ||
		{ echo "FAIL: linking $prog"; cat build.log; exit 1; }
}

# run_both PROG ARGS...: run PROG in both trees.
run_both() {
	prog=$1; shift
	(cd g && "./$prog" "$@") >/dev/null 2>&1
	(cd a && "./$prog" "$@") >/dev/null 2>&1
}

# Per-source totals of a tracefile, one line each, sorted:
# "SF LF LH BRF BRH FNF FNH", computed from its records merged the way
# lcov merges tracefiles: DA per line, BRDA per (line, block, branch) and
# FNDA per name summed over every record of the source.
totals() {
	awk -F'[:,]' '
		/^SF:/ { sf = substr($0, 4); seen[sf] = 1 }
		/^DA:/ { da[sf SUBSEP $2] += $3 }
		/^BRDA:/ { k = sf SUBSEP $2 SUBSEP $3 SUBSEP $4
			   br[k] += ($5 == "-" ? 0 : $5) }
		/^FNDA:/ { fn[sf SUBSEP $3] += $2 }
		# lcov 2.2 and later: FNA:INDEX,COUNT,NAME.
		/^FNA:/ { fn[sf SUBSEP $4] += $3 }
		END {
			for (k in da) { split(k, p, SUBSEP); lf[p[1]]++
					if (da[k] > 0) lh[p[1]]++ }
			for (k in br) { split(k, p, SUBSEP); brf[p[1]]++
					if (br[k] > 0) brh[p[1]]++ }
			for (k in fn) { split(k, p, SUBSEP); fnf[p[1]]++
					if (fn[k] > 0) fnh[p[1]]++ }
			for (s in seen) print s, lf[s] + 0, lh[s] + 0,
				brf[s] + 0, brh[s] + 0, fnf[s] + 0, fnh[s] + 0
		}' "$1" | LC_ALL=C sort
}

# The line counts of a tracefile, merged as lcov merges them:
# "SF LINE COUNT", sorted.
das() {
	awk -F'[:,]' '
		/^SF:/ { sf = substr($0, 4) }
		/^DA:/ { da[sf " " $2] += $3 }
		END { for (k in da) print k, da[k] }' "$1" | LC_ALL=C sort
}

# The same, over every source: "LF LH BRF BRH FNF FNH".
grand() {
	awk '{ for (i = 2; i <= 7; i++) t[i] += $i }
	     END { print t[2] + 0, t[3] + 0, t[4] + 0, t[5] + 0, t[6] + 0,
			 t[7] + 0 }' "$1"
}

# compare CASE [OBJ]: every output of arcov on a/ against lcov on g/;
# with OBJ, the one object of a case with function groups, the text's
# branches against gcov 12's own on g/OBJ.
compare() {
	name=$1
	lcov -q --capture -d g -o gcc.info --rc "$lcov_branch_rc" \
		--gcov-tool "$GCOV" \
		>lcov.log 2>&1 || { echo "FAIL: $name: lcov"; cat lcov.log
				    fail=1; return; }
	# lcov drops sources outside the tree it captured; so does this.
	"$ARCOV" a -b --lcov arcov.info --cobertura arcov.xml >text 2>err
	status "$name: arcov" 0 $?
	totals gcc.info | grep "^$src/" >want
	totals arcov.info | grep "^$src/" >got
	# lcov 2.5 names each branch by its arc ("BRDA:5,f0,4 -> 5,N") and
	# no longer adds a template's instances up by position as lcov 1
	# to 2.4 do, and arcov with them: its branch totals are compared
	# with those lcovs only (LF LH FNF FNH still here).
	named=$(awk -F'[:,]' '/^BRDA:/ && $3 $4 !~ /^[0-9]+$/ { print 1; exit }' gcc.info)
	if [ -n "$named" ]; then
		for f in want got; do
			awk '{ $4 = $5 = "-"; print }' $f >$f.t && mv $f.t $f
		done
	fi
	same "$name: per-source lcov totals = gcov 12 + lcov" want got

	das gcc.info | grep "^$src/" >want_da
	das arcov.info | grep "^$src/" >got_da
	same "$name: every line's count = gcov 12 + lcov" want_da got_da

	grand want >g_tot
	read lf lh brf brh fnf fnh <g_tot

	# The text summary, per source and in total.
	sed -n 's/^Lines executed:[0-9.]*% of //p' text | tail -n 1 >got
	echo "$lf" >want_lf
	same "$name: text: total lines" want_lf got
	# The text's branches are lcov's, but with function groups (case
	# 5), whose members' branches gcov 12 prints in their sections, not
	# in the file's totals: then they are gcov 12's, of the one object.
	awk '/^File /{f = $2} /^Taken at least once/ && f ~ /src\// {
		split($0, p, "of "); n += p[2] }
	     END { print n + 0 }' text >got
	echo "$brf" >want_brf
	# (gcov 13 and later count a group's branches in the file's totals,
	# arcov as gcov 12 does not.)
	if [ -n "${2:-}" ] && [ "$gcc_major" -lt 13 ]; then
		(cd g && $GCOV -b -n "$2" 2>/dev/null) | awk '
			/^File /{f = $2} /^Taken at least once/ && f ~ /src\// {
				split($0, p, "of "); n += p[2] }
			END { print n + 0 }' >want_brf
		same "$name: text: branches" want_brf got
	elif [ -z "$named" ] && [ -z "${2:-}" ]; then
		same "$name: text: branches" want_brf got
	fi

	# Cobertura's totals (sources outside src/ are all but absent here).
	xmllint --xpath 'concat(/coverage/@lines-valid, " ",
		/coverage/@lines-covered, " ", /coverage/@branches-valid, " ",
		/coverage/@branches-covered)' arcov.xml >got 2>&1
	echo "$lf $lh $brf $brh" >want
	if [ -n "$named" ]; then
		cut -d' ' -f1,2 want >want.t && mv want.t want
		cut -d' ' -f1,2 got >got.t && mv got.t got
	fi
	same "$name: Cobertura totals" want got

	# gcov's JSON: lines and branches of the sources of src/.
	(cd a && "$ARCOV" -b -j . >/dev/null 2>&1) ||
		{ echo "FAIL: $name: arcov -j"; fail=1; }
	json_totals() {
		$python -c '
import json, sys
d = json.load(sys.stdin)
lf = lh = brf = brh = fnf = fnh = 0
for f in d["files"]:
    if not f["file"].startswith(sys.argv[1] + "/"):
        continue
    # A line has a record per function of a group: merged as lcov does.
    lines = {}
    branches = {}
    for l in f["lines"]:
        n = l["line_number"]
        lines[n] = lines.get(n, 0) + l["count"]
        for i, b in enumerate(l["branches"]):
            branches[n, i] = branches.get((n, i), 0) + b["count"]
    lf += len(lines); lh += sum(1 for c in lines.values() if c)
    brf += len(branches); brh += sum(1 for c in branches.values() if c)
    names = {}
    for fn in f["functions"]:
        names[fn["name"]] = names.get(fn["name"], 0) + fn["execution_count"]
    fnf += len(names); fnh += sum(1 for c in names.values() if c)
print(lf, lh, brf, brh, fnf, fnh)' "$src"
	}
	gzip -dc a/*.gcov.json.gz | json_totals >got
	cp g_tot want
	if [ -n "$named" ]; then
		cut -d' ' -f1,2,5,6 want >want.t && mv want.t want
		cut -d' ' -f1,2,5,6 got >got.t && mv got.t got
	fi
	same "$name: JSON totals, merged as lcov merges them" want got

	# The branch gate holds at lcov's percentage and fails just above.
	if [ -z "$named" ] && [ "$brf" -gt 0 ] && [ "$brh" -lt "$brf" ]; then
		pct=$(awk -v h="$brh" -v f="$brf" 'BEGIN {
			printf "%.4f", int(h * 1000000 / f) / 10000 }')
		over=$(awk -v p="$pct" 'BEGIN { printf "%.4f", p + 0.01 }')
		"$ARCOV" a -n --fail-under-branch "$pct" >/dev/null 2>&1
		status "$name: --fail-under-branch $pct" 0 $?
		"$ARCOV" a -n --fail-under-branch "$over" >/dev/null 2>&1
		status "$name: --fail-under-branch $over" 4 $?
	fi
}

# fresh: empty trees and sources for the next case.
fresh() {
	rm -rf g a src gcc.info arcov.info arcov.xml
	mkdir g a src
}

# 1. One source compiled twice, static and PIC, only one linked and run.
fresh
cat >src/x.c <<'X'
int x(int a)
{
	if (a > 0)
		return 1;
	return 0;
}
int main(int argc, char **argv)
{
	(void)argv;
	return x(argc) - 1;
}
X
cc_both x "$src/x.c"
cc_both pic -fPIC "$src/x.c"
link_both prog pic.o
run_both prog
compare "static + PIC"
grep -c '^BRDA:' arcov.info >got; echo 2 >want
same "static + PIC: one if, two branch records" want got

# 2. A library's .c #included into several test programs.
fresh
cat >src/lib.c <<'X'
static int clamp(int v, int lo, int hi)
{
	if (v < lo)
		return lo;
	if (v > hi)
		return hi;
	return v;
}
int lib_sum(int n)
{
	int s = 0, i;
	for (i = -n; i <= n; i++)
		s += clamp(i, -2, 3);
	return s;
}
X
for t in 1 2 3; do
	printf '#include "lib.c"\nint main(void) { return lib_sum(%d) == 12345; }\n' \
		$t >src/t$t.c
	cc_both t$t "$src/t$t.c"
	link_both t$t t$t.o
	run_both t$t
done
compare ".c included by three tests"

# 3. A header's static inline function, used by two files.
fresh
cat >src/h.h <<'X'
static inline int sign(int v)
{
	if (v < 0)
		return -1;
	return v > 0;
}
X
printf '#include "h.h"\nint f1(int v) { return sign(v); }\n' >src/f1.c
printf '#include "h.h"\nint f1(int);\nint main(int c, char **v) { (void)v; return f1(c) + sign(-c) + (c > 5); }\n' >src/m.c
cc_both f1 "$src/f1.c"
cc_both m "$src/m.c"
link_both prog f1.o m.o
run_both prog
run_both prog 1 2 3 4 5 6
compare "header static inline in two files"

# 4. A C++ template instantiated in two translation units.
fresh
cat >src/tpl.h <<'X'
template <typename T> T pick(T a, T b, bool first)
{
	if (first)
		return a;
	return a < b ? b : a;
}
X
printf '#include "tpl.h"\nint u1(int a) { return pick(a, 3, a > 1); }\n' >src/u1.cc
printf '#include "tpl.h"\nint u1(int);\nint main(int c, char **) { return pick(c, 2, false) + u1(c) > 100; }\n' >src/u2.cc
cc_both u1 "$src/u1.cc"
cc_both u2 "$src/u2.cc"
link_both prog u1.o u2.o
run_both prog
run_both prog 1 2
compare "C++ template in two units"

# 5. Functions sharing their first line (gcov 12's function groups): two
# instances of one template, whose lines are counted apart and summed
# (and whose branches on one line lcov merges by position), and
# a virtual destructor, which GCC emits as two symbols on one line; and a
# header's implicit constructor (left out) before a template of the same
# header, whose lines must stay the header's.
fresh
cat >src/grp.h <<'X'
struct Point {
	int x = 1, y = 2;
};
template <class T> T twice(T v) noexcept
{
	return v + v;
}
struct Base {
	virtual ~Base() {}
	virtual int v() { return 1; }
};
struct Derived : Base {
	int v() { return 2; }
};
X
cat >src/grp.cc <<'X'
#include "grp.h"
template <int N> int f(int x)
{
	int t = (N == 1) ? x + 1 : (x > 2 ? x : 0);
	if (x > 3 * N)
		t++;
	return t;
}
static int use_header()
{
	Point p;
	return twice(p.x) + (twice(1.5) > 2.0);
}
int main()
{
	int s = 0;
	for (int i = 0; i < 100; i++)
		s += f<1>(i);
	for (int i = 0; i < 5; i++)
		s += f<2>(i);
	Base *b = new Derived;
	s += b->v();
	delete b;
	return s == use_header();
}
X
cc_both grp "$src/grp.cc"
link_both prog grp.o
run_both prog
compare "function groups" grp.o
awk '/^SF:/ { in_cc = /\/grp\.cc$/ } in_cc && /^DA:4,/' arcov.info >got
echo DA:4,105 >want
same "function groups: a template's line counts every instance" want got

# 6. CI shards: the same program run in two shards, merged by
# arcov-merge, against gcc's counts of the two runs in one tree.
fresh
cat >src/sample.c <<'X'
static int kind(int n)
{
	if (n % 15 == 0)
		return 3;
	if (n % 5 == 0)
		return 2;
	return n % 3 == 0;
}
int main(int argc, char **argv)
{
	int i, s = 0, n = argc > 1 ? argv[1][0] - '0' : 1;

	for (i = 1; i <= n * 5; i++)
		s += kind(i);
	return s < 0;
}
X
cc_both sample "$src/sample.c"
link_both prog sample.o
(cd g && ./prog 3 && ./prog 40) >/dev/null 2>&1
mkdir s1 s2
(cd a && ./prog 3) >/dev/null 2>&1; mv a/sample.da s1/
(cd a && ./prog 40) >/dev/null 2>&1; mv a/sample.da s2/
"$build/tools/arcov-merge" a s1 s2 >/dev/null 2>&1
status "shards: arcov-merge" 0 $?
compare "arcov-merged shards"

# Every object is loaded and solved once, whatever is asked for.
"$ARCOV" a -b -j --lcov l.info --cobertura c.xml --callgrind cg.out \
	--cachegrind cgo.out --webgrind cachegrind.out.w --debug=stats \
	>/dev/null 2>err
grep '^arcov: debug:' err >got
nfn=$("$build/tools/arcov-dump" a/sample.bbg | grep -c ": function '")
echo "arcov: debug: 1 objects loaded, $nfn flow graphs solved" >want
same "every output at once: one load, one solve per graph" want got

exit $fail
