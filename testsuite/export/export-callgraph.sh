#!/bin/sh
# export-callgraph.sh -- the call graph of the callgrind export, as
# callgrind_annotate reads it: real call counts per call site, inclusive
# costs shared gprof-style with recursion counted once (calltree.c, whose
# counts are known, see export-annotate.sh), calls between objects of a
# whole tree (a directory or --binary) with two static functions of the
# same name kept apart, and the .da block chosen with --run.
. "$top_srcdir/testsuite/export/lib.sh"

# calls OUTPUT: "CALLER CALLEE COUNT" from callgrind_annotate --tree=calling.
calls()
{
	awk '
		/^ *[0-9,]+.* \*  / { cur = $NF; next }
		/^ *[0-9,]+.* >   / {
			# "CALLEE (Nx)", then the object in brackets (empty
			# from Valgrind 3.27 on).  (A loop over the fields
			# missed some of them under mawk 1.3.4 20260302.)
			if (!match($0, /[^ ]+ [(][0-9,]+x[)]/))
				next
			split(substr($0, RSTART, RLENGTH), w, " ")
			n = w[2]; gsub(/[(x),]/, "", n)
			print cur, w[1], n
		}' "$tmp/$1" | sort
}

# sites OUTPUT DIR SRC: "LINE CALLEE COUNT LINES STMTS" for every call in
# the annotated listing of SRC, the line being the one above the call.
sites()
{
	awk -v src="$3" '
		$0 ~ "^-- (Auto-annotated source|Annotated source file): " src "$" { on = 1; next }
		on == 1 && /^$/ { on = 2; next }
		on == 2 && (/^-----/ || /^$/) { exit }
		on != 2 { next }
		/ => / {
			if (!match($0, /[^ ]+ [(][0-9,]+x[)]/))
				next
			split(substr($0, RSTART, RLENGTH), w, " ")
			n = w[2]; gsub(/[(x),]/, "", n)
			a = $1; gsub(/,/, "", a)
			rest = $0; sub(/^ *[0-9,]+( +\( *[0-9.]+%\))? +/, "", rest)
			b = rest; sub(/ .*/, "", b); gsub(/,/, "", b)
			print ln, w[1], n, a, b
			next
		}
		{ ln++ }' "$tmp/$2/$1"
}

# inclusive DIR OUTPUT: "LINES name" of callgrind_annotate --inclusive=yes.
inclusive()
{
	(cd "$tmp/$1" && callgrind_annotate --inclusive=yes --threshold=100 \
		"$2") > "$tmp/$1/incl.txt" 2>&1 ||
		fail "callgrind_annotate $1/$2: $(cat "$tmp/$1/incl.txt")"
	cg_functions "$1/incl.txt" | cut -d' ' -f1,3 | sort -k2
}

# --- calltree.c: inclusive costs worked out from its marks ---
build calltree export/calltree.c -- -O0
run calltree
(cd "$tmp/calltree" && "$arcov" -n --callgrind cl.out calltree.c) \
	> "$tmp/log" 2>&1 || fail "arcov: $(cat "$tmp/log")"
# Self Lines: leaf 14, twice 6, fact 15, up 9, down 6, main 7 (total 57).
# leaf's 14 go 12 to twice's 6 calls and 2 to up's one call; twice's
# 6 + 12 = 18 go 12 and 6 to main's two call sites (2 calls, 1 call);
# fact recurses: its 15 all go to main's one call, the 4 recursive calls
# get none; up and down form a cycle entered once, from main, which gets
# all of 9 + 6 + 2; down, called only from inside the cycle, shows 0.
inclusive calltree cl.out > "$tmp/got"
sort -k2 > "$tmp/want" <<'EOF'
57 calltree.c:main
18 calltree.c:twice
17 calltree.c:up
15 calltree.c:fact
14 calltree.c:leaf
0 calltree.c:down
0 ???:printf
EOF
same "calltree: inclusive Lines" "$tmp/want" "$tmp/got"
# main's inclusive Stmts is the program's total: nothing counted twice.
total=$(sed -n 's/^summary: [0-9]* //p' "$tmp/calltree/cl.out")
got=$(cg_functions calltree/incl.txt | awk '$3 == "calltree.c:main" { print $2 }')
test -n "$total" && test "$got" = "$total" ||
	fail "calltree: main's inclusive Stmts $got, total $total"

(cd "$tmp/calltree" && callgrind_annotate --tree=calling --threshold=100 \
	cl.out) > "$tmp/calltree/tree.txt" 2>&1 || fail "callgrind_annotate"
calls calltree/tree.txt > "$tmp/got"
sort > "$tmp/want" <<'EOF'
calltree.c:main calltree.c:twice 3
calltree.c:twice calltree.c:leaf 6
calltree.c:up calltree.c:leaf 1
calltree.c:main calltree.c:fact 1
calltree.c:fact calltree.c:fact 4
calltree.c:main calltree.c:up 1
calltree.c:up calltree.c:down 2
calltree.c:down calltree.c:up 2
calltree.c:main ???:printf 1
EOF
same "calltree: call counts" "$tmp/want" "$tmp/got"

(cd "$tmp/calltree" && callgrind_annotate --auto=yes --threshold=100 \
	cl.out) > "$tmp/calltree/ann.txt" 2>&1 || fail "callgrind_annotate"
