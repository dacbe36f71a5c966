#!/bin/sh
# A statement of a lambda is counted once per call, as by gcov 12, when
# a later statement loads the captured "this" on its line (issue 29;
# jsoncpp's test lambdas read 18 for 9 calls): the load follows the call
# of the statement between, in the same straight line of blocks, and
# its block is gcov 12's line of that statement.
. "$top_srcdir/testsuite/e2e/lib.sh"
# GCC 16 starts the closure's lifetime with a clobber on the lambda's
# line ("checkOffsets = {CLOBBER(bob)}" at lambda.cc:31:8), which run()
# executes once: the line then holds blocks of two functions, run's (1)
# and the lambda's entry (3), and reads "+" as line 34 does (gcov 16: 4,
# their sum, as arcov's report).  Earlier GCCs give the clobber no place.
if [ "$gcc_major" -ge 16 ]; then
	mkdir -p "$tmp/src" &&
		sed '31s|/\*@3\*/|/*@+*/|' "$srcdir/lambda.cc" > "$tmp/src/lambda.cc" ||
		hard_error "cannot copy lambda.cc"
	grep -q 'limit) {	/\*@+\*/$' "$tmp/src/lambda.cc" ||
		hard_error "lambda.cc:31 is not the lambda's line"
	srcdir=$tmp/src
fi

build_gcc lambda.cc
build_arcov lambda.cc -O0
run_both
check_marks lambda.cc
compare_gcov lambda.cc
check_report lambda.cc
pass
