#!/bin/sh
# install.sh -- "make install" to a prefix of one's own, by a user who may
# not write GCC's plugin directory, gives a working installation with no
# further step: the specs (which name the plugin and libarcov there, with
# a run path), pkg-config, the manual pages and the documentation; the
# plugin in PKGLIBDIR/gcc-N behind the loader, which refuses any other GCC
# major with one clear line; where
# the link into the plugin directory can be made, -fplugin=arcov; and
# "make uninstall" takes it all away again.
. "$top_srcdir/testsuite/buildsys/lib.sh"
need pkg-config

prefix=$tmp/prefix
# make_in_build ARGS...: make in the build tree, apart from the make
# running this test.
make_in_build()
{
	(cd "$builddir" && ${MAKE:-make} "$@")
}

# GCC's plugin directory, one we may not write, stands in as one that is
# not there (linked into only if writable, as configure's default has it).
run make_in_build install prefix="$prefix" gccplugindir="$tmp/gcc/plugin" \
	gccpluginlink=if-writable
grep -q "not linking arcov.so into $tmp/gcc/plugin " "$tmp/run.log" ||
	fail "no word on the plugin link: $(cat "$tmp/run.log")"
test -e "$tmp/gcc" && fail "make install created $tmp/gcc"

PKG_CONFIG_PATH=$prefix/lib/pkgconfig
export PKG_CONFIG_PATH
S=$(pkg-config --variable=specs arcov)
test "$S" = "$prefix/lib/arcov/arcov.specs" || fail "pkg-config: specs=$S"
test -f "$S" || fail "no $S"

# One flag, twice, in one step; the program finds libarcov.so by itself.
cp "$tmp/proj/lib/core/counter.c" "$tmp/proj/lib/core/counter.h" . &&
	printf '#include "counter.h"\nint main(void)\n{\n\treturn counter_sign(2) != 1;\n}\n' > prog.c ||
	exit 99
run $CC -O2 -specs="$S" -specs="$S" -o prog prog.c counter.c
run env -u LD_LIBRARY_PATH ./prog
ldd prog | grep -q "$prefix/lib/libarcov.so" ||
	fail "prog does not use the installed libarcov: $(ldd prog)"
expect_data prog-counter

# The plugin by its path and libarcov through pkg-config.
rm -f prog prog-counter.da
run $CC -fplugin="$(pkg-config --variable=plugin arcov)" $(pkg-config \
	--cflags arcov) -O2 -c counter.c prog.c
run $CC -o prog prog.o counter.o $(pkg-config --libs arcov)
run env -u LD_LIBRARY_PATH ./prog
expect_data counter

# The plugin lives in its GCC major's directory; the file the specs name
# is the loader, which hands over to it.
lib=$prefix/lib/arcov
test -f "$lib/gcc-$gcc_major/arcov.so" || fail "no $lib/gcc-$gcc_major/arcov.so"
nm -D "$lib/arcov.so" | grep -q ' U _Z' &&
	fail "the loader $lib/arcov.so refers to C++ symbols of cc1"

# A GCC with no plugin of its major installed: one line naming it, the
# majors installed and what to run; never a loader error or an ICE.
# wrong_gcc CC WANT-INSTALLED: compile with CC through the specs.
wrong_gcc()
{
	wv=$($1 -dumpfullversion 2>/dev/null || $1 -dumpversion)
	wm=${wv%%.*}
	$1 -specs="$S" -O2 -c counter.c -o wrong.o > wrong.log 2>&1 &&
		fail "$1 compiled with no plugin for GCC $wm"
	grep -q "^arcov: no plugin for GCC $wv in $lib (installed for GCC$2); build arcov with ./configure CC=gcc-$wm CXX=g++-$wm && make install\$" wrong.log ||
		fail "$1 without its plugin said: $(cat wrong.log)"
	grep -qi "internal compiler error\|undefined symbol" wrong.log &&
		fail "$1 without its plugin said: $(cat wrong.log)"
	return 0
}
mv "$lib/gcc-$gcc_major" "$lib/aside" || exit 99
wrong_gcc "$CC" " none"
mv "$lib/aside" "$lib/gcc-$gcc_major" || exit 99
# Every other GCC on this machine is refused the same way, naming ours.
for m in 11 12 13 14 15 16; do
	test "$m" = "$gcc_major" && continue
	command -v "gcc-$m" >/dev/null 2>&1 || continue
	wrong_gcc "gcc-$m" " $gcc_major"
done

for page in arcov arcov-dump arcov-merge arcov-plugin; do
	MANPAGER=cat man -M "$prefix/share/man" "$page" > man.txt 2>&1 ||
		fail "man $page: $(cat man.txt)"
	grep -q '^NAME' man.txt || fail "man $page: $(cat man.txt)"
done
for doc in README.md design.md notes-format.md; do
	test -s "$prefix/share/doc/arcov/$doc" || fail "no $doc installed"
done

# Where the plugin directory may be written, -fplugin=arcov works too.
mkdir -p "$tmp/gcc/plugin" || exit 99
run make_in_build install prefix="$prefix" gccplugindir="$tmp/gcc/plugin" \
	gccpluginlink=if-writable
test -h "$tmp/gcc/plugin/arcov.so" || fail "no link in $tmp/gcc/plugin"
test "$(readlink "$tmp/gcc/plugin/arcov.so")" = "$lib/gcc-$gcc_major/arcov.so" ||
	fail "$tmp/gcc/plugin/arcov.so links to $(readlink "$tmp/gcc/plugin/arcov.so")"
run $CC -iplugindir="$tmp/gcc/plugin" -fplugin=arcov -specs="$S" -O2 \
	-c counter.c

# Another installation's link is left alone by default, by install and by
# uninstall alike; replaced only when the directory is named.
rm -f "$tmp/gcc/plugin/arcov.so" && ln -s /elsewhere/arcov.so "$tmp/gcc/plugin/arcov.so" || exit 99
run make_in_build install prefix="$prefix" gccplugindir="$tmp/gcc/plugin" \
	gccpluginlink=if-writable
test "$(readlink "$tmp/gcc/plugin/arcov.so")" = /elsewhere/arcov.so ||
	fail "make install re-pointed another installation's link"
grep -q "is another installation's (/elsewhere/arcov.so); left as it is" "$tmp/run.log" ||
	fail "no word on the other installation's link: $(cat "$tmp/run.log")"
run make_in_build uninstall prefix="$prefix" gccplugindir="$tmp/gcc/plugin"
test "$(readlink "$tmp/gcc/plugin/arcov.so")" = /elsewhere/arcov.so ||
	fail "make uninstall removed another installation's link"
run make_in_build install prefix="$prefix" gccplugindir="$tmp/gcc/plugin" \
	gccpluginlink=yes
test "$(readlink "$tmp/gcc/plugin/arcov.so")" = "$lib/gcc-$gcc_major/arcov.so" ||
	fail "--with-gcc-plugin-dir did not replace the link"

run make_in_build uninstall prefix="$prefix" gccplugindir="$tmp/gcc/plugin"
left=$(find "$prefix" "$tmp/gcc" ! -type d)
test -z "$left" || fail "make uninstall left $left"
pass
