#!/bin/sh
# report-cobertura.sh -- arcov --cobertura: valid against Cobertura's
# coverage-04 DTD, the totals arcov's summary gives, and the same numbers,
# class by class and line by line, as the Cobertura XML gcovr writes from
# arcov's .gcov files.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
needs xmllint libxml2-utils
needs gcovr gcovr
dtd=$here/coverage-04.dtd
enter_tmp

# valid FILE: xmllint's DTD check (the document's own DTD URL is not
# fetched: tests run offline).
valid() {
	xmllint --nonet --noout --dtdvalid "$dtd" "$1" 2>xmllint.err
	st=$?
	status "$1 valid against coverage-04.dtd" 0 $st
	[ $st -eq 0 ] || grep 'validity error' xmllint.err | sed 's/^/    /'
}

attr() { xmllint --nonet --xpath "string($2)" "$1"; }

# excl.c without its markers, two sources in two directories.
plugin_build excl.c
sed 's/[A-Z]*_EXCL_[A-Z_]*//' "$here/excl.c" >excl.c
touch -t 200001010000 excl.c
SOURCE_DATE_EPOCH=1234567890 "$ARCOV" -b --cobertura cov.xml excl.c >out \
	2>err
status "--cobertura" 0 $?
valid cov.xml
check "lines-valid" 31 "$(attr cov.xml /coverage/@lines-valid)"
check "lines-covered" 20 "$(attr cov.xml /coverage/@lines-covered)"
check "branches-valid" 20 "$(attr cov.xml /coverage/@branches-valid)"
check "branches-covered" 12 "$(attr cov.xml /coverage/@branches-covered)"
check "line-rate" 0.6451612903225806 "$(attr cov.xml /coverage/@line-rate)"
check "branch-rate" 0.6 "$(attr cov.xml /coverage/@branch-rate)"
check "timestamp from SOURCE_DATE_EPOCH" 1234567890 \
	"$(attr cov.xml /coverage/@timestamp)"
check "class" "excl_c excl.c" \
	"$(attr cov.xml 'concat(//class/@name, " ", //class/@filename)')"
check "methods" "check spare pick odd never main" \
	"$(xmllint --nonet --xpath '//method/@name' cov.xml |
	   sed 's/ *name="\([^"]*\)"/\1/' | tr '\n' ' ' | sed 's/ $//')"
check "method never: line-rate 0.0 of 2 lines" "0.0 2" \
	"$(attr cov.xml 'concat(//method[@name="never"]/@line-rate, " ",
			       count(//method[@name="never"]/lines/line))')"
check "line 53 conditions" "100% (2/2)" \
	"$(attr cov.xml '//class/lines/line[@number=53]/@condition-coverage')"
check "line 26 conditions" "75% (3/4)" \
	"$(attr cov.xml '//class/lines/line[@number=26]/@condition-coverage')"

# gcovr's Cobertura from arcov's .gcov files: the same numbers.
gcovr -g -k -r . --xml -o gcovr.xml >gcovr.out 2>&1
status "gcovr --use-gcov-files --xml" 0 $?
$python - cov.xml gcovr.xml >got <<'X'
import sys
import xml.etree.ElementTree as ET
ours, theirs = (ET.parse(f).getroot() for f in sys.argv[1:3])
keys = ("line-rate", "branch-rate", "lines-covered", "lines-valid",
        "branches-covered", "branches-valid")
print("coverage", [ours.get(k) == theirs.get(k) for k in keys])
def classes(root):
    return {c.get("filename"): c for c in root.iter("class")}
def lines(c):
    return [(l.get("number"), l.get("hits"), l.get("branch"),
             l.get("condition-coverage"),
             [d.get("coverage") for d in l.iter("condition")])
            for l in c.find("lines").findall("line")]
o, t = classes(ours), classes(theirs)
print("classes", sorted(o) == sorted(t))
for f in sorted(o):
    for k in ("name", "line-rate", "branch-rate"):
        if o[f].get(k) != t[f].get(k):
            print(f, k, o[f].get(k), t[f].get(k))
    print(f, "lines", lines(o[f]) == lines(t[f]), len(lines(o[f])))
X
cat >want <<'X'
coverage [True, True, True, True, True, True]
classes True
excl.c lines True 31
X
same "gcovr reads arcov's .gcov files into the same Cobertura" want got

# Packages: one per directory, with the two-source example.
mkdir two && cd two
write_two_sources
"$ARCOV" -o obj -b --cobertura cov.xml m.c >out 2>err
status "two sources" 0 $?
valid cov.xml
check "packages" "'' 'sub'" \
	"$(xmllint --nonet --xpath '//package/@name' cov.xml |
	   sed "s/ *name=\"\([^\"]*\)\"/'\1'/" | tr '\n' ' ' | sed 's/ $//')"
check "class in sub" "h_h sub/h.h" \
	"$(attr cov.xml 'concat(//package[@name="sub"]//class/@name, " ",
			       //package[@name="sub"]//class/@filename)')"
check "demangled method name" "hf()" \
	"$(attr cov.xml '//package[@name="sub"]//method/@name')"
check "no branches: rate 0.0, as gcovr" 0.0 \
	"$(attr cov.xml /coverage/@branch-rate)"
"$ARCOV" -o obj -n --cobertura - m.c >out 2>err
sed -n '/^<?xml/,$p' out | sed 's/timestamp="[0-9]*"//' >got
sed 's/timestamp="[0-9]*"//' cov.xml >want
same "--cobertura - writes stdout" want got
exit $fail
