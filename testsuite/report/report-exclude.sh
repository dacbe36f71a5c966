#!/bin/sh
# report-exclude.sh -- exclusion markers change every output alike.
# excl.c uses every kind (LCOV_, GCOVR_ and ARCOV_EXCL_LINE, _START/_STOP,
# _BR_LINE, _BR_START/_BR_STOP); the same program with the markers taken
# out of its text is the baseline.  arcov's summaries, the .gcov files as
# gcovr reads them, the JSON, the lcov tracefile as lcov reads it and the
# Cobertura XML must all report 20 lines (19 run) and 6 branches (4 taken)
# instead of 31 (20) and 20 (12).
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
needs gcovr gcovr
needs lcov lcov
needs xmllint libxml2-utils
enter_tmp
plugin_build excl.c
cp excl.c marked.c
sed 's/[A-Z]*_EXCL_[A-Z_]*//' excl.c >bare.c
touch -t 200001010000 marked.c bare.c

# totals: "LINES RUN BRANCHES TAKEN" from every output, one line each.
totals() {
	rm -f *.gcov
	"$ARCOV" -b -c excl.c >summary 2>err || echo "arcov failed"
	awk -F '[:% ]+' '
		function n(t) { return int($(NF - 2) * t / 100 + 0.5) }
		/^Lines executed:/ && !lines { lines = $NF; run = n(lines) }
		/^Taken at least once:/ { br = $NF; taken = n(br) }
		END { print lines, run, br, taken, "(arcov summary)" }' summary
	gcovr -g -k -r . --exclude-pattern-prefix '[GL]COVR?|ARCOV' \
		--json-summary 2>/dev/null | $python -c '
import json, sys
d = json.load(sys.stdin)
print(d["line_total"], d["line_covered"], d["branch_total"],
      d["branch_covered"], "(gcovr on the .gcov files)")'
	"$ARCOV" -j -b -t excl.c 2>/dev/null | $python -c '
import json, sys
lines = json.load(sys.stdin)["files"][0]["lines"]
branches = [b for l in lines for b in l["branches"]]
print(len(lines), sum(1 for l in lines if l["count"]), len(branches),
      sum(1 for b in branches if b["count"]), "(JSON)")'
	"$ARCOV" -n --lcov excl.info excl.c >/dev/null 2>&1
	lcov --summary excl.info --rc "$lcov_branch_rc" 2>&1 |
		sed -n 's/.*(\([0-9]*\) of \([0-9]*\) \(lines\|branches\)).*/\2 \1/p' |
		tr '\n' ' '
	echo "(lcov --summary)"
	"$ARCOV" -n --cobertura excl.xml excl.c >/dev/null 2>&1
	printf '%s (Cobertura)\n' "$(xmllint --nonet --xpath 'concat(
		/coverage/@lines-valid, " ", /coverage/@lines-covered, " ",
		/coverage/@branches-valid, " ", /coverage/@branches-covered)' \
		excl.xml)"
}

cp -p bare.c excl.c
totals >got
cat >want <<'X'
31 20 20 12 (arcov summary)
31 20 20 12 (gcovr on the .gcov files)
31 20 20 12 (JSON)
31 20 20 12 (lcov --summary)
31 20 20 12 (Cobertura)
X
same "without markers" want got

cp -p marked.c excl.c
totals >got
cat >want <<'X'
20 19 6 4 (arcov summary)
20 19 6 4 (gcovr on the .gcov files)
20 19 6 4 (JSON)
20 19 6 4 (lcov --summary)
20 19 6 4 (Cobertura)
X
same "with markers" want got
sed -n '1,4p' summary >got
printf '%s\n' "File 'excl.c'" 'Lines executed:95.00% of 20' \
	'Branches executed:100.00% of 6' 'Taken at least once:66.67% of 6' >want
same "marked summary" want got
: >want
same "balanced markers: no warnings" want err

# The .gcov text keeps gcov's counts on excluded lines.
check "excluded lines keep their .gcov counts" \
	"#####:9 #####:10 #####:18 #####:40 #####:44 1:55 #####:56" \
	"$(awk -F: '$2 ~ /^ *(9|10|18|40|44|55|56)$/ {
		gsub(/ /, "", $1); gsub(/ /, "", $2); print $1 ":" $2 }' \
		excl.c.gcov | tr '\n' ' ' | sed 's/ $//')"
grep -c '^branch' excl.c.gcov >got; echo 20 >want
same "and their branch lines" want got

# Excluded lines leave every per-line output.
"$ARCOV" -j -b -t excl.c | $python -c '
import json, sys
f = json.load(sys.stdin)["files"][0]
print(" ".join(str(l["line_number"]) for l in f["lines"]))
print(" ".join(str(l["line_number"]) for l in f["lines"] if l["branches"]))
print(" ".join(x["name"] for x in f["functions"]))' >got
cat >want <<'X'
6 8 12 24 26 27 28 31 34 35 37 38 39 41 49 51 53 54 58 59
37 39 53
check pick odd main
X
same "JSON lines, branch lines and functions left" want got
check "lcov functions and branches left" \
	"FN:6,check FN:24,pick FN:31,odd FN:49,main BRDA:37,0,0,0 BRDA:37,0,1,2 BRDA:39,0,0,0 BRDA:39,0,1,2 BRDA:53,1,0,3 BRDA:53,1,1,1" \
	"$(grep -E '^(FN|BRDA):' excl.info | tr '\n' ' ' | sed 's/ $//')"
check "Cobertura lines left" \
	"6 8 12 24 26 27 28 31 34 35 37 38 39 41 49 51 53 54 58 59" \
	"$(xmllint --nonet --xpath '//class/lines/line/@number' excl.xml |
	   sed 's/ *number="\([0-9]*\)"/\1/' | tr '\n' ' ' | sed 's/ $//')"

# -f function summaries leave excluded lines out too.
"$ARCOV" -f -n excl.c | sed -n "/^Function 'check'/{n;p}" >got
echo 'Lines executed:100.00% of 3' >want
same "-f check(): lines 9 and 10 excluded" want got

# Markers are read from the source as it is now, with warnings for
# unbalanced ones (exact wording in test-exclude.c).
write_loop_example
printf '%s\n' 'int loop(int n) // LCOV_EXCL_STOP' '{' \
	'  int i, s = 0; for (i = 0; i < n; i++) s += i;' \
	'  return s; /* ARCOV_EXCL_START */' '}' >l.c
touch -t 200001010000 l.c
"$ARCOV" -b l.c >out 2>err; status "unbalanced markers" 0 $?
printf '%s\n' \
	'arcov: warning: l.c:1: LCOV_EXCL_STOP without a _START; ignored' \
	'arcov: warning: l.c:4: ARCOV_EXCL_START is never stopped; excluded to the end of the file' >want
same "unbalanced marker warnings" want err
sed -n 2p out >got; echo 'Lines executed:100.00% of 1' >want
same "a region never stopped runs to the end" want got
exit $fail
