#!/bin/sh
# Functions not in the object are not reported (issue 29, case 4):
# neither those whose bodies stand for a definition elsewhere (libstdc++'s
# extern template instances), which the plugin does not instrument, nor
# those GCC instruments and then drops (plugin/emitted.cc):
# __new_allocator<char>'s constructor and destructor, comdat functions
# called only from the extern ones, and at -O2 __gnu_cxx::char_traits's
# length and eq, left only in a branch taken in constant evaluation.  At
# -O0 arcov lists exactly the functions gcov N lists that nm shows
# defined: all of them from GCC 13 on, which no longer instruments the
# dropped ones; gcov 11 and 12 list those too, never run.  A function
# inlined into every caller (g at -O2) stays, with its lines' counts.
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
	# (Which of them libstdc++ keeps extern is its version's: GCC 16's
	# has the object define ~basic_string, and gcov 16 lists it.)
	# (At -O2 __new_allocator's constructor and destructor are inlined
	# into basic_string's, so their code is in the object.)
	dropped="_ZN9__gnu_cxx11char_traitsIcE6lengthEPKc
		_ZN9__gnu_cxx11char_traitsIcE2eqERKcS3_"
	test $level = 2 || dropped="$dropped
		_ZNSt15__new_allocatorIcEC2Ev _ZNSt15__new_allocatorIcED2Ev"
	for fn in _ZNSaIcEC2Ev _ZNSaIcED2Ev \
		_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEED2Ev \
		$dropped; do
		grep -qx "$fn" "$tmp/nm.names" && continue
		! grep -qx "$fn" "$tmp/arcov.names" ||
			fail "-O$level: $fn, not in the object, is listed"
	done
	if [ $level = 2 ]; then
		grep -qx _ZL1gPKc "$tmp/arcov.names" ||
			fail "-O2: g, inlined into main, is not listed"
		continue
	fi
	# The absent functions' lines go too: new_allocator.h's constructor
	# and destructor are its only lines this unit instruments.
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
