#!/bin/sh
# trace.sh -- libFuzzer on the time profile's trace reader (lib/trace.c):
# the corpus, the regressions and a fixed-seed run (lib.sh).
target=trace runs=20000
. "$top_srcdir/testsuite/fuzz/lib.sh"
