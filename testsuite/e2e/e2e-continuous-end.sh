#!/bin/sh
# Continuous mode: abort(), _exit() and SIGSEGV, which run no exit
# handler, lose no count; each run's units are in the report exactly.
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
	segv) [ $st = 139 ] ;;
	esac || fail "$how: exit status $st"
	logs="$logs $log"
done
run_to_fold
expect_logs $logs
[ "$inflight" = 0 ] || fail "a unit begun and not done"
check_counts
pass
