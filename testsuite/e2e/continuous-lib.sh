# continuous-lib.sh -- sourced by the continuous-mode tests: build
# continuous.c with continuous-unit.c compiled with
# -fplugin-arg-arcov-continuous, run it in ways that end it without an
# exit, and hold its report to the work it logged.
. "$top_srcdir/testsuite/e2e/lib.sh"

# The lines of unit() in continuous.c, by their comments.
line_of()
{
	grep -n "/\* $1 \*/" "$srcdir/continuous-unit.c" | cut -d: -f1
}
l_unit=$(line_of unit)
l_thirds=$(line_of thirds)
l_others=$(line_of others)

# logged LOG: "BEGUN DONE" from a log continuous.c wrote ("0 0" if none).
logged()
{
	if [ -s "$1" ]; then
		od -An -tu8 -N16 "$1" | awk '{ print $1, $2 }'
	else
		echo 0 0
	fi
}

# random_ms MAX: a random number of milliseconds below MAX.
random_ms()
{
	echo $(( $(od -An -N2 -tu2 /dev/urandom) % $1 ))
}

# expect_logs LOG...: the counts unit()'s lines must have, from the logs:
# sets lo_* (units done) and hi_* (units begun), and inflight, the
# number of processes killed inside a unit.
expect_logs()
{
	lo_unit=0 lo_thirds=0 lo_others=0 hi_unit=0 hi_thirds=0 hi_others=0
	inflight=0
	for log in "$@"; do
		set -- $(logged "$log")
		begun=$1 done=$2
		lo_unit=$((lo_unit + done))
		lo_thirds=$((lo_thirds + (done + 2) / 3))
		lo_others=$((lo_others + done - (done + 2) / 3))
		hi_unit=$((hi_unit + begun))
		hi_thirds=$((hi_thirds + (begun + 2) / 3))
		hi_others=$((hi_others + begun - (begun + 2) / 3))
		[ "$begun" = "$done" ] || inflight=$((inflight + 1))
	done
}

# check_counts: the report's counts of unit()'s lines against the logs;
# exact unless a process was killed inside a unit, which may then count
# or not (doc/live-file.md, "What a kill loses").
check_counts()
{
	"$linecheck" "$tmp/arcov/continuous-unit" continuous-unit.c \
		> "$tmp/lines" ||
		fail "linecheck failed"
	for what in unit thirds others; do
		eval "l=\$l_$what lo=\$lo_$what hi=\$hi_$what"
		got=$(awk -v l="$l" '$1 == l { print $2 }' "$tmp/lines")
		[ -n "$got" ] || fail "no count for line $l"
		if [ "$got" -lt "$lo" ] || [ "$got" -gt "$hi" ]; then
			fail "line $l ($what): $got, the logs say $lo..$hi"
		fi
		if [ "$inflight" = 0 ] && [ "$got" != "$lo" ]; then
			fail "line $l ($what): $got, the logs say $lo"
		fi
	done
	leftover=$(cd "$tmp/arcov" && ls | grep -E '\.da\.(live|fold)')
	[ -z "$leftover" ] || fail "left behind: $leftover"
}

# build_continuous [FLAGS...]: $tmp/arcov/prog, FLAGS given to the
# plugin's compilation.
build_continuous()
{
	cp "$srcdir/continuous.c" "$srcdir/continuous-unit.c" "$tmp/arcov/" ||
		fail "cannot copy the sources"
	(cd "$tmp/arcov" &&
	 cc_plugin "$CC" -O2 -fplugin-arg-arcov-continuous "$@" \
		-c continuous-unit.c &&
	 $CC $SAN_FLAGS -O2 -c continuous.c &&
	 link_arcov "$CC" continuous.o continuous-unit.o -o prog) \
		> "$tmp/build.log" 2>&1 ||
		fail "building continuous.c: $(cat "$tmp/build.log")"
}

# build_crash_shim: continuous-crash.c as a preloadable library that
# kills a fold at the moment its environment names; $shim is what to
# preload (behind ASan's runtime in a sanitized build).
build_crash_shim()
{
	cp "$srcdir/continuous-crash.c" "$tmp/arcov/" &&
	(cd "$tmp/arcov" && $CC -shared -fPIC -O2 continuous-crash.c \
		-o crash.so -ldl) > "$tmp/build.log" 2>&1 ||
		fail "building the shim: $(cat "$tmp/build.log")"
	shim="$tmp/arcov/crash.so"
	[ -z "$asan_preload" ] || shim="$asan_preload $shim"
}

# run_to_fold: a normal run of no units, which folds what the killed
# runs left.
run_to_fold()
{
	(cd "$tmp/arcov" && ./prog "$tmp/log.fold" return 0) ||
		fail "the folding run failed"
}
