#!/bin/sh
# profile-except.sh -- C++ exceptions thrown through three frames, at -O0
# and -O2: every frame they unwind ends in the profile (the try/finally
# the plugin wraps bodies in), so the counts of except.exp hold in every
# export and the timeline stays nested.
. "$top_srcdir/testsuite/profile/lib.sh"

for opt in -O0 -O2; do
	rm -rf "$tmp/arcov" && mkdir -p "$tmp/arcov"
	build_profiled except.cc $opt
	(cd "$tmp/arcov" && ARCOV_TIMELINE=1 ./prog) > "$tmp/run.out" 2>&1 ||
		fail "$opt: except failed: $(cat "$tmp/run.out")"
	export_all "$tmp/out$opt" "$tmp/arcov/prog.arcov-trace"
	python3 "$profdir/profcheck.py" "$profdir/except.exp" "$tmp/out$opt" ||
		fail "$opt: the exports do not hold the known call tree"
done
pass
