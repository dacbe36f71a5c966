#!/bin/sh
# Four threads run one loop 200000 times each.  With the plugin's atomic
# option every increment is counted (800000 exactly); GCC's reference is
# built with -pthread, under which --coverage updates atomically too.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc threads.c -pthread
build_arcov threads.c -O2 -pthread -fplugin-arg-arcov-atomic
run_both
check_marks threads.c
compare_gcov threads.c
pass
