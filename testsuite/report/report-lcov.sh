#!/bin/sh
# report-lcov.sh -- arcov --lcov: the tracefile is the one lcov's geninfo
# would derive from arcov's own `-a -b -c` text (its gcov 3.3+ parser,
# redone below in awk), lcov --summary and genhtml read it and report
# the right totals, and it goes to a file or to stdout.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
needs lcov lcov
needs genhtml lcov
enter_tmp

# excl.c with its exclusion markers taken out (the lines stay put): code
# that never ran, functions never called, branches never taken.
plugin_build excl.c
sed 's/[A-Z]*_EXCL_[A-Z_]*//' "$here/excl.c" >excl.c
touch -t 200001010000 excl.c

"$ARCOV" -n --lcov excl.info excl.c >out 2>err; status "--lcov" 0 $?

# geninfo's reading of `gcov -a -b -c` output (process_dafile, gcov >=
# 3.3 branch): "N: L-block B" names the block, "branch I taken C" and
# "branch I never executed" are BRDA records, a source line restarts the
# unnamed block, "function F called N" is the function of the next line.
"$ARCOV" -a -b -c -t excl.c | awk -v sf="$(pwd)/excl.c" '
	/^ *([0-9]+|\$+|%+): *[0-9]+-block +[0-9]+ *$/ {
		split($0, f, ":"); sub(/-block.*/, "", f[2])
		line = f[2] + 0; block = $NF; next
	}
	/^branch +[0-9]+ +taken +[0-9]+/ {
		br[++nbr] = line "," block "," $2 "," $4
		brf++; if ($4 > 0) brh++; next
	}
	/^branch +[0-9]+ +never +executed/ {
		br[++nbr] = line "," block "," $2 ",-"; brf++; next
	}
	/^function / { pending[++np] = $2; calls[np] = $4; next }
	/^ *[^:]+: *[^:]+:/ {
		split($0, f, ":"); c = f[1]; gsub(/ /, "", c)
		line = f[2] + 0; block = 4294967295
		for (i = 1; i <= np; i++) {
			fn[++nfn] = "FN:" line "," pending[i]
			fnda[nfn] = "FNDA:" calls[i] "," pending[i]
			fnf++; if (calls[i] > 0) fnh++
		}
		np = 0
		if (line == 0 || c == "-") next
		sub(/\*$/, "", c); if (c == "#####" || c == "=====") c = 0
		da[++nda] = "DA:" line "," c; lf++; if (c > 0) lh++
	}
	END {
		print "TN:"; print "SF:" sf
		for (i = 1; i <= nfn; i++) print fn[i]
		for (i = 1; i <= nfn; i++) print fnda[i]
		print "FNF:" fnf + 0; print "FNH:" fnh + 0
		for (i = 1; i <= nbr; i++) print "BRDA:" br[i]
		print "BRF:" brf + 0; print "BRH:" brh + 0
		for (i = 1; i <= nda; i++) print da[i]
		print "LF:" lf + 0; print "LH:" lh + 0
		print "end_of_record"
	}' >want
same "tracefile = geninfo on arcov -a -b -c" want excl.info
grep -c '^BRDA:.*,-$' excl.info >got; echo 2 >want
same "never-executed blocks give '-'" want got

# lcov and genhtml read it; their totals.
lcov --summary excl.info --rc "$lcov_branch_rc" >sum 2>&1
status "lcov --summary" 0 $?
check "lcov lines" "64.5% (20 of 31 lines)" \
	"$(sed -n 's/^ *lines\.*: //p' sum)"
check "lcov functions" "66.7% (4 of 6 functions)" \
	"$(sed -n 's/^ *functions\.*: //p' sum)"
check "lcov branches" "60.0% (12 of 20 branches)" \
	"$(sed -n 's/^ *branches\.*: //p' sum)"
genhtml --branch-coverage -o html excl.info >gen 2>&1
status "genhtml" 0 $?
check "genhtml lines" "64.5% (20 of 31 lines)" \
	"$(sed -n 's/^ *lines\.*: //p' gen)"
check "genhtml functions" "66.7% (4 of 6 functions)" \
	"$(sed -n 's/^ *functions\.*: //p' gen)"
check "genhtml branches" "60.0% (12 of 20 branches)" \
	"$(sed -n 's/^ *branches\.*: //p' gen)"
check "genhtml annotated the source" 1 \
	"$(grep -l 'never(int v)' html/*/excl.c.gcov.html 2>/dev/null | wc -l)"

# The same numbers as arcov's own summary, and "-" is stdout.
"$ARCOV" -n -b excl.c >out
check "arcov's summary" "Lines executed:64.52% of 31 Taken at least once:60.00% of 20" \
	"$(sed -n '2p;4p' out | tr '\n' ' ' | sed 's/ $//')"
"$ARCOV" -n --lcov - excl.c >out 2>err
sed -n '/^TN:/,$p' out >got
same "--lcov - writes stdout" excl.info got
"$ARCOV" -n --lcov nodir/x.info excl.c >out 2>err
status "unwritable tracefile" 1 $?
echo 'arcov: nodir/x.info: cannot create: No such file or directory' >want
same "unwritable tracefile message" want err
exit $fail
