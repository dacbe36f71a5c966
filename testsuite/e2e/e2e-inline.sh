#!/bin/sh
# Increments the inliners see as one instruction each (plugin/emit.cc,
# "asm increments"): a static function called from two sites, which plain
# gcc -O2 inlines, is inlined in the instrumented -O2 build too, and was
# not with the load, add and store of -fplugin-arg-arcov-no-asm-increments;
# exact counts and the same reports either way, at -O0 and -O2, but for
# the functions listed: weigh() where the object defines it.
. "$top_srcdir/testsuite/e2e/lib.sh"

case $(uname -m) in
x86_64) ;;
*) skip "asm increments are x86-64 only" ;;
esac

# has_weigh DIR: whether DIR/prog still has weigh() out of line.
has_weigh()
{
	nm "$1/prog" | grep -q ' t weigh$'
}

build_gcc inline.c
(cd "$tmp/gcc" && $CC -O2 -o plain "$srcdir/inline.c") ||
	fail "cannot build inline.c plain"
nm "$tmp/gcc/plain" | grep -q ' t weigh$' &&
	fail "plain gcc -O2 kept weigh() out of line: nothing to test here"

for opt in -O0 -O2; do
	for how in asm noasm; do
		case $how in
		asm) flags= ;;
		noasm) flags=-fplugin-arg-arcov-no-asm-increments ;;
		esac
		marked_report inline.c "$how$opt" $opt $flags
		test "$opt" = -O2 || continue
		case $how in
		asm) has_weigh "$tmp/arcov" &&
			fail "-O2: weigh() not inlined with asm increments" ;;
		noasm) has_weigh "$tmp/arcov" ||
			fail "-O2: weigh() inlined even with no-asm-increments" ;;
		esac
	done
	# weigh() is listed only where the object defines it (-O2 noasm).
	for how in asm noasm; do
		without_functions "$tmp/$how$opt.report" > "$tmp/$how$opt.lines"
	done
	cmp -s "$tmp/asm$opt.lines" "$tmp/noasm$opt.lines" ||
		fail "$opt: reports differ: $(diff "$tmp/asm$opt.lines" "$tmp/noasm$opt.lines")"
	test "$opt" = -O2 || cmp -s "$tmp/asm$opt.report" "$tmp/noasm$opt.report" ||
		fail "$opt: reports differ: $(diff "$tmp/asm$opt.report" "$tmp/noasm$opt.report")"
	test "$opt" = -O2 || continue
	grep -q "^function weigh called" "$tmp/asm$opt.report" &&
		fail "-O2: weigh(), inlined, is listed"
	grep -q "^function weigh called" "$tmp/noasm$opt.report" ||
		fail "-O2: weigh(), out of line, is not listed"
done
pass
