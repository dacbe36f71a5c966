#!/bin/sh
# The inliners weigh an instrumented function as they weigh the plain
# one (plugin/inline-size.cc): in GCC's dump of the summaries the IPA
# inliner starts from, every function of inline-size.c has the size and
# time entries of the plain -O2 build's, and fee(), six short arms, is
# inlined into both of its call sites as plain -O2 inlines it (GCC 12
# kept it out of line while its increments counted); exact counts.
# -fno-partial-inlining: GCC's function splitting weighs statements on
# its own, increments included, and would split fee() elsewhere.
. "$top_srcdir/testsuite/e2e/lib.sh"

case $(uname -m) in
x86_64) ;;
*) skip "asm increments are x86-64 only" ;;
esac

flags="-O2 -fno-partial-inlining"

# summaries DIR: the IPA function summaries in DIR's inline dump, without
# the symbol numbers, and without the plugin's own constructors.
summaries()
{
	awk '/^IPA function summary for/ { p = !/ _sub_[DI]_/ }
	     /^  calls:/ { p = 0 }
	     p' "$1"/*.inline | sed 's|/[0-9]*||'
}

build_gcc inline-size.c
mkdir -p "$tmp/plain" || fail "cannot make $tmp/plain"
(cd "$tmp/plain" && $CC $flags -fdump-ipa-inline-details \
	-c "$srcdir/inline-size.c" && $CC -o prog inline-size.o) ||
	fail "cannot build inline-size.c plain"
nm "$tmp/plain/prog" | grep -q ' t fee' &&
	fail "plain gcc $flags kept fee() out of line: nothing to test here"

marked_report inline-size.c asm $flags -fdump-ipa-inline-details
nm "$tmp/arcov/prog" | grep -q ' t fee' &&
	fail "fee() not inlined in the instrumented build"
summaries "$tmp/plain" > "$tmp/plain.sum"
summaries "$tmp/arcov" > "$tmp/arcov.sum"
grep -q 'summary for fee ' "$tmp/plain.sum" ||
	fail "no summary of fee() in GCC's dump: $(cat "$tmp/plain.sum")"
diff "$tmp/plain.sum" "$tmp/arcov.sum" > "$tmp/sum.diff" ||
	fail "the inliner's summaries differ from plain -O2's:
$(cat "$tmp/sum.diff")"
pass
