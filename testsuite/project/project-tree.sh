#!/bin/sh
# project-tree.sh -- "arcov DIR": every object below DIR in one report.  A
# header compiled into two objects is one source with their counts summed;
# an object whose program never ran is reported with zero counts; a
# sharded run merged with arcov-merge reports the sum of the shards.
. "$top_srcdir/testsuite/e2e/lib.sh"
arcov=$builddir/tools/arcov
merge=$builddir/tools/arcov-merge
p=$tmp/proj
mkdir -p "$p/inc" "$p/a" "$p/b" "$p/tool" "$p/report" || fail "mkdir"

cat >"$p/inc/bump.h" <<'EOF'
static inline int bump(int x)
{
	return x + 1;
}
EOF
cat >"$p/a/main.c" <<'EOF'
#include "bump.h"

int b_run(int n);

int main(int argc, char **argv)
{
	int s = 0, i;

	for (i = 0; i < 3; i++)
		s = bump(s);
	return b_run(s) == 5 ? 0 : 1;
}
EOF
cat >"$p/b/b.c" <<'EOF'
#include "bump.h"

int b_run(int n)
{
	return bump(bump(n));
}
EOF
cat >"$p/tool/tool.c" <<'EOF'
int main(void)
{
	return 0;
}
EOF

# Absolute source names, so the report can be made from anywhere.
for src in a/main.c b/b.c tool/tool.c; do
	(cd "$p/${src%/*}" &&
	 env $compile_env $CC -fplugin="$plugin" -O0 -I"$p/inc" \
		-c "$p/$src") >"$tmp/build.log" 2>&1 ||
		fail "compiling $src: $(cat "$tmp/build.log")"
done
(cd "$p" && $CC $SAN_FLAGS a/main.o b/b.o "$libarcov" -pthread -o a/prog &&
 $CC $SAN_FLAGS tool/tool.o "$libarcov" -pthread -o tool/tool) \
	>"$tmp/build.log" 2>&1 || fail "linking: $(cat "$tmp/build.log")"
"$p/a/prog" || fail "prog failed"

# --- one report for the tree; tool never ran ---
(cd "$p/report" && "$arcov" .. >out 2>err) || fail "arcov .. failed: $(cat "$p/report/err")"
cat >"$tmp/want" <<EOF
File '$p/a/main.c'
Lines executed:100.00% of 5
Creating 'main.c.gcov'

File '$p/inc/bump.h'
Lines executed:100.00% of 2
Creating 'bump.h.gcov'

File '$p/b/b.c'
Lines executed:100.00% of 2
Creating 'b.c.gcov'

File '$p/tool/tool.c'
Lines executed:0.00% of 2
Creating 'tool.c.gcov'

Lines executed:81.82% of 11
EOF
diff -u "$tmp/want" "$p/report/out" || fail "arcov ..: stdout"
echo "../tool/tool.da:cannot open data file, assuming not executed" >"$tmp/want"
diff -u "$tmp/want" "$p/report/err" || fail "arcov ..: stderr"

# -j names its one document after the directory named, not an object.
(cd "$p/report" && rm -f *.gcov.json.gz && "$arcov" -j .. >out 2>err &&
 ls *.gcov.json.gz >"$tmp/got") || fail "arcov -j .. failed"
echo "proj.gcov.json.gz" >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" || fail "arcov -j ..: the JSON's name"
(cd "$p/report" && rm -f *.gcov.json.gz && "$arcov" -j ../b/ >out 2>err &&
 ls *.gcov.json.gz >"$tmp/got") || fail "arcov -j ../b/ failed"
echo "b.gcov.json.gz" >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" || fail "arcov -j ../b/: the JSON's name"

# Several objects without data: counted in one line, listed by --verbose.
mkdir -p "$p/tool2"
cp "$p/tool/tool.c" "$p/tool2/tool2.c"
(cd "$p/tool2" && env $compile_env $CC -fplugin="$plugin" -O0 \
	-c "$p/tool2/tool2.c") >"$tmp/build.log" 2>&1 ||
	fail "compiling tool2.c: $(cat "$tmp/build.log")"
(cd "$p/report" && "$arcov" -n .. >out 2>err) || fail "arcov .. (tool2)"
echo "arcov: 2 objects have no data file (never run), reported as not" \
	"executed; --verbose lists them" >"$tmp/want"
diff -u "$tmp/want" "$p/report/err" || fail "two objects without data"
(cd "$p/report" && "$arcov" -n --verbose .. >out 2>err) ||
	fail "arcov --verbose .."
printf '%s\n' "../tool/tool.da:cannot open data file, assuming not executed" \
	"../tool2/tool2.da:cannot open data file, assuming not executed" \
	>"$tmp/want"
diff -u "$tmp/want" "$p/report/err" || fail "--verbose: each one named"
rm -r "$p/tool2"

# The header's lines count both objects' calls: 3 from main, 2 from b.
cat >"$tmp/want" <<EOF
        -:    0:Source:$p/inc/bump.h
        5:    1:static inline int bump(int x)
        -:    2:{
        5:    3:	return x + 1;
        -:    4:}
EOF
diff -u "$tmp/want" "$p/report/bump.h.gcov" || fail "bump.h.gcov"
grep -c '#####' "$p/report/tool.c.gcov" >"$tmp/n"
echo 2 | cmp -s - "$tmp/n" || fail "tool.c: not 2 lines of zero counts"

# Several directories, in any order, give the same sums once each.
(cd "$p/report" && rm -f *.gcov && "$arcov" -n ../b ../a ../b/ >out 2>err) ||
	fail "arcov ../b ../a failed"
grep -c '^File' "$p/report/out" >"$tmp/n"
echo 3 | cmp -s - "$tmp/n" || fail "../b ../a ../b/: not 3 sources"

# --- CI shards: each shard's data in its own tree, merged ---
for shard in 1 2; do
	mkdir -p "$tmp/shard$shard"
	(cd "$p/a" && ARCOV_PREFIX=$tmp/shard$shard ./prog) ||
		fail "shard $shard run"
done
"$merge" "$tmp/merged" "$tmp/shard1" "$tmp/shard2" || fail "arcov-merge"
rel=${p#/}
cp "$tmp/merged/$rel/a/main.da" "$p/a/main.da" &&
cp "$tmp/merged/$rel/b/b.da" "$p/b/b.da" || fail "merged tree layout"
(cd "$p/report" && "$arcov" .. >out 2>err) || fail "arcov after merge"
grep '^ *[0-9]*: *3:' "$p/report/bump.h.gcov" >"$tmp/got"
echo "       10:    3:	return x + 1;" >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" || fail "two shards: bump.h line 3"

# --- errors and usage ---
mkdir "$tmp/empty"
"$arcov" "$tmp/empty" >"$tmp/out" 2>"$tmp/err"
test $? = 1 || fail "empty directory: exit status"
echo "arcov: $tmp/empty: no .bbg file below it" >"$tmp/want"
diff -u "$tmp/want" "$tmp/err" || fail "empty directory: message"
"$arcov" -o "$p/a" "$p" >"$tmp/out" 2>"$tmp/err"
test $? = 2 || fail "-o with a directory: exit status"
"$arcov" --legacy=3.3 "$p" >"$tmp/out" 2>"$tmp/err"
test $? = 2 || fail "--legacy with a directory: exit status"
echo "arcov: directories and --binary do not combine with --legacy or -o" \
	>"$tmp/want"
diff -u "$tmp/want" "$tmp/err" || fail "--legacy with a directory: message"
pass
