#!/bin/sh
# rebuilt.sh -- a rebuilt object (other checksum) appends a second block
# and keeps the first byte for byte; later runs merge into their own block.
. "$top_srcdir/testsuite/runtime/lib.sh"

run a:0:1 a:2:1
cp "$tmp/a.da" "$tmp/old.da"
RT_CHECKSUM=1041 run a:0:2
cmp -n "$(wc -c < "$tmp/old.da")" "$tmp/old.da" "$tmp/a.da" ||
	fail "first block changed"
RT_CHECKSUM=1041 run a:1:1
run a:2:4
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 6 5
object 3 6 5
fn f 1040: 1 0
fn main 77: 5
block 1 label -
program 3 3 3
object 3 3 2
fn f 1041: 2 1
fn main 77: 0
END
pass
