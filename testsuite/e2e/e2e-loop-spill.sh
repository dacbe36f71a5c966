#!/bin/sh
# The registers a loop's counters would take from the values live through
# it (plugin/loop-cost.cc, live_through()), read from the pass's dump on
# one loop in two places (loop-spill.c), at -O2 in the per-thread and the
# -single modes: the clamp loop alone in its function keeps its counters
# in registers, its clamp arm folded into the branch; the same loop where
# thirteen values live through it (at least: GCC may keep copies), which
# the loop's own registers do not show, is billed a store and a load for each of its two registers and
# keeps its plain increments.  The counts stay exact (the marks, and gcov
# on a --coverage build).
. "$top_srcdir/testsuite/e2e/lib.sh"

case $(uname -m) in
x86_64) ;;
*) skip "asm increments are x86-64 only" ;;
esac

# bill FUNCTION: the decision line of FUNCTION's loop, from the loop's
# passes to its verdict.
bill()
{
	cat "$tmp/arcov"/*.arcov_loops | awk -v fn="$1" '
		/^;; Function / { f = $3; sub(/\..*/, "", f) }
		f == fn && /^arcov: loop [0-9]+: .* per entry: / {
			sub(/^arcov: loop [0-9]+: /, ""); print }'
}

build_gcc loop-spill.c
for mode in "" -fplugin-arg-arcov-single; do
	rm -rf "$tmp/arcov" && mkdir "$tmp/arcov" || hard_error "cannot clean"
	rm -f "$tmp/gcc"/*.gcda
	build_arcov loop-spill.c -O2 $loop_dump $mode
	run_both
	check_marks loop-spill.c
	# gcov does not list the line of an always_inline function's
	# name, which no code of gcc's -O0 build is on.
	compare_gcov loop-spill.c "$(grep -n '^insert(' \
		"$srcdir/loop-spill.c" | cut -d: -f1)"
	bill alone | grep -Eqx '4.0 passes per entry \(guess\), 2 counters, 1.00 increments per pass, 0 blocked references, 1 arms folded, 1.00 branches removable per pass, [0-9]+ registers live, [0-2] through, 0 spilled: saves 12.0, costs 9 per entry: in registers' ||
		fail "alone() ($mode): $(bill alone)"
	bill crowded | grep -Eqx '4.0 passes per entry \(guess\), 2 counters, 1.00 increments per pass, 0 blocked references, 1 arms folded, 1.00 branches removable per pass, [0-9]+ registers live, 1[3-9] through, 2 spilled: saves 12.0, costs 13 per entry: plain increments' ||
		fail "crowded() ($mode): $(bill crowded)"
	# What the bill decided is what GCC was given: crowded()'s clamp
	# arm keeps its increment, alone()'s is folded.
	awk '/^;; Function /{ f = $3 } /folded into its branch/ { print f }' \
		"$tmp/arcov"/*.arcov_loops | sort -u | grep -qx alone ||
		fail "alone(): no arm folded ($mode)"
	awk '/^;; Function /{ f = $3 } /folded into its branch/ { print f }' \
		"$tmp/arcov"/*.arcov_loops | grep -q crowded &&
		fail "crowded(): an arm folded ($mode)"
done
pass
