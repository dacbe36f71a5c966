#!/bin/sh
# section.sh -- libFuzzer on the .arcov_notes ELF section parser (tools/discover.c):
# the corpus, the regressions and a fixed-seed run (lib.sh).
target=section runs=20000
. "$top_srcdir/testsuite/fuzz/lib.sh"
