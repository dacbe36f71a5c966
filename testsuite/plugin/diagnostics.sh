#!/bin/sh
# diagnostics.sh -- the plugin changes no diagnostic (issue 29, case 6):
# the test programs, C and C++, compiled with -Wall -Wextra -Winline at
# -O0, -O2 and -O3, plain, under -pthread -fPIC (the atomic mode) and,
# the C ones, under -fexceptions, print the same with the plugin as
# without.  The increments must not
# make the inliners give up where the plain build inlines (-Winline), nor
# carry places the warnings report.
. "$top_srcdir/testsuite/plugin/lib.sh"

# Known, not yet fixed: GCC warns that jumps.c's "n" might be clobbered
# by longjmp in the plain -O2 build only (the counters change which
# registers live across setjmp: -Wclobbered is decided in the register
# allocator); and at -O3 in the atomic mode the plain build alone finds
# down() and up() recursing forever (-Winfinite-recursion).
known=" jumps.c:-O2: jumps.c:-O2:-fexceptions jumps.c:-O2:-pthread-fPIC "
known="$known jumps.c:-O3:-pthread-fPIC "

n=0
for f in "$testsuite"/e2e/*.c "$testsuite"/e2e/*.cc "$testsuite"/plugin/*.c \
	 "$testsuite"/plugin/*.cc; do
	case $f in
	*.cc) c=$CXX modes="none -pthread_-fPIC" ;;
	*) c=$CC modes="none -pthread_-fPIC -fexceptions" ;;
	esac
	b=$(basename "$f")
	for level in -O0 -O2 -O3; do
		for mode in $modes; do
			mode=$(echo "$mode" | sed 's/^none$//; s/_/ /g')
			$c $level $mode -Wall -Wextra -Winline -c "$f" \
				-o plain.o 2> plain.err
			cc "$c" $level $mode -Wall -Wextra -Winline -c "$f" \
				-o with.o 2> with.err
			sed "s|^cc1[a-z]*: ||" with.err | diff plain.err - \
				> diag.diff && continue
			key="$b:$level:$(echo $mode | tr -d ' ')"
			case $known in *" $key "*) continue ;; esac
			n=$((n + 1))
			echo "$b $level $mode: the plugin changed stderr:"
			cat diag.diff
		done
	done
done
test $n = 0 || fail "$n builds print otherwise with the plugin"

# sizes DUMP: each function's size in the IPA inliner's summaries of the
# -fdump-ipa-inline DUMP, "NAME<tab>SIZE", one line per function.
sizes()
{
	awk '/^IPA function summary for / {
		n = $0
		sub(/^IPA function summary for /, "", n)
		sub(/\/[0-9]+( inlinable)?$/, "", n)
	}
	/^  self size:/ { print n "\t" $3 }' "$1" | sort -u
}

# The sizes and the splits are compared under GCC 11 and 12 only: under
# GCC 13 and 16 (14 and 15 unmeasured) the early increments still weigh
# in some summaries (utf8.cc's main() 18 against 16 under GCC 13,
# append.isra 14 against 11 under GCC 16), a known gap of issue 29's
# case 6 (doc/agreement.md); the stderr comparison above holds under
# every GCC.
case $gcc_major in
11|12) size_levels="-O2 -O3" ;;
*) size_levels=
   echo "GCC $gcc_major: the inliners' sizes and fnsplit's choices are" \
	"not compared (a known gap under GCC 13 and later)" ;;
esac

# The inliners see the plain build's sizes, function by function, in
# every counting mode (single, per thread, per thread through a base):
# utf8.cc's utf8() holds a std::string whose constructor stores its data
# pointer, which the first write loads back.  The increments between
# them, and per thread the entry check's call, were asms with memory
# operands, which the alias oracle takes for stores to any memory: the
# load stayed, utf8() weighed 79 against 75 and jsoncpp's twin of it
# stayed out of line, with -Winline warnings the plain build does not
# print; a landing pad that only its counters kept added its resx to
# main() (21 against 16).
for level in $size_levels; do
	for mode in -fplugin-arg-arcov-single none -pthread_-fPIC; do
		mode=$(echo "$mode" | sed 's/^none$//; s/_/ /g')
		plainmode=$(echo "$mode" | sed 's/-fplugin-arg-arcov-single//')
		# shellcheck disable=SC2086
		$CXX $level $plainmode -c "$testsuite/plugin/utf8.cc" \
			-o plain.o -fdump-ipa-inline -dumpbase plain.cc ||
			fail "cannot compile utf8.cc"
		# shellcheck disable=SC2086
		cc "$CXX" $level $mode -c "$testsuite/plugin/utf8.cc" \
			-o with.o -fdump-ipa-inline -dumpbase with.cc ||
			fail "cannot compile utf8.cc with the plugin"
		sizes plain.cc.*i.inline > plain.sizes
		sizes with.cc.*i.inline > with.sizes
		grep -q "utf8(unsigned int)	[1-9]" plain.sizes ||
			fail "utf8.cc $level: no size of utf8() in the plain dump"
		grep -q "^int main()	[1-9]" with.sizes ||
			fail "utf8.cc $level $mode: no size of main() with the plugin"
		join -t '	' plain.sizes with.sizes |
			awk -F '\t' '$2 != $3' > size.diff
		test -s size.diff &&
			fail "utf8.cc $level $mode: sizes (plain, with the" \
				"plugin) differ: $(cat size.diff)"
		rm -f plain.cc.* with.cc.*
	done
done
# splits DUMP: the functions that GCC's function splitting split in the
# -fdump-tree-fnsplit DUMP, one a line.
splits()
{
	awk '/^;; Function / { n = $3 } /^Splitting function at/ { print n }' \
		"$1" | sort
}

# Function splitting sums its candidates' sizes itself, and the plugin's
# statements must weigh there what they weigh in the plain build:
# nothing.  split.cc's in_range() is kept whole plain; with increments
# that weighed one instruction each (asm statements) until the IPA
# passes, fnsplit split it in the single and per-thread modes.
for level in $size_levels; do
	for mode in -fplugin-arg-arcov-single none -pthread_-fPIC; do
		mode=$(echo "$mode" | sed 's/^none$//; s/_/ /g')
		plainmode=$(echo "$mode" | sed 's/-fplugin-arg-arcov-single//')
		# shellcheck disable=SC2086
		$CXX $level $plainmode -c "$testsuite/plugin/split.cc" \
			-o plain.o -fdump-tree-fnsplit-details -dumpbase plain.cc ||
			fail "cannot compile split.cc"
		# shellcheck disable=SC2086
		cc "$CXX" $level $mode -c "$testsuite/plugin/split.cc" \
			-o with.o -fdump-tree-fnsplit-details -dumpbase with.cc ||
			fail "cannot compile split.cc with the plugin"
		grep -q "in_range" plain.cc.*fnsplit ||
			fail "split.cc $level: no in_range() in the plain dump"
		grep -q "^;; Function as_int" with.cc.*fnsplit ||
			fail "split.cc $level $mode: no as_int() in the dump"
		splits plain.cc.*fnsplit > plain.splits
		splits with.cc.*fnsplit > with.splits
		cmp -s plain.splits with.splits ||
			fail "split.cc $level $mode: functions split (plain," \
				"with the plugin): $(cat plain.splits) against" \
				"$(cat with.splits)"
		rm -f plain.cc.* with.cc.*
	done
done
pass
