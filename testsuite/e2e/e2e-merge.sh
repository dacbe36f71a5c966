#!/bin/sh
# A block's increments of one counter become one add
# (plugin/merge-increments.cc): merge.c's weigh() inlines scale() three
# times into one block, and its code adds 3 to scale()'s counter once,
# per thread and -single; twice()'s two copies have a call between them
# and stay apart; fields()'s two copies of peek() have a load between
# them that may trap and stay apart too; the pass's dump says what it
# merged.  Exact counts against the marks and gcov.  Those merges with
# no-runs; by default weigh()'s four increments of two counters (its own
# entry's and scale()'s) are one increment of a run counter instead
# (plugin/runs.cc; e2e-runs.sh tests runs).
. "$top_srcdir/testsuite/e2e/lib.sh"

case $(uname -m) in
x86_64) ;;
*) skip "asm increments are x86-64 only" ;;
esac

# body FUNCTION: FUNCTION's instructions in $tmp/arcov/merge.s.
body()
{
	asm_body "$tmp/arcov/merge.s" "$1"
}

build_gcc merge.c
for mode in "" -fplugin-arg-arcov-single; do
	rm -f "$tmp"/arcov/*.arcov_merge "$tmp"/gcc/*.gcda
	marked_report merge.c "merge$mode" -O2 $loop_dump $mode \
		-fplugin-arg-arcov-no-runs
	compare_gcov merge.c
	(cd "$tmp/arcov" &&
	 cc_plugin "$CC" -O2 $mode -S merge.c -o merge.s) > "$tmp/s.log" 2>&1 ||
		fail "merge.c -S ($mode): $(cat "$tmp/s.log")"
	# With runs: one increment, no add.
	n=$(body weigh | grep -c 'addq	\$[0-9]*, ')
	test "$n" = 1 ||
		fail "weigh() ($mode): $n increments and adds, not 1 run: $(body weigh)"
	(cd "$tmp/arcov" &&
	 cc_plugin "$CC" -O2 $mode -fplugin-arg-arcov-no-runs -S merge.c \
		-o merge.s) > "$tmp/s.log" 2>&1 ||
		fail "merge.c -S ($mode no-runs): $(cat "$tmp/s.log")"
	n=$(body weigh | grep -c 'addq	\$3, ')
	test "$n" = 1 ||
		fail "weigh() ($mode): $n adds of 3, not 1: $(body weigh)"
	n=$(body weigh | grep -c 'addq	\$1, ')
	test "$n" = 1 ||
		fail "weigh() ($mode): $n increments besides its entry's add of 3, not 1: $(body weigh)"
	body twice | grep -q 'addq	\$2, ' &&
		fail "twice() ($mode): merged across the call: $(body twice)"
	body fields | grep -q 'addq	\$2, ' &&
		fail "fields() ($mode): merged across a load: $(body fields)"
	grep -q '^arcov: bb [0-9]*: 3 increments of one counter merged into one add$' \
		"$tmp"/arcov/*.arcov_merge ||
		fail "($mode) no merge of 3 in the dump: $(cat "$tmp"/arcov/*.arcov_merge)"
done
pass
