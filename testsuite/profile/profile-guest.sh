#!/bin/sh
# profile-guest.sh -- the time profile is as good a guest as the coverage
# runtime: a message never goes to a descriptor 2 that is not the stderr
# the program was started with (2>&-: it would be the .da or the trace);
# a file-size limit costs the trace, not the program's exit status; a
# trace path that is a symbolic link or a FIFO is refused without
# blocking, and a live writer of PROG.arcov-trace.tmp is waited for
# ARCOV_LOCK_TIMEOUT seconds, as for a .da.
. "$top_srcdir/testsuite/profile/lib.sh"

build_profiled guest.c -O0
d=$tmp/arcov

# stderr closed at start: the .da that does not parse is opened as
# descriptor 2, and must stay as it was.
printf 'not a .da file\n' > "$d/guest.da"
(cd "$d" && ./prog exit 3 2>&-)
st=$?
[ $st = 3 ] || fail "2>&-: status $st, not 3"
[ "$(cat "$d/guest.da")" = 'not a .da file' ] ||
	fail "2>&-: the .da now holds: $(cat "$d/guest.da")"
# The trace too: stderr closed, a warning (no timeline room) never lands
# in it, and it still reads.
(cd "$d" && ARCOV_TIMELINE=x ./prog exit 0 2>&-)
"$arcov" --profile-flat "$d/prog.arcov-trace" > /dev/null 2> "$tmp/err" ||
	fail "trace written with 2>&- does not read: $(cat "$tmp/err")"
rm -f "$d/guest.da"

# ulimit -f 0: the program keeps its status, the trace is not written and
# its temporary file goes.
rm -f "$d/prog.arcov-trace"
# (stderr a pipe: a file would be past the limit too).
(cd "$d" && ulimit -f 0 && { ./prog exit 5 2>&1; echo "status $?"; }) |
	cat > "$tmp/err"
grep -qx 'status 5' "$tmp/err" || fail "ulimit -f 0: $(cat "$tmp/err")"
grep -q 'prog.arcov-trace: cannot write: File too large' "$tmp/err" ||
	fail "ulimit -f 0: stderr $(cat "$tmp/err")"
[ ! -e "$d/prog.arcov-trace" ] && [ ! -e "$d/prog.arcov-trace.tmp" ] ||
	fail "ulimit -f 0: left $(ls "$d"/prog.arcov-trace*)"

# A symbolic link at the trace's path is not followed, a FIFO not opened.
echo 'keep me' > "$tmp/target"
ln -s "$tmp/target" "$d/link.trace"
(cd "$d" && ARCOV_TRACE=$d/link.trace timeout 20 ./prog exit 0) 2> "$tmp/err"
st=$?
[ $st = 0 ] || fail "link: status $st"
[ "$(cat "$tmp/target")" = 'keep me' ] && [ -L "$d/link.trace" ] ||
	fail "the trace followed a symbolic link"
grep -q 'link.trace: not a regular file' "$tmp/err" ||
	fail "link: said $(cat "$tmp/err")"
mkfifo "$d/fifo.trace" || hard_error "mkfifo"
(cd "$d" && ARCOV_TRACE=$d/fifo.trace timeout 20 ./prog exit 0) 2> "$tmp/err"
st=$?
[ $st = 0 ] || fail "FIFO: status $st (124: blocked)"
[ -p "$d/fifo.trace" ] || fail "the FIFO was replaced"

# A live writer holds prog.arcov-trace.tmp: waited ARCOV_LOCK_TIMEOUT.
rtprog=$builddir/testsuite/runtime/rt-prog
require_built "$rtprog"
rm -f "$tmp/ready"
env -u RT_DIR "$rtprog" "wrlock:$d/prog.arcov-trace.tmp:60" > "$tmp/ready" &
holder=$!
i=0
until [ -s "$tmp/ready" ]; do
	i=$((i + 1))
	[ $i -lt 200 ] || fail "no lock on prog.arcov-trace.tmp"
	sleep 0.05
done
start=$(date +%s)
(cd "$d" && ARCOV_LOCK_TIMEOUT=1 timeout 20 ./prog exit 4) 2> "$tmp/err"
st=$?
kill $holder 2> /dev/null
wait 2> /dev/null
[ $st = 4 ] || fail "live writer: status $st"
[ $(($(date +%s) - start)) -le 5 ] || fail "live writer: waited too long"
grep -q 'another writer holds .*prog.arcov-trace.tmp (waited 1.000 s)' \
	"$tmp/err" || fail "live writer: said $(cat "$tmp/err")"
pass
