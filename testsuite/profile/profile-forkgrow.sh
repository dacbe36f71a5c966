#!/bin/sh
# profile-forkgrow.sh -- a child forked inside two calls (main, outer)
# makes 300 new functions and edges while those calls stay open: the
# runtime's first tables hold 128 functions and 128 edges, so both grow
# while the child's two frames sit on their functions' orphan edges (the
# calls open at a fork count in the parent, runtime/profile.c).  The
# child's trace holds each new function's one call and main and outer
# with no call (their times, not their calls: those are the parent's);
# the parent's holds one of each and none of the chain.
. "$top_srcdir/testsuite/profile/lib.sh"

n=300
srcdir=$tmp		# build_profiled takes forkgrow.c from there
awk -v n=$n 'BEGIN {
	print "#include <stdio.h>"
	print "#include <sys/wait.h>"
	print "#include <unistd.h>"
	printf "int f%d(int x) { return x ^ 1; }\n", n - 1
	for (i = n - 2; i >= 0; i--)
		printf "int f%d(int x) { return f%d(x + 1) + 1; }\n", i, i + 1
	print "__attribute__((noinline)) int outer(void)"
	print "{"
	print "\tint st;"
	print "\tpid_t pid = fork();"
	print "\tif (pid == 0)"
	print "\t\treturn f0(0);"
	print "\treturn pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) ? WEXITSTATUS(st) : -1;"
	print "}"
	print "int main(void)"
	print "{"
	print "\tprintf(\"%d\\n\", outer());"
	print "\treturn 0;"
	print "}"
}' > "$tmp/forkgrow.c" || fail "cannot write forkgrow.c"

for opt in -O0 -O2; do
	rm -rf "$tmp/arcov" && mkdir -p "$tmp/arcov"
	build_profiled forkgrow.c -fno-inline $opt
	(cd "$tmp/arcov" && ./prog) > "$tmp/run.out" 2>&1 ||
		fail "$opt: the run failed: $(cat "$tmp/run.out")"
	set -- "$tmp"/arcov/prog.*.arcov-trace
	[ $# -eq 1 ] && [ -f "$1" ] || fail "$opt: no child trace: $*"
	"$arcov" --profile-flat "$1" > "$tmp/child.txt" 2> "$tmp/err" ||
		fail "$opt: the child's trace: $(cat "$tmp/err")"
	"$arcov" --profile-flat "$tmp/arcov/prog.arcov-trace" \
		> "$tmp/parent.txt" 2> "$tmp/err" ||
		fail "$opt: the parent's trace: $(cat "$tmp/err")"
	# NAME CALLS from the flat profile's rows.
	for who in child parent; do
		awk 'NR > 5 && NF >= 7 { print $7, $4 }' "$tmp/$who.txt" |
			sort > "$tmp/$who.calls"
	done
	# main and outer close in the child without a call of it.
	awk -v n=$n 'BEGIN { for (i = 0; i < n; i++) print "f" i, 1
			     print "main 0"; print "outer 0" }' |
		sort > "$tmp/want.child"
	printf 'main 1\nouter 1\n' > "$tmp/want.parent"
	for who in child parent; do
		cmp -s "$tmp/$who.calls" "$tmp/want.$who" ||
			fail "$opt: the $who's calls: $(diff "$tmp/want.$who" "$tmp/$who.calls" | head)"
	done
done
exit 0