sites ann.txt calltree calltree.c > "$tmp/got.sites"
cut -d' ' -f1-4 "$tmp/got.sites" > "$tmp/got"
cat > "$tmp/want" <<'EOF'
15 calltree.c:leaf 6 12
22 calltree.c:fact 4 0
30 calltree.c:leaf 1 2
31 calltree.c:down 2 0
38 calltree.c:up 2 0
43 calltree.c:twice 2 12
45 calltree.c:twice 1 6
46 calltree.c:fact 1 15
47 calltree.c:up 1 17
48 ???:printf 1 0
EOF
same "calltree: call sites (line, callee, calls, inclusive Lines)" \
	"$tmp/want" "$tmp/got"

# --- recursion.c: direct and mutual recursion ---
build recursion e2e/recursion.c -- -O0
run recursion
(cd "$tmp/recursion" && "$arcov" -n --callgrind cl.out recursion.c) \
	> "$tmp/log" 2>&1 || fail "arcov: $(cat "$tmp/log")"
inclusive recursion cl.out > "$tmp/got"
sort -k2 > "$tmp/want" <<'EOF'
558 recursion.c:main
531 recursion.c:fib
24 recursion.c:is_even
0 recursion.c:is_odd
0 ???:printf
EOF
same "recursion: inclusive Lines" "$tmp/want" "$tmp/got"

# --- a tree of two objects, each with its own static helper ---
p=$tmp/proj
mkdir -p "$p/lib" || fail mkdir
cat > "$p/main.c" <<'EOF'
#include <stdio.h>

int util_sum(int n);

static int helper(int x)
{
	return x * 2;
}

int main(int argc, char **argv)
{
	int s = helper(1);

	s += util_sum(argc + 2);
	printf("%d\n", s);
	return 0;
}
EOF
cat > "$p/lib/util.c" <<'EOF'
static int helper(int x)
{
	return x + 1;
}

int util_sum(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += helper(i);
	return s;
}
EOF
(cd "$p" && for s in main.c lib/util.c; do
	env $compile_env $CC -fplugin="$plugin" -O0 -c "$s" -o "${s%.c}.o" ||
		exit 1
 done && $CC $SAN_FLAGS main.o lib/util.o "$libarcov" -pthread -o prog) \
	> "$tmp/build.log" 2>&1 || fail "building proj: $(cat "$tmp/build.log")"
(cd "$p" && ARCOV_APPEND=1 ./prog && ARCOV_APPEND=1 ./prog x) \
	> "$tmp/run.out" 2>&1 || fail "proj: $(cat "$tmp/run.out")"

# want_tree RUNS HELPER-CALLS: the calls of RUNS runs.
want_tree()
{
	sort <<EOF
lib/util.c:util_sum lib/util.c:helper $2
main.c:main lib/util.c:util_sum $1
main.c:main main.c:helper $1
main.c:main ???:printf $1
EOF
}
mkdir -p "$p/out"
for how in dir bin; do
	if [ $how = dir ]; then set -- ..; else set -- --binary ../prog; fi
	(cd "$p/out" && "$arcov" -n --callgrind cl.$how "$@" &&
	 callgrind_annotate --tree=calling --threshold=100 cl.$how) \
		> "$p/out/tree.$how" 2>&1 ||
		fail "proj ($how): $(cat "$p/out/tree.$how")"
	calls proj/out/tree.$how > "$tmp/got"
	want_tree 2 7 > "$tmp/want"
	same "proj ($how): calls between objects, both runs" "$tmp/want" \
		"$tmp/got"
	inclusive proj/out cl.$how > "$tmp/incl.$how"
done
same "proj: a directory and --binary give the same profile" \
	"$tmp/incl.dir" "$tmp/incl.bin"
# Everything ran under main: its inclusive cost is the whole program's.
total=$(sed -n 's/^summary: \([0-9]*\) .*/\1/p' "$p/out/cl.dir")
grep -qx "$total main.c:main" "$tmp/incl.dir" ||
	fail "proj: main's inclusive Lines is not $total: $(cat "$tmp/incl.dir")"

# --run N picks one .da block, as the text report does.
for n in 1 2; do
	(cd "$p/out" && "$arcov" -n --run=$n --callgrind cl.run$n .. &&
	 callgrind_annotate --tree=calling --threshold=100 cl.run$n) \
		> "$p/out/tree.run$n" 2>&1 ||
		fail "proj --run=$n: $(cat "$p/out/tree.run$n")"
	calls proj/out/tree.run$n > "$tmp/got"
	want_tree 1 $((n + 2)) > "$tmp/want"
	same "proj --run=$n: call counts of run $n alone" "$tmp/want" "$tmp/got"
	# From the directory the sources are named from, so it reads them.
	(cd "$p" && rm -f ./*.gcov && "$arcov" --run=$n . >/dev/null &&
	 cat ./*.gcov) > "$tmp/gcov" 2>&1 || fail "report --run=$n"
	want=$(gcov_lines "$tmp/gcov" | awk '{ s += $2 } END { print s }')
	grep -q "^summary: $want " "$p/out/cl.run$n" ||
		fail "proj --run=$n: total Lines is not the report's $want"
done
pass
