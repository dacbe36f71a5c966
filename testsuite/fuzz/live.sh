#!/bin/sh
# live.sh -- libFuzzer on continuous mode's live file reader (lib/live.c):
# the corpus, the regressions and a fixed-seed run (lib.sh).
target=live runs=20000
. "$top_srcdir/testsuite/fuzz/lib.sh"
