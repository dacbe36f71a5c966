#!/bin/sh
# The reports list the functions the object defines, at -O0 and -O2
# (plugin/emitted.cc): a function emitted as a clone under its own name,
# not one inlined into every caller or dropped; the lines of an inlined
# function keep their counts, a dropped function's lines are not code.
. "$top_srcdir/testsuite/e2e/lib.sh"

# names JSON: the functions of a gzipped JSON report, one a line, sorted.
names()
{
	gzip -dc "$1" | tr '{,' '\n\n' |
		sed -n 's/^ *"name": *"\([^"]*\)".*/\1/p' | sort -u
}

build_gcc emitted.c
run=run_both
for level in 0 2; do
	rm -f "$tmp/arcov/emitted.da" "$tmp/arcov/emitted.gcov.json.gz"
	build_arcov emitted.c -O$level
	$run
	run=run_arcov
	check_marks emitted.c
	# Where GCC dropped dropped(), its lines (25-27) are no code in the
	# report: the other marks hold.
	if [ $level = 2 ] && ! nm "$tmp/arcov/emitted.o" | grep -q ' dropped'; then
		mkdir -p "$tmp/o2" &&
			sed '25,27s|/\*@0\*/||' "$srcdir/emitted.c" > "$tmp/o2/emitted.c" ||
			fail "cannot copy emitted.c"
		save=$srcdir
		srcdir=$tmp/o2
		check_report emitted.c
		srcdir=$save
	else
		check_report emitted.c
	fi
	(cd "$tmp/arcov" && "$arcov" -j emitted.c > /dev/null 2>&1) ||
		fail "arcov -j failed"
	names "$tmp/arcov/emitted.gcov.json.gz" > "$tmp/arcov.names"
	# What nm shows, clones (scale.constprop.0) under their origin.
	nm --defined-only "$tmp/arcov/emitted.o" |
		awk '$2 ~ /^[Tt]$/ && $3 !~ /^_sub_/ { sub(/\..*/, "", $3); print $3 }' |
		sort -u > "$tmp/nm.names"
	diff -u "$tmp/nm.names" "$tmp/arcov.names" > "$tmp/names.diff" ||
		fail "-O$level: functions differ from nm's (- nm, + arcov):
$(cat "$tmp/names.diff")"
	test $level = 0 && {
		test "$(wc -l < "$tmp/arcov.names")" -eq 5 ||
			fail "-O0: not every function is listed"
		continue
	}
	grep -qx dropped "$tmp/nm.names" && continue
	# dropped()'s lines are no code of the object.
	awk '$2 ~ /^(25|26|27):$/ && $1 != "-:" { bad = 1; print }
		END { exit bad }' "$tmp/report.txt" > "$tmp/dropped.lines" ||
		fail "-O2: dropped()'s lines are reported:
$(cat "$tmp/dropped.lines")"
	grep -q '^ *-: *26:' "$tmp/report.txt" ||
		fail "-O2: dropped()'s line 26 is not in the report"
done
pass
