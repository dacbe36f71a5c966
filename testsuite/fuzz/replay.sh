#!/bin/sh
# replay.sh -- every fuzz target over its corpus and its regressions,
# through replay.c instead of libFuzzer: built by the configured compiler
# (with ASan and UBSan under --enable-sanitizers), so this runs whether or
# not clang's libFuzzer is installed.

: "${top_srcdir:?not run by make check}" "${top_builddir:?not run by make check}"
srcdir=$(cd "$top_srcdir/testsuite/fuzz" && pwd) || exit 99
builddir=$(cd "$top_builddir/testsuite/fuzz" && pwd) || exit 99
failed=0

for target in bb bbg da notes section solve trace stream live; do
	set -- "$srcdir/corpus/$target"
	test -d "$srcdir/regress/$target" && set -- "$@" "$srcdir/regress/$target"
	"$builddir/replay-$target" "$@" || {
		echo "FAIL: replay-$target"
		failed=1
	}
done
exit $failed
