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
pass
