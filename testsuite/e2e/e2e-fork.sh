#!/bin/sh
# fork(): the runtime zeroes the child's counters, so parent and child
# together record every execution once, and the plugin gives the fork
# call the shape GCC 3.3 gave calls that return twice (doc/formats.md §3.3
# step 4): the call starts its block, which a fake arc from ENTRY enters
# for the second return.  The data then solves exactly.
#
# One line differs from gcov 12, by design: "pid_t pid = fork();" (22)
# reads 2 here, the call's returns, as gcov 3.3 counted setjmp.  GCC 12
# does not split before the call; its block is entered once and left
# twice, and gcov 12 shows the entries (1) after giving the block's fake
# arc to EXIT the count -1.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc fork.c
build_arcov fork.c -O0
run_both
check_marks fork.c
compare_gcov fork.c 22

# The same at -O2, where the pass still sees the source's graph; only
# "return s;" (15) differs from the -O0 marks, one block instead of two.
rm -f "$tmp/arcov/fork.da"
build_arcov fork.c -O2
run_arcov
mkdir "$tmp/O2" &&
sed 's|return s;\t/\*@+\*/|return s;\t/*@4*/|' "$srcdir/fork.c" \
	> "$tmp/O2/fork.c" || fail "cannot write the -O2 marks"
srcdir=$tmp/O2
check_marks fork.c
pass
