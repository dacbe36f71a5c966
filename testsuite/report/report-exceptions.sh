#!/bin/sh
# report-exceptions.sh -- --exclude-exception-branches on eh.cc: the
# branches of the catch clause's type dispatch (code only the .arcov-notes'
# "eh" edges reach) leave the summary, the .gcov branch lines (so gcovr
# reads the same), the JSON, the lcov tracefile and the Cobertura XML;
# without notes there is a warning and nothing to hide.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
needs gcovr gcovr
enter_tmp
plugin_build eh.cc
check "program output" 41 "$(cat prog.out)"

# branches OPTIONS: "BRANCHES TAKEN" as arcov, gcovr, the JSON, the
# tracefile and the Cobertura XML count them.
branches() {
	rm -f *.gcov
	"$ARCOV" -b "$@" eh.cc >summary 2>err
	sed -n 's/^Taken at least once:\([0-9.]*\)% of \([0-9]*\)$/\2 \1%/p' \
		summary | sed 's/$/ (arcov)/'
	gcovr -g -k -r . --json-summary 2>/dev/null | $python -c '
import json, sys
d = json.load(sys.stdin)
print(d["branch_total"], d["branch_covered"], "(gcovr)")'
	"$ARCOV" -j -b -t "$@" eh.cc 2>/dev/null | $python -c '
import json, sys
b = [b for l in json.load(sys.stdin)["files"][0]["lines"]
     for b in l["branches"]]
print(len(b), sum(1 for x in b if x["count"]), "(JSON)")'
	"$ARCOV" -n --lcov - "$@" eh.cc 2>/dev/null |
		sed -n 's/^BRF:\(.*\)/\1/p; s/^BRH:\(.*\)/\1 (lcov)/p' |
		tr '\n' ' ' | sed 's/ $/\n/'
	"$ARCOV" -n --cobertura - "$@" eh.cc 2>/dev/null |
		sed -n 's/.*branches-covered="\([0-9]*\)" branches-valid="\([0-9]*\)".*/\2 \1 (Cobertura)/p'
}

# As gcov 12 -b counts them on a --coverage build ("Taken at least once:
# 80.00% of 10"): each call that may throw into a handler or cleanup of
# its function has a branch "(throw)" besides its way on.
branches >got
cat >want <<'X'
10 80.00% (arcov)
10 8 (gcovr)
10 8 (JSON)
10 8 (lcov)
10 8 (Cobertura)
X
same "every exception branch counted by default" want got
sed -n '/^ *2: *18:/,/^ *2: *19:/p' eh.cc.gcov >got
cat >want <<'X'
        2:   18:	} catch (const std::exception &) {
branch  0 taken 0% (fallthrough)
branch  1 taken 100%
call    2 returned 100%
        2:   19:		return -1;
X
same "the catch clause's dispatch" want got

branches --exclude-exception-branches >got
cat >want <<'X'
4 100.00% (arcov)
4 4 (gcovr)
4 4 (JSON)
4 4 (lcov)
4 4 (Cobertura)
X
same "--exclude-exception-branches" want got
sed -n '/^ *2: *18:/,/^ *2: *19:/p' eh.cc.gcov >got
cat >want <<'X'
        2:   18:	} catch (const std::exception &) {
call    0 returned 100%
        2:   19:		return -1;
X
same "hidden branches leave the .gcov text" want got
: >want
same "no warnings with notes" want err

# Without the notes, exception-handling code cannot be told apart.
rm eh.arcov-notes
"$ARCOV" -n -b --exclude-exception-branches eh.cc >out 2>err
status "no notes" 0 $?
echo "arcov: warning: eh.arcov-notes: cannot open: No such file or directory; its exception-handling code is not known" >want
same "missing notes warning" want err
sed -n 4p out >got; echo 'Taken at least once:83.33% of 6' >want
same "nothing hidden without notes" want got
"$ARCOV" -n -b eh.cc >out 2>err
: >want
same "notes are not needed otherwise" want err

# Notes that do not match the graph are not used.
printf 'arcov-notes 1\nfunction main 1 3\nsource 1 1 eh.cc\nstatements 0 0 0\nend\n' \
	>eh.arcov-notes
"$ARCOV" -n -b --exclude-exception-branches eh.cc >out 2>err
echo "arcov: warning: eh.arcov-notes: offset 14: function main does not match function 1 of eh.bbg; ignored" >want
same "stale notes warning" want err
exit $fail
