#!/bin/sh
# project-binary.sh -- "arcov --binary PROG": exactly the objects linked
# into PROG, from its .arcov_notes section; --binary-libs adds those of the
# shared libraries it needs, found through DT_RUNPATH with $ORIGIN (also
# from a library), LD_LIBRARY_PATH and the system's own search.  Stale
# notes in the same directory are not reported; linked objects that never
# ran are, with zero counts.  Malformed sections are refused.
. "$top_srcdir/testsuite/e2e/lib.sh"
arcov=$builddir/tools/arcov
rtlib=$builddir/runtime/.libs
p=$tmp/proj
mkdir -p "$p/app" "$p/lib" "$p/extra" "$p/report" || fail "mkdir"

cat >"$p/app/main.c" <<'EOF'
int helper(int x);
int util_twice(int x);
int extra_one(void);

int main(int argc, char **argv)
{
	if (argc > 1)
		return 0;
	return util_twice(helper(1)) + extra_one() == 5 ? 0 : 1;
}
EOF
cat >"$p/app/helper.c" <<'EOF'
int helper(int x)
{
	return x + 1;
}

int helper_unused(int x)
{
	return x - 1;
}
EOF
cat >"$p/app/cold.c" <<'EOF'
int cold(int x)
{
	return x * 3;
}
EOF
cat >"$p/app/stale.c" <<'EOF'
int stale(void)
{
	return 7;
}
EOF
cat >"$p/lib/util.c" <<'EOF'
int deep(int x);

int util_twice(int x)
{
	return deep(2 * x);
}
EOF
cat >"$p/lib/deep.c" <<'EOF'
int deep(int x)
{
	return x;
}
EOF
cat >"$p/extra/extra.c" <<'EOF'
int extra_one(void)
{
	return 1;
}
EOF

# cc DIR SRC...: compile with the plugin, absolute names, PIC.
cc() {
	d=$1
	shift
	for s; do
		(cd "$p/$d" && env $compile_env $CC -fplugin="$plugin" -O0 \
			-fPIC -c "$p/$d/$s") >"$tmp/build.log" 2>&1 ||
			fail "compiling $s: $(cat "$tmp/build.log")"
	done
}
# ld ARGS...: link against the shared libarcov.
ld() {
	$CC $SAN_FLAGS "$@" -L"$rtlib" -larcov -Wl,-rpath,"$rtlib" \
		>"$tmp/build.log" 2>&1 || fail "linking: $(cat "$tmp/build.log")"
}
cc app main.c helper.c cold.c stale.c
cc lib util.c deep.c
cc extra extra.c
ld -shared "$p/lib/deep.o" -o "$p/lib/libdeep.so"
ld -shared "$p/lib/util.o" -L"$p/lib" -ldeep \
	-Wl,--enable-new-dtags,-rpath,'$ORIGIN' -o "$p/lib/libutil.so"
ld -shared "$p/extra/extra.o" -o "$p/extra/libextra.so"
# cold.o is linked but nothing calls it; stale.o is not linked at all.
ld "$p/app/main.o" "$p/app/helper.o" "$p/app/cold.o" -L"$p/lib" -lutil \
	-L"$p/extra" -lextra -Wl,--enable-new-dtags,-rpath,'$ORIGIN/../lib' \
	-o "$p/app/prog"
cp "$p/app/prog" "$p/app/never"
LD_LIBRARY_PATH=$p/extra "$p/app/prog" || fail "prog failed"
test -e "$p/app/stale.bbg" && test ! -e "$p/app/stale.da" ||
	fail "stale.bbg should exist without data"

# report ARGS...: arcov ARGS in $p/report; stdout in out, stderr in err.
report() {
	(cd "$p/report" && rm -f *.gcov && "$arcov" "$@" >out 2>err)
	st=$?
}

