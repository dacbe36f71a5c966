# lib.sh -- sourced by the libFuzzer tests, after setting
#   target  the fuzz target (testsuite/fuzz/fuzz-$target.c)
#   runs    the number of inputs of the fixed-seed run
# Replays the target's corpus and regressions, then fuzzes from that
# corpus for $runs inputs with a fixed seed, so the run is the same every
# time and bounded.  Skips (77) when configure found no clang with
# libFuzzer: then only replay.sh covers the target.

: "${top_srcdir:?not run by make check}" "${top_builddir:?not run by make check}"
srcdir=$(cd "$top_srcdir/testsuite/fuzz" && pwd) || exit 99
fuzzer=$(cd "$top_builddir/testsuite/fuzz" && pwd)/fuzz-$target
if [ ! -x "$fuzzer" ]; then
	echo "SKIP: no libFuzzer build of $target (needs clang and libfuzzer-14-dev)"
	exit 77
fi
tmp=$(cd "$top_builddir/testsuite/fuzz" && pwd)/$target.dir
rm -rf "$tmp" && mkdir -p "$tmp/new" || exit 99
# The limits of make fuzz (doc/security.md): an input that needs more
# than 64 MiB in one allocation or 10 s is a failure, like a crash.
set -- -malloc_limit_mb=64 -timeout=10 -artifact_prefix="$tmp/"

# Files, not directories: libFuzzer then runs each once and stops.
inputs=$(find "$srcdir/corpus/$target" "$srcdir/regress/$target" \
	-type f 2>/dev/null | LC_ALL=C sort)
test -n "$inputs" || { echo "FAIL: no corpus for $target"; exit 1; }
# shellcheck disable=SC2086 # file names of the corpus have no spaces
"$fuzzer" "$@" $inputs > "$tmp/replay.log" 2>&1 || {
	tail -n 40 "$tmp/replay.log"
	echo "FAIL: $target: replaying the corpus (log in $tmp)"
	exit 1
}
# New inputs go to $tmp/new; the checked-in corpus is only read.
"$fuzzer" "$@" -runs="$runs" -seed=14 "$tmp/new" "$srcdir/corpus/$target" \
	> "$tmp/run.log" 2>&1 || {
	tail -n 40 "$tmp/run.log"
	echo "FAIL: $target: fixed-seed run found the input saved in $tmp"
	exit 1
}
grep '^Done' "$tmp/run.log"
rm -rf "$tmp"
exit 0
