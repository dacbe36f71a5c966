#!/bin/sh
# Functions whose optimize attribute sets their level apart from the
# unit's -O count every execution: an always_inline optimize ("Og")
# function inlined into a -O0 unit's main(), an Og and an O2 function in
# a -O0 unit, an O0 function in a -O2 unit.  Every mark, and gcov 12's
# counts, at -O0 and -O2.  Line 24, "int s = 0;" of the O2 function, has
# code in arcov's notes only (the plugin takes the function before it is
# optimized).  At -O0 main()'s line 44 is entered again where near()'s
# inlined body returns a value to it (gcov 12 reads 20, as arcov); at -O2
# the early inliner's copy has joined the line's block (10), where
# gcov's -O0 build still reads 20.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc optattr.c
run=run_both
for level in 0 2; do
	rm -f "$tmp/arcov/optattr.da"
	build_arcov optattr.c -O$level
	$run
	run=run_arcov
	# At -O2 line 44 is one block: its mark (+) holds at -O0 only.
	test $level = 0 && check_marks optattr.c
	check_report optattr.c
	test $level = 0 && line44=20 || line44=10
	# gcov's build is -O0's (build_gcc): at -O2 line 44 differs.
	test $level = 0 && compare_gcov optattr.c 24 ||
		compare_gcov optattr.c "24 44"
	for ln in 18:10 26:55 27:45 43:11 44:$line44; do
		expect_report optattr.c ${ln%:*} ${ln#*:}
	done
done
pass
