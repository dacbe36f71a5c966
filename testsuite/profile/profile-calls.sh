#!/bin/sh
# profile-calls.sh -- calls.c (recursion, mutual recursion, function
# pointers, an inlined function, a 20 ms sleep, longjmp, two threads, fork) at -O0 and -O2:
# every export holds exactly the calls of calls.exp, nests properly, and
# agrees with the others (profcheck.py); callgrind_annotate and webgrind's
# reading rules (wgcheck) read the time profile.  The hooks have a fast
# path (the TSC, a known edge) and a general one (runtime/profile.c): the
# timeline run takes both and its statistics are held to its timeline;
# ARCOV_CLOCK=monotonic takes the general path alone, held the same way;
# a run without the timeline is held to calls.exp.
. "$top_srcdir/testsuite/profile/lib.sh"
wgcheck=$builddir/testsuite/export/wgcheck

for opt in -O0 -O2; do
	rm -rf "$tmp/arcov" && mkdir -p "$tmp/arcov"
	build_profiled calls.c $opt
	(cd "$tmp/arcov" && ARCOV_TIMELINE=1 ./prog) > "$tmp/run.out" 2>&1 ||
		fail "$opt: calls failed: $(cat "$tmp/run.out")"
	[ "$(cat "$tmp/run.out")" = "145 20 20" ] ||
		fail "$opt: calls printed $(cat "$tmp/run.out")"
	set -- "$tmp"/arcov/*.arcov-trace
	[ $# -eq 2 ] || fail "$opt: expected the parent's and the child's trace, got $*"
	[ -f "$tmp/arcov/calls.da" ] || fail "$opt: coverage not written beside the profile"
	export_all "$tmp/out$opt" "$@"
	python3 "$profdir/profcheck.py" "$profdir/calls.exp" "$tmp/out$opt" \
		sleeper=20000000 main=20000000 ||
		fail "$opt: the exports do not hold the known call tree"
	# callgrind_annotate: sleeper's 20 ms, inclusive, in units of 10 ns.
	callgrind_annotate --inclusive=yes "$tmp/out$opt/cg.out" \
		> "$tmp/annotate.out" 2>&1 ||
		fail "$opt: callgrind_annotate refused cg.out: $(cat "$tmp/annotate.out")"
	awk '/:sleeper/ { gsub(/,/, "", $1); if ($1 + 0 >= 2000000) ok = 1 }
	     END { exit !ok }' "$tmp/annotate.out" ||
		fail "$opt: callgrind_annotate does not show sleeper's 20 ms"
	"$wgcheck" 7 "$tmp/out$opt/cachegrind.out.p.webgrind" \
		"$tmp/out$opt/cachegrind.out.p" > "$tmp/wg.out" 2>&1 ||
		fail "$opt: wgcheck: $(cat "$tmp/wg.out")"
	xmllint --noout "$tmp/out$opt/w.xml" ||
		fail "$opt: the winIDEA XML is not well-formed"
	for run in monotonic off; do
		rm -f "$tmp"/arcov/*.arcov-trace
		if [ $run = monotonic ]; then
			(cd "$tmp/arcov" && ARCOV_CLOCK=monotonic \
			 ARCOV_TIMELINE=1 ./prog) > "$tmp/run.out" 2>&1
			check=
		else
			(cd "$tmp/arcov" && ./prog) > "$tmp/run.out" 2>&1
			check=--aggregate
		fi || fail "$opt $run: calls failed: $(cat "$tmp/run.out")"
		[ "$(cat "$tmp/run.out")" = "145 20 20" ] ||
			fail "$opt $run: calls printed $(cat "$tmp/run.out")"
		if [ $run = monotonic ]; then
			export_all "$tmp/out$opt$run" "$tmp"/arcov/*.arcov-trace
		else
			export_aggregate "$tmp/out$opt$run" \
				"$tmp"/arcov/*.arcov-trace
		fi
		python3 "$profdir/profcheck.py" $check "$profdir/calls.exp" \
			"$tmp/out$opt$run" sleeper=20000000 main=20000000 ||
			fail "$opt $run: the exports do not hold the known call tree"
	done
done
pass
