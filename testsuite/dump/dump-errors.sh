#!/bin/sh
# dump-errors.sh -- arcov-dump on broken files and bad command lines.
#
# A file that cannot be read or parsed gives exit status 1, one line on
# stderr ("arcov-dump: FILE: offset N: what") and nothing on stdout; the
# other files of the run are still dumped.  Usage errors give status 2.
# The broken files are made here from the examples in testsuite/data.

. "$top_srcdir/testsuite/dump/testlib.sh"

cd "$tmp" || exit 99

# patch FILE OFFSET OCTAL: overwrite one byte of FILE in place.
patch()
{
	printf "\\$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null ||
		exit 99
}

# bad FILE MESSAGE: dumping FILE alone fails with exactly MESSAGE.
bad()
{
	printf 'arcov-dump: %s\n' "$2" >want-err
	run "$1"
	check "$1" 1 /dev/null want-err
}

head -c 90 "$data/t.da" >trunc.da
bad trunc.da 'trunc.da: offset 72: counter count 2 needs at least 16 bytes, 14 left'

: >empty.da
bad empty.da 'empty.da: offset 0: empty .da file'

cp "$data/t.da" magic.da
patch magic.da 0 172
bad magic.da 'magic.da: offset 0: bad magic number -122 (expected -123)'

# Sign bit of the last byte of counter #0 (doc/formats.md §1.1).
cp "$data/t.da" negative.da
patch negative.da 83 200
bad negative.da 'negative.da: offset 76: negative counter -1'

# The second block of a two-block file is checked as strictly as the first.
cp "$data/twoblock.da" block2.da
patch block2.da 92 172
bad block2.da 'block2.da: offset 92: bad magic number -122 (expected -123)'

head -c 60 "$data/t.bbg" >trunc.bbg
bad trunc.bbg 'trunc.bbg: offset 24: arc count 5 with 4 blocks needs 60 more bytes, 32 left'

cp "$data/t.bbg" flags.bbg
patch flags.bbg 36 010
bad flags.bbg 'flags.bbg: offset 36: arc flags 8 have bits outside 0x7'

cp "$data/t.bbg" dest.bbg
patch dest.bbg 32 011
bad dest.bbg 'dest.bbg: offset 32: arc destination 9 out of range [0, 3]'

head -c 30 "$data/t.bb" >trunc.bb
bad trunc.bb 'trunc.bb: offset 28: truncated line number or marker: need 4 bytes, 2 left'

# Line 3 becomes -3, which is neither a line nor a marker.
cp "$data/t.bb" word.bb
patch word.bb 31 200
bad word.bb 'word.bb: offset 28: invalid word -3: lines are positive, markers are -1 and -2'

bad missing.da 'missing.da: cannot read: No such file or directory'

# Without a known suffix only the .da magic is trusted.
cp "$data/t.bb" lines.bin
bad lines.bin 'lines.bin: unknown file type: not named .bb, .bbg or .da and no .da magic'

# Good and bad files mixed: the good ones are dumped, in order, and the
# status still reports the failure.
cp "$data/t.da" good.da
sed '1s/^t\.da:/good.da:/' "$golden/t.da.exp" >want-out
run good.da trunc.da
printf 'arcov-dump: %s\n' \
	'trunc.da: offset 72: counter count 2 needs at least 16 bytes, 14 left' \
	>want-err
check "good then bad" 1 want-out want-err
run trunc.bbg good.da missing.da
printf 'arcov-dump: %s\n' \
	'trunc.bbg: offset 24: arc count 5 with 4 blocks needs 60 more bytes, 32 left' \
	'missing.da: cannot read: No such file or directory' >want-err
check "bad, good, bad" 1 want-out want-err

# usage WHAT FIRST ARGS...: a usage error whose first stderr line contains
# FIRST (getopt words it and names the program as invoked), then the hint.
usage()
{
	what=$1 first=$2
	shift 2
	run "$@"
	test "$rc" -eq 2 || fail "$what: exit status $rc, expected 2"
	test -s out && fail "$what: wrote to stdout"
	test "$(wc -l <err)" -eq 2 || fail "$what: expected two lines on stderr"
	grep -qF -- "$first" err || fail "$what: stderr does not mention $first"
	test "$(sed -n 2p err)" = "Try 'arcov-dump --help' for more information." ||
		fail "$what: no --help hint"
}

usage "no files" "arcov-dump: no input files"
usage "only --" "arcov-dump: no input files" --
usage "unknown short option" "'Z'" -Z good.da
usage "unknown long option" "'--bogus'" good.da --bogus
usage "option with an argument" "'--help'" --help=yes

# Every proper prefix of the examples is either a complete file by itself
# (listed: a .bb has no length fields, so it may end after any item) or is
# refused cleanly.  Catches crashes and sanitizer reports as well.
sweep()
{
	file=$1 ok=" $2 "
	size=$(wc -c <"$data/$file")
	n=0
	while test "$n" -lt "$size"; do
		head -c "$n" "$data/$file" >"$file"
		run "$file"
		case $ok in
		*" $n "*)
			test "$rc" -eq 0 && ! test -s err &&
				head -n 1 out | grep -q "^$file: " ||
				fail "$file cut to $n bytes: not dumped" ;;
		*)
			test "$rc" -eq 1 && ! test -s out &&
				test "$(wc -l <err)" -eq 1 &&
				grep -q "^arcov-dump: $file: offset [0-9]*: " err ||
				fail "$file cut to $n bytes: not refused cleanly" ;;
		esac
		n=$((n + 1))
	done
}

sweep t.bb "0 12 16 28 32 36 40 44"
sweep files.bb "0 12 16 28 32 36 40 44 48 64 68 72 84 88 100 104 108 112 116"
sweep call.bbg "0 88"
sweep twoblock.da "92"
sweep ext.da ""

finish
