#!/bin/sh
# specs.sh -- the specs as build systems and users pass them: twice (in
# CFLAGS and LDFLAGS: configure's and CMake's compiler checks build a test
# program with both), next to -fplugin=arcov, for C and C++, programs and
# shared libraries linked with --no-undefined (meson's default).
. "$top_srcdir/testsuite/buildsys/lib.sh"
plugindir=$builddir/plugin/.libs
: "${CXX:=g++}"

cp "$tmp/proj/lib/mod/plug.c" . || exit 99
printf 'int main(void)\n{\n\treturn 0;\n}\n' > conftest.c
printf 'int main()\n{\n\treturn 0;\n}\n' > conftest.cc

# What autoconf's "C compiler works" check does with the flag in both.
run $CC -O2 $F $F -o conftest conftest.c
run ./conftest
expect_data conftest
rm -f conftest.*[!c]
run $CXX -O2 $F $F -o conftest conftest.cc
run ./conftest
expect_data conftest

# Next to -fplugin=arcov, which cc1 resolves in its plugin directory (the
# build tree's here, spelled differently from the path in the specs).
run $CC $F -iplugindir="$plugindir/." -fplugin=arcov \
	-fplugin-arg-arcov-atomic -O2 -c plug.c
expect_notes plug "$tmp/build"
objdump -d plug.o | grep -q '	lock ' ||
	fail "-fplugin-arg-arcov-atomic lost next to the specs"
run $CC -fplugin="$plugindir/arcov.so" $F -O2 -c plug.c

# A shared library that must not leave symbols undefined.
run $CC $F $F -O2 -fPIC -shared -Wl,--no-undefined -o plug.so plug.c
readelf -d plug.so | grep -q 'NEEDED.*libarcov' ||
	fail "plug.so does not need libarcov"
pass
