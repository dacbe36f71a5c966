#!/bin/sh
# gcov12-compare.sh -- arcov's default text against a real gcov 12 run on
# the same program.
#
# Builds sample.c once with GCC's own --coverage at -O0 and runs
# gcov -f -b, once with the arcov plugin and runs arcov -f -b, and compares
# the two .gcov files and the two summaries on stdout.  They agree except
# for these differences, each by design and each taken out before
# comparing:
#
#  * the Graph: and Data: lines of the .gcov name different files
#    (sample.gcno and sample.gcda against sample.bbg and sample.da);
#  * the "function NAME called ..." lines are compared as a set: arcov
#    puts them before a function's first line with code, gcov 12 before
#    the line of its declarator, which its .gcno records and a .bb cannot;
#  * the per-function summaries of -f are compared as a set: gcov 12
#    prints them in .gcno order (for sample.c the reverse of the order of
#    definition), arcov in .bb order, the order of definition in the unit,
#    as gcov 3.3 printed them.
#
# Branch and call lines are compared as they are: the plugin sets the
# fall-through flag as GCC 12's profile.cc does, so both report the same
# arcs.  Override how the plugin build is done with
#   ARCOV_CC           compiler (default: $CC, else gcc)
#   ARCOV_GCOV         gcov to compare with (default: gcov)
#   ARCOV_PLUGIN_FLAGS (default: -fplugin=$top_builddir/plugin/.libs/arcov.so)
#   ARCOV_RUNTIME      (default: $top_builddir/runtime/.libs/libarcov.a -pthread)
. "${top_srcdir:-.}/testsuite/report/lib.sh"
build=$(cd "$top_builddir" && pwd)
cc=${ARCOV_CC:-${CC:-gcc}}
gcov=${ARCOV_GCOV:-$GCOV}
plugin=${ARCOV_PLUGIN_FLAGS:--fplugin=$build/plugin/.libs/arcov.so}
runtime=${ARCOV_RUNTIME:-$build/runtime/.libs/libarcov.a -pthread}
sample=$(cd "$top_srcdir" && pwd)/testsuite/report/sample.c
san=${SAN_FLAGS:-}
# A sanitized plugin runs inside cc1, which is not: preload the ASan
# runtime into the compiler only, and ignore GCC's by-design leaks.
compile_env=
if [ -n "$san" ]; then
	compile_env="LD_PRELOAD=$($cc -print-file-name=libasan.so)"
	ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
	export ASAN_OPTIONS
fi
command -v "$gcov" >/dev/null || { echo "FAIL: no $gcov (Debian package gcc-12)"; exit 1; }
enter_tmp
mkdir ref arc
cp "$sample" ref/ && cp "$sample" arc/

(cd ref && $cc -O0 --coverage -o sample sample.c && ./sample >/dev/null &&
	$gcov -f -b sample.c >stdout) || exit 99
(cd arc && env $compile_env $cc -O0 $plugin -c sample.c &&
	$cc $san -o sample sample.o $runtime &&
	./sample >/dev/null && "$ARCOV" -f -b sample.c >stdout) || exit 99

# functions FILE: the "Function" paragraphs of a -f summary, each joined
# into one line, sorted; the file's own summary follows, as it is.  gcov
# 16 adds a function's branches and calls to its paragraph, which gcov 12
# (and so arcov) prints only for the file: those lines are left out.
functions() {
	awk '/^Function / { f = 1 }
	     /^File / { f = 0 }
	     f && /^(Branches executed|Taken at least once|Calls executed|No branches|No calls)/ { next }
	     f && /^$/ { print p; p = ""; next }
	     f { p = p (p == "" ? "" : " | ") $0; next }
	     { print "= " $0 }' "$1" | sort
}

for d in ref arc; do
	grep -v -e '^        -:    0:Graph:' -e '^        -:    0:Data:' \
		-e '^function ' $d/sample.c.gcov >$d/body
	grep '^function ' $d/sample.c.gcov | sort >$d/functions
	functions $d/stdout >$d/summary
done
same "gcov 12 and arcov agree on lines and arcs" ref/body arc/body
same "gcov 12 and arcov agree on function lines" ref/functions arc/functions
same "gcov 12 and arcov agree on the -f -b summaries" ref/summary arc/summary
exit $fail
