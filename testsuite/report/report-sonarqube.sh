#!/bin/sh
# report-sonarqube.sh -- --sonarqube FILE, --coveralls FILE and
# --summary=dirs: two programs
# in two directories (excl.c with its exclusion markers, tpl.cc with a
# template's group of branches); SonarQube's generic coverage XML is well
# formed and says, line by line, what the lcov tracefile says (DA: a line
# to cover, BRDA: its branches), so does the Coveralls JSON (with each
# source's MD5, as md5sum computes it), and each directory's totals are
# the sums of its sources' in lcov.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
needs xmllint libxml2-utils
enter_tmp

mkdir a b
cp "$here/excl.c" a/ && cp "$here/tpl.cc" b/ || exit 99
if ! { (cd a && cc_plugin "$CC" -O0 -c excl.c -o excl.o &&
	link_arcov "$CC" excl.o -o prog && ./prog >/dev/null) &&
       (cd b && cc_plugin "$CXX" -O0 -c tpl.cc -o tpl.o &&
	link_arcov "$CXX" tpl.o -o prog && ./prog); } >build.log 2>&1; then
	sed 's/^/    /' build.log
	hard_error "building and running the programs"
fi

"$ARCOV" -n --summary=dirs --sonarqube=s.xml --lcov=all.info . >out 2>err
status "--sonarqube --summary=dirs" 0 $?
xmllint --noout s.xml 2>xml.err
same "s.xml is well-formed XML" /dev/null xml.err

# What lcov says, as SonarQube's lines to cover.
awk -v top="$(pwd -P)/" '
	/^SF:/ { f = substr($0, 4); sub("^" top, "", f)
		 print "  <file path=\"" f "\">"; delete brf; delete brh
		 n = 0; next }
	/^BRDA:/ { split(substr($0, 6), x, ",")
		   brf[x[1]]++; if (x[4] != "-" && x[4] > 0) brh[x[1]]++ }
	/^DA:/ { split(substr($0, 4), x, ","); da[++n] = x[1]; c[n] = x[2] }
	/^end_of_record/ {
		for (i = 1; i <= n; i++) {
			l = "    <lineToCover lineNumber=\"" da[i] "\" covered=\"" \
			    (c[i] > 0 ? "true" : "false") "\""
			if (brf[da[i]])
				l = l " branchesToCover=\"" brf[da[i]] \
				    "\" coveredBranches=\"" brh[da[i]] + 0 "\""
			print l "/>"
		}
		print "  </file>"
	}' all.info >want
grep -v 'coverage' s.xml >got
same "SonarQube's lines and branches = lcov's DA and BRDA" want got

# Coveralls: the token from the environment, each source's MD5, a
# coverage entry per line of it, its branches, all as lcov says.
COVERALLS_REPO_TOKEN=t0k3n "$ARCOV" -n --coveralls=c.json . >out2 2>err
status "--coveralls" 0 $?
for src in a/excl.c b/tpl.cc; do
	"$python" -c '
import json, sys
d = json.load(open("c.json"))
assert d["repo_token"] == "t0k3n" and d["service_name"] == "arcov"
f = [f for f in d["source_files"] if f["name"] == sys.argv[1]][0]
print(f["source_digest"])
print(len(f["coverage"]))
for n, c in enumerate(f["coverage"]):
    if c is not None:
        print("DA:%d,%d" % (n + 1, c))
b = f["branches"]
print("BRF:%d BRH:%d" % (len(b) // 4,
      sum(1 for i in range(3, len(b), 4) if b[i] > 0)))' "$src" >got
	{ md5sum <"$src" | cut -d' ' -f1
	  wc -l <"$src" | tr -d ' '
	  awk -v sf="$(pwd -P)/$src" '/^SF:/ { on = substr($0, 4) == sf }
		on && /^DA:/' all.info
	  awk -v sf="$(pwd -P)/$src" '/^SF:/ { on = substr($0, 4) == sf }
		on && /^BRF:/ { f = substr($0, 5) }
		on && /^BRH:/ { h = substr($0, 5) }
		END { print "BRF:" f " BRH:" h }' all.info
	} >want
	same "--coveralls: $src as md5sum and lcov say" want got
done

# Each directory: the sums of lcov's LH/LF, FNH/FNF, BRH/BRF.
for d in a b; do
	lcov_dir=$(awk -v top="$(pwd -P)/$d/" '
		/^SF:/ { on = index(substr($0, 4), top) == 1 }
		on && /^L[FH]:/ { v[substr($0, 1, 2)] += substr($0, 4) }
		on && /^FN[FH]:/ { v[substr($0, 1, 3)] += substr($0, 5) }
		on && /^BR[FH]:/ { v[substr($0, 1, 3)] += substr($0, 5) }
		END { print v["LH"] + 0, v["LF"] + 0, v["FNH"] + 0,
			    v["FNF"] + 0, v["BRH"] + 0, v["BRF"] + 0 }' all.info)
	set -- $lcov_dir
	pct() { awk -v h="$1" -v t="$2" 'BEGIN { printf "%.2f%%", 100 * h / t }'; }
	echo "Directory '$d': lines $(pct $1 $2) of $2, functions $(pct $3 $4)" \
		"of $4, branches $(pct $5 $6) of $6" >want
	grep "^Directory '$d'" out >got
	same "--summary=dirs: $d = lcov's sums" want got
done
"$ARCOV" -n --summary=files . >out 2>err
status "--summary=files" 2 $?
exit $fail
