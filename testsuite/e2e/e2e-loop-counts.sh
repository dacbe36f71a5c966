#!/bin/sh
# Loops (plugin/loop-counts.cc), where the cost model (plugin/loop-cost.cc)
# says it pays: at -O2 the increments of a loop whose trip count GCC
# computes on entry are added up in its preheader; the counter of a block
# run once on every pass is computed on the exits from an induction
# variable; a call-free loop's counters on the arms of an unpredictable
# branch that hold only a value are added as the branch's condition, in
# registers added in on its exits, and, counting atomically, so are its
# other hot counters; in the plain, the per-thread and the atomic modes.  The counts stay exact (the marks
# of loop-counts.c, and gcov 12 on a --coverage build); the pass's dump
# names the functions it hoisted increments from, those counted from an
# induction variable and those whose counters it kept in registers, and it
# leaves alone the loop with a call and the two-exit loop's hoisting; the
# hot counters of the plain modes, whose registers would save no
# instruction, stay in memory.  With no-loop-counts it does nothing and
# the counts are the same.
. "$top_srcdir/testsuite/e2e/lib.sh"

case $(uname -m) in
x86_64) ;;
*) skip "asm increments are x86-64 only" ;;
esac

# tally FIELD: "FUNCTION N" per function of the pass's dump, N the
# summary line's FIELD (2: increments hoisted, 8: kept in registers, 12:
# of those, folded into branches, 18: counted from induction variables),
# clones by the name they were cloned from.
tally()
{
	cat "$tmp/arcov"/*.arcov_loops 2>/dev/null |
	awk -v field=$1 '/^;; Function / { f = $3; sub(/\..*/, "", f) }
	     /increments hoisted out of loops/ { n[f] += $field }
	     END { for (f in n) print f, n[f] }' | sort
}
hoisted() { tally 2; }
registered() { tally 8; }
folded() { tally 12; }
derived() { tally 18; }

# at_least N LIST WHAT FUNCTION...: each FUNCTION has N or more in
# $tmp/LIST (hoisted, registered or folded, above) in this $mode.
at_least()
{
	al_n=$1 al_list=$2 al_what=$3
	shift 3
	for f; do
		awk -v f=$f -v n=$al_n '$1 == f && $2 >= n { ok = 1 }
			END { exit !ok }' "$tmp/$al_list" ||
			fail "$f(): fewer than $al_n $al_what ($mode): $(cat "$tmp/$al_list")"
	done
}

# none LIST WHAT FUNCTION...: no FUNCTION has any in $tmp/LIST.
none()
{
	no_list=$1 no_what=$2
	shift 2
	for f; do
		awk -v f=$f '$1 == f && $2 > 0 { bad = 1 } END { exit bad }' \
			"$tmp/$no_list" ||
			fail "$f(): $no_what ($mode)"
	done
}

build_gcc loop-counts.c
for mode in "" -pthread -fplugin-arg-arcov-atomic; do
	rm -rf "$tmp/arcov" && mkdir "$tmp/arcov" || hard_error "cannot clean"
	rm -f "$tmp/gcc"/*.gcda
	build_arcov loop-counts.c -O2 $loop_dump $mode
	run_both
	check_marks loop-counts.c
	compare_gcov loop-counts.c
	hoisted > "$tmp/hoisted"
	registered > "$tmp/registered"
	folded > "$tmp/folded"
	derived > "$tmp/derived"
	at_least 1 hoisted "increment hoisted" up fill down at_least_once \
		nested
	at_least 2 hoisted "increments hoisted (both loops)" nested
	at_least 1 derived "counter from an induction variable" find length \
		utf8len varint
	none hoisted "an increment hoisted" calls find
	none registered "a counter in a register" calls varint
	none derived "a counter from an induction variable" calls
	none folded "an arm folded into its branch" clamp find length
	at_least 2 folded "arms folded into the branch (both)" slide maxof
	at_least 1 folded "arm folded into the branch" picks
	awk '/^;; Function / { f = $3 } f == "picks" && /false arm folded/ {
		ok = 1 } END { exit !ok }' "$tmp/arcov"/*.arcov_loops ||
		fail "picks(): no false arm folded on its own ($mode)"
	# Registers for a hot counter on no arm pay only by locked adds.
	if [ "$mode" = -fplugin-arg-arcov-atomic ]; then
		at_least 1 registered "counter in a register" utf8len
	else
		none registered "a counter in a register (nothing saved)" \
			utf8len
	fi
done

rm -rf "$tmp/arcov" && mkdir "$tmp/arcov" || hard_error "cannot clean"
build_arcov loop-counts.c -O2 $loop_dump -fplugin-arg-arcov-no-loop-counts
run_both
check_marks loop-counts.c
test -z "$(hoisted | awk '$2 > 0')" ||
	fail "increments hoisted with no-loop-counts: $(hoisted)"
test -z "$(registered | awk '$2 > 0')" ||
	fail "counters in registers with no-loop-counts: $(registered)"
pass
