#!/bin/sh
# The inliners weigh an instrumented function as they weigh the plain
# one (plugin/inline-size.cc): in GCC's dump of the summaries the IPA
# inliner starts from, every function of inline-size.c has the size and
# time entries of the plain -O2 build's, and fee(), six short arms, is
# inlined into both of its call sites as plain -O2 inlines it (GCC 12
# kept it out of line while its increments counted); exact counts.  The
# same with -pthread, whose per-thread counters add an entry check to
# every function (GCC 12 kept fee() out of line for it).
# -fno-partial-inlining: GCC's function splitting weighs statements on
# its own, increments included, and would split fee() elsewhere.
. "$top_srcdir/testsuite/e2e/lib.sh"

case $(uname -m) in
x86_64) ;;
*) skip "asm increments are x86-64 only" ;;
esac

flags="-O2 -fno-partial-inlining"

# summaries DIR: the IPA function summaries in DIR's inline dump, without
# the symbol numbers, and without the plugin's own constructors.  Times
# to 5 decimals: GCC sums them as floating point, statement by statement,
# and what the plugin takes back out is summed apart.
summaries()
{
	awk '/^IPA function summary for/ { p = !/ _sub_[DI]_/ }
	     /^  calls:/ { p = 0 }
	     p' "$1"/*.inline |
	sed 's|/[0-9]*||; s|\(time: *[0-9]*\.[0-9]\{5\}\)[0-9]*|\1|g'
}

# same_summaries WHAT: the plain and instrumented builds' summaries are
# the same.
same_summaries()
{
	summaries "$tmp/plain" > "$tmp/plain.sum"
	summaries "$tmp/arcov" > "$tmp/arcov.sum"
	grep -q 'summary for fee ' "$tmp/plain.sum" ||
		fail "no summary of fee() in GCC's dump: $(cat "$tmp/plain.sum")"
	diff "$tmp/plain.sum" "$tmp/arcov.sum" > "$tmp/sum.diff" ||
		fail "the inliner's summaries differ from plain $1's:
$(cat "$tmp/sum.diff")"
}

# plain FLAGS...: build inline-size.c without the plugin into $tmp/plain.
plain()
{
	rm -rf "$tmp/plain" && mkdir -p "$tmp/plain" ||
		fail "cannot make $tmp/plain"
	(cd "$tmp/plain" && $CC "$@" -fdump-ipa-inline-details \
		-c "$srcdir/inline-size.c" && $CC "$@" -o prog inline-size.o) ||
		fail "cannot build inline-size.c plain"
	nm "$tmp/plain/prog" | grep -q ' t fee' &&
		fail "plain gcc $* kept fee() out of line: nothing to test here"
}

build_gcc inline-size.c
plain $flags
marked_report inline-size.c asm $flags -fdump-ipa-inline-details
nm "$tmp/arcov/prog" | grep -q ' t fee' &&
	fail "fee() not inlined in the instrumented build"
same_summaries "$flags"

plain $flags -pthread
rm -f "$tmp"/arcov/*.inline
marked_report inline-size.c pthread $flags -pthread \
	-fdump-ipa-inline-details
nm "$tmp/arcov/prog" | grep -q ' t fee' &&
	fail "fee() not inlined in the instrumented -pthread build"
same_summaries "$flags -pthread"
pass
