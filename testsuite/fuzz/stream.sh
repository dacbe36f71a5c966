#!/bin/sh
# stream.sh -- libFuzzer on the counter stream's reader (lib/stream.c) and
# its hex lines, against the freestanding runtime's writer: the corpus,
# the regressions and a fixed-seed run (lib.sh).
target=stream runs=20000
. "$top_srcdir/testsuite/fuzz/lib.sh"
