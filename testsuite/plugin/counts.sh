#!/bin/sh
# counts.sh -- compile programs with the plugin, run them against libarcov,
# solve every function and compare block and arc counts, line lists and
# flags with expected output.  Loops have known trip counts, so every
# count is exact.
. "$top_srcdir/testsuite/plugin/lib.sh"

# check NAME COMPILER LEVEL [OPTIONS...]: NAME.{c,cc} at -OLEVEL must print
# NAME.out and solve to NAME.LEVEL.exp.
check()
{
	name=$1
	tool=$2
	level=$3
	shift 3
	src=$name.c
	test -f "$srcdir/$src" || src=$name.cc
	cp "$srcdir/$src" . || exit 99
	rm -f "$name.da"
	cc "$tool" -O"$level" "$@" -c "$src" -o "$name.o" ||
		fail "$src -O$level: compilation failed"
	link "$tool" "$name" "$name.o"
	./"$name" > "$name.stdout" || fail "$name -O$level: exit status $?"
	expect "$name.stdout" "$srcdir/$name.out"
	graph "$name" > "$name.$level.txt" ||
		fail "$name -O$level: cannot solve"
	expect "$name.$level.txt" "$srcdir/$name.$level.exp"
	if test -f "$srcdir/$name.$level.notes"; then
		expect_notes "$name.arcov-notes" "$srcdir/$name.$level.notes"
	fi
}

check loops "$CC" 0
check loops "$CC" 2
check jumps "$CC" 0
check jumps "$CC" 2
check throw "$CXX" 0 -fplugin-arg-arcov-filter='throw\.cc$'
check throw "$CXX" 2 -fplugin-arg-arcov-filter='throw\.cc$'
# -fPIC: per-thread counters through one base address per function
# (emit.cc, thread_base), the same counts; in the object, on x86-64, at
# most one TLS descriptor call per function (tls-counters.cc) and no
# __tls_get_addr() call, where GCC made one per counting block.
check loops "$CC" 2 -fPIC
check jumps "$CC" 2 -fPIC
case $($CC -dumpmachine) in
x86_64-*)
	objdump -dr loops.o jumps.o | awk '
		/file format/ { obj = $1 }
		/^[0-9a-f]+ <.*>:$/ { fn = obj " " $2 }
		/R_X86_64_TLSDESC_CALL/ { n[fn]++; total++ }
		/__tls_get_addr/ { print fn ": calls __tls_get_addr"; bad = 1 }
		END {
			for (f in n) if (n[f] > 1) {
				print f ": " n[f] " descriptor calls"; bad = 1
			}
			if (total < 4) { print "only " total+0 " calls"; bad = 1 }
			exit bad
		}' || fail "-fPIC: more than one TLS call in a function"
	;;
esac
# Four threads, one counter set: exact only with atomic increments.
check threads "$CC" 2 -fplugin-arg-arcov-atomic
# Whole-program optimization must not change the graphs or the counts.
check loops "$CC" 2 -flto

# The pass runs before any optimization: the graphs are the same at
# every level above -O0 (-O0 keeps some empty blocks for debugging).
cp "$srcdir/loops.c" "$srcdir/jumps.c" . || exit 99
for name in loops jumps; do
	cc "$CC" -O1 -c $name.c -o ref.o || fail "$name -O1"
	mv ref.bb ref1.bb && mv ref.bbg ref1.bbg || exit 99
	for level in 2 3 s; do
		cc "$CC" -O$level -c $name.c -o ref.o || fail "$name -O$level"
		cmp ref.bb ref1.bb && cmp ref.bbg ref1.bbg ||
			fail "$name: -O$level notes differ from -O1"
	done
done
exit 0
