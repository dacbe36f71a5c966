#!/bin/sh
# profile-coverage.sh -- coverage keeps working alongside the profile: the
# e2e programs built with and without -fplugin-arg-arcov-profile report
# the same line, branch and call counts (the hooks add no call and no
# fake arc; only a function's block total may differ, by the blocks the
# try/finally lowering adds).  In C++ a call inside a catch handler that
# may throw (__cxa_end_catch) now unwinds into the finally and shows as a
# call of its own, so there lines and branches are compared.
. "$top_srcdir/testsuite/profile/lib.sh"

for src in recursion.c jump.c except.cc loops.c; do
	for mode in plain profile; do
		d=$tmp/$mode
		rm -rf "$d" && mkdir -p "$d" && cp "$top_srcdir/testsuite/e2e/$src" "$d/" ||
			fail "cannot copy $src"
		flag=
		[ $mode = profile ] && flag=-fplugin-arg-arcov-profile
		cc=$(compiler_for "$src")
		(cd "$d" && env $compile_env $cc -O0 -fplugin="$plugin" $flag \
			-c "$src" -o "${src%.*}.o" &&
		 $cc $SAN_FLAGS "${src%.*}.o" "$libarcov" -pthread -o prog) \
			> "$tmp/build.log" 2>&1 || fail "$src ($mode): $(cat "$tmp/build.log")"
		skip='^function '
		[ "$cc" = "$CXX" ] && skip='^(function|call) '
		(cd "$d" && ./prog > /dev/null 2>&1; "$arcov" -b -c -t "$src" |
			grep -Ev "$skip" > "$tmp/$mode.gcov") ||
			fail "$src ($mode): arcov failed"
	done
	diff -u "$tmp/plain.gcov" "$tmp/profile.gcov" ||
		fail "$src: coverage differs with the profile on"
done
pass
