#!/bin/sh
# guest.sh -- the runtime never disturbs its host: no stdout, exit status
# and errno preserved, failures one line on stderr, bad objects refused.
. "$top_srcdir/testsuite/runtime/lib.sh"

# Not a directory: every user, root included, gets ENOTDIR.
RT_DIR=/dev/null/sub run_status 5 a:0:1 exit:5
expect_stderr <<'END'
arcov: /dev/null/sub/a.da: cannot write: Not a directory; counts not written
END

# A read-only directory (root writes anyway, so only for other users).
if test "$(id -u)" != 0; then
	mkdir "$tmp/ro" && chmod 555 "$tmp/ro"
	RT_DIR=$tmp/ro run_status 6 a:0:1 exit:6
	chmod 755 "$tmp/ro"
	expect_stderr <<END
arcov: $tmp/ro/a.da: cannot write: Permission denied; counts not written
END
fi

# errno as main() left it, after the runtime's exit handler ran.
run a:0:1 errno
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 1 1
object 3 1 1
fn f 1040: 1 0
fn main 77: 0
END

# Registering twice counts once.
rm -f "$tmp/a.da"
RT_DOUBLE=1 run a:0:1
expect_da "$tmp/a.da" <<'END'
block 0 label -
program 3 1 1
object 3 1 1
fn f 1040: 1 0
fn main 77: 0
END

# Another ABI version: refused, nothing written.
rm -f "$tmp/a.da"
RT_VERSION=6 run_status 0 a:0:1
expect_stderr <<'END'
arcov: object built for ABI version 6, this runtime speaks versions 1 to 5; its counts are not recorded
END
test ! -e "$tmp/a.da" || fail "a.da written for a refused object"
pass
