#!/bin/sh
# html-site.sh -- arcov --html: a small project in three directories (a C++
# throw, a file named with markup characters, a header reached through
# "..") run as two labelled tests, its site opened in headless Chromium.
# What the rendered pages show -- totals, every line's count, the arcs
# under each line, the functions, each test's lines and totals, the n/p
# keys, sorting -- must equal what arcov's text, lcov and JSON reports say.
# Screenshots are kept in testsuite/html/ for a look.
. "${top_srcdir:-.}/testsuite/html/lib.sh"
enter_tmp

mkdir -p proj/src/util proj/lib proj/include
cd proj || exit 99
cat >src/main.c <<'EOF'
/* main.c -- the argument picks the test. */
#include <stdio.h>
#include <stdlib.h>
#include "../include/inl.h"

int calc(int mode, int n);
int odd_name(int x);
int guarded_sum(int n);

int main(int argc, char **argv)
{
	int mode = argc > 1 ? atoi(argv[1]) : 0;

	if (mode == 1)
		printf("%d\n", calc(1, 10));
	else
		printf("%d\n", calc(2, 5) + odd_name(mode));
	printf("%d %d\n", guarded_sum(mode * 3), twice(mode));
	return 0;
}
EOF
cat >include/inl.h <<'EOF'
/* inl.h -- a header's function, reached as ../include/inl.h. */
static inline int twice(int x)
{
	return x < 2 ? x : 2 * x;
}
EOF
cat >src/util/calc.c <<'EOF'
/* calc.c -- loops and branches some tests take. */
int calc(int mode, int n)
{
	int s = 0;

	for (int i = 0; i < n; i++) {
		if (mode == 1 && i % 3 == 0)
			s += i;
		else
			s -= 1;
	}
	return s;
}

int never_called(int x)
{
	if (x > 2)
		return x * 2;
	return x;
}
EOF
cat >'lib/a&b<c>.c' <<'EOF'
/* <script>alert("&amp;")</script> must stay text. */
int odd_name(int x)
{
	return x > 1 ? x : -x;
}
EOF
cat >src/eh.cc <<'EOF'
// eh.cc -- an exception thrown and caught: a throw arc.
#include <stdexcept>

static int check(int x)
{
	if (x % 4 == 0)
		throw std::runtime_error("multiple of four");
	return x;
}

extern "C" int guarded_sum(int n)
{
	int t = 0;

	for (int i = 1; i <= n; i++) {
		try {
			t += check(i);
		} catch (const std::exception &) {
			t--;
		}
	}
	return t;
}
EOF
if ! { cc_plugin "$CC" -O0 -c src/main.c -o src/main.o &&
       cc_plugin "$CC" -O0 -c src/util/calc.c -o src/util/calc.o &&
       cc_plugin "$CC" -O0 -c 'lib/a&b<c>.c' -o lib/odd.o &&
       cc_plugin "$CXX" -O0 -c src/eh.cc -o src/eh.o &&
       link_arcov "$CXX" src/main.o src/util/calc.o lib/odd.o src/eh.o \
		-o prog; } >build.log 2>&1; then
	sed 's/^/    /' build.log
	hard_error "building the project"
fi
ARCOV_APPEND=1 ARCOV_RUN_LABEL=alpha ./prog 1 >/dev/null &&
ARCOV_APPEND=1 ARCOV_RUN_LABEL=beta ./prog 2 >/dev/null ||
	hard_error "running the project"

"$ARCOV" --html=../site --lcov=../all.info -n -b . >../summary 2>../err
status "--html with --lcov" 0 $?
cd .. || exit 99
(cd proj && "$ARCOV" -b -c -t . >../text 2>/dev/null)
(cd proj && "$ARCOV" -j -t . >../json 2>/dev/null)
top=$(cd proj && pwd -P)

