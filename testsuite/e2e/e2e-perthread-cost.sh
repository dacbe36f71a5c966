#!/bin/sh
# What the per-thread mode adds to the -single build's code, and that its
# counts stay exact with five threads (threads-cost.c): no entry check in
# a static helper that only checked functions call, nor the one of the
# global function inlined into it (thread-checks.cc, emit.cc
# ap_thread_filed_on_entry()); every increment of the thread's copy
# addressed at a constant offset from %fs alone, never through a register
# holding the copy's offset, which RTL PRE kept for the whole dispatch
# loop (tls-counters.cc), in both asm dialects.  Counts: the marks and
# gcov's (GCC's reference is built with -pthread, under which --coverage
# updates atomically).
. "$top_srcdir/testsuite/e2e/lib.sh"

case $(uname -m) in x86_64) ;; *) skip "the asm increments are x86-64's" ;; esac
build_gcc threads-cost.c -pthread
build_arcov threads-cost.c -O2 -pthread
objdump -d --no-show-raw-insn "$tmp/arcov/threads-cost.o" > "$tmp/cost.s" ||
	fail "objdump failed"
fn()
{
	sed -n "/<$1>:/,/^\$/p" "$tmp/cost.s"
}
# The checks: run() and hot() keep theirs, helper() has none.
n=$(fn run | grep -c 'cmpq   \$0x0,%fs:')
test "$n" = 1 || fail "run(): $n entry checks, not 1"
n=$(fn hot | grep -c 'cmpq   \$0x0,%fs:')
test "$n" = 1 || fail "hot(): $n entry checks, not 1"
fn helper | grep -q '%fs:' || fail "helper(): no thread-local increment"
fn helper | grep -q 'call.*<hot>' && fail "helper(): hot() not inlined"
n=$(fn helper | grep -c 'cmpq   \$0x0,%fs:')
test "$n" = 0 || fail "helper(): $n entry checks, hot()'s inlined"
# The increments: run()'s 13 cases and more, each "addq $1, %fs:OFF".
n=$(fn run | grep -c 'addq   \$0x1,%fs:0x[0-9a-f]*$')
test "$n" -ge 13 || fail "run(): $n increments at a constant %fs offset"
grep -E '%fs:[^ ,]*\(%' "$tmp/cost.s" &&
	fail "thread-local counters addressed through a register (above)"
run_both
check_marks threads-cost.c
compare_gcov threads-cost.c
# The same in Intel syntax, which the entry check's asm did not assemble
# in before.
rm -f "$tmp/arcov/threads-cost.da"
build_arcov threads-cost.c -O2 -pthread -masm=intel
objdump -d --no-show-raw-insn "$tmp/arcov/threads-cost.o" > "$tmp/cost.s" ||
	fail "objdump failed"
n=$(fn run | grep -c 'addq   \$0x1,%fs:0x[0-9a-f]*$')
test "$n" -ge 13 || fail "-masm=intel: run(): $n increments at a constant %fs offset"
run_arcov
check_marks threads-cost.c
pass
