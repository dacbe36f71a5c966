#!/bin/sh
# modern-examples.sh -- arcov's default (gcov 12) text on the doc/formats.md
# examples.  The expected text is what gcov 12's gcov.cc prints for the
# .gcno GCC would write for the same graphs (exit block numbered 1, so arcs
# to exit sort first and the last real block is not attached to a line:
# see the top of tools/lines.c).  A comparison with a real gcov 12 run is
# gcov12-compare.sh.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
enter_tmp
cp "$DATA/t.bb" "$DATA/t.bbg" "$DATA/t.da" .
chmod u+w t.*
write_t_c

"$ARCOV" -b t.c >out 2>err; status "-b" 0 $?
cat >want <<'X'
File 't.c'
Lines executed:66.67% of 3
Branches executed:100.00% of 2
Taken at least once:50.00% of 2
No calls
Creating 't.c.gcov'

Lines executed:66.67% of 3
X
same "-b stdout" want out
: >want; same "-b stderr" want err
cat >want <<'X'
        -:    0:Source:t.c
        -:    0:Graph:t.bbg
        -:    0:Data:t.da
        -:    0:Runs:1
        -:    1:int f(int x)
        -:    2:{
function f called 1 returned 100% blocks executed 100%
        1:    3:  if (x)
        1:    4:    return 1;
branch  0 taken 100%
branch  1 taken 0% (fallthrough)
    #####:    5:  return 0;
        -:    6:}
X
same "-b t.c.gcov" want t.c.gcov

"$ARCOV" -b -c t.c >out 2>err
sed -e 's/taken 100%/taken 1/' -e 's/taken 0% (f/taken 0 (f/' want >want-c
same "-b -c t.c.gcov" want-c t.c.gcov

"$ARCOV" -a -b t.c >out 2>err; status "-a -b" 0 $?
sed '/^branch  0/i\        1:    4-block  0' want >want-a
same "-a -b t.c.gcov" want-a t.c.gcov

"$ARCOV" t.c >out 2>err; status "plain" 0 $?
grep -v -e '^branch' -e '^function' want >want-p
same "plain t.c.gcov" want-p t.c.gcov
printf '%s\n' "File 't.c'" 'Lines executed:66.67% of 3' "Creating 't.c.gcov'" \
	'' 'Lines executed:66.67% of 3' >want
same "plain stdout" want out

"$ARCOV" -f -n t.c >out 2>err; status "-f -n" 0 $?
printf '%s\n' "Function 'f'" 'Lines executed:66.67% of 3' '' "File 't.c'" \
	'Lines executed:66.67% of 3' 'Lines executed:66.67% of 3' >want
same "-f -n stdout" want out

"$ARCOV" -t t.c >out 2>err; status "-t" 0 $?
same "-t stdout is the .gcov" want-p out

# --- a loop on one line: entries plus cycles (11), not the 3.x sum (22) ---
write_loop_example
"$ARCOV" -b -u l.c >out 2>err; status "loop -b -u" 0 $?
# The function line comes before the function's lowest line, line 3.
cat >want <<'X'
        -:    0:Source:l.c
        -:    0:Graph:l.bbg
        -:    0:Data:l.da
        -:    0:Runs:1
        -:    1:int loop(int n)
        -:    2:{
function loop called 1 returned 100% blocks executed 100%
       11:    3:  int i, s = 0; for (i = 0; i < n; i++) s += i;
unconditional  0 taken 100%
branch  1 taken 91% (fallthrough)
branch  2 taken 9%
unconditional  3 taken 100%
        1:    4:  return s;
        -:    5:}
X
same "loop -b -u l.c.gcov" want l.c.gcov
"$ARCOV" --legacy=3.3 -b l.c >out 2>err
cat >want <<'X'
        -:    0:Source:l.c
        -:    0:Object:l.bb
        -:    1:int loop(int n)
        -:    2:{
       22:    3:  int i, s = 0; for (i = 0; i < n; i++) s += i;
branch  0 taken 9%
branch  1 taken 100%
        1:    4:  return s;
        -:    5:}
X
same "loop --legacy=3.3 sums per occurrence" want l.c.gcov

# --- the call example: "returned", call site and return block ---
write_call_example
"$ARCOV" -b -u g.c >out 2>err; status "call -b -u" 0 $?
cat >want <<'X'
        -:    0:Source:g.c
        -:    0:Graph:g.bbg
        -:    0:Data:g.da
        -:    0:Runs:1
        -:    1:void g(void)
        -:    2:{
function g called 3 returned 67% blocks executed 100%
        3:    3:  h();
call    0 returned 67%
        2:    4:  x = 1;
        -:    5:}
X
same "call -b -u g.c.gcov" want g.c.gcov
printf '%s\n' "File 'g.c'" 'Lines executed:100.00% of 2' 'No branches' \
	'Calls executed:100.00% of 1' "Creating 'g.c.gcov'" '' \
	'Lines executed:100.00% of 2' >want
same "call -b stdout" want out

exit $fail
