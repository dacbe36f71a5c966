#!/bin/sh
# gcov12-compare.sh -- test hook: arcov's default text against a real
# gcov run on the same program.
#
# Off unless ARCOV_GCOV12_COMPARE=1 (exit 77, "skipped"), because it needs
# a working plugin and runtime.  It builds sample.c once with GCC's own
# --coverage and runs gcov -b, once with the arcov plugin and runs
# arcov -b, and compares the two .gcov files without the Graph:/Data:
# lines (file names differ) and with the "function" lines compared as a set
# (arcov places them before a function's first line with code, gcov before
# its declaration line).  Override how the plugin build is done with
#   ARCOV_CC           compiler (default: gcc)
#   ARCOV_GCOV         gcov to compare with (default: gcov)
#   ARCOV_PLUGIN_FLAGS (default: -fplugin=$top_builddir/plugin/.libs/arcov.so)
#   ARCOV_RUNTIME      (default: $top_builddir/runtime/.libs/libarcov.a -pthread)
. "${top_srcdir:-.}/testsuite/report/lib.sh"
[ "${ARCOV_GCOV12_COMPARE:-0}" = 1 ] || exit 77
build=$(cd "$top_builddir" && pwd)
cc=${ARCOV_CC:-gcc}
gcov=${ARCOV_GCOV:-gcov}
plugin=${ARCOV_PLUGIN_FLAGS:--fplugin=$build/plugin/.libs/arcov.so}
runtime=${ARCOV_RUNTIME:-$build/runtime/.libs/libarcov.a -pthread}
sample=$(cd "$top_srcdir" && pwd)/testsuite/report/sample.c
enter_tmp
mkdir ref arc
cp "$sample" ref/ && cp "$sample" arc/

(cd ref && $cc -O0 --coverage -o sample sample.c && ./sample >/dev/null &&
	$gcov -b sample.c >/dev/null) || exit 99
(cd arc && $cc -O0 $plugin -o sample sample.c $runtime &&
	./sample >/dev/null && "$ARCOV" -b sample.c >/dev/null) || exit 99

for d in ref arc; do
	grep -v -e '^        -:    0:Graph:' -e '^        -:    0:Data:' \
		-e '^function ' $d/sample.c.gcov >$d/body
	grep '^function ' $d/sample.c.gcov | sort >$d/functions
done
same "gcov 12 and arcov agree on lines and arcs" ref/body arc/body
same "gcov 12 and arcov agree on function lines" ref/functions arc/functions
exit $fail
