#!/bin/sh
# samples/bare-metal, built by arm-none-eabi-gcc for a Cortex-M3 with the
# bare-metal specs (the plugin's freestanding mode, libarcov-freestanding
# of the core's multilib) and run on qemu-system-arm's MPS2-AN385 board:
# no file system and no constructors.  The counters leave as "arcov:" hex
# lines over semihosting, among the program's other output;
# arcov-merge --from-stream rebuilds main.da, whose counts are the marks
# at -O0 and -O2.  A second run merges into the same block, ARCOV_APPEND
# makes another, and a damaged stream changes nothing.
. "$top_srcdir/testsuite/init.sh"

triple=arm-none-eabi
case " ${CROSS_TRIPLES:-} " in
*" $triple "*) ;;
*) skip "$triple: not configured (configure --enable-cross=$triple; build-aux/setup --with-cross)" ;;
esac
command -v qemu-system-arm >/dev/null 2>&1 ||
	skip "qemu-system-arm not found (Debian package qemu-system-arm)"
cross=$builddir/cross/$triple
require_built "$cross/arcov.so" "$cross/arcov-build.specs" "$linecheck" \
	"$arcov_merge" "$arcov_dump"
cc=$(sed -n 's/^CROSS_CC = //p' "$cross/cross.conf")
cpu="-mcpu=cortex-m3 -mthumb"
multi=$($cc $cpu -print-multi-directory) || hard_error "no multilib for $cpu"
sample=$top_srcdir/samples/bare-metal

# build LEVEL: the sample in $tmp/LEVEL, fresh.
build()
{
	dir=$tmp/$1
	rm -rf "$dir" && mkdir -p "$dir" && cp "$sample"/* "$dir/" ||
		hard_error "cannot copy the sample"
	(cd "$dir" &&
	 $cc $cpu -O$1 -ffreestanding -fno-tree-loop-distribute-patterns \
		-I"$top_srcdir/runtime" -c start.c &&
	 $cc $cpu -O$1 -specs="$cross/arcov-build.specs" -c main.c &&
	 $cc $cpu -O$1 -nostdlib -T link.ld start.o main.o \
		-L"$cross/$multi" -larcov-freestanding -lgcc -o sample.elf) \
		> "$tmp/build.log" 2>&1 ||
		fail "building the sample at -O$1: $(cat "$tmp/build.log")"
	# No constructor: nothing in .init_array, the object in the section.
	arm-none-eabi-objdump -h "$dir/main.o" | grep -q init_array &&
		fail "-O$1: main.o has a constructor"
	arm-none-eabi-objdump -h "$dir/sample.elf" | grep -q ' arcov_objects ' ||
		fail "-O$1: no arcov_objects section in sample.elf"
}

# run LEVEL: run it on the board; the console (semihosting's output, on
# qemu's standard error) goes to $tmp/LEVEL/console.
run()
{
	(cd "$tmp/$1" && timeout 60 qemu-system-arm -M mps2-an385 -nographic \
		-monitor none -semihosting-config enable=on,target=native \
		-kernel sample.elf) > "$tmp/$1/console" 2>&1 ||
		fail "-O$1: the board stopped with $?: $(cat "$tmp/$1/console")"
	grep -q '^arcov:' "$tmp/$1/console" ||
		fail "-O$1: no stream on the console: $(cat "$tmp/$1/console")"
}

# marks LEVEL [TIMES]: main.da's counts are the marks (times TIMES).
marks()
{
	"$linecheck" "$tmp/$1/main" main.c > "$tmp/lines" ||
		fail "-O$1: linecheck failed"
	awk -v t="${2:-1}" '{ if (match($0, /\/\*@[^*]*\*\//)) {
		m = substr($0, RSTART + 3, RLENGTH - 5)
		print NR, (m ~ /^[0-9]+$/ ? m * t : m) } }' \
		"$sample/main.c" > "$tmp/marks"
	diff -u "$tmp/marks" "$tmp/lines" > "$tmp/marks.diff" ||
		fail "-O$1: counts differ from the marks x${2:-1} (- marks, + arcov):
$(cat "$tmp/marks.diff")"
}

for level in 0 2; do
	build $level
	run $level
	# Noise around the stream, as on a real console: skipped.
	{ echo "boot: hello"; cat "$tmp/$level/console"; echo "bye"; } \
		> "$tmp/$level/log"
	"$arcov_merge" --from-stream "$tmp/$level/log" ||
		fail "-O$level: arcov-merge --from-stream failed"
	marks $level
	# Standard input, and a second run merges: every count doubles.
	"$arcov_merge" --from-stream - < "$tmp/$level/console" ||
		fail "-O$level: arcov-merge --from-stream - failed"
	marks $level 2
done

# ARCOV_APPEND: the run gets a block of its own.
cp "$tmp/2/main.da" "$tmp/two-runs.da"
ARCOV_APPEND=1 "$arcov_merge" --from-stream "$tmp/2/console" ||
	fail "ARCOV_APPEND=1: arcov-merge failed"
test "$(wc -c < "$tmp/2/main.da")" -gt "$(wc -c < "$tmp/two-runs.da")" ||
	fail "ARCOV_APPEND=1 did not append a block"

# A damaged stream (one hex digit changed): refused, the file untouched.
cp "$tmp/2/main.da" "$tmp/before.da"
awk '/^arcov:/ && ++n == 3 {
	c = substr($0, 11, 1)
	$0 = substr($0, 1, 10) (c == "f" ? "0" : "f") substr($0, 12)
} { print }' "$tmp/2/console" > "$tmp/damaged"
cmp -s "$tmp/damaged" "$tmp/2/console" && hard_error "nothing damaged"
"$arcov_merge" --from-stream "$tmp/damaged" 2> "$tmp/err" &&
	fail "a damaged stream was merged"
grep -q 'hash mismatch\|arcov-merge: ' "$tmp/err" ||
	fail "no word on the damaged stream: $(cat "$tmp/err")"
cmp -s "$tmp/before.da" "$tmp/2/main.da" ||
	fail "a damaged stream changed main.da"
pass
