#!/bin/sh
# merge-trees.sh -- arcov-merge on directory trees (CI shards): each
# relative path merged on its own, nested directories created, other files
# ignored, every grouping of shards giving the same tree, and errors that
# leave OUT untouched.
. "${top_srcdir:-.}/testsuite/merge/lib.sh"
enter_tmp

# Three shards.  x.da is in all of them, y.da in two, z.da and w.da in
# one each; lock files and notes are not data.
mkdir -p s1/a/b s2/a/b s2/c s3/a s3/d/e/f
{ hdr 1 '' 2 1 1 2 1 1; fnrec f 1040 1 0; } >s1/a/x.da
{ hdr 1 '' 2 2 2 2 2 2; fnrec f 1040 2 0; } >s2/a/x.da
{ hdr 1 nightly 2 5 4 2 5 4; fnrec f 1040 4 1; } >s3/a/x.da
{ hdr 1 '' 1 3 3 1 3 3; fnrec g 7 3; } >s1/a/b/y.da
{ hdr 1 '' 1 4 4 1 4 4; fnrec g 7 4; } >s2/a/b/y.da
{ hdr 1 '' 1 9 9 1 9 9; fnrec h 8 9; } >s2/c/z.da
{ hdr 1 '' 1 0 0 1 0 0; fnrec k 9 0; } >s3/d/e/f/w.da
: >s1/a/x.da.lock
cp "$DATA/t.bbg" s1/a/x.bbg
ln -s ../a/x.da s3/d/link.da	# a link to a file is a file
ln -s ../s1 s3/loop		# a link to a directory is not followed

"$MERGE" all s1 s2 s3 >out 2>err; status "three shards" 0 $?
: >want; same "three shards: no stderr" want err
(cd all && find . | LC_ALL=C sort) >got
cat >want <<'X'
.
./a
./a/b
./a/b/y.da
./a/x.da
./c
./c/z.da
./d
./d/e
./d/e/f
./d/e/f/w.da
./d/link.da
X
same "three shards: the tree, .da files only" want got
shows "a/x.da: two shards summed, the labelled run apart" all/a/x.da <<'X'
block 0 label -
program 2 3 3
object 2 3 3
fn f 1040: 3 0
block 1 label nightly
program 2 5 4
object 2 5 4
fn f 1040: 4 1
X
shows "a/b/y.da: summed" all/a/b/y.da <<'X'
block 0 label -
program 1 7 7
object 1 7 7
fn g 7: 7
X
same "c/z.da: alone, copied" s2/c/z.da all/c/z.da
same "d/link.da: the linked file" s3/a/x.da all/d/link.da
test -f all/d/link.da && test ! -h all/d/link.da &&
	echo "PASS: a link is read, a file written" ||
	{ echo "FAIL: all/d/link.da is not a plain file"; fail=1; }

# Every grouping of the shards gives the same tree, byte for byte.
"$MERGE" s12 s1 s2 >out 2>err && "$MERGE" left s12 s3 >out 2>err &&
"$MERGE" s32 s3 s2 >out 2>err && "$MERGE" right s32 s1 >out 2>err &&
"$MERGE" s31 s3 s1 >out 2>err && "$MERGE" mid s2 s31 >out 2>err
status "groupings" 0 $?
for g in left right mid; do
	diff -r all $g >/dev/null && echo "PASS: grouping $g" ||
		{ echo "FAIL: grouping $g differs"; fail=1; }
done

# OUT is only written, never read: a file only OUT has survives as is.
mkdir -p prev/a
cp s2/c/z.da prev/a/x.da
cp s2/c/z.da prev/only.da
"$MERGE" prev s1 >out 2>err; status "existing OUT" 0 $?
same "existing OUT: a/x.da replaced" s1/a/x.da prev/a/x.da
same "existing OUT: other files left" s2/c/z.da prev/only.da

# --- errors: every bad file named, nothing written ---
mkdir -p bad/a/b
cp s1/a/x.da bad/a/x.da
head -c 30 s1/a/b/y.da >bad/a/b/y.da
printf '\173\0\0\0' >bad/q.da
"$MERGE" nothing s1 bad >out 2>err; status "corrupt shard" 1 $?
cat >want <<'X'
arcov-merge: bad/a/b/y.da: offset 8: extension length 40 exceeds the 18 bytes left
arcov-merge: bad/q.da: offset 0: bad magic number 123 (expected -123)
X
same "corrupt shard: one line per bad file" want err
test ! -e nothing && echo "PASS: corrupt shard: OUT not created" ||
	{ echo "FAIL: corrupt shard: OUT created"; fail=1; }
cp -r all all.before
"$MERGE" all s1 bad >out 2>err; status "corrupt shard, existing OUT" 1 $?
diff -r all.before all >/dev/null && echo "PASS: existing OUT untouched" ||
	{ echo "FAIL: existing OUT changed"; fail=1; }

"$MERGE" none s1 nosuch >out 2>err; status "a missing shard" 1 $?
echo 'arcov-merge: nosuch: cannot read: No such file or directory' >want
same "a missing shard: message" want err

mkdir empty1 empty2
"$MERGE" some empty1 s2 >out 2>err; status "an empty shard" 0 $?
diff -r s2 some >/dev/null && echo "PASS: an empty shard adds nothing" ||
	{ echo "FAIL: an empty shard changed the result"; fail=1; }
"$MERGE" none empty1 empty2 >out 2>err; status "no .da file" 1 $?
echo 'arcov-merge: no .da file below the input directories' >want
same "no .da file: message" want err

: >plain
"$MERGE" plain s1 >out 2>err; status "OUT a file" 1 $?
echo 'arcov-merge: plain: not a directory' >want
same "OUT a file: message" want err

if [ "$(id -u)" -ne 0 ]; then
	mkdir -p locked/sub && chmod 000 locked/sub
	"$MERGE" none locked >out 2>err; status "unreadable directory" 1 $?
	echo 'arcov-merge: locked/sub: cannot read: Permission denied' >want
	same "unreadable directory: message" want err
	chmod 755 locked/sub
fi

exit $fail
