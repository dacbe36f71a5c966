#!/bin/sh
# Continuous mode through threads, fork (a child ending in _exit()),
# dlclose() and a second dlopen(): every unit counted once.  The
# child's live file is folded by the next run; the parent's counts are
# not counted again in the child.
. "$top_srcdir/testsuite/e2e/continuous-lib.sh"

cp "$srcdir/continuous-mix.c" "$srcdir/continuous-unit.c" "$tmp/arcov/" ||
	fail "cannot copy the sources"
(cd "$tmp/arcov" &&
 cc_plugin "$CC" -O2 -fPIC -fplugin-arg-arcov-continuous \
	-c continuous-unit.c &&
 $CC $SAN_FLAGS -shared -o libunit.so continuous-unit.o \
	"$builddir/runtime/.libs/libarcov.so" &&
 $CC $SAN_FLAGS -O2 continuous-mix.c -o mix -ldl -pthread) \
	> "$tmp/build.log" 2>&1 ||
	fail "building: $(cat "$tmp/build.log")"
n=3001
(cd "$tmp/arcov" && LD_LIBRARY_PATH=$builddir/runtime/.libs \
	./mix ./libunit.so $n) || fail "the first run failed"
# The next run (of no units) folds the child's live file.
(cd "$tmp/arcov" && LD_LIBRARY_PATH=$builddir/runtime/.libs \
	./mix ./libunit.so 0) || fail "the second run failed"
lo_unit=$((5 * n))
lo_thirds=$((5 * ((n + 2) / 3)))
lo_others=$((lo_unit - lo_thirds))
hi_unit=$lo_unit hi_thirds=$lo_thirds hi_others=$lo_others inflight=0
check_counts
pass
