#!/bin/sh
# export-annotate.sh -- Valgrind's cg_annotate reads the cachegrind export,
# and callgrind_annotate the callgrind export, of plugin-built C and C++
# programs, and both print per line, per function and in total the Lines
# counts of the .gcov files arcov writes for the same data; the Stmts
# estimate agrees between the two exports and adds up.
. "$top_srcdir/testsuite/export/lib.sh"

# check_program DIR SRC...: DIR's exports held to its .gcov files.
check_program()
{
	d=$1
	shift
	(cd "$tmp/$d" && "$arcov" -n --cachegrind cg.out --callgrind cl.out \
		"$@") > "$tmp/arcov.log" 2>&1 ||
		fail "$d: exports: $(cat "$tmp/arcov.log")"
	(cd "$tmp/$d" && "$arcov" "$@") > "$tmp/arcov.log" 2>&1 ||
		fail "$d: report: $(cat "$tmp/arcov.log")"
	(cd "$tmp/$d" && cg_annotate --auto=yes --threshold=0 cg.out) \
		> "$tmp/$d/cg.txt" 2>&1 || fail "$d: cg_annotate: $(cat "$tmp/$d/cg.txt")"
	(cd "$tmp/$d" && callgrind_annotate --auto=yes --threshold=100 cl.out) \
		> "$tmp/$d/cl.txt" 2>&1 ||
		fail "$d: callgrind_annotate: $(cat "$tmp/$d/cl.txt")"
	grep -i warning "$tmp/$d/cg.txt" "$tmp/$d/cl.txt" &&
		fail "$d: the annotators warned"

	: > "$tmp/extents"
	: > "$tmp/counts"
	for src; do
		gcov_lines "$tmp/$d/$src.gcov" > "$tmp/want.lines"
		test -s "$tmp/want.lines" || fail "$d/$src: no .gcov lines"
		cg_lines cg.txt "$d" "$src" > "$tmp/cg.lines" ||
			fail "$d/$src: $(cat "$tmp/cg.lines")"
		cg_lines cl.txt "$d" "$src" > "$tmp/cl.lines" ||
			fail "$d/$src: $(cat "$tmp/cl.lines")"
		cut -d' ' -f1,2 "$tmp/cg.lines" > "$tmp/got.lines"
		same "$d/$src: cg_annotate Lines per line against the .gcov" \
			"$tmp/want.lines" "$tmp/got.lines"
		same "$d/$src: callgrind_annotate per line against cg_annotate" \
			"$tmp/cg.lines" "$tmp/cl.lines"
		# Every function's extent, from its notes, and the counts.
		awk -v src="$src" '
			$1 == "function" { name = $2 }
			$1 == "source" { print src ":" name, src, $2, $3 }' \
			"$tmp/$d/${src%.*}.arcov-notes" >> "$tmp/extents"
		sed "s|^|$src |" "$tmp/want.lines" >> "$tmp/counts"
	done
	# Per function, the .gcov counts over its extent; functions with the
	# same extent (template instances) are summed as the .gcov sums them.
	for out in cg cl; do
		# Uninstrumented callees (printf) are callgrind's only.
		cg_functions "$d/$out.txt" | awk '$1 > 0 || $2 > 0' | sort \
			> "$tmp/$out.fns"
		awk -v want="$tmp/want.fns" '
			FILENAME ~ /counts$/ { c[$1, $2] = $3; next }
			FILENAME ~ /extents$/ {
				g = $2 ":" $3 "-" $4; grp[$1] = g
				if (g in w) next
				w[g] = 0
				for (l = $3; l <= $4; l++) w[g] += c[$2, l]
				next
			}
			{ got[grp[$3]] += $1 }
			END {
				for (g in w) if (w[g]) print g, w[g] > want
				for (g in got) print g, got[g]
			}' "$tmp/counts" "$tmp/extents" "$tmp/$out.fns" |
			sort > "$tmp/got.sorted"
		sort "$tmp/want.fns" > "$tmp/want.sorted"
		same "$d: $out annotator Lines per function against the .gcov" \
			"$tmp/want.sorted" "$tmp/got.sorted"
	done
	same "$d: Lines and Stmts per function, cg_annotate and callgrind_annotate" \
		"$tmp/cg.fns" "$tmp/cl.fns"

	# Totals: Lines is the sum of the .gcov counts; Stmts the sum of
	# the functions'; the two exports agree.
	set -- $(cg_total "$d/cg.txt")
	lines=$1 stmts=$2
	want=$(cat "$tmp/$d"/*.gcov | gcov_lines /dev/stdin |
		awk '{ s += $2 } END { print s }')
	test "$lines" = "$want" || fail "$d: total Lines $lines, .gcov $want"
	sum=$(awk '{ s += $2 } END { print s }' "$tmp/cg.fns")
	test "$stmts" = "$sum" || fail "$d: total Stmts $stmts, functions $sum"
	test "$stmts" -gt "$lines" || fail "$d: fewer statements than lines"
	test "$(cg_total "$d/cl.txt")" = "$lines $stmts" ||
		fail "$d: callgrind totals $(cg_total "$d/cl.txt")"
	grep -q "^summary: $lines $stmts\$" "$tmp/$d/cg.out" ||
		fail "$d: cachegrind summary"
}

for p in loops:e2e/loops.c:-O0 recursion:e2e/recursion.c:-O0 \
	 branches:e2e/branches.c:-O2 calltree:export/calltree.c:-O0 \
	 cxx:export/cxx.cc:-O0; do
	name=${p%%:*} src=${p#*:}
	flag=${src#*:} src=${src%:*}
	build "$name" "$src" -- "$flag"
	run "$name"
	check_program "$name" "${src##*/}"
done

# The marks of calltree.c, which export-callgraph.sh builds on, are the
# counts cg_annotate shows.
awk '{ if (match($0, /\/\*@[^*]*\*\//)) print NR, substr($0, RSTART + 3, RLENGTH - 5) }' \
	"$testsuite/export/calltree.c" > "$tmp/want"
cg_lines cg.txt calltree calltree.c | cut -d' ' -f1,2 > "$tmp/got"
same "calltree.c: the marks" "$tmp/want" "$tmp/got"

# The C++ program's template instances share lines: -m tells them apart.
(cd "$tmp/cxx" && "$arcov" -m -n --cachegrind cgm.out cxx.cc &&
 cg_annotate --threshold=0 cgm.out) > "$tmp/cxx/cgm.txt" 2>&1 ||
	fail "cxx -m: $(cat "$tmp/cxx/cgm.txt")"
cg_functions cxx/cgm.txt | cut -d' ' -f1,3- | sort > "$tmp/got"
sort > "$tmp/want" <<'EOF'
15 cxx.cc:main
6 cxx.cc:counter::add(int)
8 cxx.cc:int twice<int>(int)
2 cxx.cc:double twice<double>(double)
2 cxx.cc:area(int, int)
2 cxx.cc:area(double)
1 cxx.cc:counter::counter()
1 cxx.cc:counter::~counter()
EOF
same "cxx -m: demangled functions and their Lines" "$tmp/want" "$tmp/got"
pass
