#!/bin/sh
# report-stamp.sh -- a program built before the notes were (a stale
# binary) is told apart even when the flow graphs did not change: every
# compilation draws a stamp that its object gives its .da blocks and its
# extension notes name, as gcov's notes and data share one.  The runtime
# keeps another build's counts in a block of their own, and the reporter
# uses only the blocks of the build its notes describe, with gcov 12's
# "stamp mismatch with notes file".
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
enter_tmp
plugin="-fplugin=$build/plugin/.libs/arcov.so"

# build PROG: s.c with the plugin into s.o (notes s.bb, s.bbg, ...), linked
# into PROG.
build() {
	env $compile_env $CC -O0 $plugin -c s.c -o s.o >build.log 2>&1 &&
	$CC $SAN_FLAGS s.o "$build/runtime/.libs/libarcov.a" -pthread \
		-o "$1" >>build.log 2>&1 ||
		{ echo "FAIL: building $1"; cat build.log; exit 1; }
}

printf '%s\n' 'int f(int x)' '{' '	if (x > 1)' '		return 1;' \
	'	return 0;' '}' 'int main(int c, char **v)' '{' '	(void)v;' \
	'	return f(c);' '}' >s.c
build old
# An edit that moves every line and changes no graph, then a rebuild.
{ echo '/* moved down one line */'; cat s.c; } >s.new && mv s.new s.c
touch -t 200001010000 s.c
build new

./old
"$ARCOV" -n s.c >out 2>err; status "a stale program's counts" 0 $?
grep -c '^s.da:stamp mismatch with notes file$' err >got; echo 1 >want
same "a stale program's counts: gcov 12's message" want got
grep -c '^Lines executed:0.00% of ' out >got; echo 2 >want
same "a stale program's counts: not used" want got

./new && ./new
"$ARCOV" -t s.c >out 2>err
grep -c ':stamp mismatch' err >got; echo 1 >want
same "the stale block is still said" want got
sed -n 's/^ *\([0-9#]*\): *\([0-9]*\):.*/\2 \1/p' out | sed -n '/^[1-9]/p' >got
printf '%s\n' '2 2' '4 2' '5 #####' '6 2' '8 2' '11 2' >want
same "only the new build's two runs count" want got
"$build/tools/arcov-dump" s.da | grep -c 'build stamp' >got; echo 2 >want
same "the .da keeps each build's block" want got

exit $fail
