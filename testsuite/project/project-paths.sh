#!/bin/sh
# project-paths.sh -- which sources a whole-project report shows and how
# it names them: --root, --filter and --exclude (gcovr's rules) in every
# output, --path-map for sources read from another place, and the probes
# build systems compile (CMake's compiler identification, configure's
# conftest) left out while a real object that never ran is still shown.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
needs xmllint libxml2-utils
enter_tmp
top=$(pwd)
plugin="-fplugin=$build/plugin/.libs/arcov.so"

# cc_plugin SRC OBJ: compile with the plugin, in the current directory.
cc_plugin() {
	env $compile_env $CC -O0 $plugin -c "$1" -o "$2" >>build.log 2>&1 ||
		{ echo "FAIL: compiling $1"; cat build.log; exit 1; }
}

mkdir -p src/sub lib
printf 'int a(int x)\n{\n\treturn x > 1;\n}\n' >src/a.c
printf 'int b(int x)\n{\n\treturn x > 2;\n}\n' >src/sub/b.c
printf 'int a(int), b(int);\nint main(int c, char **v)\n{\n\t(void)v;\n\treturn a(c) + b(c);\n}\n' >lib/m.c
printf 'int never(void)\n{\n\treturn 7;\n}\n' >lib/never.c
cc_plugin src/a.c a.o
cc_plugin src/sub/b.c b.o
cc_plugin lib/m.c m.o
cc_plugin lib/never.c never.o
$CC $SAN_FLAGS a.o b.o m.o "$build/runtime/.libs/libarcov.a" -pthread \
	-o prog >>build.log 2>&1 || { echo "FAIL: linking"; exit 1; }
./prog

# Probes: CMake's compiler identification, built in its own directory,
# and a configure test whose source is gone.  Neither ever ran.
mkdir -p CMakeFiles/3.25.1/CompilerIdC
printf 'int main(void) { return 0; }\n' >CMakeFiles/3.25.1/CompilerIdC/CMakeCCompilerId.c
(cd CMakeFiles/3.25.1/CompilerIdC && cc_plugin CMakeCCompilerId.c id.o)
printf 'int main(void) { return 0; }\n' >conftest.c
cc_plugin conftest.c conftest.o
rm conftest.c

sources() { sed -n 's/^SF://p' "$1" | LC_ALL=C sort; }

"$ARCOV" . --lcov all.info -n >out 2>err; status "the tree" 0 $?
sources all.info >got
printf '%s\n' "$top/lib/m.c" "$top/lib/never.c" "$top/src/a.c" \
	"$top/src/sub/b.c" >want
same "the tree: every real source, the one never run too, no probe" want got
echo 'never.da:cannot open data file, assuming not executed' >want
same "the tree: probes left out without a word" want err

"$ARCOV" . --root src --lcov - >out 2>err; status "--root src" 0 $?
sources out >got
printf '%s\n' "$top/src/a.c" "$top/src/sub/b.c" >want
same "--root: the sources below it, absolute in lcov" want got
"$ARCOV" . --root src --cobertura c.xml -b >text 2>err
xmllint --xpath 'string(/coverage/sources/source)' c.xml >got
echo "$top/src" >want
same "--root: Cobertura's source is the root" want got
xmllint --xpath '//class/@filename' c.xml | tr ' ' '\n' | sed '/^$/d' >got
printf '%s\n' 'filename="a.c"' 'filename="sub/b.c"' >want
same "--root: Cobertura's file names are relative to it" want got
grep "^File " text >got
printf '%s\n' "File 'a.c'" "File 'sub/b.c'" >want
same "--root: the text names sources from it" want got

"$ARCOV" . --filter "^$top/src/sub/" --lcov - >out 2>err; status "--filter" 0 $?
sources out >got; echo "$top/src/sub/b.c" >want
same "--filter: only what matches" want got
"$ARCOV" . --exclude "^$top/src/sub/" --exclude 'never\.c$' --lcov - \
	>out 2>err
sources out >got; printf '%s\n' "$top/lib/m.c" "$top/src/a.c" >want
same "--exclude: what matches none" want got
"$ARCOV" . --filter "^$top/src/" --fail-under-line 100 -n >out 2>err
status "gates see the filter (a.c, b.c: 100%)" 0 $?
"$ARCOV" . --fail-under-line 100 -n >out 2>err
status "gates without it (never.c: 0%)" 3 $?
"$ARCOV" . --filter '(' -n >out 2>err; status "a bad expression" 2 $?
# Relative expressions are matched below the root (the current directory
# without one), as gcovr's are.
"$ARCOV" . --root src --filter '^a\.c$' --lcov - >out 2>err
status "--root with a relative --filter" 0 $?
sources out >got; echo "$top/src/a.c" >want
same "--root R --filter '^a\.c\$': the file below R" want got
"$ARCOV" . --root src --exclude '^sub/' --lcov - >out 2>err
sources out >got; echo "$top/src/a.c" >want
same "--root R --exclude '^sub/': below R" want got
"$ARCOV" . --filter '^lib/' --lcov - >out 2>err
sources out >got; printf '%s\n' "$top/lib/m.c" "$top/lib/never.c" >want
same "--filter '^lib/' without a root: below the current directory" \
	want got

# --path-map: the sources moved after the build.
mkdir moved && mv src moved/
"$ARCOV" . --path-map "$top/src=$top/moved/src" --root moved -t \
	>out 2>err; status "--path-map" 0 $?
grep -c ':	return x > 1;$' out >got; echo 1 >want
same "--path-map: the source is read from its new place" want got
"$ARCOV" . --path-map "$top/src=$top/moved/src" --lcov - >out 2>err
sources out | grep moved >got
printf '%s\n' "$top/moved/src/a.c" "$top/moved/src/sub/b.c" >want
same "--path-map: lcov names the new place" want got
"$ARCOV" . --path-map nothing -n >out 2>err; status "--path-map without =" 2 $?

exit $fail
