#!/bin/sh
# dump-examples.sh -- arcov-dump on the example files of testsuite/data
# (doc/formats.md §2.4, §3.6 and §4.2, plus crafted files for the cases those
# lack) against golden output checked in beside this script as FILE.exp.

. "$top_srcdir/testsuite/dump/testlib.sh"

examples="t.bb files.bb t.bbg call.bbg t.da two.da twoblock.da ext.da"

# Run in the data directory so the file names in the output are stable.
cd "$data" || exit 99

for f in $examples; do
	run "$f"
	check "$f" 0 "$golden/$f.exp" /dev/null
done

# Several files in one run: the dumps in command-line order.
set -- $examples
run "$@"
for f in $examples; do
	cat "$golden/$f.exp"
done >"$tmp/want"
check "all files at once" 0 "$tmp/want" /dev/null

# Files made on the spot are dumped from the temporary directory.
cd "$tmp" || exit 99

# Any other name is dumped as a .da when it starts with the .da magic.
cp "$data/t.da" counts || exit 99
sed '1s/^t\.da:/counts:/' "$golden/t.da.exp" >want
run counts
check "sniffed .da" 0 want /dev/null

# Empty .bb and .bbg files mean "no executable code", not an error.
: >empty.bb
: >empty.bbg
printf '%s\n' 'empty.bb: line table, 0 bytes, 0 functions, 0 source files' \
	'empty.bbg: flow graph, 0 bytes, 0 functions' >want
run empty.bb empty.bbg
check "empty files" 0 want /dev/null

# --help and --version print to stdout and succeed.
for opt in -h --help; do
	run "$opt"
	test "$rc" -eq 0 || fail "$opt: exit status $rc"
	test -s "$tmp/err" && fail "$opt: wrote to stderr"
	head -n 1 "$tmp/out" | grep -qx \
		"Usage: arcov-dump \[-h|--help\] \[-v|--version\] FILE\.\.\." ||
		fail "$opt: no usage line"
done
for opt in -v --version; do
	run "$opt"
	test "$rc" -eq 0 || fail "$opt: exit status $rc"
	test -s "$tmp/err" && fail "$opt: wrote to stderr"
	grep -qx 'arcov-dump (arcov) [0-9][0-9.]*' "$tmp/out" &&
		test "$(wc -l <"$tmp/out")" -eq 1 ||
		fail "$opt: bad version line"
done

finish
