#!/bin/sh
# Template instances and a constructor and destructor on one line, at -O0
# and -O2: arcov -b -t prints each line's sum and then a section per
# function as gcov 12 does (-O0 build; sections compared as a set, since
# arcov lists them in the order of its notes), the file's branch totals
# leave the sections' out as gcov 12's do, arcov -b -j has one record of
# a shared line per function, and --lcov merges them by position, as
# lcov does (issue 29, case 5).
. "$top_srcdir/testsuite/e2e/lib.sh"

# sections FILE: FILE's text with the header lines dropped and each run of
# sections sorted, so that their order does not count.
sections()
{
	awk '/^ *-: *0:(Graph|Data):/ { next }
	     /^------------------$/ { sep = 1; next }
	     sep && /^[^ ].*:$/ { if (sec != "") secs[++n] = sec
				  sec = $0 "\n"; sep = 0; next }
	     sep { sep = 0
		   if (sec != "") secs[++n] = sec
		   if (n) { for (i = 1; i <= n; i++)
				for (j = i + 1; j <= n; j++)
					if (secs[j] < secs[i]) {
						t = secs[i]; secs[i] = secs[j]
						secs[j] = t }
			    for (i = 1; i <= n; i++) printf "%s", secs[i]
			    print "-- end of sections" }
		   n = 0; sec = "" }
	     sec != "" { sec = sec $0 "\n"; next }
	     { print }' "$1"
}

# records FILE.json: the line records of a JSON report, one a line, sorted.
records()
{
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for f in d["files"]:
    for l in f["lines"]:
        print(l["line_number"], l.get("function_name", ""), l["count"],
              l["unexecuted_block"],
              [(b["count"], b["throw"], b["fallthrough"]) for b in l["branches"]])
' "$1" | LC_ALL=C sort
}

# lcov: line 10's two branches, each instance's summed.
check_lcov_branches()
{
	(cd "$tmp/arcov" && "$arcov" --lcov out.info instances.cc \
		> /dev/null 2>&1) || fail "arcov --lcov failed"
	grep '^BRDA:10,' "$tmp/arcov/out.info" | cut -d, -f4 | sort -n \
		> "$tmp/got"
	printf '4\n6\n' > "$tmp/want"
	cmp -s "$tmp/want" "$tmp/got" ||
		fail "-O$level: lcov's line 10 branches: $(tr '\n' ' ' < "$tmp/got")"
}

build_gcc instances.cc
(cd "$tmp/gcc" && ./prog > /dev/null && $GCOV -b -t instances.cc 2>/dev/null) \
	> "$tmp/gcov.b" || fail "gcov -b failed"
(cd "$tmp/gcc" && $GCOV -b instances.cc 2>/dev/null) | grep '^Branches' \
	> "$tmp/gcov.sum"
(cd "$tmp/gcc" && $GCOV -b -j -t instances.cc 2>/dev/null) > "$tmp/gcov.json" ||
	fail "gcov -j failed"
rm -f "$tmp/gcc/instances.gcda"
run=run_both
for level in 0 2; do
	rm -f "$tmp/arcov/instances.da"
	build_arcov instances.cc -O$level
	$run
	run=run_arcov
	check_report instances.cc
	(cd "$tmp/arcov" && "$arcov" -b -t instances.cc 2>/dev/null) \
		> "$tmp/arcov.b" || fail "arcov -b failed"
	# At -O2 GCC inlines pos() and R's members into main: the object
	# defines none of them, and arcov lists none (plugin/emitted.cc),
	# where gcov 12's -O0 build lists each instance; their lines keep
	# their counts (check_report), and lcov's branches below are the same.
	test $level = 2 && {
		grep -q '^function .*pos.* called' "$tmp/arcov.b" &&
			! nm "$tmp/arcov/instances.o" | grep -q ' _Z3posIiEiT_$' &&
			fail "-O2: pos<int>, not in the object, is listed"
		check_lcov_branches
		continue
	}
	sections "$tmp/gcov.b" > "$tmp/want"
	sections "$tmp/arcov.b" > "$tmp/got"
	diff -u "$tmp/want" "$tmp/got" > "$tmp/text.diff" ||
		fail "-O$level: arcov -b -t differs from gcov 12's:
$(cat "$tmp/text.diff")"
	(cd "$tmp/arcov" && "$arcov" -b instances.cc 2>/dev/null) |
		grep '^Branches' > "$tmp/arcov.sum"
	# arcov's totals are gcov 12's, which leave a group's branches out;
	# gcov 13 and later count them in.
	test "$gcc_major" -ge 13 || cmp -s "$tmp/gcov.sum" "$tmp/arcov.sum" ||
		fail "-O$level: $(cat "$tmp/arcov.sum"), gcov 12: $(cat "$tmp/gcov.sum")"
	(cd "$tmp/arcov" && "$arcov" -b -j -t instances.cc 2>/dev/null) \
		> "$tmp/arcov.json" || fail "arcov -j failed"
	records "$tmp/gcov.json" > "$tmp/want"
	records "$tmp/arcov.json" > "$tmp/got"
	diff -u "$tmp/want" "$tmp/got" > "$tmp/json.diff" ||
		fail "-O$level: arcov -b -j's records differ from gcov 12's:
$(cat "$tmp/json.diff")"
	check_lcov_branches
done
pass
