#!/bin/sh
# Per-thread counting (the default under -pthread; doc/design.md,
# "Threads") stays exact through the lives of threads: blocked threads at
# exit(), arcov_dump() and arcov_reset() from another thread, fork() and
# exec from a thread, a thread's memory reused by the next, many threads
# at once, a thread that counts only in a signal handler (threads-life.c
# says what each scenario counts), C++ threads and thread_local
# destructors, and a threaded shared library unloaded
# while one of its threads still lives, in the -fPIC default (atomic) and
# in per-thread mode.
. "$top_srcdir/testsuite/e2e/lib.sh"

# work_is SRC N: the line marked WORK in SRC reads N.
work_is()
{
	lines "$1"
	expect_line "$1" "$(grep -n -e '/\* WORK \*/' -e '// WORK' "$srcdir/$1" |
		cut -d: -f1)" "$2"
}

build_arcov threads-life.c -O2 -pthread -I"$top_srcdir/runtime"
objdump -d "$tmp/arcov/threads-life.o" | grep -q '%fs:' ||
	fail "-pthread: no thread-local counters"
objdump -d "$tmp/arcov/threads-life.o" | grep -q '	lock ' &&
	fail "-pthread: atomic increments in per-thread mode"
# bump(), called only by work() which checks, has no check of its own;
# its entry count is derived from work()'s counters (no increment at
# all), and without derivation it counts in thread-local memory.
objdump -d "$tmp/arcov/threads-life.o" | sed -n '/<bump>:/,/^$/p' > "$tmp/bump.s"
grep -q '%fs:' "$tmp/bump.s" && fail "bump: counted, not derived"
mkdir -p "$tmp/noderive" &&
(cd "$tmp/noderive" && cp "$srcdir/threads-life.c" . &&
 env $compile_env $CC -fplugin="$plugin" -fplugin-arg-arcov-no-derive \
	-O2 -pthread -I"$top_srcdir/runtime" -c threads-life.c) ||
	fail "threads-life.c with no-derive does not compile"
objdump -d "$tmp/noderive/threads-life.o" | sed -n '/<bump>:/,/^$/p' > "$tmp/bump.s"
grep -q '%fs:' "$tmp/bump.s" || fail "bump: no thread-local increment"
grep -q 'cmpq.*%fs:' "$tmp/bump.s" && fail "bump: an entry check left"

for run in exit:2010 dump:1800 dumponly:1500 reset:307 fork:1239 reuse:500 many:64000 exec:1020 signal:50; do
	rm -f "$tmp/arcov/threads-life.da"
	(cd "$tmp/arcov" && ./prog "${run%:*}") 2> "$tmp/arcov.err" ||
		fail "${run%:*}: exit status $?"
	test -s "$tmp/arcov.err" && fail "${run%:*}: $(cat "$tmp/arcov.err")"
	work_is threads-life.c "${run#*:}"
done

# C++: std::thread, whose threads libstdc++ creates, and thread_local
# destructors that count as their threads end.
build_arcov threads-cxx.cc -O2 -pthread
(cd "$tmp/arcov" && ./prog) > /dev/null 2> "$tmp/arcov.err" ||
	fail "threads-cxx: exit status $?"
test -s "$tmp/arcov.err" && fail "threads-cxx: $(cat "$tmp/arcov.err")"
work_is threads-cxx.cc 4000031

# ThreadSanitizer sees no race in per-thread counting (the runtime that
# reads other threads' copies is not instrumented, the copies are each
# their thread's); "single" shows what it would see.  Not in sanitized
# trees, whose libarcov needs ASan, which TSan excludes.
if [ -z "$sanitized" ] &&
   echo 'int main(void) { return 0; }' > "$tmp/tsan.c" &&
   $CC -fsanitize=thread "$tmp/tsan.c" -o "$tmp/tsan" 2> /dev/null &&
   "$tmp/tsan" 2> /dev/null; then
	for mode in per-thread single; do
		(cd "$tmp/arcov" && rm -f threads.da &&
		 cp "$srcdir/threads.c" . &&
		 env $compile_env $CC -fplugin="$plugin" -fplugin-arg-arcov-$mode \
			-O1 -pthread -fsanitize=thread -c threads.c &&
		 $CC -fsanitize=thread threads.o "$libarcov" -pthread -o tsan-prog) \
			> "$tmp/build.log" 2>&1 ||
			fail "tsan build: $(cat "$tmp/build.log")"
		(cd "$tmp/arcov" && TSAN_OPTIONS=exitcode=0 ./tsan-prog) \
			> /dev/null 2> "$tmp/tsan.err" || fail "tsan-prog failed"
		races=$(grep -c 'WARNING: ThreadSanitizer' "$tmp/tsan.err") || :
		echo "ThreadSanitizer, $mode: $races races reported"
		case $mode,$races in
		per-thread,0) lines threads.c
			expect_line threads.c "$(grep -n 'sink += ' \
				"$srcdir/threads.c" | cut -d: -f1)" 800000 ;;
		per-thread,*) fail "per-thread: ThreadSanitizer: $(cat "$tmp/tsan.err")" ;;
		single,0) fail "single: no race reported (is TSan working?)" ;;
		esac
	done
fi

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
