#!/bin/sh
# The default counting mode is exact whatever the threads: a library built
# with the specs and without -pthread (so with nothing that says threads
# will run it), called 2000000 times from 8 threads at once that the
# program creates -- POSIX threads, then an OpenMP team -- reads exactly
# its marks, as a shared library (-fPIC) and linked into the program, and
# the report says nothing of inconsistent counts.  ARCOV_POOL_FLAGS adds
# plugin flags to the library's compile (-fplugin-arg-arcov-single shows
# what the counts are without this).
. "$top_srcdir/testsuite/e2e/lib.sh"

test -z "$SAN_FLAGS" || skip "the specs name the unsanitized runtime"
specs=$builddir/plugin/arcov-build.specs
cp "$srcdir/pool-lib.c" "$srcdir/pool-main.c" "$tmp/arcov/" ||
	hard_error "cannot copy the sources"
cd "$tmp/arcov" || hard_error "no $tmp/arcov"

# build HOW THREADS: the library HOW (shared or static), the program's
# threads THREADS (pthread or openmp).
build()
{
	case $2 in
	pthread) main_flags=-pthread ;;
	openmp) main_flags=-fopenmp ;;
	esac
	pic=
	test "$1" = shared && pic=-fPIC
	rm -f pool-lib.da prog libpool.so
	$CC -specs="$specs" ${ARCOV_POOL_FLAGS:-} -O2 $pic \
		-c pool-lib.c > build.log 2>&1 &&
	case $1 in
	shared)
		$CC -specs="$specs" -shared -o libpool.so pool-lib.o &&
		$CC $main_flags -O2 -o prog pool-main.c -L. -lpool -Wl,-rpath,"$tmp/arcov" ;;
	static)
		$CC -specs="$specs" $main_flags -O2 -o prog pool-main.c pool-lib.o ;;
	esac >> build.log 2>&1 || fail "$1 $2: building: $(cat build.log)"
}

for how in shared static; do
	for threads in pthread openmp; do
		build $how $threads
		./prog 2> prog.err || fail "$how $threads: exit status $?"
		test -s prog.err && fail "$how $threads: $(cat prog.err)"
		(cd "$tmp/arcov" && "$linecheck" pool-lib pool-lib.c) > got ||
			fail "$how $threads: linecheck failed"
		awk '{ if (match($0, /\/\*@[^*]*\*\//)) print NR, substr($0, RSTART + 3, RLENGTH - 5) }' \
			"$srcdir/pool-lib.c" > marks
		diff -u marks got > marks.diff ||
			fail "$how $threads: counts differ from the marks (- marks, + arcov):
$(cat marks.diff)"
		"$arcov" -n pool-lib.c > report.out 2>&1 ||
			fail "$how $threads: arcov exits $?: $(cat report.out)"
		grep -i 'inconsistent\|inexact\|negative' report.out &&
			fail "$how $threads: the report warns"
	done
done
pass
