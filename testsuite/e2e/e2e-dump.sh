#!/bin/sh
# The files the plugin and the runtime write for a small program, decoded
# by the format library (arcov-dump) and held to a checked-in dump.
# dump-sample.exp was checked by hand against doc/formats.md: the .da block
# layout of §4.1 (magic, 40-byte extension, this run's program summary),
# the §3.5 checksums recomputed by hand -- f: 267608 over its four real
# blocks; main: 12, over the graph before its calls are split -- the .bb's
# one zero word per real block plus the final one (§2.2), and the counts:
# f ran each arm once.  A change to the plugin's graph or tree shows here
# first; update the expectation only after checking it the same way.
. "$top_srcdir/testsuite/e2e/lib.sh"

build_arcov dump-sample.c -O2 -frandom-seed=dump-sample
(cd "$tmp/arcov" && ./prog) || fail "prog: exit status $?"
(cd "$tmp/arcov" &&
 "$builddir/tools/arcov-dump" dump-sample.bb dump-sample.bbg dump-sample.da) \
	> "$tmp/dump" || fail "arcov-dump failed"
diff -u "$srcdir/dump-sample.exp" "$tmp/dump" >&2 ||
	fail "the notes or data differ from dump-sample.exp"
pass
