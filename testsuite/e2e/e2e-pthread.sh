#!/bin/sh
# Four threads run one loop 2,000,000 times each (threads.c), built as
# threaded programs are: -pthread and no plugin option.  gcc --coverage
# makes its counters atomic under -pthread; arcov counts per thread then
# (thread-local counters, doc/design.md "Threads"), with -fplugin= and
# with the specs alike, and must be exact as well.  "atomic" still gives
# relaxed atomic increments, exact too; "single" forces plain ones.
. "$top_srcdir/testsuite/e2e/lib.sh"

# locked OBJ: the number of locked instructions in OBJ.
locked()
{
	objdump -d "$1" | grep -c '	lock ' || :
}

# thread_local OBJ: the number of instructions of OBJ at a thread-local
# address (the counters and the entry check).
thread_local()
{
	objdump -d "$1" | grep -c '%fs:' || :
}

# every_increment [BASE]: the loop's body ran 4 x 2,000,000 times, by
# the notes and data BASE (default threads).
every_increment()
{
	lines threads.c ${1-}
	expect_line threads.c "$(grep -n 'sink += ' "$srcdir/threads.c" |
		cut -d: -f1)" 8000000
}

build_gcc threads.c -pthread -DITERS=2000000
build_arcov threads.c -O0 -pthread -DITERS=2000000
run_both
every_increment
compare_gcov threads.c
test "$(locked "$tmp/arcov/threads.o")" = 0 ||
	fail "-pthread: atomic increments in per-thread mode"
test "$(thread_local "$tmp/arcov/threads.o")" -gt 0 ||
	fail "-pthread: no thread-local counters"

# At -O2, where the loop's counter lives in a register until the loop ends.
rm -f "$tmp/arcov/threads.da"
build_arcov threads.c -O2 -pthread -DITERS=2000000
run_arcov
every_increment

# atomic: relaxed atomic increments, exact as well.
rm -f "$tmp/arcov/threads.da"
build_arcov threads.c -O0 -pthread -DITERS=2000000 -fplugin-arg-arcov-atomic
test "$(locked "$tmp/arcov/threads.o")" -gt 0 ||
	fail "atomic: no atomic increments"
run_arcov
every_increment

# The specs, compiling and linking in one step, so the notes are GCC's
# dump base prog-threads.  (At -O0 every increment is a load and a store:
# plain ones lose counts at once.)
(cd "$tmp/arcov" && rm -f threads.o threads.da prog-threads.* prog &&
 env $compile_env $CC $SAN_FLAGS -specs="$builddir/plugin/arcov-build.specs" \
	-O0 -pthread -DITERS=2000000 threads.c -o prog) \
	> "$tmp/build.log" 2>&1 ||
	fail "building with the specs: $(cat "$tmp/build.log")"
run_arcov
every_increment prog-threads
test "$(thread_local "$tmp/arcov/prog")" -gt 0 ||
	fail "specs: no thread-local counters"

# single: plain increments, which this program has no other use for.
build_arcov threads.c -O2 -pthread -fplugin-arg-arcov-single
test "$(locked "$tmp/arcov/threads.o")" = 0 ||
	fail "single: atomic increments left"
test "$(thread_local "$tmp/arcov/threads.o")" = 0 ||
	fail "single: thread-local counters left"
pass
