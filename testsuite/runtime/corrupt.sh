#!/bin/sh
# corrupt.sh -- a .da that does not parse (foreign, truncated) is left
# byte for byte as it was, with one line on stderr; the program's exit
# status is its own.
. "$top_srcdir/testsuite/runtime/lib.sh"

printf 'not a .da file\n' > "$tmp/a.da"
cp "$tmp/a.da" "$tmp/orig"
run_status 7 a:0:1 exit:7
cmp "$tmp/orig" "$tmp/a.da" || fail "foreign file was modified"
expect_stderr <<END
arcov: $tmp/a.da: offset 0: bad magic number 544501614 (expected -123); counts not written
END

# A good file cut short: still refused, still untouched.
rm -f "$tmp/a.da"
run a:0:1 a:2:1
head -c 100 "$tmp/a.da" > "$tmp/cut"
cp "$tmp/cut" "$tmp/a.da"
run_status 3 a:0:1 exit:3
cmp "$tmp/cut" "$tmp/a.da" || fail "truncated file was modified"
test "$(wc -l < "$tmp/stderr")" = 1 || fail "not one line: $(cat "$tmp/stderr")"
case $(cat "$tmp/stderr") in
"arcov: $tmp/a.da: offset "*"; counts not written") ;;
*) fail "unexpected message: $(cat "$tmp/stderr")" ;;
esac

# The other object of the program is still written.
printf 'not a .da file\n' > "$tmp/a.da"
RT_TWO=1 run_status 0 a:0:1 b:1:2
test "$(wc -l < "$tmp/stderr")" = 1 || fail "not one line: $(cat "$tmp/stderr")"
expect_da "$tmp/b.da" <<'END'
block 0 label -
program 5 3 2
object 2 2 2
fn g 5: 0 2
END
pass
