#!/bin/sh
# The freestanding runtime on this host (doc/stream-format.md): a unit
# compiled with -fplugin-arg-arcov-freestanding has no constructor and is
# found through the arcov_objects section; libarcov-freestanding.a calls
# nothing outside itself; arcov_stream() and arcov_stream_hex() send the
# same bytes, which arcov-merge --from-stream merges into the .da (counts
# as marked, ARCOV_PREFIX obeyed, a second run added); arcov_reset()
# zeroes the counters.
. "$top_srcdir/testsuite/init.sh"
lib=$builddir/runtime/libarcov-freestanding.a
require_built "$plugin" "$lib" "$arcov_merge" "$arcov_dump" "$linecheck"
ignore_leaks

# Nothing undefined but the section's bounds (and, in position-
# independent code, the GOT's name).
undefined=$(nm -u "$lib" | awk 'NF == 2 && $2 !~ /^(__start_arcov_objects|__stop_arcov_objects|_GLOBAL_OFFSET_TABLE_)$/ { print $2 }')
test -z "$undefined" || fail "libarcov-freestanding.a calls out: $undefined"

cd "$tmp" && cp "$testsuite/runtime/fs-work.c" "$testsuite/runtime/fs-driver.c" . ||
	hard_error "cannot copy the programs"
env $compile_env $CC -fplugin="$plugin" -fplugin-arg-arcov-freestanding \
	-O2 -c fs-work.c > build.log 2>&1 &&
$CC -O2 -I"$top_srcdir/runtime" -c fs-driver.c >> build.log 2>&1 &&
$CC -o prog fs-driver.o fs-work.o "$lib" >> build.log 2>&1 ||
	fail "building: $(cat build.log)"
objdump -h fs-work.o | grep -q 'init_array\|\.ctors' &&
	fail "fs-work.o has a constructor"
objdump -h fs-work.o | grep -q ' arcov_objects ' ||
	fail "fs-work.o has no arcov_objects section"

# marks TIMES: fs-work.da holds the marks times TIMES.
marks()
{
	"$linecheck" fs-work fs-work.c > lines || fail "linecheck failed"
	awk -v t="$1" '{ if (match($0, /\/\*@[^*]*\*\//)) {
		m = substr($0, RSTART + 3, RLENGTH - 5)
		print NR, (m ~ /^[0-9]+$/ ? m * t : m) } }' fs-work.c > marks
	diff -u marks lines > marks.diff ||
		fail "counts differ from the marks x$1 (- marks, + arcov):
$(cat marks.diff)"
}

./prog > out.txt || fail "prog failed"
test -f fs-work.da && fail "the freestanding runtime wrote a file"
head -1 out.txt | grep -qx 'result 32' || fail "prog computed $(head -1 out.txt)"
# The hex lines carry the binary stream's bytes.
grep '^arcov:' out.txt | sed 's/^arcov://' | tr -d '\n' > hex.txt
test "$(hex stream.bin | tr -d '\n')" = "$(cat hex.txt)" ||
	fail "the hex lines are not the binary stream"
"$arcov_merge" --from-stream stream.bin || fail "merging stream.bin"
marks 1
"$arcov_merge" --from-stream - < out.txt || fail "merging the hex lines"
marks 2

# ARCOV_PREFIX places the file as the hosted runtime would.
mkdir -p elsewhere
ARCOV_PREFIX=$tmp/elsewhere "$arcov_merge" --from-stream stream.bin ||
	fail "merging under ARCOV_PREFIX"
test -f "elsewhere$tmp/fs-work.da" ||
	fail "ARCOV_PREFIX: no elsewhere$tmp/fs-work.da (the parent exists?)"

# Two dumps, the second damaged (its hash's last byte): nothing merged.
cp fs-work.da before.da
size=$(wc -c < stream.bin)
{ cat stream.bin; head -c $((size - 1)) stream.bin; printf '\001'; } \
	> two.bin
"$arcov_merge" --from-stream two.bin 2> err.txt &&
	fail "a damaged second dump was merged"
grep -q 'hash mismatch' err.txt || fail "no word on the hash: $(cat err.txt)"
cmp -s before.da fs-work.da || fail "a damaged dump let the first one merge"

# The example of doc/stream-format.md §3, byte for byte, merged.
mkdir ex && ARCOV_PREFIX=$tmp/ex "$arcov_merge" --from-stream \
	"$testsuite/fuzz/corpus/stream/doc-example.bin" ||
	fail "the documented example does not merge"
"$arcov_dump" ex/tmp/m.da > ex.txt || fail "arcov-dump of the example"
grep -q "function 'f' checksum 7 (0x7), 2 counters" ex.txt &&
grep -q 'counter #1: 3' ex.txt && grep -q 'build stamp 713227387' ex.txt ||
	fail "the example merged as $(cat ex.txt)"
hash=$(od -An -tx1 -j 84 -N 4 "$testsuite/fuzz/corpus/stream/doc-example.bin" |
	tr -d ' \n')
test ${#hash} = 8 && grep -q "  $hash  " "$top_srcdir/doc/stream-format.md" ||
	fail "doc/stream-format.md does not show the example's hash $hash"

# arcov_reset(): the second stream of "prog reset" counts nothing.
rm -f fs-work.da
./prog reset > reset.txt || fail "prog reset failed"
"$arcov_merge" --from-stream - < reset.txt || fail "merging after reset"
"$arcov_dump" fs-work.da > dump.txt || fail "arcov-dump fs-work.da"
grep -q 'object: [1-9][0-9]* arcs, sum 0,' dump.txt ||
	fail "counts left after arcov_reset(): $(cat dump.txt)"
pass
