#!/bin/sh
# dlclose.sh -- an instrumented shared library is written when it is
# unloaded, through the shared libarcov; the exit writes nothing twice.
. "$top_srcdir/testsuite/runtime/lib.sh"

dl=$builddir/testsuite/runtime/rt-dl
mod=$builddir/testsuite/runtime/.libs/rt-module.so
test -f "$mod" || fail "$mod not built"

ARCOV_APPEND=1 "$dl" "$mod" 3 2> "$tmp/stderr" || fail "m.da not written by dlclose"
test ! -s "$tmp/stderr" || fail "stderr: $(cat "$tmp/stderr")"
# Still loaded at exit: written by the exit handler, once.
ARCOV_APPEND=1 "$dl" "$mod" 4 keep 2> "$tmp/stderr" || fail "rt-dl keep failed"
test ! -s "$tmp/stderr" || fail "stderr: $(cat "$tmp/stderr")"
expect_da "$tmp/m.da" <<'END'
block 0 label -
program 1 3 3
object 1 3 3
fn h 9: 3
block 1 label -
program 1 4 4
object 1 4 4
fn h 9: 4
END
pass
