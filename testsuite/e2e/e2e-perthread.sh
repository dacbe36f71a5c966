#!/bin/sh
# Per-thread counting (the default under -pthread; doc/design.md,
# "Threads") stays exact through the lives of threads: blocked threads at
# exit(), arcov_dump() and arcov_reset() from another thread, fork() from
# a thread, a thread's memory reused by the next, many threads at once
# (threads-life.c says what each scenario counts), and a threaded shared
# library unloaded while one of its threads still lives, in the -fPIC
# default (atomic) and in per-thread mode.
. "$top_srcdir/testsuite/e2e/lib.sh"

# work_is SRC N: the line marked WORK in SRC reads N.
work_is()
{
	lines "$1"
	expect_line "$1" "$(grep -n '/\* WORK \*/' "$srcdir/$1" | cut -d: -f1)" "$2"
}

build_arcov threads-life.c -O2 -pthread -I"$top_srcdir/runtime"
objdump -d "$tmp/arcov/threads-life.o" | grep -q '%fs:' ||
	fail "-pthread: no thread-local counters"
objdump -d "$tmp/arcov/threads-life.o" | grep -q '	lock ' &&
	fail "-pthread: atomic increments in per-thread mode"
# bump(), called only by work() which checks, has no check of its own.
objdump -d "$tmp/arcov/threads-life.o" | sed -n '/<bump>:/,/^$/p' > "$tmp/bump.s"
grep -q '%fs:' "$tmp/bump.s" || fail "bump: no thread-local increment"
grep -q 'cmpq.*%fs:' "$tmp/bump.s" && fail "bump: an entry check left"

for run in exit:2010 dump:1800 dumponly:1500 reset:307 fork:1239 reuse:500 many:64000; do
	rm -f "$tmp/arcov/threads-life.da"
	(cd "$tmp/arcov" && ./prog "${run%:*}") 2> "$tmp/arcov.err" ||
		fail "${run%:*}: exit status $?"
	test -s "$tmp/arcov.err" && fail "${run%:*}: $(cat "$tmp/arcov.err")"
	work_is threads-life.c "${run#*:}"
done

# The shared library: its default under -pthread -fPIC, then per-thread
# through the general-dynamic TLS model.
for mode in "" -fplugin-arg-arcov-per-thread; do
	cp "$srcdir/threads-lib.c" "$srcdir/threads-dl.c" "$tmp/arcov/" ||
		fail "copy"
	(cd "$tmp/arcov" && rm -f threads-lib.da &&
	 env $compile_env $CC -fplugin="$plugin" -O2 -pthread -fPIC $mode \
		-c threads-lib.c &&
	 $CC $SAN_FLAGS -shared threads-lib.o -L"$builddir/runtime/.libs" \
		-larcov -Wl,-rpath,"$builddir/runtime/.libs" -o threads-lib.so &&
	 $CC $SAN_FLAGS -pthread threads-dl.c -ldl -o dl-prog) \
		> "$tmp/build.log" 2>&1 ||
		fail "build ${mode:-default}: $(cat "$tmp/build.log")"
	(cd "$tmp/arcov" && ./dl-prog) 2> "$tmp/arcov.err" ||
		fail "${mode:-default}: dl-prog failed: $(cat "$tmp/arcov.err")"
	test -s "$tmp/arcov.err" && fail "${mode:-default}: $(cat "$tmp/arcov.err")"
	work_is threads-lib.c 400010
done
pass
