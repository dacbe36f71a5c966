#!/bin/sh
# runs.sh -- run counters (ABI version 4, runtime/runs.c): at every dump
# each run counter's value, times each member's multiplicity, is added to
# its members before the derived counters are computed and the .da is
# summarized and written; run counters never reach the .da and start
# again from 0; they are ignored in a version 3 object, and a malformed
# table refused.  rt-prog's object "a": f's counters 0 and 1, main's 2;
# its run counters are a:3, a:4, ...
. "$top_srcdir/testsuite/runtime/lib.sh"

# Run 0 = counter 0 three times and counter 2 once; run 1 = counters 1
# and 2.  0: 1 + 3*4 = 13, 1: 5, 2: 4 + 5 = 9.
RT_RUNS=2,10,2,0,3,2,1,2,1,1,2,1 run a:0:1 a:3:4 a:4:5
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 27 13
object 3 27 13
fn f 1040: 13 5
fn main 77: 9
END

# Each dump adds what its runs counted since the last one, and no more.
rm -f "$tmp/a.da"
RT_RUNS=1,5,2,0,3,2,1 run a:3:2 dump a:3:1 dump
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 12 9
object 3 12 9
fn f 1040: 9 0
fn main 77: 3
END

# The derived counters are computed from the counts with the runs added:
# counter 1 = counter 0 + counter 2 = 3*2 + 2.
rm -f "$tmp/a.da"
RT_DERIVE=1,2,0,1,2,1 RT_RUNS=1,5,2,0,3,2,1 run a:3:2
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 16 8
object 3 16 8
fn f 1040: 6 8
fn main 77: 2
END

# A version 3 object has no table.
rm -f "$tmp/a.da"
RT_VERSION=3 RT_RUNS=1,5,2,0,3,2,1 run a:0:1 a:3:7
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 1 1
object 3 1 1
fn f 1040: 1 0
fn main 77: 0
END

# Malformed tables: a run of one member, a member that is not a counter
# (3 is the run itself), too few words, words left over, more words
# claimed than runs use: refused, nothing written.
for table in 1,3,1,0,1 1,5,2,0,1,3,1 1,3,2,0,1 2,5,2,0,1,1,1 1,6,2,0,1,1,1,0; do
	rm -f "$tmp/a.da"
	RT_RUNS=$table run_status 0 a:0:1
	expect_stderr <<END
arcov: $tmp/a.da: run table malformed; counts not recorded
END
	test ! -e "$tmp/a.da" || fail "a.da written with table $table"
done
pass
