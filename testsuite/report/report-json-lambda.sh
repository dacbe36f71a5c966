#!/bin/sh
# report-json-lambda.sh -- a line that a function of a group lists past its
# own range (lambda.cc: the body of a lambda in a template, which GCC ends
# on the line the lambda starts on) is a line of the source in arcov's
# JSON, as in gcov 12's ({"line_number": 13, "count": 5}, no function
# name), and in its text; arcov's JSON left it out (yaml-cpp's
# node/detail/impl.h:135, run 19 times, had no line).
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
enter_tmp

plugin_build lambda.cc
"$ARCOV" -j lambda.cc >out 2>err; status "arcov -j lambda.cc" 0 $?
check "json: line 13 among lambda.cc's lines, as gcov 12" "13 5 -" \
	"$(gzip -dc *.gcov.json.gz | python3 -c '
import json, sys
for f in json.load(sys.stdin)["files"]:
    if f["file"].endswith("lambda.cc"):
        for l in f["lines"]:
            if l["line_number"] == 13:
                print(l["line_number"], l["count"], l.get("function_name", "-"))
')"
"$ARCOV" -t lambda.cc >text 2>err; status "arcov -t lambda.cc" 0 $?
check "text: line 13 run 5 times" "5" \
	"$(awk -F: '$2 + 0 == 13 { gsub(/ /, "", $1); print $1; exit }' text)"
exit $fail
