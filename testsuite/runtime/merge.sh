#!/bin/sh
# merge.sh -- runs of an unchanged object merge into one block, with the
# program summaries of GCC 3.3 (doc/formats.md §4.2, §4.4).
. "$top_srcdir/testsuite/runtime/lib.sh"

# One run: byte for byte the two-function file of doc/formats.md §4.2.
run a:0:1 a:2:1
test "$(hex "$tmp/a.da")" = "\
7b000080020000002800000003000000\
02000000000000000100000000000000\
03000000020000000000000001000000\
00000000010000800100000066000000\
01000080100400000200000001000000\
00000000000000000000000001000080\
040000006d61696e0000000001000080\
4d000000010000000100000000000000" || fail "first run: not the §4.2 bytes"

# Second run, as observed with the real GCC 3.3 runtime (§4.4).
run a:0:2 a:1:5 a:2:1
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 10 5
object 3 10 5
fn f 1040: 3 5
fn main 77: 2
END
test ! -e "$tmp/b.da" || fail "b.da written without RT_TWO"

# Two objects: new files carry this run's totals, merged files the
# totals after merging, over both objects.
rm -f "$tmp/a.da"
RT_TWO=1 run a:0:1 b:0:4
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 5 5 4
object 3 1 1
fn f 1040: 1 0
fn main 77: 0
END
expect_da "$tmp/b.da" <<'END'
block 0 label -
program 5 5 4
object 2 4 4
fn g 5: 4 0
END
RT_TWO=1 run a:0:2 b:1:3
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 5 10 4
object 3 3 3
fn f 1040: 3 0
fn main 77: 0
END
expect_da "$tmp/b.da" <<'END'
block 0 label -
program 5 10 4
object 2 7 4
fn g 5: 4 3
END

# An empty file holds nothing to lose: it is written as if absent.
: > "$tmp/a.da"
run a:1:6
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 6 6
object 3 6 6
fn f 1040: 0 6
fn main 77: 0
END
pass
