#!/bin/sh
# Arms that hold only their counters, moved into their tests before
# phiopt (plugin/early-increments.cc): exact counts at -O2 and -O3, in
# the per-thread, single and -fPIC modes.  arms.graph holds every block
# and arc count of the optimized builds, each checked by hand against
# the program: is_x() is called 4 times, its first test true 3 times,
# its result true twice; sign() 3 positive of 7, scale() 2 above 4 of 7.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc arms.cc
for flags in "-O2" "-O3" "-O2 -fplugin-arg-arcov-single" "-O2 -fPIC" \
	     "-O3 -pthread -fPIC"; do
	rm -f "$tmp/arcov/arms.da"
	# shellcheck disable=SC2086
	build_arcov arms.cc $flags
	run_both
	check_marks arms.cc
	"$linecheck" -g "$tmp/arcov/arms" > "$tmp/graph" ||
		fail "cannot solve the $flags build's graphs"
	diff -u "$srcdir/arms.graph" "$tmp/graph" > "$tmp/graph.diff" ||
		fail "$flags: block or arc counts differ from arms.graph's:
$(cat "$tmp/graph.diff")"
done
pass
