#!/bin/sh
# Loops (plugin/loop-counts.cc): at -O2 the increments of a loop whose
# trip count GCC computes on entry are added up in its preheader, and a
# call-free loop's other hot counters are kept in registers, added in on
# its exits, in the plain, the per-thread and the atomic modes.  The
# counts stay exact (the marks of loop-counts.c, and gcov 12 on a
# --coverage build); the pass's dump names the functions it hoisted
# increments from and those whose counters it kept in registers, and it
# leaves alone the loop with a call, the two-exit loop's hoisting and the
# loop of at most four passes.  With no-loop-counts it does nothing and
# the counts are the same.
. "$top_srcdir/testsuite/e2e/lib.sh"

case $(uname -m) in
x86_64) ;;
*) skip "asm increments are x86-64 only" ;;
esac

# hoisted: "FUNCTION N" per function of the pass's dump, clones by the
# name they were cloned from.
hoisted()
{
	cat "$tmp/arcov"/*.arcov_loops 2>/dev/null |
	awk '/^;; Function / { f = $3; sub(/\..*/, "", f) }
	     /increments hoisted out of loops/ { n[f] += $2 }
	     END { for (f in n) print f, n[f] }' | sort
}

# registered: "FUNCTION N", increments kept in registers, likewise.
registered()
{
	cat "$tmp/arcov"/*.arcov_loops 2>/dev/null |
	awk '/^;; Function / { f = $3; sub(/\..*/, "", f) }
	     /increments hoisted out of loops/ { n[f] += $8 }
	     END { for (f in n) print f, n[f] }' | sort
}

build_gcc loop-counts.c
for mode in "" -pthread -fplugin-arg-arcov-atomic; do
	rm -rf "$tmp/arcov" && mkdir "$tmp/arcov" || hard_error "cannot clean"
	rm -f "$tmp/gcc"/*.gcda
	build_arcov loop-counts.c -O2 -fdump-tree-all $mode
	run_both
	check_marks loop-counts.c
	compare_gcov loop-counts.c
	hoisted > "$tmp/hoisted"
	for f in up fill down at_least_once stride nested; do
		awk -v f=$f '$1 == f && $2 > 0 { ok = 1 } END { exit !ok }' \
			"$tmp/hoisted" ||
			fail "no increment of $f() hoisted ($mode): $(cat "$tmp/hoisted")"
	done
	awk '$1 == "nested" && $2 >= 2 { ok = 1 } END { exit !ok }' \
		"$tmp/hoisted" ||
		fail "not both loops of nested() hoisted ($mode)"
	for f in calls find; do
		awk -v f=$f '$1 == f && $2 > 0 { bad = 1 } END { exit bad }' \
			"$tmp/hoisted" ||
			fail "an increment of $f() hoisted ($mode)"
	done
	registered > "$tmp/registered"
	for f in find length utf8len; do
		awk -v f=$f '$1 == f && $2 > 0 { ok = 1 } END { exit !ok }' \
			"$tmp/registered" ||
			fail "no counter of $f() in a register ($mode): $(cat "$tmp/registered")"
	done
	awk '$1 == "utf8len" && $2 >= 2 { ok = 1 } END { exit !ok }' \
		"$tmp/registered" ||
		fail "not both loops of utf8len() in registers ($mode)"
	for f in calls varint; do
		awk -v f=$f '$1 == f && $2 > 0 { bad = 1 } END { exit bad }' \
			"$tmp/registered" ||
			fail "a counter of $f() in a register ($mode)"
	done
done

rm -rf "$tmp/arcov" && mkdir "$tmp/arcov" || hard_error "cannot clean"
build_arcov loop-counts.c -O2 -fdump-tree-all -fplugin-arg-arcov-no-loop-counts
run_both
check_marks loop-counts.c
test -z "$(hoisted | awk '$2 > 0')" ||
	fail "increments hoisted with no-loop-counts: $(hoisted)"
test -z "$(registered | awk '$2 > 0')" ||
	fail "counters in registers with no-loop-counts: $(registered)"
pass
