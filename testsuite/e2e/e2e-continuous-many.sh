#!/bin/sh
# Continuous mode, concurrency: ARCOV_PROCS (64) processes of one object
# run at once, each with its own live file, and are killed with SIGKILL
# one by one at random moments; then as many more start at once, folding
# the first ones' live files between them, and are killed at random too,
# some inside their folds.  The report's counts are the sum of the work
# they all logged.
. "$top_srcdir/testsuite/e2e/continuous-lib.sh"

procs=${ARCOV_PROCS:-64}
build_continuous
logs=
for round in 1 2; do
	pids=
	k=0
	while [ $k -lt $procs ]; do
		log=$tmp/log.$round.$k
		# Niced, so that this script gets the CPU to kill them.
		(cd "$tmp/arcov" && exec nice -n 19 ./prog "$log" return -1) &
		pids="$pids $!"
		logs="$logs $log"
		k=$((k + 1))
	done
	for pid in $pids; do
		sleep "0.0$(printf %02d "$(random_ms 20)")"
		kill -KILL $pid
	done
	wait 2>/dev/null
done
run_to_fold
expect_logs $logs
[ "$lo_unit" -gt 0 ] || fail "no work done before the kills"
check_counts
echo "2 x $procs processes, $lo_unit units, $inflight killed inside a unit"
pass
