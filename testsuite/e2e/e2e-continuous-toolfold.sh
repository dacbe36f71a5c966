#!/bin/sh
# Continuous mode: arcov and arcov-merge fold the live files of dead
# processes themselves (doc/live-file.md, "Folding"), with the runtime's
# protocol.  A program killed with SIGKILL, then arcov alone: its report
# holds every unit the logs say, and a later run of the program does not
# count them again; the same with arcov-merge.  A fold killed just before
# or just after its commit, by a program or by arcov itself (a preloaded
# shim, continuous-crash.c), is finished by the next of either, once.
# A running program's live file is left alone, and said to be; --no-fold
# leaves every live file alone.
. "$top_srcdir/testsuite/e2e/continuous-lib.sh"

ignore_leaks
# tool CMD...: the tools, unlike the programs, are held to no leaks.
tool()
{
	if [ -n "$sanitized" ]; then
		ASAN_OPTIONS=detect_leaks=1 "$@"
	else
		"$@"
	fi
}
build_continuous
build_crash_shim

# killed LOG...: run the program once per LOG at the same time (the
# start of one would fold the live file of one killed before) until a
# random moment, then SIGKILL them.
killed()
{
	k_pids=
	for log in "$@"; do
		(cd "$tmp/arcov" && exec ./prog "$log" return -1) 2>/dev/null &
		k_pids="$k_pids $!"
		logs="$logs $log"
	done
	sleep 0.$(( $(random_ms 400) + 100 ))
	for pid in $k_pids; do
		kill -KILL "$pid"
		wait "$pid"
		[ $? = 137 ] || fail "the program was not killed"
	done
}

# live_files: how many live files wait beside the .da.
live_files()
{
	ls "$tmp/arcov" | grep -c '\.da\.live\.'
}

# report: arcov's report of the unit, after which no live file of a dead
# process, no fold marker, is left; its count of unit()'s line is
# checked against the logs (on top of check_counts' reading of the .da).
report()
{
	(cd "$tmp/arcov" && tool "$arcov" "$@" continuous-unit.c) > /dev/null \
		2> "$tmp/err" || fail "arcov failed: $(cat "$tmp/err")"
	grep live "$tmp/err" && fail "arcov said the above"
	r_got=$(awk -F: -v l="$l_unit" '$2 + 0 == l { gsub(/ /, "", $1);
		print $1 }' "$tmp/arcov/continuous-unit.c.gcov")
	expect_logs $logs
	# Exact, but for a process killed inside a unit (check_counts).
	if [ -z "$r_got" ] || [ "$r_got" -lt "$lo_unit" ] ||
	   [ "$r_got" -gt "$hi_unit" ] ||
	   { [ "$inflight" = 0 ] && [ "$r_got" != "$lo_unit" ]; }; then
		fail "arcov's report: line $l_unit counted $r_got, the logs say $lo_unit..$hi_unit"
	fi
	check_counts
	# The same as the .da holds.
	[ "$r_got" = "$(awk -v l="$l_unit" '$1 == l { print $2 }' \
		"$tmp/lines")" ] || fail "arcov's report differs from the .da"
}

logs=
# 1. Killed, then arcov: exact, and the next run adds nothing.
killed "$tmp/log.k1" "$tmp/log.k2"
[ "$(live_files)" = 2 ] || fail "not two live files left"
report
[ "$(live_files)" = 0 ] || fail "arcov left live files"
[ "$lo_unit" -gt 0 ] || fail "the killed runs did no work"
run_to_fold
report

# 2. --no-fold leaves it alone and says so; arcov-merge then folds it.
killed "$tmp/log.k3"
(cd "$tmp/arcov" && tool "$arcov" --no-fold continuous-unit.c) > /dev/null \
	2> "$tmp/err"
grep -q "continuous-unit.da: 1 live file of continuous mode beside it, not folded (--no-fold)" \
	"$tmp/err" || fail "arcov --no-fold said: $(cat "$tmp/err")"
[ "$(live_files)" = 1 ] || fail "arcov --no-fold touched the live file"
(cd "$tmp/arcov" && tool "$arcov_merge" --no-fold m.da continuous-unit.da) \
	2> "$tmp/err" || fail "arcov-merge --no-fold failed"
grep -q "continuous-unit.da: 1 live file of continuous mode beside it, not folded" \
	"$tmp/err" || fail "arcov-merge --no-fold said: $(cat "$tmp/err")"
[ "$(live_files)" = 1 ] || fail "arcov-merge --no-fold touched it"
(cd "$tmp/arcov" && tool "$arcov_merge" m.da continuous-unit.da) \
	2> "$tmp/err" || fail "arcov-merge failed: $(cat "$tmp/err")"
