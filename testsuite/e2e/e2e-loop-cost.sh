#!/bin/sh
# The cost model of the loop transformations (plugin/loop-cost.cc), read
# from the pass's dump on loops of known shapes (loop-cost.c), at -O2 in
# the plain, the per-thread and the atomic modes: the long counted loop's
# increment is added before it; the loop of at most three passes keeps
# its increments in memory (registers would save nothing there and cost a
# zero and an add per counter on every entry); the string scan's count
# comes from its pointer on the exit; the loop whose increments keep two
# fields in memory counts in registers.  Every decision line names its
# loop, the passes and where they come from, what is saved and what it
# costs.  The counts stay exact (the marks, and gcov on a --coverage
# build).
. "$top_srcdir/testsuite/e2e/lib.sh"

case $(uname -m) in
x86_64) ;;
*) skip "asm increments are x86-64 only" ;;
esac

# decision FUNCTION: the verdicts of FUNCTION's loops in the dump (what
# follows "per entry: " on each decision line), one a line.
decision()
{
	cat "$tmp/arcov"/*.arcov_loops | awk -v fn="$1" '
		/^;; Function / { f = $3; sub(/\..*/, "", f) }
		f == fn && /^arcov: loop [0-9]+: .*costs [0-9]+ per entry: / {
			sub(/.*per entry: /, ""); print }'
}

# expect_decision FUNCTION VERDICT: FUNCTION's loop decided VERDICT.
expect_decision()
{
	decision "$1" | grep -qx "$2" ||
		fail "$1(): not \"$2\" ($mode): $(decision "$1")"
}

build_gcc loop-cost.c
for mode in "" -pthread -fplugin-arg-arcov-atomic; do
	rm -rf "$tmp/arcov" && mkdir "$tmp/arcov" || hard_error "cannot clean"
	rm -f "$tmp/gcc"/*.gcda
	build_arcov loop-cost.c -O2 $loop_dump $mode
	run_both
	check_marks loop-cost.c
	compare_gcov loop-cost.c
	grep -q '^arcov: loop [0-9]*: counted, 1000.0 passes per entry (estimate), 1 increments, 0 blocked references: saves [0-9.]*, costs [0-9]* per entry: added before the loop$' \
		"$tmp/arcov"/*.arcov_loops ||
		fail "no full decision line for long_loop() ($mode)"
	expect_decision long_loop "added before the loop"
	expect_decision scan "counted on the exits"
	expect_decision split "in registers"
	# Counting atomically a locked add is worth keeping out of even a
	# short loop.
	test "$mode" = -fplugin-arg-arcov-atomic && continue
	expect_decision few "plain increments"
	decision few | grep -qv "plain increments" &&
		fail "few(): transformed ($mode): $(decision few)"
done
pass
