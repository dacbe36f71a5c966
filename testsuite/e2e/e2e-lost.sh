#!/bin/sh
# _exit() and abort() skip the exit handlers, so the counts of a run that
# ends in them are lost (documented); arcov_dump() before them saves what
# was counted up to that point.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_arcov lost.c -O0 -I"$top_srcdir/runtime"
da=$tmp/arcov/lost.da

(cd "$tmp/arcov" && ./prog) || fail "_exit run: exit status $?"
test ! -e "$da" || fail "_exit wrote counts"
(cd "$tmp/arcov" && ./prog abort) 2>/dev/null
test $? -gt 128 || fail "abort run did not die of a signal"
test ! -e "$da" || fail "abort wrote counts"

# Dumped after spin(4) and before spin(6): the loop ran 4 times.
(cd "$tmp/arcov" && ./prog exit dump) || fail "dump run: exit status $?"
lines lost.c
expect_line lost.c 14 4
expect_line lost.c 12 1
(cd "$tmp/arcov" && ./prog abort dump) 2>/dev/null
lines lost.c
expect_line lost.c 14 8
expect_line lost.c 12 2
pass
