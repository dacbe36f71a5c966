#!/bin/sh
# report-errors.sh -- arcov on missing, corrupt, multi-block, stale and
# inconsistent data: gcov's notes, "arcov: FILE: offset N: what", exit
# statuses, and the other files still reported.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
enter_tmp
cp "$DATA/t.bb" "$DATA/t.bbg" .
chmod u+w t.*
write_t_c
write_call_example

# --- missing .da: gcov's notes, every count zero ---
"$ARCOV" --legacy=3.3 t.c >out 2>err; status "3.3 no .da" 0 $?
printf '%s\n' 'Could not open data file t.da.' \
	'Assuming that all execution counts are zero.' >want
same "3.3 no .da stderr" want err
printf '%s\n' '0.00% of 3 lines executed in file t.c' 'Creating t.c.gcov.' >want
same "3.3 no .da stdout" want out
grep -c '#####' t.c.gcov >n; echo 3 >want; same "3.3 no .da: 3 lines #####" want n
"$ARCOV" --legacy=3.2 t.c >out 2>err; status "3.2 no .da" 0 $?
printf '%s\n' 'Could not open data file t.da.' \
	'Assuming that all execution counts are zero.' >want
same "3.2 no .da stderr" want err
"$ARCOV" t.c >out 2>err; status "modern no .da" 0 $?
echo 't.da:cannot open data file, assuming not executed' >want
same "modern no .da stderr" want err
sed -n '3,4p' t.c.gcov >got
printf '%s\n' '        -:    0:Data:-' '        -:    0:Runs:0' >want
same "modern no .da header" want got

# --- corrupt .da: one line, exit 1, the next file still reported ---
head -c 84 "$DATA/t.da" >t.da
"$ARCOV" --legacy=3.3 t.c g.c >out 2>err; status "3.3 corrupt .da" 1 $?
grep -c '^arcov: t\.da: offset [0-9][0-9]*: ' err >n; echo 1 >want
same "3.3 corrupt .da: one arcov: line" want n
printf '%s\n' '100.00% of 2 lines executed in file g.c' 'Creating g.c.gcov.' >want
same "3.3 corrupt .da: g.c still reported" want out
"$ARCOV" t.c g.c >out 2>err; status "modern corrupt .da" 1 $?
grep -c '^arcov: t\.da: offset [0-9][0-9]*: ' err >n; echo 1 >want
same "modern corrupt .da: one arcov: line" want n
grep -c "^Creating 'g.c.gcov'" out >n
same "modern corrupt .da: g.c still reported" want n
printf '\173\0\0\0' >t.da
"$ARCOV" --legacy=3.3 t.c >out 2>err; status "bad magic" 1 $?
grep -c '^arcov: t\.da: offset 0: ' err >n; echo 1 >want
same "bad magic at offset 0" want n

# --- two blocks are summed; --run picks one; a stale record is noted ---
{
	w -123 1 40; w 2; c 1 1; w 2; c 1 1; cs f; w 1040 2; c 1 0
	w -123 2 40; w 3; c 6 4; w 3; c 6 4; cs f; w 1040 2; c 4 1
	cs main; w 77 1; c 1
} >t.da
"$ARCOV" --legacy=3.3 t.c >out 2>err; status "two blocks" 0 $?
echo 'arcov: warning: t.da: offset 184: 1 record matches no function of t.bbg (stale data?); ignored' >want
same "stale record warned once" want err
sed -n '5,7p' t.c.gcov >got
printf '%s\n' '        5:    3:  if (x)' '        5:    4:    return 1;' \
	'        1:    5:  return 0;' >want
same "two blocks summed" want got
"$ARCOV" --legacy=3.3 --run 2 t.c >out 2>err; status "--run 2" 0 $?
sed -n '5,7p' t.c.gcov >got
printf '%s\n' '        4:    3:  if (x)' '        4:    4:    return 1;' \
	'        1:    5:  return 0;' >want
same "--run 2 uses the second block only" want got
"$ARCOV" --legacy=3.3 --run=1 t.c >out 2>err
sed -n '7p' t.c.gcov >got; echo '    #####:    5:  return 0;' >want
same "--run=1 uses the first block only" want got
"$ARCOV" --run 3 t.c >out 2>err; status "--run 3 of 2: not executed" 0 $?
echo 't.da:no run 3, assuming not executed' >want
same "--run 3 message" want err
grep -c '^Lines executed:0.00% of 3' out >got; echo 2 >want
same "--run 3: the object is still in the totals" want got

