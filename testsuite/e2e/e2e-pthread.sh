#!/bin/sh
# Four threads run one loop 2,000,000 times each, built as threaded
# programs are: -pthread and no plugin option.  gcc --coverage makes its
# counters atomic under -pthread; so must arcov, with -fplugin= and with
# the specs alike, or increments are lost.  "single" forces plain ones.
. "$top_srcdir/testsuite/e2e/lib.sh"

# locked OBJ: the number of locked instructions in OBJ.
locked()
{
	objdump -d "$1" | grep -c '	lock ' || :
}

build_gcc pthread.c -pthread
build_arcov pthread.c -O0 -pthread
run_both
check_marks pthread.c
compare_gcov pthread.c
test "$(locked "$tmp/arcov/pthread.o")" -gt 0 ||
	fail "-pthread: no atomic increments"

# The specs, compiling and linking in one step.  (At -O0 every increment
# is a load and a store: plain ones lose counts at once.)
(cd "$tmp/arcov" && rm -f pthread.o pthread.da prog &&
 env $compile_env $CC $SAN_FLAGS -specs="$builddir/plugin/arcov-build.specs" \
	-O0 -pthread pthread.c -o prog) > "$tmp/build.log" 2>&1 ||
	fail "building with the specs: $(cat "$tmp/build.log")"
run_arcov
check_marks pthread.c

# single: plain increments, which this program has no other use for.
build_arcov pthread.c -O2 -pthread -fplugin-arg-arcov-single
test "$(locked "$tmp/arcov/pthread.o")" = 0 ||
	fail "single: atomic increments left"
pass
