#!/bin/sh
# report-gcovr-groups.sh -- gcovr reading arcov's .gcov text counts the
# branches arcov's lcov tracefile counts: a group's line (two template
# instances, each taking one arm of its branch) is printed as gcov 12
# prints it, its branches in each instance's section and out of the
# file's totals, and gcovr, as lcov, merges them by position, in a
# whole-tree (directory) report as for one file.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
needs gcovr gcovr
enter_tmp

plugin_build tpl.cc
"$ARCOV" -b -c --lcov=tpl.info . >summary 2>err; status "arcov -b -c ." 0 $?
check "arcov: the group's branches out of the file's totals, as gcov 12" \
	"No branches" "$(sed -n '/^File .tpl.cc/,/^Creating/p' summary | grep branches)"
check "tpl.cc.gcov: each instance's branches in its section" \
	"branch  0 taken 0 (fallthrough)|branch  1 taken 1|branch  0 taken 1 (fallthrough)|branch  1 taken 0" \
	"$(sed -n '/^_Z4pick/,/^-----/p' tpl.cc.gcov | grep '^branch' |
	   paste -sd'|')"
check "lcov: the branches merged by position" "BRF:2 BRH:2" \
	"$(grep '^BR[FH]:' tpl.info | paste -sd' ')"
# gcovr 7 replaced -b (branches in the text summary) by --txt-metric;
# gcovr 8 keeps each function's branches apart, as it does reading gcov
# 12's own text, where gcovr 5 merges a group's by position as lcov.
gcovr_major=$(gcovr --version 2>/dev/null | sed -n '1s/^gcovr \([0-9]*\).*/\1/p')
case $gcovr_major in
[1-6]) branches=-b ;;
*) branches=--txt-metric=branch ;;
esac
want="2 2 100%"
test "${gcovr_major:-0}" -ge 8 && want="4 2 50%"
gcovr -r . -g -k $branches >gcovr.out 2>gcovr.err; status "gcovr -g" 0 $?
check "gcovr: the group's branches, taken" "$want" \
	"$(awk '$1 == "TOTAL" { print $2, $3, $4 }' gcovr.out)"
exit $fail
