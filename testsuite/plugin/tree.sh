#!/bin/sh
# tree.sh -- the spanning tree leaves the hot arcs uncounted: the counter
# increments a run of tree.c makes, function by function (see tree.c).
. "$top_srcdir/testsuite/plugin/lib.sh"

cp "$srcdir/tree.c" . || exit 99
cc "$CC" -O2 -c tree.c -o tree.o || fail "tree.c: compilation failed"
link "$CC" tree tree.o
./tree > tree.stdout || fail "tree: exit status $?"
test "$(cat tree.stdout)" = 8000 || fail "tree printed $(cat tree.stdout)"

# increments NAME: the sum of NAME's counters in tree.da.
increments()
{
	"$builddir/tools/arcov-dump" tree.da | awk -v fn="'$1'" '
		$2 == "function" { on = $3 == fn }
		on && $2 == "counter" { sum += $NF }
		END { print sum + 0 }'
}

for want in flag_test:1000 expected:1000 dead_end:1000 search:4000 \
	null_check:1000 main:1003; do
	name=${want%:*}
	got=$(increments "$name")
	test "$got" = "${want#*:}" ||
		fail "$name made $got counter increments, not ${want#*:}"
done
exit 0
