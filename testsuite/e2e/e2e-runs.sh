#!/bin/sh
# A straight run of increments of several counters becomes one increment
# of a run counter (plugin/merge-increments.cc, plugin/runs.cc), which
# the runtime adds to its members at every dump (runtime/runs.c): in
# runs.cc's chain(), five increments of four counters (chain()'s entry,
# twice() inlined twice, plus(), mix()) are one, and side() has one on
# each arm.  Per thread (in four threads, by thread copies folded at
# their exit; also with -fPIC, through a base register), -single and
# -atomic (one "lock addq" per run): exact counts against the marks and
# gcov, one increment per run in the code, and the pass's dump listing
# each run.  -continuous makes no runs (the dump says none) and counts
# exactly too.
. "$top_srcdir/testsuite/e2e/lib.sh"

case $(uname -m) in
x86_64) ;;
*) skip "asm increments are x86-64 only" ;;
esac

# body FUNCTION: FUNCTION's instructions in $tmp/arcov/runs.s.
body()
{
	asm_body "$tmp/arcov/runs.s" "$1"
}

# increments FUNCTION: FUNCTION's increments of a counter.
increments()
{
	body "$1" | grep -c 'addq	\$1, .*\(LARCOV\|(%r\)'
}

build_gcc runs.cc -pthread
for mode in "" -fplugin-arg-arcov-single \
	"-fPIC -fno-semantic-interposition" \
	-fplugin-arg-arcov-atomic -fplugin-arg-arcov-continuous; do
	rm -f "$tmp"/arcov/*.arcov_merge "$tmp"/gcc/*.gcda
	marked_report runs.cc "runs$mode" -O2 -pthread -fdump-tree-all $mode
	compare_gcov runs.cc
	runs=$(cat "$tmp"/arcov/*.arcov_merge 2>/dev/null |
	       grep -c '^arcov: bb [0-9]*: run counter')
	case $mode in
	*continuous)
		test "$runs" = 0 ||
			fail "($mode) $runs runs made: $(grep 'run counter' "$tmp"/arcov/*.arcov_merge)"
		continue ;;
	esac
	test "$runs" = 3 ||
		fail "($mode) $runs runs, not 3: $(grep 'arcov: ' "$tmp"/arcov/*.arcov_merge)"
	# twice() is the lowest counter (0), then plus(), mix(), chain().
	grep -q '^arcov: bb [0-9]*: run counter [0-9]* for 4 counters (0\*2 1\*1 2\*1 3\*1): 5 increments become one$' \
		"$tmp"/arcov/*.arcov_merge ||
		fail "($mode) no run of chain() in the dump: $(grep 'arcov: ' "$tmp"/arcov/*.arcov_merge)"
	(cd "$tmp/arcov" &&
	 cc_plugin "$CXX" -O2 -pthread $mode -S runs.cc -o runs.s) > "$tmp/s.log" 2>&1 ||
		fail "runs.cc -S ($mode): $(cat "$tmp/s.log")"
	n=$(increments _Z5chaini)
	test "$n" = 1 ||
		fail "chain() ($mode): $n increments, not 1: $(body _Z5chaini)"
	n=$(increments _Z4sidei)
	test "$n" = 2 ||
		fail "side() ($mode): $n increments, not 2: $(body _Z4sidei)"
done
pass
