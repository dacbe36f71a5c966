#!/bin/sh
# An instrumented shared library (PIC, linked with the shared libarcov)
# loaded by an uninstrumented program with dlopen() and unloaded with
# dlclose(): its .da is written at unload, and the counts are exact (at
# -O2, where "return s;" is one block).
. "$top_srcdir/testsuite/e2e/lib.sh"

cp "$srcdir/dl-lib.c" "$srcdir/dl-main.c" "$tmp/arcov/" || fail "copy"
(cd "$tmp/arcov" &&
 env $compile_env $CC -fplugin="$plugin" -O2 -fPIC -c dl-lib.c &&
 $CC $SAN_FLAGS -shared dl-lib.o -L"$builddir/runtime/.libs" -larcov \
	-Wl,-rpath,"$builddir/runtime/.libs" -o dl-lib.so &&
 $CC $SAN_FLAGS dl-main.c -ldl -o prog) > "$tmp/build.log" 2>&1 ||
	fail "build: $(cat "$tmp/build.log")"
out=$(cd "$tmp/arcov" && ./prog) || fail "prog failed"
test "$out" = "14 30" || fail "wrong output: $out"
test -s "$tmp/arcov/dl-lib.da" || fail "dlclose did not write dl-lib.da"
check_marks dl-lib.c
pass
