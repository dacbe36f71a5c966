#!/bin/sh
# legacy-examples.sh -- arcov --legacy=3.3 and --legacy=3.2 on the files of
# doc/formats.md §2.4/§3.6/§4.2 and the call example: the exact §5.6 and §5.7
# texts, stdout included.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
enter_tmp
cp "$DATA/t.bb" "$DATA/t.bbg" "$DATA/t.da" .
chmod u+w t.*
write_t_c
T='	'

# --- gcov 3.3, -b (§5.6) ---
"$ARCOV" --legacy=3.3 -b t.c >out 2>err; status "3.3 -b" 0 $?
cat >want <<'X'
66.67% of 3 lines executed in file t.c
100.00% of 1 branches executed in file t.c
100.00% of 1 branches taken at least once in file t.c
No calls in file t.c
Creating t.c.gcov.
X
same "3.3 -b stdout" want out
: >want; same "3.3 -b stderr" want err
cat >want <<'X'
        -:    0:Source:t.c
        -:    0:Object:t.bb
        -:    1:int f(int x)
        -:    2:{
        1:    3:  if (x)
        1:    4:    return 1;
branch  0 taken 100%
    #####:    5:  return 0;
        -:    6:}
X
same "3.3 -b t.c.gcov" want t.c.gcov

# --- gcov 3.3, -b -c: the branch line gives the count ---
"$ARCOV" --legacy=3.3 -b -c t.c >out 2>err; status "3.3 -b -c" 0 $?
sed 's/^branch  0 taken 100%$/branch  0 taken 1/' want >want-c
same "3.3 -b -c t.c.gcov" want-c t.c.gcov

# --- gcov 3.3, no options: no branch lines, one summary line ---
"$ARCOV" --legacy=3.3 t.c >out 2>err; status "3.3 plain" 0 $?
printf '66.67%% of 3 lines executed in file t.c\nCreating t.c.gcov.\n' >want
same "3.3 plain stdout" want out
grep -v '^branch' want-c >want
same "3.3 plain t.c.gcov" want t.c.gcov

# --- gcov 3.3, -f -n: function summary, no file written ---
rm -f t.c.gcov
"$ARCOV" --legacy=3.3 -f -n -b t.c >out 2>err; status "3.3 -f -n" 0 $?
cat >want <<'X'
66.67% of 3 lines executed in function f
100.00% of 1 branches executed in function f
100.00% of 1 branches taken at least once in function f
No calls in function f
66.67% of 3 lines executed in file t.c
100.00% of 1 branches executed in file t.c
100.00% of 1 branches taken at least once in file t.c
No calls in file t.c
X
same "3.3 -f -n stdout" want out
if [ -e t.c.gcov ]; then echo "FAIL: -n wrote t.c.gcov"; fail=1; fi

# --- gcov 3.2, -b (§5.7): tabs, 12-column counts, ###### ---
"$ARCOV" --legacy=3.2 -b t.c >out 2>err; status "3.2 -b" 0 $?
cat >want <<'X'
 66.67% of 3 source lines executed in file t.c
100.00% of 1 branches executed in file t.c
100.00% of 1 branches taken at least once in file t.c
No calls in file t.c
Creating t.c.gcov.
X
same "3.2 -b stdout" want out
{
	printf '%s\n' "$T${T}int f(int x)" "$T${T}{"
	printf '%s\n' "           1      if (x)" "           1        return 1;"
	printf '%s\n' "branch 0 taken = 100%" "      ######      return 0;"
	printf '%s\n' "$T$T}"
} >want
same "3.2 -b t.c.gcov" want t.c.gcov
"$ARCOV" --legacy=3.2 -b -c t.c >out 2>err; status "3.2 -b -c" 0 $?
sed 's/^branch 0 taken = 100%$/branch 0 taken = 1/' want >want-c
same "3.2 -b -c t.c.gcov" want-c t.c.gcov

# --- the call example of §5.6 ---
write_call_example
"$ARCOV" --legacy=3.3 -b g.c >out 2>err; status "3.3 call" 0 $?
cat >want <<'X'
100.00% of 2 lines executed in file g.c
No branches in file g.c
100.00% of 1 calls executed in file g.c
Creating g.c.gcov.
X
same "3.3 call stdout" want out
cat >want <<'X'
        -:    0:Source:g.c
        -:    0:Object:g.bb
        -:    1:void g(void)
        -:    2:{
        3:    3:  h();
call    0 returns 67%
        2:    4:  x = 1;
        -:    5:}
X
same "3.3 call g.c.gcov" want g.c.gcov
"$ARCOV" --legacy=3.3 -b -c g.c >out 2>err
sed 's/returns 67%/returns 2/' want >want-c
same "3.3 call -c g.c.gcov" want-c g.c.gcov
"$ARCOV" --legacy=3.2 -b g.c >out 2>err; status "3.2 call" 0 $?
{
	printf '%s\n' "$T${T}void g(void)" "$T${T}{" "           3      h();"
	printf '%s\n' "call 0 returns = 67%" "           2      x = 1;" "$T$T}"
} >want
same "3.2 call g.c.gcov" want g.c.gcov

exit $fail