# --- the pages, named safely, and valid HTML ---
(cd site && find . -type f | sort) >pages
cat >want <<'EOF'
./arcov.css
./arcov.js
./callgraph.dot
./callgraph.html
./include/index.html
./include/inl.h.html
./index.html
./lib/a_b_c_.c.html
./lib/index.html
./src/eh.cc.html
./src/index.html
./src/main.c.html
./src/util/calc.c.html
./src/util/index.html
EOF
same "one page per directory and source, names made safe" want pages
for page in $(grep '\.html$' pages | grep -v callgraph); do
	xmllint --html --noout "site/$page" 2>&1 | grep 'parser error' |
	grep -v 'Tag \(header\|nav\|main\|footer\) invalid' >>xmllint.out
done
same "xmllint --html: no error but HTML5's elements" /dev/null xmllint.out
# The call graph's SVG is XML: well-formed, as an .svg file would be.
sed -n '/^<svg /,/^<\/svg>/p' site/callgraph.html >callgraph.svg
xmllint --noout callgraph.svg 2>xmllint.out
same "xmllint: the call graph's SVG is well-formed XML" /dev/null xmllint.out

# The tree starts at --root; a --filter that shows more widens it.
(cd proj && "$ARCOV" --html=../site-root --quiet --root src . &&
 "$ARCOV" --html=../site-wide --quiet --root src --filter '\.c$' .) ||
	{ echo "FAIL: --html with --root"; fail=1; }
(cd site-root && find . -name '*.html' | sort | paste -sd' ') >got
echo "./callgraph.html ./eh.cc.html ./index.html ./main.c.html" \
	"./util/calc.c.html ./util/index.html" >want
same "--root: the tree starts there" want got
(cd site-wide && find . -name '*.c.html' | sort | paste -sd' ') >got
echo "./lib/a_b_c_.c.html ./src/main.c.html ./src/util/calc.c.html" >want
same "--root with a wider --filter: the tree holds both" want got

# --- the index: totals and each test's, as lcov counts them ---
render index site/index.html
lcov_totals all.info >want
dom totals index | cut -d' ' -f1-3 >got
same "index totals = lcov's LH/LF, FNH/FNF, BRH/BRF" want got
check "index line percentage = the text summary's" \
	"$(tail -n 1 summary | sed 's/Lines executed:\([^ ]*\) of .*/\1/')" \
	"$(dom totals index | sed -n 's/^lines .* //p')"
: >want
for label in alpha beta; do
	(cd proj && "$ARCOV" --run "$label" --lcov=- .) >"$label.info" \
		2>/dev/null
	lcov_totals "$label.info" | sed "s/^/$label /" >>want
done
dom tests index >got
same "index: each test's totals = lcov of --run LABEL" want got
dom rows index >got
printf '%s\n' include/ lib/ src/ >want
same "index lists the top directories by name" want got

# Sorted by line coverage, ascending, from the column's button.
render sorted 'site/index.html?sort=1'
dom rows sorted >got
printf '%s\n' src/ include/ lib/ >want
same "the files table sorts by line coverage" want got

# --- every source page: totals, lines, arcs, functions ---
for src in src/main.c src/eh.cc src/util/calc.c 'lib/a&b<c>.c' \
	   include/inl.h; do
	page=$(printf '%s' "$src" | tr '&<>' '___').html
	name=$(basename "$src")
	render "$name" "site/$page"
	text_lines "$src" <text >want
	dom lines "$name" >got
	same "$src: every line's count = the .gcov text's" want got
	text_arcs "$src" <text >want
	dom arcs "$name" >got
	same "$src: the arcs under each line = gcov -b -c's" want got
	json_fns "$src" <json >want
	dom fns "$name" >got
	same "$src: the functions = the JSON's" want got
	lcov_totals all.info "$top/$src" >want
	dom totals "$name" | cut -d' ' -f1-3 >got
	same "$src: totals = lcov's" want got
done
dom arcs eh.cc | grep -q '^7 branch 3 0$' ||
	{ echo "FAIL: the throw arc of eh.cc:7"; fail=1; }
grep -q '(throw)</li>' "$(dom_file eh.cc)" && echo "PASS: the throw arc is labelled" ||
	{ echo "FAIL: the throw arc is not labelled"; fail=1; }
