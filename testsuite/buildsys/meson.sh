#!/bin/sh
# meson.sh -- the test project built by meson and ninja, out of tree, with
# the specs in c_args and c_link_args: meson's sanity check passes, the
# sources are compiled as ../proj/..., so the notes must record the build
# directory, and the counts are exact.
. "$top_srcdir/testsuite/buildsys/lib.sh"
need meson ninja

cd "$tmp" || exit 99
run meson setup -Dc_args="-O2 $F" -Dc_link_args="$F" build proj
cd build || exit 99
run meson compile
run meson test
# meson names an object TARGET.p/PATH_WITH_UNDERSCORES.o.
for b in libcore.so.p/lib_core_counter.c plug.so.p/lib_mod_plug.c \
	app.p/src_app_main.c
do
	expect_notes "$b" "$tmp/build"
	expect_data "$b"
done
grep -q '^source [0-9]* [0-9]* \.\./proj/' app.p/src_app_main.c.arcov-notes ||
	fail "meson no longer compiles ../proj/src/app/main.c"
check_counts libcore.so.p/lib_core_counter.c lib/core/counter.c
check_counts plug.so.p/lib_mod_plug.c lib/mod/plug.c
check_counts app.p/src_app_main.c src/app/main.c
reporter_paths
pass
