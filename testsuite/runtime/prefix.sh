#!/bin/sh
# prefix.sh -- ARCOV_PREFIX and ARCOV_PREFIX_STRIP relocate the .da the
# way GCOV_PREFIX and GCOV_PREFIX_STRIP relocate .gcda files, creating
# missing directories.
. "$top_srcdir/testsuite/runtime/lib.sh"

RT_DIR=$tmp/src/deep/dir
# Components of $tmp/src, i.e. what to strip to keep /deep/dir/a.da.
levels=$(printf '%s' "$tmp/src" | tr -cd / | wc -c)

ARCOV_PREFIX=$tmp/p0 run a:0:1
test -f "$tmp/p0$tmp/src/deep/dir/a.da" || fail "prefix without strip"

ARCOV_PREFIX=$tmp/p1/ ARCOV_PREFIX_STRIP=$levels run a:0:2
test -f "$tmp/p1/deep/dir/a.da" || fail "prefix with trailing slash, strip"

ARCOV_PREFIX=$tmp/p2 ARCOV_PREFIX_STRIP=99 run a:0:3
test -f "$tmp/p2/a.da" || fail "strip past the last directory"

ARCOV_PREFIX=$tmp/p3 ARCOV_PREFIX_STRIP=-1 run a:0:4
test -f "$tmp/p3$tmp/src/deep/dir/a.da" || fail "negative strip"

# A strip without a prefix is relative to the working directory.
mkdir "$tmp/cwd"
(cd "$tmp/cwd" && ARCOV_PREFIX_STRIP=$((levels + 1)) run a:0:5)
test -f "$tmp/cwd/dir/a.da" || fail "strip without prefix"

# The compiled-in directory itself was never created.
test ! -e "$tmp/src" || fail "$tmp/src created"
expect_da "$tmp/p1/deep/dir/a.da" <<'END'
block 0 label -
program 3 2 2
object 3 2 2
fn f 1040: 2 0
fn main 77: 0
END
pass
