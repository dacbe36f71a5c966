#!/bin/sh
# merge-files.sh -- arcov-merge on .da files: exact sums and summaries,
# labels kept apart, unmatched and malformed blocks kept, saturation,
# byte-equal results for every order and grouping, errors that leave OUT
# untouched.
. "${top_srcdir:-.}/testsuite/merge/lib.sh"
enter_tmp

# --- golden bytes: doc/formats.md §4.2's two-function file merged with
# itself doubles every counter and both summaries' sums and maxima ---
"$MERGE" out.da "$DATA/two.da" "$DATA/two.da" >out 2>err
status "two.da twice" 0 $?
: >want; same "two.da twice: silent" want out; same "two.da twice: no stderr" want err
hex out.da >got
echo "\
7b000080020000002800000003000000\
04000000000000000200000000000000\
03000000040000000000000002000000\
00000000010000800100000066000000\
01000080100400000200000002000000\
00000000000000000000000001000080\
040000006d61696e0000000001000080\
4d000000010000000200000000000000" >want
same "two.da twice: golden bytes" want got

# --- three files: sums, program summaries folded, labels apart, a
# rebuilt object (other checksum) kept ---
{ hdr 2 '' 3 2 1 3 2 1; fnrec f 1040 1 0; fnrec main 77 1; } >a.da
{ hdr 2 '' 5 10 6 3 9 6; fnrec f 1040 6 2; fnrec main 77 1
  hdr 2 night 3 4 3 3 4 3; fnrec f 1040 3 0; fnrec main 77 1; } >b.da
{ hdr 1 '' 2 14 7 2 14 7; fnrec f 1041 7 7
  hdr 2 '' 3 1 1 3 1 1; fnrec f 1040 0 0; fnrec main 77 1; } >c.da
"$MERGE" abc.da a.da b.da c.da >out 2>err; status "a b c" 0 $?
shows "a b c: summed, labels apart, rebuilt kept" abc.da <<'X'
block 0 label -
program 5 13 8
object 3 12 7
fn f 1040: 7 2
fn main 77: 3
block 1 label night
program 3 4 3
object 3 4 3
fn f 1040: 3 0
fn main 77: 1
block 2 label -
program 2 14 7
object 2 14 7
fn f 1041: 7 7
X

# A label never merges with another label or with no label.
{ hdr 2 day 3 1 1 3 1 1; fnrec f 1040 1 0; fnrec main 77 0; } >day.da
"$MERGE" out.da day.da b.da >out 2>err; status "day + night" 0 $?
"$CHECK" out.da | grep '^block' >got
printf '%s\n' 'block 0 label -' 'block 1 label day' 'block 2 label night' >want
same "one block per label, unlabelled first" want got

# Blocks of one input that match each other (ARCOV_APPEND=1 runs) fold.
cat a.da a.da a.da >append.da
"$MERGE" out.da append.da >out 2>err; status "appended runs" 0 $?
shows "appended runs fold into one block" out.da <<'X'
block 0 label -
program 3 6 3
object 3 6 3
fn f 1040: 3 0
fn main 77: 3
X

# Same functions, different counter count or name: not the same object.
{ hdr 2 '' 4 1 1 4 1 1; fnrec f 1040 1 0 0; fnrec main 77 0
  hdr 2 '' 3 1 1 3 1 1; fnrec f 1040 1 0; fnrec mainx 77 0; } >other.da
"$MERGE" out.da a.da other.da >out 2>err; status "near misses" 0 $?
"$CHECK" out.da | grep '^fn' >got
printf '%s\n' 'fn f 1040: 1 0' 'fn main 77: 1' 'fn f 1040: 1 0' \
	'fn mainx 77: 0' 'fn f 1040: 1 0 0' 'fn main 77: 0' >want
same "near misses kept, in canonical order" want got

# A malformed tail matches nothing, not even itself, and is kept byte for
# byte ($DATA/ext.da: 20 tail bytes that are no entry sequence).
"$MERGE" out.da "$DATA/ext.da" "$DATA/ext.da" >out 2>err
status "malformed tails" 0 $?
cat "$DATA/ext.da" "$DATA/ext.da" >want
same "malformed tails kept verbatim" want out.da

# Object summaries are recomputed; counters and sums saturate at 2^63-1.
{ hdr 1 '' 2 0 0 9 9 9; fnrec f 1040 1 0; } >stale-summary.da
"$MERGE" out.da stale-summary.da >out 2>err
shows "object summary recomputed" out.da <<'X'
block 0 label -
program 2 0 0
object 2 1 1
fn f 1040: 1 0
X
{ w -123 1 40 2 0 2147483647 0 2147483647 2 0 2147483647 0 2147483647
  cs f; w 1040 2 0 2147483647 5 0; } >big.da
