#!/bin/sh
# Functions GCC inlines before gcov instruments, even at -O0
# (always_inline: fmt's FMT_INLINE, libstdc++'s atomic helpers; issue
# 29): arcov lists what gcov lists, the functions the object defines, no
# line for the declarator of one only inlined; the lines of its statements
# stay, counted per run of the inlined copies, also for two instances of
# a template, which start on one line and are no function group (gcov
# 12's JSON lists twice<T>'s lines 27-28; arcov's lost them), and
# those of an extern inline one, not the object's but inlined into it.
. "$top_srcdir/testsuite/e2e/lib.sh"

# json_lines DIR [SRC]: "LINE COUNT" of SRC (alwaysinline.cc) in DIR's
# JSON report, then "fn NAME" for each function listed.
json_lines()
{
	jl_src=${2:-alwaysinline.cc}
	gzip -dc "$1/${jl_src%.*}.gcov.json.gz" | python3 -c '
import json, sys
for f in json.load(sys.stdin)["files"]:
    if f["file"].endswith(sys.argv[1]):
        for l in f["lines"]:
            print(l["line_number"], l["count"])
        for fn in sorted(f["functions"], key=lambda x: x["name"]):
            print("fn", fn["name"], fn["execution_count"])
' "$jl_src"
}

build_gcc alwaysinline.cc
build_arcov alwaysinline.cc -O0
run_both
check_marks alwaysinline.cc
# gcov counts an inlined copy's lines where GCC merged its blocks: it
# attaches a block to its last line (main's get() joins line 52's block,
# so line 8 reads 2 for 3 calls, and twice's line 28 reads 1 for 4).
# arcov counts each function's own statements, once per run.  A caller's
# line is entered again when an inlined body returns a value to it
# (lines 51, 52 and 56 read 2 for 1 run), in both.
# A call of a void one has no line in gcov: nothing is left in its place
# once the body is inlined ("b.add(0);"); arcov still lists it.
allowed="8 28 50"
compare_gcov alwaysinline.cc "$allowed"
check_report alwaysinline.cc
(cd "$tmp/gcc" && $GCOV -j alwaysinline.cc > /dev/null 2>&1) || fail "gcov -j failed"
(cd "$tmp/arcov" && "$arcov" -j alwaysinline.cc > /dev/null 2>&1) ||
	fail "arcov -j failed"
# The same lines, functions and calls in both JSON reports, but for the
# lines above.
for side in gcc arcov; do
	json_lines "$tmp/$side" | awk -v allowed=" $allowed " '
		index(allowed, " " $1 " ") { next } { print }' > "$tmp/$side.json.lines"
done
grep -qx '27 4' "$tmp/arcov.json.lines" ||
	fail "twice<T>'s line 27 is not in arcov's JSON report, run 4 times"
diff -u "$tmp/gcc.json.lines" "$tmp/arcov.json.lines" > "$tmp/json.diff" ||
	fail "JSON reports differ (- gcov $gcc_major, + arcov):
$(cat "$tmp/json.diff")"
for want in '51 2' '52 2' '56 2'; do
	grep -qx "$want" "$tmp/arcov.json.lines" ||
		fail "alwaysinline.cc: no line \"$want\" in arcov's JSON report"
done

# The same after bodies returning a value, each shape once: the caller's
# line reads what gcov 12's graph gives it (plugin/inline-returns.cc).
# Left out: the inlined bodies' own lines (above), and line 43, whose
# last block goes on into a void body's call on line 44, which arcov
# lists (gcov 12 reads 3 on line 43, arcov 2; line 44 has no count in
# gcov).
rm -f "$tmp"/arcov/*.da "$tmp"/gcc/*.gcda
build_gcc alwaysinline-ret.cc
build_arcov alwaysinline-ret.cc -O0
run_both
check_marks alwaysinline-ret.cc
allowed="11 25 26 43 44"
compare_gcov alwaysinline-ret.cc "$allowed"
(cd "$tmp/gcc" && $GCOV -j alwaysinline-ret.cc > /dev/null 2>&1) ||
	fail "gcov -j alwaysinline-ret.cc failed"
(cd "$tmp/arcov" && "$arcov" -j alwaysinline-ret.cc > /dev/null 2>&1) ||
	fail "arcov -j alwaysinline-ret.cc failed"
for side in gcc arcov; do
	json_lines "$tmp/$side" alwaysinline-ret.cc | awk -v allowed=" $allowed " '
		index(allowed, " " $1 " ") { next } { print }' \
		> "$tmp/$side.ret.lines"
done
diff -u "$tmp/gcc.ret.lines" "$tmp/arcov.ret.lines" > "$tmp/json.diff" ||
	fail "alwaysinline-ret.cc: JSON reports differ (- gcov $gcc_major, + arcov):
$(cat "$tmp/json.diff")"
# Exact: "a = one (a) + one (a);" entered twice, "a = one (a);" once (its
# store goes on into line 41's block), "get (&a);" not listed.
for want in '40 1' '41 2' '42 1' '47 1' '54 3' '55 1'; do
	grep -qx "$want" "$tmp/arcov.ret.lines" ||
		fail "alwaysinline-ret.cc: no line \"$want\" in arcov's JSON report"
done
grep -q '^39 ' "$tmp/arcov.ret.lines" &&
	fail "alwaysinline-ret.cc: line 39, a value dropped, is listed"
pass
