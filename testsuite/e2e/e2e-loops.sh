#!/bin/sh
# Loops with known trip counts: exact counts at -O0, and the same line data
# as gcov 12 on a --coverage -O0 build at both -O0 and -O2 (the plugin
# instruments before GCC optimizes, so -O2 keeps the source's lines).
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc loops.c
build_arcov loops.c -O0
run_both
test "$(cat "$tmp/arcov.out")" = 205 || fail "wrong program output"
check_marks loops.c
compare_gcov loops.c

# At -O2 the lone "break;" (line 47) is a jump with no statement of its
# own, folded into its predecessor before our pass runs.
rm -f "$tmp/arcov/loops.da"
build_arcov loops.c -O2
run_arcov
compare_gcov loops.c 47
pass
