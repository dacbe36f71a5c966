#!/bin/sh
# bbg.sh -- libFuzzer on the .bbg reader (lib/bbg.c) and the solver:
# the corpus, the regressions and a fixed-seed run (lib.sh).
target=bbg runs=20000
. "$top_srcdir/testsuite/fuzz/lib.sh"
