#!/bin/sh
# profile-guest.sh -- the time profile is as good a guest as the coverage
# runtime: a message never goes to a descriptor 2 that is not the stderr
# the program was started with (2>&-: it would be the .da or the trace);
# a file-size limit costs the trace, not the program's exit status.
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
pass
