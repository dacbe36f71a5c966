#!/bin/sh
# Continuous mode: a fold killed just before and just after its commit
# (a preloaded shim, continuous-crash.c) is finished by the next writer
# of the .da, which counts the killed fold's counts once: never twice
# (killed after the commit, with the marker left), never lost (killed
# before it).
. "$top_srcdir/testsuite/e2e/continuous-lib.sh"

build_continuous
build_crash_shim

logs=
for when in after before after before; do
	n=$(( $(random_ms 900) + 100 ))
	# A run that leaves its counts in an orphan live file...
	(cd "$tmp/arcov" && ./prog "$tmp/log.$when.$n" exit "$n") ||
		fail "the run of $n units failed"
	logs="$logs $tmp/log.$when.$n"
	ls "$tmp/arcov" | grep -q '\.da\.live\.' || fail "no live file left"
	# ...which the next one folds and dies $when the commit.
	(cd "$tmp/arcov" && CONTINUOUS_CRASH=$when LD_PRELOAD=$shim \
		exec ./prog "$tmp/log.none" return 0) 2>/dev/null
	[ $? = 137 ] || fail "the fold was not killed $when its commit"
	if [ $when = after ]; then
		[ -f "$tmp/arcov/continuous-unit.da.fold" ] ||
			fail "no marker left by a fold killed after its commit"
	fi
done
run_to_fold
expect_logs $logs
check_counts
pass
