#!/bin/sh
# Continuous mode (doc/live-file.md): a program killed with SIGKILL at
# random moments, ARCOV_KILLS times (50; bench/continuous-kill runs 500),
# loses no count: the report's counts equal the work the program logged,
# each later run folding the live file the killed one left, and some of
# the kills landing in those folds.
. "$top_srcdir/testsuite/e2e/continuous-lib.sh"

kills=${ARCOV_KILLS:-50}
build_continuous
logs=
k=0
while [ $k -lt $kills ]; do
	log=$tmp/log.$k
	(cd "$tmp/arcov" && exec ./prog "$log" return -1) &
	pid=$!
	sleep "0.$(printf %03d "$(random_ms 60)")"
	kill -KILL $pid
	wait $pid 2>/dev/null
	logs="$logs $log"
	k=$((k + 1))
done
run_to_fold
expect_logs $logs
[ "$lo_unit" -gt 0 ] || fail "no work done before the kills"
check_counts
echo "$kills kills, $lo_unit units, $inflight killed inside a unit"
pass
