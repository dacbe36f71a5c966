#!/bin/sh
# derive.sh -- derived counters (ABI version 3, runtime/derive.c): computed
# at every dump before the .da is summarized and written, in table order
# (one may read another), kept as counted with ARCOV_OBJ_DERIVE_CHECK (a
# difference reported), ignored in a version 2 object, and a malformed
# table refused.  rt-prog's object "a": f's counters 0 and 1, main's 2.
. "$top_srcdir/testsuite/runtime/lib.sh"

# Counter 1 = 3 * counter 0 - counter 2.
RT_DERIVE=1,2,0,3,2,0xffffffff run a:0:5 a:2:4
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 20 11
object 3 20 11
fn f 1040: 5 11
fn main 77: 4
END

# Merged with a second run, each dump computing its own counts.
RT_DERIVE=1,2,0,3,2,0xffffffff run a:0:1 dump a:0:1 a:2:1
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 28 16
object 3 28 16
fn f 1040: 7 16
fn main 77: 5
END

# Counter 1 = 2 * counter 0, then counter 2 = counter 1.
rm -f "$tmp/a.da"
RT_DERIVE=1,1,0,2,2,1,1,1 run a:0:3
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 15 6
object 3 15 6
fn f 1040: 3 6
fn main 77: 6
END

# derive-check: the counted value is kept, a difference reported.
rm -f "$tmp/a.da"
RT_DERIVE_CHECK=1 RT_DERIVE=1,2,0,3,2,0xffffffff run a:0:5 a:1:11 a:2:4
RT_DERIVE_CHECK=1 RT_DERIVE=1,2,0,3,2,0xffffffff run_status 0 a:0:5 a:1:10 a:2:4
expect_stderr <<END
arcov: $tmp/a.da: derived counter 1 is 11, counted 10
END
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 39 21
object 3 39 21
fn f 1040: 10 21
fn main 77: 8
END

# A version 2 object has no table.
rm -f "$tmp/a.da"
RT_VERSION=2 RT_DERIVE=1,2,0,3,2,0xffffffff run a:0:5 a:2:4
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 9 5
object 3 9 5
fn f 1040: 5 0
fn main 77: 4
END

# Counter 1 = counter 0 - counter 2, from counters that lost increments
# (1 < 4): 0, not 2^64 - 3 (which the .da would hold as INT64_MAX), so
# the reporter sees the contradiction.
rm -f "$tmp/a.da"
RT_DERIVE=1,2,0,1,2,0xffffffff run a:0:1 a:2:4
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 5 4
object 3 5 4
fn f 1040: 1 0
fn main 77: 4
END

# Malformed tables: refused, nothing written.
for table in 1,2,0,3 3,0 1,1,3,1 1; do
	rm -f "$tmp/a.da"
	RT_DERIVE=$table run_status 0 a:0:1
	expect_stderr <<END
arcov: $tmp/a.da: derived counter table malformed; counts not recorded
END
	test ! -e "$tmp/a.da" || fail "a.da written with table $table"
done
pass