# --- runs chosen by label (ARCOV_RUN_LABEL), listed by --list-runs ---
# A label entry of the extension tail (doc/da-extension.md), for 4 letters.
lbl() { w 1 ${#1}; printf '%s' "$1"; }
{
	w -123 1 52; w 2; c 1 1; w 2; c 1 1; lbl unit
	cs f; w 1040 2; c 1 0
	w -123 1 52; w 2; c 6 4; w 2; c 6 4; lbl fuzz
	cs f; w 1040 2; c 4 1
	w -123 1 40; w 2; c 2 2; w 2; c 2 2; cs f; w 1040 2; c 2 2
} >t.da
"$ARCOV" --legacy=3.3 --run fuzz t.c >out 2>err; status "--run fuzz" 0 $?
sed -n '5,7p' t.c.gcov >got
printf '%s\n' '        4:    3:  if (x)' '        4:    4:    return 1;' \
	'        1:    5:  return 0;' >want
same "--run LABEL: the labelled block only" want got
"$ARCOV" --run nightly -n t.c >out 2>err; status "--run an absent label" 0 $?
echo "t.da:no run labelled 'nightly', assuming not executed" >want
same "--run an absent label: said" want err
"$ARCOV" --list-runs t.c >out 2>err; status "--list-runs" 0 $?
printf '%s\n' 'run  label  objects' '1    unit   1' '2    fuzz   1' \
	'3    -      1' >want
same "--list-runs: every block, by label" want out
"$ARCOV" --per-run --lcov pr.info -n t.c >out 2>err; status "--per-run" 0 $?
grep '^TN:' pr.info >got; printf '%s\n' TN:unit TN:fuzz TN: >want
same "--per-run: an lcov test per label, then the unlabelled runs" want got
grep '^DA:3,' pr.info >got; printf '%s\n' DA:3,1 DA:3,4 DA:3,2 >want
same "--per-run: each test its own counts" want got
if command -v lcov >/dev/null 2>&1; then
	lcov --summary pr.info >sum 2>&1; status "--per-run: lcov reads it" 0 $?
fi
"$(dirname "$ARCOV")/arcov-dump" t.da | grep -c "run label '[a-z]*'$" >got
echo 2 >want; same "arcov-dump shows the labels" want got

# --- counts that contradict the graph: bounded, marked, status 6 ---
{ w -123 1 40; w 2; c 5 3; w 2; c 5 3; cs g; w 123 2; c 2 3; } >g.da
"$ARCOV" --legacy=3.3 g.c >out 2>err; status "inconsistent" 6 $?
grep -c '^arcov: warning: g\.da: the counters of 1 function contradict its flow graph (g\.bbg: function g: .*); its counts are estimates, marked inexact; likely cause: ' err >n
echo 1 >want; same "inconsistent: one warning, the reason given" want n
printf '%s\n' '100.00% of 2 lines executed in file g.c' 'Creating g.c.gcov.' >want
same "inconsistent: report written, not zeroed" want out
"$ARCOV" -b g.c >out 2>err; status "modern inconsistent" 6 $?
grep -c '^function g called [1-9][0-9]* .* (inexact)$' g.c.gcov >n
echo 1 >want; same "modern inconsistent: counted, marked inexact" want n

# --- missing notes ---
"$ARCOV" --legacy=3.3 nosuch.c >out 2>err; status "3.3 no .bb" 1 $?
echo 'Could not open basic block file nosuch.bb.' >want
same "3.3 no .bb message" want err
cp t.bb u.bb
"$ARCOV" --legacy=3.3 u.c >out 2>err; status "3.3 no .bbg" 1 $?
echo 'Could not open program flow graph file u.bbg.' >want
same "3.3 no .bbg message" want err
"$ARCOV" nosuch.c >out 2>err; status "modern no notes" 1 $?
printf '%s\n' 'nosuch.bb:cannot open notes file' >want
same "modern no notes message" want err
: >u.bbg
"$ARCOV" --legacy=3.3 u.c >out 2>err; status "3.3 empty .bbg" 1 $?
printf '%s\n' 'Could not open data file u.da.' \
	'Assuming that all execution counts are zero.' \
	'No executable code associated with file u.c.' >want
same "3.3 empty .bbg message" want err

# --- a source newer than its notes ---
rm -f t.da
touch -t 200001010000 t.bb
touch -t 200101010000 t.c
"$ARCOV" --legacy=3.3 t.c >out 2>err
printf '%s\n' 'Could not open data file t.da.' \
	'Assuming that all execution counts are zero.' \
	'Warning: source file t.c is newer than t.bb' >want
same "3.3 newer source warning" want err
sed -n 3p t.c.gcov >got
echo '        -:    0:Source is newer than compiler output' >want
same "3.3 newer source header" want got
"$ARCOV" t.c >out 2>err
printf '%s\n' "t.c:source file is newer than notes file 't.bb'" \
	'(the message is displayed only once per source file)' \
	't.da:cannot open data file, assuming not executed' >want
same "modern newer source notes" want err
sed -n 5p t.c.gcov >got
echo '        -:    0:Source is newer than graph' >want
same "modern newer source header" want got

# --- a .bb naming line 2^28: memory follows the file, not the number ---
mkdir big && cd big
cp "$DATA/t.bbg" "$DATA/t.da" .
{ ds -2 f; w 0; ds -1 t.c; w 3 268435456 0 5 0; } >t.bb
printf 'int f(int x)\n{\n  if (x)\n    return 1;\n  return 0;\n}\n' >t.c
touch -t 200001010000 t.c
# Resident memory, as GNU time reports it (kB), and without the sanitizers
# (whose shadow memory needs a large address space) at most 1 GiB of
# address space: a table indexed by line number would need 16 GiB.
rss() {
	if [ -z "${SAN_FLAGS:-}" ]; then
		(ulimit -v 1048576; exec /usr/bin/time -f %M -o rss "$@")
	else
		/usr/bin/time -f %M -o rss "$@"
	fi >out 2>err
	echo $? >rc
}
rss "$ARCOV" -n -b t.c
status "line 2^28: modern" 0 "$(cat rc)"
[ "$(cat rss)" -lt 262144 ] && echo "PASS: line 2^28: modern in $(cat rss) kB" ||
	{ echo "FAIL: line 2^28: modern took $(cat rss) kB"; fail=1; }
grep -c '^Lines executed:66.67% of 3' out >got; echo 2 >want
same "line 2^28: modern counts" want got
rss "$ARCOV" --legacy=3.3 -n -b t.c
status "line 2^28: 3.3" 0 "$(cat rc)"
[ "$(cat rss)" -lt 262144 ] && echo "PASS: line 2^28: 3.3 in $(cat rss) kB" ||
	{ echo "FAIL: line 2^28: 3.3 took $(cat rss) kB"; fail=1; }
cd ..

# --- outputs that cannot be written: a non-zero exit, no partial file ---
cp "$DATA/t.da" .
"$ARCOV" -t t.c >/dev/full 2>err; status "-t on a full device" 1 $?
grep -c '^arcov: standard output: write error: No space left' err >got
echo 1 >want; same "-t on a full device: said" want got
"$ARCOV" t.c >/dev/null 2>&1 && cp t.c.gcov good.gcov
(ulimit -f 0; trap '' XFSZ; exec "$ARCOV" -b --lcov big.info t.c) \
	>/dev/null 2>err
status "file size limit" 1 $?
same "file size limit: the old .gcov kept whole" good.gcov t.c.gcov
(ulimit -f 0; trap '' XFSZ; exec "$ARCOV" -j t.c) >/dev/null 2>&1
status "file size limit: -j" 1 $?
test ! -e t.gcov.json.gz && echo "PASS: no partial .gcov.json.gz" ||
	{ echo "FAIL: a partial .gcov.json.gz was left"; fail=1; }
ls t.*.tmp.* >/dev/null 2>&1 && { echo "FAIL: temporary files left"; fail=1; } ||
	echo "PASS: no temporary files left"

# --- special files are never replaced by a regular file ---
mkfifo fifo.info && ln -s fifo.info link.info && ln -s t.c.gcov link.gcov
"$ARCOV" -n --lcov fifo.info t.c >out 2>err; status "--lcov to a FIFO" 1 $?
grep -c '^arcov: fifo.info: not a regular file; not replaced' err >got
echo 1 >want; same "--lcov to a FIFO: said" want got
test -p fifo.info && echo "PASS: the FIFO is still a FIFO" ||
	{ echo "FAIL: the FIFO was replaced"; fail=1; }
"$ARCOV" -n --cobertura link.info t.c >out 2>err
status "--cobertura to a symbolic link" 1 $?
test -h link.info && echo "PASS: the link is still a link" ||
	{ echo "FAIL: the link was replaced"; fail=1; }

# --- "-" is standard output for every output, and stdout holds it alone ---
"$ARCOV" --lcov - t.c >out 2>err; status "--lcov -" 0 $?
head -n 1 out >got; echo TN: >want; same "--lcov -: only the tracefile" want got
test ! -e ./- && echo "PASS: --lcov -: no file named -" || fail=1
"$ARCOV" --lcov - --cobertura - t.c >out 2>err
status "two outputs on stdout" 2 $?
"$ARCOV" --webgrind - t.c >out 2>err; status "--webgrind -" 2 $?
"$ARCOV" --quiet -b t.c >out 2>err; status "--quiet" 0 $?
: >want; same "--quiet: nothing on stdout" want out

# --- usage ---
"$ARCOV" >out 2>err; status "no file" 2 $?
"$ARCOV" --legacy=3.4 t.c >out 2>err; status "--legacy=3.4" 2 $?
"$ARCOV" --legacy=3.2 -p t.c >out 2>err; status "-p is not in 3.2" 2 $?
"$ARCOV" --run 0 t.c >out 2>err; status "--run 0" 2 $?
"$ARCOV" --help >out 2>err; status "--help" 0 $?

exit $fail
