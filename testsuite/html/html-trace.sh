#!/bin/sh
# html-trace.sh -- arcov --html --trace: the time profile beside the
# counts.  The demo built with -fplugin-arg-arcov-profile, run with a
# timeline: each function's calls in the trace equal its count from the
# coverage data, and the flame graph's bars are the trace's times (main's
# is its inclusive time; no bar holds less than the bars on it).  Without
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
