#!/bin/sh
# make.sh -- the test project built by a hand-written Makefile, out of
# tree, with the specs in CFLAGS and LDFLAGS; the module is compiled and
# linked in one step, so the compiler sees the flag twice and names the
# notes as GCC does, plug.so-plug.
. "$top_srcdir/testsuite/buildsys/lib.sh"
need make

run make -f ../proj/hand.mk srcdir=../proj CC="$CC" CFLAGS="-O2 $F" \
	LDFLAGS="$F" check
for b in lib/core/counter plug.so-plug src/app/main; do
	expect_notes "$b" "$tmp/build"
	expect_data "$b"
done
check_counts lib/core/counter lib/core/counter.c
check_counts plug.so-plug lib/mod/plug.c
check_counts src/app/main src/app/main.c
reporter_paths
pass
