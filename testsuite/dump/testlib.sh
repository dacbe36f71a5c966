# testlib.sh -- set-up and checks shared by the arcov-dump scripts (sourced).
#
# make check exports top_srcdir and top_builddir (Makefile.am); both may be
# relative, so they are made absolute before any script changes directory.

: "${top_srcdir:?not run by make check}" "${top_builddir:?not run by make check}"
data=$(cd "$top_srcdir/testsuite/data" && pwd) || exit 99
golden=$(cd "$top_srcdir/testsuite/dump" && pwd) || exit 99
dump=$(cd "$top_builddir/tools" && pwd)/arcov-dump
test -x "$dump" || { echo "ERROR: $dump not built"; exit 99; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/arcov-dump-test.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM
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
