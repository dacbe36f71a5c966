#!/bin/sh
# report-two-programs.sh -- two programs compiled and linked in one step
# from one source in one directory get notes of their own, named as GCC
# names its .gcno (prog1-prog.*, prog2-prog.*; doc/notes-format.md §1),
# so neither build makes the other's counts stale: each program's counts
# are exact by --binary, by -o, and summed in a whole-tree report and
# when the source is named.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
enter_tmp

cat >prog.c <<'EOC'
int main(int argc, char **argv)
{
	(void)argv;
#ifdef TWO
	if (argc > 1)
		return 2;
#endif
	return argc > 5;
}
EOC
for n in 1 2; do
	flags=
	[ $n = 2 ] && flags=-DTWO
	env $compile_env $CC -fplugin="$plugin" $SAN_FLAGS -O0 $flags \
		-o prog$n prog.c "$libarcov" -pthread -ldl >build.log 2>&1 || {
		sed 's/^/    /' build.log
		hard_error "building prog$n"
	}
done
./prog1 && ./prog1 && ./prog2 a; ./prog2; ./prog2
ls prog1-prog.bb prog1-prog.bbg prog1-prog.da prog2-prog.bb prog2-prog.bbg \
	prog2-prog.da >/dev/null 2>&1
status "each program its own notes and data" 0 $?
[ -e prog.bb ] || [ -e prog.da ]
status "no prog.bb, no prog.da" 1 $?

# lines FILE: "LINE COUNT" of each line with code in the .gcov FILE,
# before the per-function listings of a source two programs define.
lines() {
	sed -n '/^-----/q; s/^ *\([0-9#]*\)\*\{0,1\}: *\([0-9]*\):.*/\2 \1/p' "$1"
}
"$ARCOV" --binary=prog1 -t >out1 2>err1
status "--binary=prog1" 0 $?
lines out1 >got
printf '%s\n' '1 2' '8 2' >want
same "prog1: main ran twice" want got
"$ARCOV" --binary=prog2 -t >out2 2>err2
status "--binary=prog2" 0 $?
lines out2 >got
printf '%s\n' '1 3' '5 3' '6 1' '8 2' >want
same "prog2: main ran three times, once with an argument" want got
cat err1 err2 >err
same "no stamp mismatch, nothing on stderr" /dev/null err
"$ARCOV" -t -o prog2-prog prog.c >out3 2>err
lines out3 >got
same "-o prog2-prog prog.c: prog2's counts" want got
"$ARCOV" -t . >out4 2>err
lines out4 >got
printf '%s\n' '1 5' '5 3' '6 1' '8 4' >want
same "the whole tree: both programs' counts summed" want got
"$ARCOV" -t prog.c >out5 2>err
lines out5 >got
same "prog.c, which has no prog.bbg: both programs' notes" want got
same "prog.c: nothing on stderr" /dev/null err
rm prog1-prog.bbg prog2-prog.bbg
"$ARCOV" -t prog.c >out6 2>err
status "prog.c without any notes" 1 $?
exit $fail
