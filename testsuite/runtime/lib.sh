# lib.sh -- sourced by the runtime tests: programs, scratch directory,
# and the checks they share.
. "$top_srcdir/testsuite/init.sh"
prog=$builddir/testsuite/runtime/rt-prog
check=$rt_check
unset RT_TWO RT_CHECKSUM RT_VERSION RT_DOUBLE RT_BIG
# rt-prog writes its .da files in RT_DIR.
RT_DIR=$tmp
export RT_DIR

# run ARGS...: rt-prog must succeed silently.
run()
{
	"$prog" "$@" > "$tmp/stdout" 2> "$tmp/stderr"
	st=$?
	test ! -s "$tmp/stdout" || fail "rt-prog $*: wrote to stdout"
	test ! -s "$tmp/stderr" || fail "rt-prog $*: stderr: $(cat "$tmp/stderr")"
	test "$st" = 0 || fail "rt-prog $*: exit status $st"
}

# run_status STATUS ARGS...: rt-prog must exit with STATUS and write
# nothing to stdout; its stderr is left in $tmp/stderr.
run_status()
{
	want=$1
	shift
	"$prog" "$@" > "$tmp/stdout" 2> "$tmp/stderr"
	st=$?
	test ! -s "$tmp/stdout" || fail "rt-prog $*: wrote to stdout"
	test "$st" = "$want" || fail "rt-prog $*: exit status $st, want $want"
}

# expect_stderr: $tmp/stderr must be exactly the text on stdin.
expect_stderr()
{
	cat > "$tmp/want-stderr"
	diff -u "$tmp/want-stderr" "$tmp/stderr" >&2 ||
		fail "unexpected stderr"
}

# expect_da FILE: rt-check FILE must print exactly the text on stdin.
expect_da()
{
	cat > "$tmp/want"
	"$check" "$1" > "$tmp/got" || fail "rt-check $1 failed"
	diff -u "$tmp/want" "$tmp/got" >&2 || fail "$1: unexpected contents"
}
