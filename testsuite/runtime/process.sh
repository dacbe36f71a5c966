#!/bin/sh
# process.sh -- fork, exec, arcov_dump() and arcov_reset(): every count is
# recorded exactly once, by the process that made it.
. "$top_srcdir/testsuite/runtime/lib.sh"

# The parent writes its counts before it forks; both go on from zero,
# so each count is written once (program summaries fold: 5 + 7 + 11).
run a:0:5 fork a:1:7 join a:2:11
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 23 23
object 3 23 11
fn f 1040: 5 7
fn main 77: 11
END

# arcov_dump() writes and restarts from zero; arcov_reset() discards.
rm -f "$tmp/a.da"
ARCOV_APPEND=1 run a:0:1 dump a:0:2 reset a:1:4 dump a:2:8
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 1 1
object 3 1 1
fn f 1040: 1 0
fn main 77: 0
block 1 label -
program 3 4 4
object 3 4 4
fn f 1040: 0 4
fn main 77: 0
block 2 label -
program 3 8 8
object 3 8 8
fn f 1040: 0 0
fn main 77: 8
END

# exec: counts made before it are written by the exec wrapper.
rm -f "$tmp/a.da"
ARCOV_APPEND=1 run a:0:3 exec a:1:4 execl a:2:5
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 3 3
object 3 3 3
fn f 1040: 3 0
fn main 77: 0
block 1 label -
program 3 4 4
object 3 4 4
fn f 1040: 0 4
fn main 77: 0
block 2 label -
program 3 5 5
object 3 5 5
fn f 1040: 0 0
fn main 77: 5
END

# daemon(): the parent ends in _exit(), the child goes on; the counts made
# before it are written once, by the parent as it forks.
rm -f "$tmp/a.da" "$tmp/pid"
run a:0:5 daemon a:1:1
i=0
until test -s "$tmp/pid" && ! kill -0 "$(cat "$tmp/pid")" 2> /dev/null; do
	i=$((i + 1))
	test $i -lt 200 || fail "daemon child did not end"
	sleep 0.05
done
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 6 6
object 3 6 5
fn f 1040: 5 1
fn main 77: 0
END

# exit() from a signal handler during a dump: the runtime's message about
# an unwritable directory raises SIGPIPE (stderr is a pipe whose reader is
# gone, from the start: the runtime writes to no other stderr), whose
# handler exits with 7.  The exit handler must not wait for the dump it
# interrupted.
RT_DIR=/dev/null/sub timeout 20 python3 -c '
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
sys.exit(subprocess.run(sys.argv[1:], stderr=w).returncode)
' "$prog" sigpipe a:0:1 dump > "$tmp/stdout"
st=$?
test "$st" = 7 || fail "exit from a signal handler during a dump: status $st"

# vfork() and arcov_execl(): the child builds no argument vector on the
# heap it shares with its parent.
rm -f "$tmp/a.da"
run a:0:2 vforkexec
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 2 2
object 3 2 2
fn f 1040: 2 0
fn main 77: 0
END
pass