[ -s "$tmp/err" ] && fail "arcov-merge said: $(cat "$tmp/err")"
[ "$(live_files)" = 0 ] || fail "arcov-merge left the live file"
cmp -s "$tmp/arcov/m.da" "$tmp/arcov/continuous-unit.da" ||
	fail "arcov-merge's output differs from its folded input"
run_to_fold
report

# 3. A running program's live file is left alone, and said to be.
(cd "$tmp/arcov" && exec ./prog "$tmp/log.r" return -1) &
r_pid=$!
i=0
while [ "$(live_files)" = 0 ] && [ $i -lt 100 ]; do
	sleep 0.05
	i=$((i + 1))
done
(cd "$tmp/arcov" && tool "$arcov" continuous-unit.c) > /dev/null 2> "$tmp/err"
grep -q "continuous-unit.da: 1 live file of continuous mode beside it not folded (processes still running" \
	"$tmp/err" || { kill -KILL $r_pid; fail "arcov said: $(cat "$tmp/err")"; }
(cd "$tmp/arcov" && tool "$arcov_merge" m.da continuous-unit.da) 2> "$tmp/err"
grep -q "continuous-unit.da: 1 live file of running processes (or a failed fold) beside it" \
	"$tmp/err" || { kill -KILL $r_pid; fail "arcov-merge said: $(cat "$tmp/err")"; }
[ "$(live_files)" = 1 ] || { kill -KILL $r_pid; fail "a live owner's file was touched"; }
kill -KILL $r_pid
wait $r_pid
logs="$logs $tmp/log.r"
report

# 4. A fold killed before or after its commit, by the program's next run
# or by arcov (the shim kills either at its .da's rename), finished by
# arcov or arcov-merge, or by the program: once.
for case in run:after:arcov run:before:merge arcov:after:run \
	arcov:before:arcov merge:after:merge; do
	who=${case%%:*} rest=${case#*:} when=${rest%%:*} by=${rest#*:}
	killed "$tmp/log.$who.$when.$by"
	case $who in
	run) (cd "$tmp/arcov" && CONTINUOUS_CRASH=$when LD_PRELOAD=$shim \
		exec ./prog "$tmp/log.none" return 0) 2>/dev/null ;;
	arcov) (cd "$tmp/arcov" && CONTINUOUS_CRASH=$when LD_PRELOAD=$shim \
		exec "$arcov" continuous-unit.c) >/dev/null 2>&1 ;;
	merge) (cd "$tmp/arcov" && CONTINUOUS_CRASH=$when LD_PRELOAD=$shim \
		exec "$arcov_merge" m2.da continuous-unit.da) 2>/dev/null ;;
	esac
	[ $? = 137 ] || fail "$who: the fold was not killed $when its commit"
	if [ $when = after ]; then
		[ -f "$tmp/arcov/continuous-unit.da.fold" ] ||
			fail "$who: no marker left by a fold killed after its commit"
	fi
	case $by in
	arcov) report ;;
	merge) (cd "$tmp/arcov" && tool "$arcov_merge" m.da continuous-unit.da) \
		2> "$tmp/err" || fail "arcov-merge failed: $(cat "$tmp/err")"
	       report ;;
	run) run_to_fold; report ;;
	esac
	run_to_fold
	report
done

# 5. arcov-merge replacing a .da beside a marker left by a fold killed
# after its commit settles it first: the killed fold's counts are then
# in the .da being replaced (here by twice a copy of it) and nowhere
# else, so a later fold adds none of them again.
killed "$tmp/log.k5"
(cd "$tmp/arcov" && CONTINUOUS_CRASH=after LD_PRELOAD=$shim \
	exec ./prog "$tmp/log.none" return 0) 2>/dev/null
[ $? = 137 ] || fail "the fold was not killed after its commit"
[ -f "$tmp/arcov/continuous-unit.da.fold" ] || fail "no marker left"
unit_count()
{
	"$linecheck" "$tmp/arcov/continuous-unit" continuous-unit.c |
		awk -v l="$l_unit" '$1 == l { print $2 }'
}
c=$(unit_count)
cp "$tmp/arcov/continuous-unit.da" "$tmp/arcov/c.da"
(cd "$tmp/arcov" && tool "$arcov_merge" --no-fold continuous-unit.da c.da c.da) \
	2> "$tmp/err" || fail "arcov-merge failed: $(cat "$tmp/err")"
[ -f "$tmp/arcov/continuous-unit.da.fold" ] &&
	fail "arcov-merge did not settle the marker"
run_to_fold
[ "$(unit_count)" = $((2 * c)) ] ||
	fail "after the merge: line $l_unit counted $(unit_count), not 2 x $c"
pass