# --- the program's own objects, in link order, nothing else ---
report --binary ../app/prog
test $st = 0 || fail "--binary: exit status $st: $(cat "$p/report/err")"
grep '^File' "$p/report/out" >"$tmp/got"
cat >"$tmp/want" <<EOF
File '$p/app/main.c'
File '$p/app/helper.c'
File '$p/app/cold.c'
EOF
diff -u "$tmp/want" "$tmp/got" || fail "--binary: sources"
test -s "$p/report/err" && fail "--binary: stderr: $(cat "$p/report/err")"
cat >"$tmp/want" <<EOF
        -:    0:Source:$p/app/cold.c
    #####:    1:int cold(int x)
        -:    2:{
    #####:    3:	return x * 3;
        -:    4:}
EOF
diff -u "$tmp/want" "$p/report/cold.c.gcov" || fail "cold.c: zero counts"
sed -n '2,9p' "$p/report/helper.c.gcov" >"$tmp/got"
cat >"$tmp/want" <<'EOF'
        1:    1:int helper(int x)
        -:    2:{
        1:    3:	return x + 1;
        -:    4:}
        -:    5:
    #####:    6:int helper_unused(int x)
        -:    7:{
    #####:    8:	return x - 1;
EOF
diff -u "$tmp/want" "$tmp/got" || fail "helper.c counts"

# A directory report, by contrast, takes the stale notes too.
report ../app
grep -c "^File '$p/app/stale.c'" "$p/report/out" >"$tmp/n"
echo 1 | cmp -s - "$tmp/n" || fail "the tree report misses stale.c"

# --- with the libraries: RUNPATH $ORIGIN/../lib finds libutil, whose own
# RUNPATH $ORIGIN finds libdeep; libextra only through LD_LIBRARY_PATH ---
LD_LIBRARY_PATH=$p/extra
export LD_LIBRARY_PATH
report --binary ../app/prog --binary-libs
test $st = 0 || fail "--binary-libs: exit status $st: $(cat "$p/report/err")"
grep '^File' "$p/report/out" >"$tmp/got"
cat >"$tmp/want" <<EOF
File '$p/app/main.c'
File '$p/app/helper.c'
File '$p/app/cold.c'
File '$p/lib/util.c'
File '$p/extra/extra.c'
File '$p/lib/deep.c'
EOF
diff -u "$tmp/want" "$tmp/got" || fail "--binary-libs: sources"
grep -c '^        1:' "$p/report/deep.c.gcov" >"$tmp/n"
echo 2 | cmp -s - "$tmp/n" || fail "deep.c: not run once"
unset LD_LIBRARY_PATH

report --binary ../app/prog --binary-libs
test $st = 1 || fail "missing library: exit status $st"
echo "arcov: ../app/prog: needed library libextra.so not found" >"$tmp/want"
diff -u "$tmp/want" "$p/report/err" || fail "missing library: message"
grep -c '^File' "$p/report/out" >"$tmp/n"
echo 5 | cmp -s - "$tmp/n" || fail "missing library: the others not reported"

# A program that never ran: every object reported, every count zero.
rm -f "$p/app/"*.da "$p/lib/"*.da "$p/extra/"*.da
LD_LIBRARY_PATH=$p/extra report --binary ../app/never --binary-libs
test $st = 0 || fail "never ran: exit status $st"
echo "arcov: 6 objects have no data file (never run), reported as not" \
	"executed; --verbose lists them" >"$tmp/want"
diff -u "$tmp/want" "$p/report/err" || fail "never ran: one line about data"
LD_LIBRARY_PATH=$p/extra report --binary ../app/never --binary-libs --verbose
grep -c 'cannot open data file, assuming not executed$' "$p/report/err" \
	>"$tmp/n"
echo 6 | cmp -s - "$tmp/n" || fail "never ran, --verbose: not 6 notes about data"
grep -h '^Lines' "$p/report/out" | sort -u >"$tmp/got"
printf '%s\n' 'Lines executed:0.00% of 16' 'Lines executed:0.00% of 2' \
	'Lines executed:0.00% of 4' >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" || fail "never ran: not all zero"

# --- malformed or missing sections ---
printf 'not elf' >"$tmp/junk"
report --binary "$tmp/junk"
test $st = 1 || fail "not ELF: exit status $st"
echo "arcov: $tmp/junk: not an ELF file" >"$tmp/want"
diff -u "$tmp/want" "$p/report/err" || fail "not ELF: message"
report --binary "$tmp/nosuch"
echo "arcov: $tmp/nosuch: cannot read: No such file or directory" >"$tmp/want"
diff -u "$tmp/want" "$p/report/err" || fail "missing program: message"

echo 'int main(void) { return 0; }' >"$tmp/plain.c"
$CC "$tmp/plain.c" -o "$tmp/plain" || fail "plain build"
report --binary "$tmp/plain"
test $st = 1 || fail "no section: exit status $st"
echo "arcov: $tmp/plain: no .arcov_notes section (not built with the arcov plugin?)" \
	>"$tmp/want"
diff -u "$tmp/want" "$p/report/err" || fail "no section: message"

# section BYTES...: $tmp/plain with an .arcov_notes section of BYTES
# (printf format), at a file offset the message must name.
section() {
	printf "$1" >"$tmp/sec"
	objcopy --add-section .arcov_notes="$tmp/sec" "$tmp/plain" \
		"$tmp/crafted" || fail "objcopy"
	off=$(readelf -SW "$tmp/crafted" |
	      awk '$2 == ".arcov_notes" { print $5 }')
	test -n "$off" || fail "no crafted section"
	off=$((0x$off))
}
section 'ARCOV\0001\000/x.bb\000'
report --binary "$tmp/crafted"
test $st = 1 || fail "truncated record: exit status $st"
echo "arcov: $tmp/crafted: offset $off: .arcov_notes record ends after 1 of its 4 paths" \
	>"$tmp/want"
diff -u "$tmp/want" "$p/report/err" || fail "truncated record: message"
section 'ARCOV\0001\000/x.bb\000x.bbg\000/x.da\000/x.n\000'
report --binary "$tmp/crafted"
echo "arcov: $tmp/crafted: offset $((off + 14)): .arcov_notes path 'x.bbg' is not absolute" \
	>"$tmp/want"
diff -u "$tmp/want" "$p/report/err" || fail "relative path: message"
section 'ARCOV\0001\000/x.bb\000/x.bb\000/x.da\000/x.n\000'
report --binary "$tmp/crafted"
echo "arcov: $tmp/crafted: offset $((off + 14)): .arcov_notes path '/x.bb' does not end in .bbg" \
	>"$tmp/want"
diff -u "$tmp/want" "$p/report/err" || fail "not a .bbg: message"
section 'ARCOV\0001\000/x.bb\000/x.bbg'
report --binary "$tmp/crafted"
echo "arcov: $tmp/crafted: offset $((off + 14)): .arcov_notes string runs past the end of the section" \
	>"$tmp/want"
diff -u "$tmp/want" "$p/report/err" || fail "unterminated: message"

# A record of an unknown version is skipped up to the next record.
section "ARCOV\0009\000ARCOVX\000\000ARCOV\0001\000$p/app/x.bb\000$p/app/cold.bbg\000$p/app/x.da\000$p/app/x.n\000"
report --binary "$tmp/crafted"
test $st = 0 || fail "unknown version: exit status $st: $(cat "$p/report/err")"
grep '^File' "$p/report/out" >"$tmp/got"
echo "File '$p/app/cold.c'" >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" || fail "unknown version: not skipped"

report --binary-libs ../app/prog
test $st = 2 || fail "--binary-libs alone: exit status $st"
report --legacy=3.3 --binary ../app/prog
test $st = 2 || fail "--legacy --binary: exit status $st"
pass
