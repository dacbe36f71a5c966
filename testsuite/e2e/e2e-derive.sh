#!/bin/sh
# Derived entry counts (plugin/derive.cc, runtime/derive.c): static
# functions called from several sites, recursion and mutual recursion
# (counted), an address taken (never derived), calls after setjmp() and
# longjmp(), a dump with frames open and an exit() from a derived function.
# Exact counts, gcov 12's line data, which functions are derived, fewer
# increments, and the reports (gcov 12's and 3.3's text, also per dump) of
# a build counting every entry, at -O0 and -O2; derive-check finds nothing.
. "$top_srcdir/testsuite/e2e/lib.sh"
. "$top_srcdir/testsuite/e2e/derive-lib.sh"

build_gcc derive.c
build_arcov derive.c -O0 -fdump-ipa-all
run_both dump
test "$st_arcov" = 2 || fail "exit status $st_arcov, want 2"
check_marks derive.c
# arcov_dump() exists in the arcov build only.
compare_gcov derive.c "$(grep -n '^		arcov_dump();' "$srcdir/derive.c" | cut -d: -f1)"
decisions derive.c
expect_derived square sum_squares pong jump_back after_jump checkpoint \
	middle finish
expect_counted fact ping
expect_absent twice main
derived=$(increments derive.c)

for opt in -O0 -O2; do
	for how in derived counted checked; do
		case $how in
		derived) flags= ;;
		counted) flags=-fplugin-arg-arcov-no-derive ;;
		checked) flags=-fplugin-arg-arcov-derive-check ;;
		esac
		build_arcov derive.c $opt -fdump-ipa-all $flags
		# Every dump its own block of the .da: the first one is
		# written while main(), middle() and checkpoint() are open.
		rm -f "$tmp/arcov/derive.da"
		ARCOV_APPEND=1 run_arcov dump
		reports derive.c "$tmp/$how.all"
		reports derive.c "$tmp/$how.1" 1
		reports derive.c "$tmp/$how.2" 2
		test "$opt" = -O0 && eval "inc_$how=\$(increments derive.c)"
	done
	# At -O2 the builds may inline differently, and list only the
	# functions their objects define: the rest must be the same.
	for r in all 1 2; do
		for how in derived counted checked; do
			if [ "$opt" = -O2 ]; then
				without_functions "$tmp/$how.$r" > "$tmp/$how.$r.cmp"
			else
				cp "$tmp/$how.$r" "$tmp/$how.$r.cmp"
			fi
		done
		for how in counted checked; do
			cmp -s "$tmp/derived.$r.cmp" "$tmp/$how.$r.cmp" ||
				fail "$opt: the derived build's reports ($r) differ from the $how build's: $(diff "$tmp/derived.$r.cmp" "$tmp/$how.$r.cmp")"
		done
	done
done
# One increment fewer for each of the eight derived functions; derive-check
# increments them all.
test "$inc_derived" = "$derived" || fail "increments: $inc_derived, then $derived"
test "$((inc_counted - inc_derived))" = 8 ||
	fail "$inc_derived increments derived, $inc_counted counted: not 8 fewer"
test "$inc_checked" = "$inc_counted" ||
	fail "derive-check: $inc_checked increments, $inc_counted without derivation"
pass
