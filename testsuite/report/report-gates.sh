#!/bin/sh
# report-gates.sh -- --fail-under-line / --fail-under-branch: exit 3, 4 or
# 5 when total line coverage, branch coverage or both are below the
# threshold; 1 (unreadable input) and 2 (usage) take precedence.  Data: the
# t.c of doc/formats.md §2.4 run once with x != 0, 2 of 3 lines run and 1 of
# 2 branches taken.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
enter_tmp
cp "$DATA/t.bb" "$DATA/t.bbg" "$DATA/t.da" .
write_t_c

gate() {
	want=$1
	shift
	"$ARCOV" -n "$@" t.c >out 2>err
	status "$*" "$want" $?
}

gate 0 --fail-under-line 66.6
: >want
same "a passed gate says nothing" want err
gate 3 --fail-under-line 66.7
echo 'arcov: line coverage 66.67% (2 of 3) is below --fail-under-line 66.7' >want
same "line gate message" want err
gate 0 --fail-under-branch 50
gate 4 --fail-under-branch=50.5
echo 'arcov: branch coverage 50.00% (1 of 2 taken) is below --fail-under-branch 50.5' >want
same "branch gate message" want err
gate 5 --fail-under-line 100 --fail-under-branch 100
gate 3 --fail-under-line 100 --fail-under-branch 0
gate 0 --fail-under-line 0
gate 4 -b --fail-under-branch 100
sed -n 4p out >got; echo 'Taken at least once:50.00% of 2' >want
same "-b summary beside the gate" want got

# A gate with nothing to measure fails, saying why (gcovr exits 2 there).
gate 3 --filter 'no-such-source' --fail-under-line 90
echo 'arcov: --fail-under-line: no lines reported, nothing to measure' >want
same "line gate, nothing reported" want err
gate 5 --filter 'no-such-source' --fail-under-line 1 --fail-under-branch 1
gate 0 --filter 'no-such-source'

# Exclusions count: with line 5 excluded every line ran.
sed -i '5s|$| // LCOV_EXCL_LINE|' t.c
touch -t 200001010000 t.c
gate 0 --fail-under-line 100
gate 4 --fail-under-line 100 --fail-under-branch 100
sed -i '5s| // LCOV_EXCL_LINE||' t.c
touch -t 200001010000 t.c

# Every format is written before the gate fails.
gate 3 --fail-under-line 90 --lcov t.info --cobertura t.xml -j
ls t.info t.xml t.gcov.json.gz >got 2>&1
printf '%s\n' t.gcov.json.gz t.info t.xml >want
same "outputs written despite the gate" want got

# An unreadable input wins over the gate; usage errors come first.
gate 1 --fail-under-line 100 missing.c
gate 2 --fail-under-line 101
echo "arcov: --fail-under-line takes a percentage from 0 to 100, not '101'" >want
same "out of range" want err
gate 2 --fail-under-branch 5x
echo "arcov: --fail-under-branch takes a percentage from 0 to 100, not '5x'" >want
same "not a number" want err
"$ARCOV" --legacy=3.3 --fail-under-line 50 t.c >out 2>err
status "--legacy and a gate" 2 $?
echo 'arcov: option --fail-under-line does not exist in gcov 3.3' >want
same "legacy rejects long options by name" want err
"$ARCOV" --legacy=3.2 -j t.c >out 2>err
echo 'arcov: option -j does not exist in gcov 3.2' >want
same "legacy rejects -j" want err
exit $fail
