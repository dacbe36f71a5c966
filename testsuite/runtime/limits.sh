#!/bin/sh
# limits.sh -- the runtime and the tools under hostile limits.
# stderr closed at start (2>&-): the .da that does not parse is opened as
# descriptor 2, and the runtime's message about it must not land in it.
# A file-size limit (ulimit -f): the program keeps its exit status (no
# death by SIGXFSZ), a .da past the limit is never half rewritten in
# place; arcov's reports and exports and arcov-merge fail with status 1,
# saying so, and leave no temporary file.
. "$top_srcdir/testsuite/runtime/lib.sh"

printf 'not a .da file\n' > "$tmp/a.da"
"$prog" a:0:1 exit:4 2>&-
st=$?
[ $st = 4 ] || fail "2>&-: status $st, not 4"
[ "$(cat "$tmp/a.da")" = 'not a .da file' ] ||
	fail "2>&-: the .da now holds: $(cat "$tmp/a.da")"
rm -f "$tmp/a.da"

# limited CMD...: CMD under ulimit -f 0 (1 for run_limited1), its stderr
# and "status N" in $tmp/err (a pipe: a file would be past the limit).
limited()
{
	(ulimit -f "$lim" && { "$@" 2>&1; echo "status $?"; }) | cat > "$tmp/err"
}
lim=0
limited "$prog" a:0:1 exit:5
grep -qx 'status 5' "$tmp/err" || fail "ulimit -f 0: $(cat "$tmp/err")"
grep -q "a.da: cannot write: File too large" "$tmp/err" ||
	fail "ulimit -f 0: said $(cat "$tmp/err")"
[ ! -s "$tmp/a.da" ] && [ ! -e "$tmp/a.da.tmp" ] ||
	fail "ulimit -f 0: left $(ls -l "$tmp"/a.da*)"

# A .da of several pages merged in place under a limit below its size:
# the old contents stay whole.
RT_BIG=1 run c:1
cp "$tmp/c.da" "$tmp/c.before"
lim=1
RT_BIG=1 limited "$prog" c:1 exit:6
grep -qx 'status 6' "$tmp/err" || fail "ulimit -f 1: $(cat "$tmp/err")"
cmp -s "$tmp/c.da" "$tmp/c.before" ||
	fail "ulimit -f 1: c.da half rewritten in place"
[ ! -e "$tmp/c.da.tmp" ] || fail "ulimit -f 1: c.da.tmp left"

# The tools: status 1, a message, nothing left behind.  A program built
# with the plugin gives the reports their notes.
mkdir "$tmp/r" && cp "$tmp/c.da" "$tmp/r/old.da" &&
	cp "$testsuite/profile/guest.c" "$tmp/r/" || hard_error "copy"
cd "$tmp/r" || hard_error "cd"
build_with_plugin prog guest.c -- -O0 -fplugin-arg-arcov-profile \
	> "$tmp/build.log" 2>&1 || fail "build: $(cat "$tmp/build.log")"
ARCOV_TIMELINE=1 ./prog exit 0 || fail "prog"
rm -f guest.o
ls -A > "$tmp/before"
lim=0
limited "$arcov_merge" old.da old.da
grep -qx 'status 1' "$tmp/err" || fail "arcov-merge: $(cat "$tmp/err")"
grep -q 'old.da: cannot write: File too large' "$tmp/err" ||
	fail "arcov-merge said $(cat "$tmp/err")"
cmp -s old.da "$tmp/c.da" || fail "arcov-merge changed old.da"
limited "$arcov_merge" new.da old.da
grep -qx 'status 1' "$tmp/err" || fail "arcov-merge new: $(cat "$tmp/err")"
for out in --lcov=out.info --cobertura=out.xml --callgrind=cg.out \
	   --cachegrind=c.out; do
	limited "$arcov" -n "$out" guest.c
	grep -qx 'status 1' "$tmp/err" || fail "arcov $out: $(cat "$tmp/err")"
	grep -q 'cannot write: File too large' "$tmp/err" ||
		fail "arcov $out said $(cat "$tmp/err")"
done
for out in --chrome-trace=c.json --winidea=w.xml --timeline-bin=w.bin \
	   --callgrind=cg.out; do
	limited "$arcov" --profile-time "$out" prog.arcov-trace
	grep -qx 'status 1' "$tmp/err" || fail "arcov $out: $(cat "$tmp/err")"
done
ls -A > "$tmp/after"
diff "$tmp/before" "$tmp/after" >&2 || fail "the tools left files behind"
pass
