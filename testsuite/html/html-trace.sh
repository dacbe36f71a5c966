#!/bin/sh
# html-trace.sh -- arcov --html --trace: the time profile beside the
# counts.  The demo built with -fplugin-arg-arcov-profile, run with a
# timeline: each function's calls in the trace equal its count from the
# coverage data, the flame graph's bars are the trace's times (main's
# is its inclusive time; no bar holds less than the bars on it), and the
# timeline draws or counts every call of the trace, in bounded size.  Without
# a timeline the flame graph is unfolded from the arcs, and says so.
. "${top_srcdir:-.}/testsuite/html/lib.sh"
enter_tmp

cp "$top_srcdir/samples/demo.c" . || exit 99
if ! { cc_plugin "$CC" -fplugin-arg-arcov-profile -O0 -c demo.c \
		-o demo.o &&
       link_arcov "$CC" demo.o -o demo; } >build.log 2>&1; then
	sed 's/^/    /' build.log
	hard_error "building the demo with the profile"
fi
ARCOV_TIMELINE=1 ./demo 2000 >/dev/null || hard_error "running the demo"

"$ARCOV" -n --html=site --trace=demo.arcov-trace demo.c >out 2>err
status "--html --trace" 0 $?
render page site/demo.c.html
dom trace page >table
awk '{ print $1, $2 }' table >want
awk '{ print $1, $3 }' table >got
same "every function: its calls in the trace = its count" want got
check "the demo's functions, traced" 3 "$(wc -l <table | tr -d ' ')"

render flame site/flame.html
dom frames flame >frames
check "flame graph: main's bar = main's inclusive time" \
	"$(awk '$1 == "main" { print $4 }' table)" \
	"$(awk '$1 == 1 && $2 == "main" { print $3 }' frames)"
awk '$1 == 2 { sum += $3 } $1 == 1 { main = $3 }
     END { print (sum <= main) ? "yes" : "no: " sum " > " main }' frames >got
echo yes >want
same "flame graph: the bars on main hold no more than main" want got
grep -q 'every bar is the exact time of its path' "$(dom_file flame)" &&
	echo "PASS: the flame graph says it is from the timeline" ||
	{ echo "FAIL: the flame graph does not say where it is from"; fail=1; }
shoot flame.png site/flame.html 1200,300

# The timeline: every call of the trace (arcov --chrome-trace's "X"
# events, in ns) drawn as a bar of its own at its start and duration, or
# counted in a bar gathering calls shorter than a pixel; per function the
# same calls and the same total time.
"$ARCOV" --chrome-trace=trace.json demo.arcov-trace 2>err ||
	hard_error "arcov --chrome-trace: $(cat err)"
"$python" -c '
import json
for e in json.load(open("trace.json"))["traceEvents"]:
    if e["ph"] == "X":
        print(e["name"], round(e["ts"] * 1000), round(e["dur"] * 1000))' |
	sort >trace.calls
render timeline site/timeline.html
dom spans timeline | sort >spans
comm -23 spans trace.calls >got
same "timeline: every bar drawn is a call of the trace, in place" \
	/dev/null got
check "timeline: the bars drawn, as the page counts them" \
	"$(sed -n 's/.*id="drawn" data-spans="\([0-9]*\)".*/\1/p' \
		"$(dom_file timeline)")" "$(wc -l <spans | tr -d ' ')"
{ awk '{ print $1, 1, $3 }' spans; dom gathered timeline; } |
	awk '{ n[$1] += $2; t[$1] += $3 }
	     END { for (f in n) print f, n[f], t[f] }' | sort >got
awk '{ n[$1]++; t[$1] += $3 } END { for (f in n) print f, n[f], t[f] }' \
	trace.calls | sort >want
same "timeline: per function, the trace's calls and time" want got
grep -q 'href="timeline.html">Timeline</a>' "$(dom_file page)" &&
grep -q 'href="timeline.html">Timeline</a>' "$(dom_file flame)" &&
	echo "PASS: the source and flame pages link the timeline" ||
	{ echo "FAIL: no link to the timeline"; fail=1; }
render zoomed 'site/timeline.html?zoom=4'
check "timeline: zoom 4 widens the axis" 4640 \
	"$(dom attr zoomed svg width)"
x1=$(dom attr timeline rect x) x4=$(dom attr zoomed rect x)
check "timeline: zoom 4 moves a bar 4 times as far" yes \
	"$(awk -v a="$x1" -v b="$x4" 'BEGIN { d = a * 4 - b
		print (d < 0.05 && d > -0.05) ? "yes" : a " " b }')"
shoot timeline.png site/timeline.html 1200,400

# A long trace: the page stays bounded (about two bars a pixel per
# depth), every call still counted.
ARCOV_TIMELINE=1 ./demo 400000 >/dev/null || hard_error "running the demo"
"$ARCOV" --chrome-trace=long.json demo.arcov-trace 2>err ||
	hard_error "arcov --chrome-trace: $(cat err)"
"$python" -c '
import json
n = {}
for e in json.load(open("long.json"))["traceEvents"]:
    if e["ph"] == "X":
        n[e["name"]] = n.get(e["name"], 0) + 1
for f in sorted(n):
    print(f, n[f])' >want
"$ARCOV" -n --html=long --trace=demo.arcov-trace demo.c >out 2>err
status "--html --trace, a long timeline" 0 $?
render long long/timeline.html
{ dom spans long | awk '{ print $1, 1 }'; dom gathered long; } |
	awk '{ n[$1] += $2 } END { for (f in n) print f, n[f] }' | sort >got
same "long timeline: every call counted" want got
bars=$(($(dom count long g) - $(grep -c '<g class="tick"' \
	"$(dom_file long)")))
calls=$(awk '{ s += $2 } END { print s }' want)
check "long timeline: $calls calls in at most 2 x 1160 x 2 bars a run" yes \
	"$([ "$bars" -le $((2 * 1160 * 2 * 2)) ] && echo yes || echo "no: $bars")"

# Without a timeline: unfolded from the arcs, and said so.
rm -f demo.arcov-trace
./demo 2000 >/dev/null || hard_error "running the demo"
"$ARCOV" -n --html=site2 --trace=demo.arcov-trace demo.c >out 2>err
status "--html --trace, no timeline" 0 $?
render flame2 site2/flame.html
grep -q 'holds no timeline' "$(dom_file flame2)" &&
	echo "PASS: without a timeline the flame graph says so" ||
	{ echo "FAIL: the flame graph does not say it has no timeline"; fail=1; }
dom frames flame2 | awk '$1 == 1 { print $2 }' >got
echo main >want
same "no timeline: main at the bottom" want got

"$ARCOV" -n --trace=demo.arcov-trace demo.c >out 2>err
status "--trace without --html" 2 $?
exit $fail
