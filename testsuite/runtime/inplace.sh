#!/bin/sh
# inplace.sh -- a merge that keeps a .da's length is written in place
# (same inode, nothing created beside it); a change of length, a file of
# two links or ARCOV_FSYNC=1 replaces it by name; and a reader taking the
# shared lock while two processes merge into a file of several pages
# never sees a torn file (lib/fileio.h, doc/da-extension.md §5); an
# object that counted nothing leaves its .da alone.
. "$top_srcdir/testsuite/runtime/lib.sh"

da=$tmp/a.da
ino()
{
	stat -c %i "$1"
}

run a:0:1
i1=$(ino "$da")
run a:0:1
test "$(ino "$da")" = "$i1" || fail "a merge replaced the file"
test "$(ls -A "$tmp" | grep -c '\.da')" = 1 ||
	fail "files beside a.da: $(ls -A "$tmp")"
expect_da "$da" <<'END'
block 0 label -
program 3 2 2
object 3 2 2
fn f 1040: 2 0
fn main 77: 0
END

# A new block makes the file longer: replaced by name, counts kept.
ARCOV_RUN_LABEL=x run a:1:5
test "$(ino "$da")" != "$i1" || fail "a longer file was written in place"
expect_da "$da" <<'END'
block 0 label -
program 3 2 2
object 3 2 2
fn f 1040: 2 0
fn main 77: 0
block 1 label x
program 3 5 5
object 3 5 5
fn f 1040: 0 5
fn main 77: 0
END

# ARCOV_FSYNC=1 wants the durable way: a new file, synced, renamed.
i1=$(ino "$da")
ARCOV_FSYNC=1 run a:0:1
test "$(ino "$da")" != "$i1" || fail "ARCOV_FSYNC=1 wrote in place"

# A second name for the file: the .da is replaced by name, and the other
# name keeps the old contents.
rm -f "$da"
run a:0:1
ln "$da" "$tmp/other" || exit 99
run a:0:1
test "$(ino "$da")" != "$(ino "$tmp/other")" ||
	fail "written through a second link"
expect_da "$tmp/other" <<'END'
block 0 label -
program 3 1 1
object 3 1 1
fn f 1040: 1 0
fn main 77: 0
END
rm -f "$tmp/other"

# An object that counted nothing leaves its .da alone (not even its
# modification time changes); one that has no .da yet creates it, as
# gcov does.
before=$(stat -c %y "$da")
sleep 0.05
RT_TWO=1 run
test "$(stat -c %y "$da")" = "$before" || fail "a.da written for no counts"
test -s "$tmp/b.da" || fail "b.da not created"

# Two writers merge into c.da (2048 counters, four pages), 500 times per
# process, process after process, while a reader reads it 20 times under
# the shared lock: every counter of a run gets the same count, so every
# read must find them all equal.  (Without the lock, most runs of this
# test see a torn file.)
RT_BIG=1
export RT_BIG
run c:1
args=
i=0
while test $i -lt 500; do
	args="$args c:1 dump"
	i=$((i + 1))
done
# writer N: run the writer process until $tmp/stop exists; one line in
# $tmp/batches.N per process that succeeded.
writer()
{
	: > "$tmp/batches.$1"
	while test ! -e "$tmp/stop"; do
		# shellcheck disable=SC2086
		"$prog" $args > "$tmp/w$1" 2>&1 && test ! -s "$tmp/w$1" ||
			return 1
		echo >> "$tmp/batches.$1"
	done
}
writer 1 &
w1=$!
writer 2 &
w2=$!
reads=0
while test $reads -lt 20; do
	"$check" "$tmp/c.da" > "$tmp/read" 2>&1 ||
		{ : > "$tmp/stop"; fail "read $reads: $(cat "$tmp/read")"; }
	awk '/^fn h / {
		for (k = 5; k <= NF; k++)
			if ($k != $4) { print "counter " k - 4 ": " $k " != " $4; exit 1 }
		found = 1
	} END { if (!found) { print "no function h"; exit 1 } }' \
		"$tmp/read" > "$tmp/torn" ||
		{ : > "$tmp/stop"; fail "read $reads: torn: $(cat "$tmp/torn")"; }
	reads=$((reads + 1))
done
: > "$tmp/stop"
wait $w1 || fail "writer 1: $(cat "$tmp/w1")"
wait $w2 || fail "writer 2: $(cat "$tmp/w2")"
want=$((1 + 500 * $(cat "$tmp/batches.1" "$tmp/batches.2" | wc -l)))
"$check" "$tmp/c.da" | awk '/^fn h / { print $4, $NF }' > "$tmp/final"
test "$(cat "$tmp/final")" = "$want $want" ||
	fail "final counts $(cat "$tmp/final"), want $want"
pass