grep -q 'call 5 never executed' "$(dom_file eh.cc)" && echo "PASS: call arcs are labelled" ||
	{ echo "FAIL: call arcs are not labelled"; fail=1; }

# Markup in names and sources is text, never markup.
check "a&b<c>.c: the heading is its name" 'lib/a&b<c>.c' \
	"$(dom text 'a&b<c>.c' h1)"
check "a&b<c>.c: no script but arcov.js" 1 "$(dom count 'a&b<c>.c' script)"
grep -q '&lt;script&gt;alert("&amp;amp;")&lt;/script&gt;' \
	"$(dom_file 'a&b<c>.c')" && echo "PASS: the source's markup is escaped" ||
	{ echo "FAIL: the source's markup is not escaped"; fail=1; }

# --- the n and p keys: from the top, the lines not run or with a branch
# not taken, in order, wrapping around ---
text_nav src/util/calc.c <text >nav
first=$(sed -n 1p nav) second=$(sed -n 2p nav) last=$(sed -n '$p' nav)
for keys in n:$first nn:$second nnp:$first p:$last; do
	render calc-keys "site/src/util/calc.c.html?keys=${keys%%:*}"
	check "calc.c: keys ${keys%%:*} go to line ${keys#*:}" \
		"L${keys#*:}" "$(dom attr calc-keys body data-current)"
done

# --- one test picked: its lines, as --run LABEL counts them ---
for i in 0 1; do
	label=$(echo alpha beta | cut -d' ' -f$((i + 1)))
	(cd proj && "$ARCOV" --run "$label" -t .) 2>/dev/null >"run-$label"
	render "eh-$label" "site/src/eh.cc.html?label=$i"
	text_lines src/eh.cc <"run-$label" |
		awk '{ print $1, ($2 > 0 ? "ran" : "not") }' >want
	dom picked "eh-$label" >got
	same "eh.cc, test $label picked: its lines = --run $label's" want got
done

# --- the call graph: each function's calls as the JSON counts them, the
# arcs as the program made them ---
render callgraph site/callgraph.html
"$python" -c '
import json
for doc in open("json"):
    for f in json.loads(doc)["files"]:
        for fn in f["functions"]:
            print(fn["demangled_name"], fn["execution_count"])' |
	sort >want
dom boxes callgraph | grep -v -e '^__cxa' -e '^atoi ' -e '^printf ' \
	-e '^std::' >got
same "call graph: the functions and their calls = the JSON's" want got
dom calls callgraph | grep -e '^main > ' -e '^guarded_sum > check' >got
cat >want <<'EOF'
guarded_sum > check(int) 9
main > atoi 2
main > calc 2
main > guarded_sum 2
main > odd_name 1
main > printf 4
main > twice 2
EOF
same "call graph: the arcs and their calls" want got
# One function's neighbourhood: itself, its callers, its callees.
render near 'site/callgraph.html?fn=guarded_sum'
"$python" "$srcdir/dom.py" boxes "$(dom_file near)" >all
grep -o 'class="fn [a-z]* off" data-name="[^"]*"' "$(dom_file near)" |
	sed 's/.*data-name="//; s/"$//' | sort >off
sed 's/ [0-9]*$//' all | sort | comm -23 - off >got
printf '%s\n' __cxa_begin_catch __cxa_end_catch 'check(int)' guarded_sum \
	main | sort >want
same "call graph ?fn=guarded_sum: its callers and callees only" want got
grep -q 'callgraph.html?fn=guarded_sum' "$(dom_file eh.cc)" &&
	echo "PASS: the function table links to the neighbourhood" ||
	{ echo "FAIL: no link to the neighbourhood"; fail=1; }
test -s site/callgraph.dot && echo "PASS: callgraph.dot written" ||
	{ echo "FAIL: no callgraph.dot"; fail=1; }

# --- pictures ---
shoot index.png 'site/index.html' 1100,600
shoot source.png 'site/src/eh.cc.html?label=0&keys=n' 1100,1000
shoot calc.png 'site/src/util/calc.c.html' 1100,900
shoot callgraph.png 'site/callgraph.html' 1200,800

exit $fail
