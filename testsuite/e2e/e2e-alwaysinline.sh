#!/bin/sh
# Bodies GCC copies into every caller even at -O0 (always_inline) and
# never emits (issue 29; std::string's _M_use_local_data, a member of the
# extern template instance std::string, gcov 12's basic_string.h:358 with
# 5852 runs in jsoncpp, which arcov did not instrument).  Their lines ran
# in the callers' copies and are counted there; their declarator lines
# and a call whose value nothing takes (line 14) hold no instruction, and
# are not listed, as gcov 12 lists them not.  Every line agrees with gcov
# 12 but line 33, which gcov 12 reads twice: the statement's value is
# stored after the inlined copy, in a block gcov counts again (issue 29,
# case 1).
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc alwaysinline.cc
for level in 0 2 3; do
	rm -f "$tmp/arcov/alwaysinline.da"
	build_arcov alwaysinline.cc -O$level
	if [ $level = 0 ]; then
		run_both
		compare_gcov alwaysinline.cc 33
	else
		run_arcov
	fi
	check_marks alwaysinline.cc
	check_report alwaysinline.cc
	got=$(awk -F: '$2 + 0 == 31 { gsub(/ /, "", $1); print $1; exit }' "$tmp/report.txt")
	test "$got" = 7 || fail "alwaysinline.cc:31 at -O$level: arcov -t reads ${got:-nothing}, want 7"
	for ln in 8 14 21; do
		grep -q "^ *[0-9#*]*: *$ln:" "$tmp/report.txt" &&
			fail "alwaysinline.cc:$ln listed at -O$level: no code holds it"
	done
done
pass
