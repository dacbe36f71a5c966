#!/bin/sh
# report-gcovr-groups.sh -- gcovr reading arcov's .gcov text counts the
# branches arcov's own summary counts: the branches of a group's line
# (two template instances) are listed once per position, their counts
# summed, in a whole-tree (directory) report as for one file.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
needs gcovr gcovr
enter_tmp

plugin_build tpl.cc
"$ARCOV" -b -c . >summary 2>err; status "arcov -b -c ." 0 $?
check "arcov: branches" 2 \
	"$(sed -n 's/^Taken at least once:.* of //p' summary)"
check "arcov: taken" "100.00%" \
	"$(sed -n 's/^Taken at least once:\([^ ]*\) of .*/\1/p' summary)"
check "tpl.cc.gcov: one record per position" \
	"branch  0 taken 1 (fallthrough)|branch  1 taken 1" \
	"$(sed -n '/^ *2: *6:/,/^ *1\*: *7:/p' tpl.cc.gcov | grep '^branch' |
	   paste -sd'|')"
# gcovr 7 replaced -b (branches in the text summary) by --txt-metric.
case $(gcovr --version 2>/dev/null | sed -n '1s/^gcovr \([0-9]*\).*/\1/p') in
[1-6]) branches=-b ;;
*) branches=--txt-metric=branch ;;
esac
gcovr -r . -g -k $branches >gcovr.out 2>gcovr.err; status "gcovr -g" 0 $?
check "gcovr: the same branches, taken" "2 2 100%" \
	"$(awk '$1 == "TOTAL" { print $2, $3, $4 }' gcovr.out)"
exit $fail
