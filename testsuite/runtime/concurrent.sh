#!/bin/sh
# concurrent.sh -- 16 processes writing one .da at once lose no count, and
# neither do 8 threads dumping 50 times each.
. "$top_srcdir/testsuite/runtime/lib.sh"

i=0
while test $i -lt 16; do
	"$prog" a:0:1 a:1:2 a:2:3 > "$tmp/out.$i" 2>&1 &
	i=$((i + 1))
done
wait
i=0
while test $i -lt 16; do
	test ! -s "$tmp/out.$i" || fail "process $i: $(cat "$tmp/out.$i")"
	i=$((i + 1))
done
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 96 48
object 3 96 48
fn f 1040: 16 32
fn main 77: 48
END

rm -f "$tmp/a.da"
run threads:8:50
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 400 400
object 3 400 400
fn f 1040: 400 0
fn main 77: 0
END
pass
