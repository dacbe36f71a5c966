#!/bin/sh
# report-called.sh -- a function's call count on called.cc, where setjmp()
# returns a second time into jumps() and exceptions land in guarded()'s
# catch clause.  The plugin's graph brings each second return and each
# landing from ENTRY by a fake arc, so the entry block counts calls plus
# re-entries; "called" in the text, "execution_count" in the JSON and
# lcov's FNDA all count the calls alone (4 and 7), as gcov 12 does, and
# "returned" is over those calls.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
enter_tmp
plugin_build called.cc
check "program output" 241 "$(cat prog.out)"

"$ARCOV" -b called.cc >out 2>err; status "-b" 0 $?
# check()'s blocks: gcov 12 reads 88% (7 of 8); the plugin splits the
# landing pad of the exception object's cleanup, entered by an exception
# edge and ending in a call, after its labels: 7 of 9.
grep '^function' called.cc.gcov >got
cat >want <<'X'
function _ZL6bouncei called 4 returned 50% blocks executed 100%
function _ZL5jumpsi called 4 returned 100% blocks executed 88%
function _ZL5checki called 7 returned 71% blocks executed 78%
function _ZL7guardedi called 7 returned 100% blocks executed 86%
function main called 1 returned 100% blocks executed 100%
X
same "called and returned count calls only" want got

# The re-entries are there: setjmp's block (4 calls + 2 second returns)
# and the catch clause's landing pad (2).
grep -E '^ +[0-9]+: +(20|37):' called.cc.gcov >got
cat >want <<'X'
        6:   20:	if (setjmp(env))
        2:   37:	} catch (const std::exception &) {
X
same "setjmp's block and the landing pad count the re-entries" want got

"$ARCOV" -n -j -t called.cc 2>err | $python -c '
import json, sys
for f in json.load(sys.stdin)["files"][0]["functions"]:
    print(f["name"], f["execution_count"])' >got
cat >want <<'X'
_ZL6bouncei 4
_ZL5jumpsi 4
_ZL5checki 7
_ZL7guardedi 7
main 1
X
same "JSON execution_count" want got

"$ARCOV" -n --lcov - called.cc 2>err | grep '^FNDA:' >got
cat >want <<'X'
FNDA:4,_ZL6bouncei
FNDA:4,_ZL5jumpsi
FNDA:7,_ZL5checki
FNDA:7,_ZL7guardedi
FNDA:1,main
X
same "lcov FNDA" want got
: >want
same "nothing on stderr" want err
exit $fail
