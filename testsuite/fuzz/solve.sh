#!/bin/sh
# solve.sh -- libFuzzer on the solver (lib/solve.c) on a .bbg and its .da:
# the corpus, the regressions and a fixed-seed run (lib.sh).
target=solve runs=20000
. "$top_srcdir/testsuite/fuzz/lib.sh"
