#!/bin/sh
# Only the functions the object defines, those nm shows, are listed
# (issue 29, case 4): not those whose bodies stand for a definition
# elsewhere (libstdc++'s extern template instances), which the plugin
# does not instrument, nor those GCC instruments and then drops
# (plugin/emitted.cc): __new_allocator<char>'s constructor and
# destructor, comdat functions called only from the extern ones (at -O0
# under GCC 11 and 12), and at -O2 __gnu_cxx::char_traits's length and
# eq, left only in a branch taken in constant evaluation; nor those
# inlined into all their callers (g at -O2, and under GCC 13 std::distance
# and its helpers, always_inline, at -O0), whose lines stay, counted.  At
# -O0 arcov lists exactly the functions gcov N lists that nm shows
# defined: all of them from GCC 13 on, which no longer instruments the
# dropped ones; gcov 11 and 12 list those too, never run.
. "$top_srcdir/testsuite/e2e/lib.sh"

# names JSON: the functions of a gzipped JSON report, one a line, sorted.
names()
{
	gzip -dc "$1" | tr '{,' '\n\n' |
		sed -n 's/^ *"name": *"\([^"]*\)".*/\1/p' | sort -u
}

# defined OBJECT: the functions nm shows defined in it, sorted.
defined()
{
	nm --defined-only "$1" | awk '$2 ~ /^[TtWw]$/ { print $3 }' | sort -u
}

build_gcc phantom.cc
(cd "$tmp/gcc" && $GCOV -j phantom.cc > /dev/null 2>&1) || fail "gcov -j failed"
names "$tmp/gcc/phantom.gcov.json.gz" > "$tmp/gcov.names"
run=run_both
for level in 0 2; do
	rm -f "$tmp/arcov/phantom.da" "$tmp/arcov/phantom.gcov.json.gz"
	build_arcov phantom.cc -O$level
	$run
	run=run_arcov
	check_marks phantom.cc
	check_report phantom.cc
	(cd "$tmp/arcov" && "$arcov" -j phantom.cc > /dev/null 2>&1) ||
		fail "arcov -j failed"
	names "$tmp/arcov/phantom.gcov.json.gz" > "$tmp/arcov.names"
	defined "$tmp/arcov/phantom.o" > "$tmp/nm.names"
	# Every function listed is one nm shows defined: at -O2 neither g
	# nor __new_allocator's constructor and destructor, inlined into
	# their callers, whose lines check_marks found counted all the same;
	# nor libstdc++'s extern ones; nor __gnu_cxx::char_traits's length
	# and eq, dropped.
	grep -Fvxf "$tmp/nm.names" "$tmp/arcov.names" > "$tmp/extra.names" &&
		fail "-O$level: functions not in the object are listed:
$(cat "$tmp/extra.names")"
	grep -qx main "$tmp/arcov.names" || fail "-O$level: main is not listed"
	test $level = 0 || continue
	# The absent functions' lines go too: new_allocator.h's constructor
	# and destructor are its only lines this unit instruments, dropped
	# under GCC 11 and 12 (GCC 13's always_inline allocator<char> has
	# the constructor inlined into g, its line counted).
	test "$gcc_major" -ge 13 ||
		! gzip -dc "$tmp/arcov/phantom.gcov.json.gz" | grep -q 'new_allocator\.h' ||
		fail "-O0: lines of new_allocator.h, not in the object, are listed"
	grep -Fxf "$tmp/nm.names" "$tmp/gcov.names" > "$tmp/gcov-defined.names"
	diff -u "$tmp/gcov-defined.names" "$tmp/arcov.names" > "$tmp/names.diff" ||
		fail "functions differ from those of gcov $gcc_major's that nm shows (- gcov, + arcov):
$(cat "$tmp/names.diff")"
	if [ "$gcc_major" -ge 13 ]; then
		diff -u "$tmp/gcov.names" "$tmp/arcov.names" > "$tmp/names.diff" ||
			fail "functions differ from gcov $gcc_major's (- gcov, + arcov):
$(cat "$tmp/names.diff")"
	fi
done
pass
