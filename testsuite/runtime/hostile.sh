#!/bin/sh
# hostile.sh -- what other users and other files can do to the runtime:
# a .da that is a symbolic link, a FIFO or a device is refused without
# blocking; files honour the umask and keep their mode; a read lock on a
# readable .da blocks nobody; a live writer (of FILE.da.tmp or of the .da
# itself) is waited for a bounded time, a dead one's FILE.da.tmp is
# removed; nothing else is left beside the .da; children spawned during a
# dump inherit none of its files.
. "$top_srcdir/testsuite/runtime/lib.sh"

d=$tmp/d
mkdir "$d" || exit 99
RT_DIR=$d
da=$d/a.da
holders=
trap 'test -z "$holders" || kill $holders 2> /dev/null' EXIT

# refused KIND: the run ends at once, with its own status and one line.
refused()
{
	RT_DIR=$d timeout 20 "$prog" a:0:1 exit:3 > "$tmp/stdout" 2> "$tmp/stderr"
	st=$?
	test "$st" = 3 || fail "$1: exit status $st"
	expect_stderr <<END
arcov: $da: not a regular file; counts not written
END
}

# A symbolic link, even to a good .da, is neither followed nor replaced.
run a:0:1
mv "$da" "$d/victim.da" && cp "$d/victim.da" "$tmp/victim.da" &&
	ln -s victim.da "$da" || exit 99
refused "symbolic link"
test -L "$da" || fail "symbolic link replaced"
cmp "$d/victim.da" "$tmp/victim.da" || fail "link target changed"
rm -f "$da" "$d/victim.da"

mkfifo "$da" || exit 99
refused FIFO
test -p "$da" || fail "FIFO replaced"
rm -f "$da"
ln -s /dev/zero "$da" || exit 99
refused "link to /dev/zero"
rm -f "$da"

# Modes: a new .da is 0666 less the umask; a replaced one keeps its own.
(umask 027 && run a:0:1) || exit 1
test "$(stat -c %a "$da")" = 640 || fail "umask 027: mode $(stat -c %a "$da")"
chmod 604 "$da" && run a:0:1
test "$(stat -c %a "$da")" = 604 || fail "mode not kept: $(stat -c %a "$da")"

# hold KIND FILE: another process holds a KIND lock on FILE until the end.
hold()
{
	# A ready file of an earlier holder of the same kind would pass the
	# wait below before this one's shell has truncated it.
	rm -f "$tmp/ready.$1"
	env -u RT_DIR "$prog" "$1:$2:60" > "$tmp/ready.$1" &
	holders="$holders $!"
	i=0
	until test -s "$tmp/ready.$1"; do
		i=$((i + 1))
		test $i -lt 200 || fail "no $1 lock on $2"
		sleep 0.05
	done
}

# Read locks anyone who can read the files can take (the .da, and the
# lock file earlier runtimes kept beside it) delay nobody.
: > "$d/a.da.lock"
hold rdlock "$da"
hold rdlock "$d/a.da.lock"
start=$(date +%s)
RT_DIR=$d timeout 20 "$prog" a:0:1 > "$tmp/stdout" 2> "$tmp/stderr" ||
	fail "blocked by a read lock (status $?)"
test ! -s "$tmp/stderr" || fail "read lock: $(cat "$tmp/stderr")"
kill $holders 2> /dev/null
holders=
rm -f "$d/a.da.lock"
expect_da "$da" <<'END'
block 0 label -
program 3 3 3
object 3 3 3
fn f 1040: 3 0
fn main 77: 0
END

# A live writer: waited for ARCOV_LOCK_TIMEOUT seconds, then one line and
# the program's own exit status.
hold wrlock "$d/a.da.tmp"
start=$(date +%s)
ARCOV_LOCK_TIMEOUT=1 RT_DIR=$d timeout 20 "$prog" a:0:1 exit:4 \
	> "$tmp/stdout" 2> "$tmp/stderr"
st=$?
test "$st" = 4 || fail "live writer: exit status $st"
test $(($(date +%s) - start)) -le 5 || fail "live writer: waited too long"
expect_stderr <<END
arcov: $da: another writer holds $da.tmp (waited 1.000 s); counts not written
END
kill $holders 2> /dev/null
holders=
wait 2> /dev/null

# The writer died (SIGKILL): its a.da.tmp is no longer locked, and the
# next writer removes it.
test -e "$d/a.da.tmp" || exit 99
run a:1:1
test "$(ls -A "$d")" = a.da || fail "files left beside a.da: $(ls -A "$d")"
expect_da "$da" <<'END'
block 0 label -
program 3 4 4
object 3 4 3
fn f 1040: 3 1
fn main 77: 0
END

# A live in-place writer (the .da's own write lock): waited for the same
# bounded time, then one line naming the .da.
hold wrlock "$da"
ARCOV_LOCK_TIMEOUT=1 RT_DIR=$d timeout 20 "$prog" a:0:1 exit:4 \
	> "$tmp/stdout" 2> "$tmp/stderr"
st=$?
test "$st" = 4 || fail "live in-place writer: exit status $st"
expect_stderr <<END
arcov: $da: another writer holds $da (waited 1.000 s); counts not written
END
kill $holders 2> /dev/null
holders=
wait 2> /dev/null
test "$(ls -A "$d")" = a.da || fail "files left beside a.da: $(ls -A "$d")"

# Children spawned while another thread dumps inherit no runtime file.
run spawn:200
test "$(ls -A "$d")" = a.da || fail "files left beside a.da: $(ls -A "$d")"
pass
