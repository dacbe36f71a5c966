#!/bin/sh
# report-diff.sh -- differential coverage (--baseline=FILE.info|TREE,
# --diff): a real
# git diff between two commits of a sample project (diff-project.sh)
# puts lines in all twelve of lcov 2's categories, counted alike by the
# text summary and the JSON, line by line in the JSON; --fail-under-new
# fails on one new line that never ran.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
. "${top_srcdir:-.}/testsuite/report/diff-project.sh"
enter_tmp
diff_project
cd repo || exit 99

"$ARCOV" -n --baseline=../base.info --diff=../patch prog.c >../out 2>../err
status "--baseline --diff" 0 $?
cd .. || exit 99
cat >want <<'EOF2'
File 'prog.c'
Lines executed:80.00% of 20
Lines executed:80.00% of 20
Differential lines: UNC 1, LBC 1, UIC 1, UBC 1, GBC 1, GIC 3, GNC 4, CBC 8, EUB 1, ECB 3, DUB 1, DCB 4
New lines executed:80.00% of 5
EOF2
same "the text summary: every category, counted" want out
same "nothing said on stderr" /dev/null err

# The JSON: the same counts, and each line's category.
(cd repo && "$ARCOV" -n -j -t --baseline=../base.info --diff=../patch \
	prog.c) >json 2>/dev/null
"$python" -c '
import json, sys
d = json.loads(open("json").readline())
print("Differential lines: " + ", ".join("%s %d" % kv
      for kv in d["differential"].items()))
for l in d["files"][0]["lines"]:
    print(l["line_number"], l.get("category", "-"))' >got
sed -n 4p want >want.json
cat >>want.json <<'EOF2'
12 CBC
14 CBC
15 UBC
16 CBC
19 CBC
21 CBC
22 LBC
23 GBC
35 GIC
37 GIC
38 UIC
39 GIC
42 GNC
44 GNC
45 UNC
46 GNC
49 CBC
51 CBC
53 GNC
55 CBC
EOF2
same "the JSON: the same counts, each line's category" want.json got

# The earlier build's notes and data as the baseline: the same lines in
# the same categories as its tracefile.
(cd repo && "$ARCOV" -n -j -t --baseline=../base-tree --diff=../patch \
	prog.c) >json-tree 2>err
status "--baseline=TREE" 0 $?
# Loading the tree may say that its source changed since (when the two
# builds were seconds apart), nothing else.
grep -v -e '^arcov: baseline:$' -e '^(the message is displayed only' \
	-e "^prog.c:source file is newer than notes file '../base-tree/prog.bb'\$" \
	err >got
same "--baseline=TREE: nothing else on stderr" /dev/null got
same "--baseline=TREE: the JSON of --baseline=FILE.info" json json-tree
(cd repo && "$ARCOV" -n --baseline=../base-tree --diff=../patch prog.c) \
	>out 2>/dev/null
same "--baseline=TREE: the text summary" want out
mkdir empty-tree
(cd repo && "$ARCOV" -n --baseline=../empty-tree prog.c) >out 2>err
status "--baseline=TREE without notes" 1 $?
tail -1 err >got
echo "arcov: ../empty-tree: no baseline notes and data below it" >want
same "--baseline=TREE without notes: says why" want got

# The gate on new lines: one that never ran fails 100, not 80.
(cd repo && "$ARCOV" -n --diff=../patch --fail-under-new 100 prog.c) \
	>out 2>err
status "--fail-under-new 100" 7 $?
echo "arcov: new line coverage 80.00% (4 of 5; 1 UNC) is below" \
	"--fail-under-new 100" >want
same "--fail-under-new: says why" want err
(cd repo && "$ARCOV" -n --diff=../patch --fail-under-new 80 prog.c) \
	>out 2>err
status "--fail-under-new 80" 0 $?
# Without a baseline only new lines have a category.
sed -n 4p out >got
echo "Differential lines: UNC 1, LBC 0, UIC 0, UBC 0, GBC 0, GIC 0, GNC 4," \
	"CBC 0, EUB 0, ECB 0, DUB 0, DCB 0" >want
same "--diff alone: GNC and UNC" want got
(cd repo && "$ARCOV" -n --diff=../nosuch prog.c) >out 2>err
status "--diff of a missing file" 1 $?
(cd repo && "$ARCOV" -n --fail-under-new 101 prog.c) >out 2>err
status "--fail-under-new 101" 2 $?
exit $fail
