#!/bin/sh
# notes.sh -- libFuzzer on the .arcov-notes reader (lib/arcov-notes.c):
# the corpus, the regressions and a fixed-seed run (lib.sh).
target=notes runs=20000
. "$top_srcdir/testsuite/fuzz/lib.sh"
