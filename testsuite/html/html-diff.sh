#!/bin/sh
# html-diff.sh -- the HTML site with differential coverage: the project of
# report-diff.sh (two commits, a real git diff, a baseline) rendered in
# headless Chromium; the index's and the page's counts per category equal
# the text summary's, each line's category the JSON's, and the deleted
# lines are shown where they were.
. "${top_srcdir:-.}/testsuite/html/lib.sh"
. "${top_srcdir:-.}/testsuite/report/diff-project.sh"
enter_tmp
diff_project

(cd repo && "$ARCOV" -n --html=../site --baseline=../base.info \
	--diff=../patch . >../out 2>../err)
status "--html --baseline --diff" 0 $?
sed -n 's/^Differential lines: //p' out | tr ',' '\n' | sed 's/^ //' >want
render index site/index.html
dom dc index >got
same "index: lines per category = the text summary's" want got
render prog site/prog.c.html
dom dc prog >got
same "prog.c: lines per category = the text summary's" want got

(cd repo && "$ARCOV" -n -j -t --baseline=../base.info --diff=../patch .) \
	>json 2>/dev/null
"$python" -c '
import json
for l in json.loads(open("json").readline())["files"][0]["lines"]:
    if "category" in l:
        print(l["line_number"], l["category"])' >want
# The lines with code, then those no longer code (excluded: E*).
dom cats prog | grep -v ' E[UC]B$' >got
same "prog.c: each line's category = the JSON's" want got
dom cats prog | grep ' E[UC]B$' >got
printf '%s\n' '27 ECB' '29 ECB' '30 EUB' '31 ECB' >want
same "prog.c: excluded lines, ECB and EUB" want got
dom deleted prog >got
printf '%s\n' '20 DCB' '22 DCB' '23 DUB' '24 DCB' '47 DCB' >want
same "prog.c: the deleted lines, old numbers, DCB and DUB" want got

shoot diff.png site/prog.c.html 1100,1400
exit $fail
