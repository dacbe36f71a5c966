#!/bin/sh
# autotools.sh -- the test project built by autoconf, automake and
# libtool, out of tree, with the specs in CFLAGS and in LDFLAGS: the
# compiler checks of configure pass with the flag twice, libtool keeps the
# notes of the module named after its source (plug.la from plug.c), and
# the counts of the library, the module and the program are exact.
. "$top_srcdir/testsuite/buildsys/lib.sh"
need autoreconf automake libtoolize

(cd "$tmp/proj" && run autoreconf -fi)
run ../proj/configure CC="$CC" CFLAGS="-O2 $F" LDFLAGS="$F"
run make
run make check
# PIC objects in .libs/ have their files in .libs/arcov/; the static
# library's non-PIC counter.o has notes of its own and never ran.
for b in lib/core/.libs/arcov/counter lib/mod/.libs/arcov/plug src/app/main
do
	expect_notes "$b" "$tmp/build"
	expect_data "$b"
done
expect_notes lib/core/counter "$tmp/build"
check_counts lib/core/.libs/arcov/counter lib/core/counter.c
check_counts lib/mod/.libs/arcov/plug lib/mod/plug.c
check_counts src/app/main src/app/main.c
reporter_paths
pass
