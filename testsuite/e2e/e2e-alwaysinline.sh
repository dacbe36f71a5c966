#!/bin/sh
# Bodies GCC copies into every caller even at -O0 (always_inline) and
# never emits (issue 29; std::string's _M_use_local_data, a member of the
# extern template instance std::string, gcov 12's basic_string.h:358 with
# 5852 runs in jsoncpp, which arcov did not instrument).  Their lines ran
# in the callers' copies and are counted there; their declarator lines
# and a call whose value nothing takes (line 15) hold no instruction, and
# are not listed, as gcov 12 lists them not.  Two instances of one such
# member (Box<int>'s and Box<long>'s clear, as pugixml's std::string and
# std::wstring) start on one line but are no function gcov 12 lists: their
# line is the source's, in the JSON records too.  Every line agrees with
# gcov 12 but line 37, which gcov 12 reads twice: the statement's value is
# stored after the inlined copy, in a block gcov counts again (issue 29,
# case 1).
. "$top_srcdir/testsuite/e2e/lib.sh"

build_gcc alwaysinline.cc
for level in 0 2 3; do
	rm -f "$tmp/arcov/alwaysinline.da"
	build_arcov alwaysinline.cc -O$level
	if [ $level = 0 ]; then
		run_both
		compare_gcov alwaysinline.cc 37
	else
		run_arcov
	fi
	check_marks alwaysinline.cc
	check_report alwaysinline.cc
	for ln in 11:12 12:12 13:12 16:12 17:12 34:7; do
		got=$(awk -F: -v l="${ln%:*}" '$2 + 0 == l { gsub(/ /, "", $1); print $1; exit }' \
			"$tmp/report.txt")
		test "$got" = "${ln#*:}" ||
			fail "alwaysinline.cc:${ln%:*} at -O$level: arcov -t reads ${got:-nothing}, want ${ln#*:}"
	done
	for ln in 9 15 23; do
		grep -q "^ *[0-9#*]*: *$ln:" "$tmp/report.txt" &&
			fail "alwaysinline.cc:$ln listed at -O$level: no code holds it"
	done
	(cd "$tmp/arcov" && "$arcov" -j -t alwaysinline.cc) > "$tmp/report.json" 2>&1 ||
		fail "arcov -j -t alwaysinline.cc at -O$level"
	grep -q '{"line_number": 11, "count": 12,' "$tmp/report.json" ||
		fail "-O$level: no JSON record of line 11 with count 12: $(cat "$tmp/report.json")"
done
pass
