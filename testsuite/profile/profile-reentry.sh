#!/bin/sh
# profile-reentry.sh -- a signal handler calling exit() or fork() during a
# dump of the time profile (or of the counts) neither hangs the program
# nor corrupts its heap, and leaves no lock behind: both dumps take one
# lock, and a handler that re-enters finds it held and returns at once.
. "$top_srcdir/testsuite/profile/lib.sh"

build_profiled guest.c -O0
d=$tmp/arcov

# exit(42) from a SIGALRM handler, every millisecond, while main loops on
# arcov_dump(): the handler lands inside both dumps.
i=0
while [ $i -lt 10 ]; do
	(cd "$d" && timeout 30 ./prog alarm-exit) > "$tmp/out" 2> "$tmp/err"
	st=$?
	[ $st = 42 ] || fail "alarm-exit run $i: status $st, not 42: $(cat "$tmp/err")"
	i=$((i + 1))
done

# fork() from the handler, the child _exit()ing at once (500 dumps: the
# runtime before this check aborted on a corrupt heap in 4 runs of 4).
# Not under the sanitizers: an ASan process's fork() copies the page
# tables of its shadow memory, which takes longer than the millisecond
# between two signals, so the program never gets past the handler.
i=0
[ -n "$sanitized" ] && i=4
while [ $i -lt 4 ]; do
	(cd "$d" && timeout 120 ./prog alarm-fork 500) > "$tmp/out" 2> "$tmp/err"
	st=$?
	[ $st = 0 ] || fail "alarm-fork run $i: status $st: $(cat "$tmp/err")"
	! grep -q 'malloc\|corrupt\|Abort' "$tmp/err" ||
		fail "alarm-fork run $i: $(cat "$tmp/err")"
	i=$((i + 1))
done
# Nothing left locked: the next run writes its trace at once.
rm -f "$d/prog.arcov-trace"
(cd "$d" && ARCOV_LOCK_TIMEOUT=0 ./prog exit 0) 2> "$tmp/err" ||
	fail "run after the signal runs: $(cat "$tmp/err")"
[ -s "$d/prog.arcov-trace" ] || fail "no trace after the signal runs: $(cat "$tmp/err")"
[ ! -e "$d/prog.arcov-trace.tmp" ] || fail "prog.arcov-trace.tmp left behind"

pass
