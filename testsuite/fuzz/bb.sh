#!/bin/sh
# bb.sh -- libFuzzer on the .bb reader (lib/bb.c):
# the corpus, the regressions and a fixed-seed run (lib.sh).
target=bb runs=20000
. "$top_srcdir/testsuite/fuzz/lib.sh"
