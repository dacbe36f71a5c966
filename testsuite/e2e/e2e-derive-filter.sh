#!/bin/sh
# A static function called from a function that exclude= leaves out is not
# derived (its count would miss those calls); the others are.
. "$top_srcdir/testsuite/e2e/lib.sh"
. "$top_srcdir/testsuite/e2e/derive-lib.sh"

cp "$srcdir/derive-filter.h" "$tmp/arcov/" || fail "cannot copy derive-filter.h"
build_arcov derive-filter.c -O0 -fdump-ipa-all \
	'-fplugin-arg-arcov-exclude=derive-filter\.h'
(cd "$tmp/arcov" && ./prog) > "$tmp/out" 2>&1 || fail "prog failed: $(cat "$tmp/out")"
test "$(cat "$tmp/out")" = 14 || fail "prog printed $(cat "$tmp/out"), not 14"
check_marks derive-filter.c
decisions derive-filter.c
expect_derived used_here
expect_absent helper from_header
pass
