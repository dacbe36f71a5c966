# testlib.sh -- set-up and checks shared by the arcov-dump scripts (sourced).
#
# Unlike most tests, these go on after a failed check: "fail" here counts
# the failure, and "finish" gives the script's status.
. "$top_srcdir/testsuite/init.sh"
data=$testsuite/data
golden=$srcdir
dump=$arcov_dump
require_built "$dump"
failures=0

fail()
{
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# run ARGS...: arcov-dump ARGS, stdout in $tmp/out, stderr in $tmp/err,
# exit status in $rc.
run()
{
	"$dump" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# check WHAT STATUS OUT ERR: the last run exited STATUS and wrote exactly
# the contents of files OUT and ERR.
check()
{
	test "$rc" -eq "$2" || fail "$1: exit status $rc, expected $2"
	diff -u "$3" "$tmp/out" || fail "$1: standard output differs"
	diff -u "$4" "$tmp/err" || fail "$1: standard error differs"
}

# finish: the script's exit status.
finish()
{
	test "$failures" -eq 0 && echo "all checks passed"
	test "$failures" -eq 0
}
