#!/bin/sh
# Counters that the loop optimizers may keep in registers: with
# -fplugin-arg-arcov-no-asm-increments an increment is a load, an add and
# a store, which GCC's store motion may keep in a register through a
# call-free loop (doc/notes-format.md section 4, "Counters").  The counts
# must still be what ran, for loops left by exit() and longjmp() and for
# a recursion that counts the same arcs from inside a loop, at every -O
# level, and the reports be those of the asm increments.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc motion.c
for opt in -O0 -O1 -O2 -O3 -Og; do
	for how in asm noasm; do
		case $how in
		asm) flags= ;;
		noasm) flags=-fplugin-arg-arcov-no-asm-increments ;;
		esac
		marked_report motion.c "$how$opt" $opt $flags
	done
	cmp -s "$tmp/asm$opt.report" "$tmp/noasm$opt.report" ||
		fail "$opt: reports differ: $(diff "$tmp/asm$opt.report" "$tmp/noasm$opt.report")"
done

case $(uname -m) in
x86_64) ;;
*) pass ;;
esac
# The no-asm -O2 code keeps some counter in a register: hot()'s loop
# stores its counter once, after the loop, a move from a register that
# the asm build, whose counters never pass through GCC's store motion,
# does not have.  (How many increments of memory are left differs from
# one GCC to the next: GCC 16 inlines more.)  Plain increments (single):
# a thread's copy of the counters is not kept in registers.
counter_stores()
{
	(cd "$tmp/arcov" &&
	 cc_plugin "$CC" -O2 -fplugin-arg-arcov-single "$@" -S motion.c -o - |
		grep -c 'movq	%r[a-z0-9]*, [0-9+]*\.LARCOVC')
}
asm=$(counter_stores)
noasm=$(counter_stores -fplugin-arg-arcov-no-asm-increments)
test "$asm" -eq 0 || fail "-O2: the asm build stores $asm counters from registers"
test "$noasm" -gt 0 ||
	fail "-O2: no counter kept in a register without the asm"
pass