"$MERGE" out.da big.da big.da >out 2>err; status "saturation" 0 $?
shows "saturated at 2^63-1" out.da <<'X'
block 0 label -
program 2 9223372036854775807 9223372036854775807
object 2 9223372036854775807 9223372036854775807
fn f 1040: 9223372036854775807 10
X

# --- associative and commutative: every order and grouping of the four
# inputs gives the bytes of the flat merge ---
cp "$DATA/ext.da" d.da
"$MERGE" ref.da a.da b.da c.da d.da >out 2>err || echo "FAIL: reference"
bad=0
for x in a b c d; do for y in a b c d; do for z in a b c d; do
	for u in a b c d; do
		case "$x$y$z$u" in *a*a*|*b*b*|*c*c*|*d*d*) continue ;; esac
		"$MERGE" flat.da $x.da $y.da $z.da $u.da
		"$MERGE" xy.da $x.da $y.da
		"$MERGE" zu.da $z.da $u.da
		"$MERGE" left.da xy.da $z.da
		"$MERGE" left.da left.da $u.da		# ((x y) z) u
		"$MERGE" pairs.da zu.da xy.da		# (z u) (x y)
		"$MERGE" yzu.da $y.da zu.da
		"$MERGE" right.da yzu.da $x.da		# (y (z u)) x
		for r in flat left pairs right; do
			cmp -s ref.da $r.da || {
				echo "FAIL: $r merge of $x $y $z $u differs"
				bad=1
			}
		done
	done
done; done; done
status "all 24 orders, three groupings each" 0 $bad
[ $bad -eq 0 ] || fail=1

# The output is canonical: merging it alone changes nothing.
"$MERGE" again.da ref.da >out 2>err
same "re-merging a merged file alone changes nothing" ref.da again.da

# OUT may be an input: the running total of a CI pipeline.
cp a.da total.da
"$MERGE" total.da total.da b.da >out 2>err; status "OUT as input" 0 $?
"$MERGE" want.da a.da b.da
same "OUT as input: same as merging the inputs" want.da total.da

# --- errors: one line each, exit 1, OUT untouched, no temporary left ---
cp a.da keep.da
head -c 50 "$DATA/t.da" >short.da
printf '\173\0\0\0' >magic.da
: >empty.da
"$MERGE" keep.da b.da short.da magic.da empty.da nosuch.da >out 2>err
status "corrupt inputs" 1 $?
cat >want <<'X'
arcov-merge: short.da: offset 8: extension length 40 exceeds the 38 bytes left
arcov-merge: magic.da: offset 0: bad magic number 123 (expected -123)
arcov-merge: empty.da: offset 0: empty .da file
arcov-merge: nosuch.da: cannot read: No such file or directory
X
same "corrupt inputs: one line each" want err
same "corrupt inputs: OUT untouched" a.da keep.da
ls >got; grep -c 'tmp' got >n; echo 0 >want
same "corrupt inputs: no temporary file" want n
"$MERGE" new.da a.da short.da >out 2>err; status "corrupt, new OUT" 1 $?
test ! -e new.da && echo "PASS: OUT not created" ||
	{ echo "FAIL: OUT created"; fail=1; }

mkdir adir
"$MERGE" adir a.da >out 2>err; status "OUT a directory" 1 $?
echo 'arcov-merge: adir: cannot write: Is a directory' >want
same "OUT a directory: message" want err

# --- usage ---
"$MERGE" >out 2>err; status "no arguments" 2 $?
"$MERGE" out.da >out 2>err; status "no input" 2 $?
printf '%s\n' 'arcov-merge: need an output and at least one input' \
	"Try 'arcov-merge --help' for more information." >want
same "no input: message" want err
"$MERGE" out.da a.da adir >out 2>err; status "file and directory" 2 $?
printf '%s\n' 'arcov-merge: the inputs must be all files or all directories' \
	"Try 'arcov-merge --help' for more information." >want
same "file and directory: message" want err
"$MERGE" --bogus out.da a.da >out 2>err; status "bad option" 2 $?
"$MERGE" --help >out 2>err; status "--help" 0 $?
grep -q '^Usage: arcov-merge' out && echo "PASS: --help text" ||
	{ echo "FAIL: --help text"; fail=1; }

exit $fail
