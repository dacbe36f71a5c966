#!/bin/sh
# profile-setid.sh -- a set-id program takes none of ARCOV_TRACE,
# ARCOV_TIMELINE or ARCOV_CLOCK from its caller, and writes no trace: not
# where ARCOV_TRACE says (a root-only file stays as it was), not in the
# caller's directory under the caller's argv[0] (exec -a).  Root runs a
# setuid-root copy as nobody, in a directory nobody can reach; other users
# a setgid copy for one of their supplementary groups.
. "$top_srcdir/testsuite/profile/lib.sh"

build_profiled guest.c -O0
sdir=$(mktemp -d /tmp/arcov-psetid.XXXXXX) || hard_error "mktemp"
trap 'rm -rf "$sdir"; init_exit $?' 0
chmod 755 "$sdir" && cp "$tmp/arcov/prog" "$sdir/prog" &&
	mkdir "$sdir/secret" "$sdir/cwd" && chmod 700 "$sdir/secret" &&
	chmod 777 "$sdir/cwd" && echo 'root only' > "$sdir/secret/victim" &&
	chmod 600 "$sdir/secret/victim" || hard_error "cannot set up $sdir"
if [ "$(id -u)" = 0 ]; then
	id nobody > /dev/null 2>&1 || skip "no user nobody"
	command -v setpriv > /dev/null || skip "no setpriv"
	chmod 4755 "$sdir/prog" || hard_error "chmod"
	as() { setpriv --reuid=nobody --regid="$(id -g nobody)" \
		--clear-groups "$@"; }
else
	g=$(id -G | tr ' ' '\n' | grep -vx "$(id -g)" | sed -n 1p)
	[ -n "$g" ] || skip "no supplementary group for a setgid program"
	chgrp "$g" "$sdir/prog" "$sdir/secret" "$sdir/secret/victim" &&
		chmod 2755 "$sdir/prog" && chmod 770 "$sdir/secret" &&
		chmod 660 "$sdir/secret/victim" || hard_error "chgrp"
	as() { "$@"; }
fi
(cd "$sdir/cwd" && as ../prog secure) || skip "set-id bits not honoured here"

# The caller names a root-only file, asks for a timeline, a clock.
(cd "$sdir/cwd" && as env ARCOV_TRACE="$sdir/secret/victim" \
	ARCOV_TIMELINE=1 ARCOV_CLOCK=monotonic ../prog exit 5) \
	> "$tmp/out" 2> "$tmp/err"
st=$?
[ $st = 5 ] || fail "exit status $st, not 5: $(cat "$tmp/err")"
[ "$(cat "$sdir/secret/victim")" = 'root only' ] ||
	fail "ARCOV_TRACE obeyed: the root-only file now holds $(head -c 8 "$sdir/secret/victim")"
[ ! -e "$sdir/secret/victim.tmp" ] || fail "left $sdir/secret/victim.tmp"
[ ! -s "$tmp/out" ] || fail "the runtime wrote to stdout"
grep -qx 'arcov: a set-id program writes no time profile' "$tmp/err" ||
	fail "stderr: $(cat "$tmp/err")"

# No ARCOV_TRACE: not the caller's directory, not under its argv[0].
(cd "$sdir/cwd" && as bash -c 'exec -a chosen-name ../prog exit 6') \
	> "$tmp/out" 2> "$tmp/err"
st=$?
[ $st = 6 ] || fail "exec -a: exit status $st, not 6: $(cat "$tmp/err")"
[ -z "$(ls -A "$sdir/cwd")" ] ||
	fail "a trace in the caller's directory: $(ls -A "$sdir/cwd")"
[ -z "$(find "$sdir" -name '*.arcov-trace')" ] ||
	fail "a trace written: $(find "$sdir" -name '*.arcov-trace')"

# The same program without the set-id bit writes its trace as asked.
chmod ug-s "$sdir/prog"
(cd "$sdir/cwd" && as env ARCOV_TRACE="$sdir/cwd/own.trace" ../prog exit 0) \
	2> "$tmp/err" || fail "plain run: $(cat "$tmp/err")"
[ -s "$sdir/cwd/own.trace" ] || fail "ARCOV_TRACE not obeyed without set-id"
pass
