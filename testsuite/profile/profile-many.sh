#!/bin/sh
# profile-many.sh -- a chain of 1000 functions, each calling the next,
# run three times from two call sites: the first run numbers every
# function, makes every edge and grows the shadow stack while all the
# calls below are still open (the runtime's first tables hold 256 frames,
# 128 functions and 128 edges, so each of them grows with open frames
# pointing into it), and 1000 edges over 2048 edge hints share some, whose
# calls take the general path.  At -O0 and -O2 (where GCC inlines much of
# the chain: inlined calls share their frame), with the timeline (the
# statistics held to it by profcheck.py) and without it (held to the
# counts): every call exactly, every caller exactly.
. "$top_srcdir/testsuite/profile/lib.sh"

n=1000
srcdir=$tmp		# build_profiled takes many.c from there
src=$tmp/many.c
awk -v n=$n 'BEGIN {
	print "#include <stdio.h>"
	printf "int f%d(int x) { return x ^ 1; }\n", n - 1
	for (i = n - 2; i >= 0; i--)
		printf "int f%d(int x) { return f%d(x + 1) + 1; }\n", i, i + 1
	print "int main(void)"
	print "{"
	print "\tint i, s = 0;"
	print "\tfor (i = 0; i < 3; i++) {"
	print "\t\ts += f0(i);"
	print "\t\ts += f0(2 * i);"
	print "\t}"
	print "\tprintf(\"%d\\n\", s);"
	print "\treturn 0;"
	print "}"
}' > "$src" || fail "cannot write many.c"
{
	echo "<root> main 1"
	echo "main f0 6"
	i=0
	while [ $i -lt $((n - 1)) ]; do
		echo "f$i f$((i + 1)) 6"
		i=$((i + 1))
	done
} > "$tmp/many.exp"
# f0(x) is ((x + n - 1) ^ 1) + n - 1.
want=$(awk -v n=$n 'function f0(x) { x += n - 1; return (x % 2 ? x - 1 : x + 1) + n - 1 }
	BEGIN { for (i = 0; i < 3; i++) s += f0(i) + f0(2 * i); print s }')

for opt in -O0 -O2; do
	rm -rf "$tmp/arcov" && mkdir -p "$tmp/arcov"
	build_profiled many.c $opt
	for run in timeline off; do
		rm -f "$tmp"/arcov/*.arcov-trace
		if [ $run = timeline ]; then
			(cd "$tmp/arcov" && ARCOV_TIMELINE=1 ./prog)
		else
			(cd "$tmp/arcov" && ./prog)
		fi > "$tmp/run.out" 2>&1 ||
			fail "$opt $run: many failed: $(cat "$tmp/run.out")"
		[ "$(cat "$tmp/run.out")" = "$want" ] ||
			fail "$opt $run: many printed $(cat "$tmp/run.out"), not $want"
		if [ $run = timeline ]; then
			export_all "$tmp/out$opt$run" "$tmp"/arcov/*.arcov-trace
			check=
		else
			export_aggregate "$tmp/out$opt$run" \
				"$tmp"/arcov/*.arcov-trace
			check=--aggregate
		fi
		python3 "$profdir/profcheck.py" $check "$tmp/many.exp" \
			"$tmp/out$opt$run" > "$tmp/check.out" 2>&1 ||
			fail "$opt $run: the exports do not hold the chain: $(tail -20 "$tmp/check.out")"
	done
done
pass
