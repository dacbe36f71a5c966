#!/bin/sh
# report-options.sh -- arcov's gcov options over two sources: -o, -l, -p,
# -s, -r, -d, -q, -m, and the .gcov names and source order of each flavour.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
enter_tmp
write_two_sources

# --- gcov 3.3: sources last-seen first, -l names, -p paths ---
"$ARCOV" --legacy=3.3 -o obj -l m.c >out 2>err; status "3.3 -o -l" 0 $?
printf '%s\n' '100.00% of 1 lines executed in file m.c' 'Creating m.c.gcov.' \
	'100.00% of 1 lines executed in file ./sub/h.h' \
	'Creating m.c##h.h.gcov.' >want
same "3.3 -o -l stdout" want out
cat >want <<'X'
        -:    0:Source:./sub/h.h
        -:    0:Object:obj/m.bb
        -:    1:/* h.h */
        2:    2:static int hf(void) { return 1; }
X
same "3.3 header listing" want 'm.c##h.h.gcov'
rm -f *.gcov
"$ARCOV" --legacy=3.3 -o obj -p m.c >out 2>err
ls *.gcov >got; printf '%s\n' m.c.gcov 'sub#h.h.gcov' >want
same "3.3 -p names" want got

# --- gcov 3.2: relative sources are looked for under -o; -l joins with
# a dot ---
rm -f *.gcov
"$ARCOV" --legacy=3.2 -o obj m.c >out 2>err; status "3.2 -o" 0 $?
printf '%s\n' 'Could not open source file obj/m.c.' \
	'Could not open source file obj/./sub/h.h.' >want
same "3.2 -o sources under obj/" want err
cp obj/m.bb obj/m.bbg obj/m.da .
"$ARCOV" --legacy=3.2 -l m.c >out 2>err; status "3.2 -l" 0 $?
ls *.gcov >got; printf '%s\n' m.c.gcov m.c.h.h.gcov >want
same "3.2 -l names" want got

# --- gcov 12: sources first-seen first, canonical names ---
rm -f *.gcov
"$ARCOV" -o obj -l -d m.c >out 2>err; status "-o -l -d" 0 $?
cat >want <<'X'
Processing file 1 out of 1
File 'sub/h.h'
Lines executed:100.00% of 1
Creating 'm.c##h.h.gcov'

File 'm.c'
Lines executed:100.00% of 1
Creating 'm.c.gcov'

Lines executed:100.00% of 2
X
same "-o -l -d stdout" want out
sed -n 2,3p m.c.gcov >got
printf '%s\n' '        -:    0:Graph:obj/m.bbg' '        -:    0:Data:obj/m.da' >want
same "-o finds the notes in obj/" want got
rm -f *.gcov
"$ARCOV" -o obj -p m.c >out 2>err
ls *.gcov >got; printf '%s\n' m.c.gcov 'sub#h.h.gcov' >want
same "-p names" want got
rm -f *.gcov
"$ARCOV" -o obj -s sub m.c >out 2>err
sed -n 1p out >got; echo "File 'h.h'" >want
same "-s elides the prefix" want got
ls *.gcov >got; printf '%s\n' h.h.gcov m.c.gcov >want
same "-s names" want got
sed -n 1p h.h.gcov >got; echo '        -:    0:Source:h.h' >want
same "-s Source: line" want got

# --- -f and -m: mangled and demangled function names ---
"$ARCOV" -o obj -f -n m.c >out 2>err
sed -n 1p out >got; echo "Function '_Z2hfv'" >want
same "-f keeps the assembler name" want got
"$ARCOV" -o obj -f -n -m m.c >out 2>err
sed -n 1p out >got; echo "Function 'hf()'" >want
same "-m demangles" want got

# --- -r: absolute sources are left out ---
{ ds -2 f; w 0; ds -1 /nonexistent/abs.h; w 1 0; } >a.bb
{ cs f; w 1 3 3  1 1 4  1 2 5  1 0 1  -1; } >a.bbg
"$ARCOV" -r -n a.c >out 2>err; status "-r" 0 $?
printf '%s\n' 'Lines executed:0.00% of 0' >want
printf '%s\n' 'No executable lines' >want
same "-r skips /nonexistent/abs.h" want out

# --- -q: hotness colours on line numbers (only attached lines set the
# maximum; the reset follows every number once there is one) ---
write_loop_example
"$ARCOV" -q -t l.c >out 2>err
e=$(printf '\033')
sed -n 1p out >got
printf '%s\n' "        -:    0:Colorization: line numbers: hotness: $e[41m$e[K> 50%$e[m$e[K $e[43m$e[K> 20%$e[m$e[K $e[42m$e[K> 10%$e[m$e[K" >want
same "-q legend" want got
sed -n '8,9p' out >got
printf '%s\n' "       11:$e[41m$e[K    3$e[m$e[K:  int i, s = 0; for (i = 0; i < n; i++) s += i;" \
	"        1:    4$e[m$e[K:  return s;" >want
same "-q hot and cold lines" want got

exit $fail
