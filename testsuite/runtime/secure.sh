#!/bin/sh
# secure.sh -- a setuid or setgid program takes none of the ARCOV_*
# variables from its caller (secure_getenv()): its .da goes where the
# object says, merged, unlabelled, whatever ARCOV_PREFIX, ARCOV_APPEND or
# ARCOV_RUN_LABEL say.  Root runs a setuid-nobody copy of rt-prog; other
# users a setgid copy for one of their supplementary groups.
. "$top_srcdir/testsuite/runtime/lib.sh"

skip()
{
	echo "SKIP: $*"
	exit 77
}

sdir=$(mktemp -d /tmp/arcov-secure.XXXXXX) || exit 99
trap 'rm -rf "$sdir"' EXIT
chmod 755 "$sdir" && cp "$prog" "$sdir/prog" &&
	mkdir "$sdir/own" "$sdir/evil" || exit 99
if test "$(id -u)" = 0; then
	id nobody > /dev/null 2>&1 || skip "no user nobody"
	chown nobody "$sdir/prog" "$sdir/own" "$sdir/evil" &&
		chmod 4755 "$sdir/prog" || exit 99
else
	g=$(id -G | tr ' ' '\n' | grep -vx "$(id -g)" | sed -n 1p)
	test -n "$g" || skip "no supplementary group for a setgid program"
	chgrp "$g" "$sdir/prog" "$sdir/own" "$sdir/evil" &&
		chmod 2755 "$sdir/prog" && chmod 2777 "$sdir/own" "$sdir/evil" ||
		exit 99
fi
env -u RT_DIR "$sdir/prog" secure || skip "set-id bits not honoured here"

for i in 1 2; do
	RT_DIR=$sdir/own ARCOV_PREFIX=$sdir/evil ARCOV_PREFIX_STRIP=1 \
	ARCOV_APPEND=1 ARCOV_RUN_LABEL=x ARCOV_LOCK_TIMEOUT=0 \
		"$sdir/prog" a:0:1 > "$tmp/stdout" 2> "$tmp/stderr" ||
		fail "setuid run $i: exit status $?"
	test ! -s "$tmp/stderr" || fail "setuid run $i: $(cat "$tmp/stderr")"
done
test -z "$(ls -A "$sdir/evil")" || fail "ARCOV_PREFIX obeyed: $(ls -AR "$sdir/evil")"
expect_da "$sdir/own/a.da" <<'END'
block 0 label -
program 3 2 2
object 3 2 2
fn f 1040: 2 0
fn main 77: 0
END
pass
