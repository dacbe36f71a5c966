#!/bin/sh
# da.sh -- libFuzzer on the .da reader (lib/da.c) and its extension tails (lib/da-ext.c):
# the corpus, the regressions and a fixed-seed run (lib.sh).
target=da runs=20000
. "$top_srcdir/testsuite/fuzz/lib.sh"
