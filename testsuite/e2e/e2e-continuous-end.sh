#!/bin/sh
# Continuous mode: abort(), _exit() and SIGSEGV, which run no exit
# handler, lose no count; each run's units are in the report exactly.
# Each run folds the live file the one before left; until a run folds
# the last one, arcov --no-fold and arcov-merge --no-fold say that counts
# wait beside the .da (without it they fold them: e2e-continuous-toolfold).
. "$top_srcdir/testsuite/e2e/continuous-lib.sh"

build_continuous
logs=
for how in abort exit segv abort exit segv; do
	n=$(random_ms 5000)
	log=$tmp/log.$how.$n
	(cd "$tmp/arcov" && exec ./prog "$log" $how "$n") 2>/dev/null
	st=$?
	case $how in
	abort) [ $st = 134 ] ;;
	exit) [ $st = 0 ] ;;
	# ASan reports the fault and ends the process with status 1.
	segv) [ $st = 139 ] || { [ -n "$sanitized" ] && [ $st = 1 ]; } ;;
	esac || fail "$how: exit status $st"
	logs="$logs $log"
done
(cd "$tmp/arcov" && "$arcov" --no-fold continuous-unit.c) > /dev/null \
	2> "$tmp/err"
grep -q "continuous-unit.da: 1 live file of continuous mode beside it" \
	"$tmp/err" || fail "arcov did not say a live file waits: $(cat "$tmp/err")"
(cd "$tmp/arcov" && "$arcov_merge" --no-fold m.da continuous-unit.da) \
	2> "$tmp/err"
grep -q "continuous-unit.da: 1 live file of continuous mode beside it" \
	"$tmp/err" || fail "arcov-merge did not say a live file waits"
run_to_fold
(cd "$tmp/arcov" && "$arcov" continuous-unit.c) > /dev/null 2> "$tmp/err"
grep -q "live file" "$tmp/err" && fail "arcov still sees live files"
expect_logs $logs
[ "$inflight" = 0 ] || fail "a unit begun and not done"
check_counts
pass
