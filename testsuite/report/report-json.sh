#!/bin/sh
# report-json.sh -- arcov -j, GCC 12's JSON intermediate format: exact
# documents for hand-made files; for sample.c built with the plugin, a
# document that passes a JSON schema of format 1 (which gcov's own passes
# too) and says what gcov -j says of the same program built with gcc
# --coverage; gcov's file name, gzip and stdout.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"
needs "$GCOV" gcc
$python -c 'import jsonschema' 2>/dev/null || {
	echo "FAIL: python3 jsonschema missing (Debian package python3-jsonschema; build-aux/setup installs it)"
	exit 1
}
schema=$here/gcov-json.schema.json
enter_tmp

# The machine-specific fields, made fixed.
unmachine() {
	sed -e 's/"gcc_version": "[^"]*"/"gcc_version": "V"/' \
	    -e 's|"current_working_directory": "[^"]*"|"current_working_directory": "D"|'
}

# --- exact documents: two sources with -o, demangling, -t ---
write_two_sources
"$ARCOV" -o obj -j -b -t m.c >out 2>err; status "-j -t" 0 $?
unmachine <out >got
cat >want <<'X'
{"format_version": "1", "gcc_version": "V", "current_working_directory": "D", "data_file": "m.c", "files": [{"file": "sub/h.h", "functions": [{"name": "_Z2hfv", "demangled_name": "hf()", "start_line": 2, "start_column": 0, "end_line": 2, "end_column": 0, "blocks": 1, "blocks_executed": 1, "execution_count": 2}], "lines": [{"line_number": 2, "function_name": "_Z2hfv", "count": 2, "unexecuted_block": false, "branches": []}]}, {"file": "m.c", "functions": [{"name": "main", "demangled_name": "main", "start_line": 4, "start_column": 0, "end_line": 4, "end_column": 0, "blocks": 1, "blocks_executed": 1, "execution_count": 1}], "lines": [{"line_number": 4, "function_name": "main", "count": 1, "unexecuted_block": false, "branches": []}]}]}
X
same "two sources, one line" want got
sed -n 's/.*"current_working_directory": "\([^"]*\)".*/\1/p' out >got
pwd >want
same "current_working_directory is where sources are read" want got

# --- the loop example: branches only with -b; a C name is not demangled
# (the demangler would read "g" as __float128) ---
write_loop_example
"$ARCOV" -j -b -t l.c | unmachine >got
cat >want <<'X'
{"format_version": "1", "gcc_version": "V", "current_working_directory": "D", "data_file": "l.c", "files": [{"file": "l.c", "functions": [{"name": "loop", "demangled_name": "loop", "start_line": 3, "start_column": 0, "end_line": 4, "end_column": 0, "blocks": 4, "blocks_executed": 4, "execution_count": 1}], "lines": [{"line_number": 3, "function_name": "loop", "count": 11, "unexecuted_block": false, "branches": [{"count": 10, "throw": false, "fallthrough": true}, {"count": 1, "throw": false, "fallthrough": false}]}, {"line_number": 4, "function_name": "loop", "count": 1, "unexecuted_block": false, "branches": []}]}]}
X
same "loop with -b" want got
"$ARCOV" -j -t l.c | grep -c '"branches": \[\]' >got
echo 1 >want
same "no branches without -b" want got
write_call_example
"$ARCOV" -j -t g.c | grep -o '"demangled_name": "[^"]*"' >got
echo '"demangled_name": "g"' >want
same "C names stay as they are" want got

# --- the .gcov.json.gz file: gcov's stdout, name, and the -t document ---
"$ARCOV" -j l.c >out 2>err; status "-j" 0 $?
printf '%s\n' "File 'l.c'" 'Lines executed:100.00% of 2' '' \
	"Creating 'l.gcov.json.gz'" 'Lines executed:100.00% of 2' >want
same "-j stdout" want out
ls *.gcov 2>/dev/null >got; : >want
same "-j writes no .gcov" want got
{ gzip -dc l.gcov.json.gz; echo; } >got
"$ARCOV" -j -t l.c >want
same "gzipped document is the -t one" want got
rm -f l.gcov.json.gz
"$ARCOV" -j -n l.c >out; ls *.json.gz 2>/dev/null >got; : >want
same "-j -n writes nothing (the later option wins)" want got
"$ARCOV" -n -j l.c >out; ls *.json.gz >got; echo l.gcov.json.gz >want
same "-n -j writes the file" want got
mkdir -p d && cp l.bb l.bbg l.da d/
"$ARCOV" -j -p d/l.c >out; ls *.json.gz >got
printf '%s\n' 'l##d#l.gcov.json.gz' l.gcov.json.gz >want
same "-p name" want got
rm -f l.gcov.json.gz && mkdir l.gcov.json.gz
"$ARCOV" -j l.c >out 2>err; status "unwritable .gcov.json.gz" 1 $?
printf '%s\n' 'Cannot open JSON output file l.gcov.json.gz' \
	'arcov: l.gcov.json.gz: cannot write: Is a directory' >want
same "unwritable message" want err

# --- sample.c: the plugin's build against gcc --coverage's ---
mkdir ref arc
(cd ref && cp "$here/sample.c" . && $CC -O0 --coverage -c sample.c &&
	$CC --coverage sample.o -o sample && ./sample >/dev/null &&
	$GCOV -j -b -t sample.c >sample.json 2>/dev/null) || exit 99
(cd arc && plugin_build sample.c &&
	"$ARCOV" -j -b -t sample.c >sample.json 2>err) || exit 99
# The schema is gcov 12's format, which arcov writes; a later gcov's own
# document (format_version 2 from GCC 14 on) is compared by its data only.
$python - "$schema" ref/sample.json arc/sample.json "$gcc_major" >got <<'X'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
ref, arc = (json.load(open(f)) for f in sys.argv[2:4])
docs = (("gcov", ref), ("arcov", arc))
if sys.argv[4] != "12":
    print("gcov valid" if "format_version" in ref else "gcov invalid")
    docs = docs[1:]
for name, doc in docs:
    try:
        jsonschema.validate(doc, schema)
        print(name, "valid")
    except jsonschema.ValidationError as e:
        print(name, "invalid:", e.message)

# The fields of gcov 12's functions, which arcov writes; later gcovs add
# more (GCC 16: conditions and calls per function).
keys = set(arc["files"][0]["functions"][0]) if arc["files"][0]["functions"] else set()

def functions(doc):
    # Columns: a .bb/.bbg pair has none.
    return [{k: v for k, v in f.items()
             if not k.endswith("_column") and k in keys}
            for f in doc["files"][0]["functions"]]

def lines(doc):
    # Which arm GCC calls the fall-through differs from the plugin's
    # choice (notes-format.md), so branches are compared as counts.
    return [(l["line_number"], l.get("function_name"), l["count"],
             l["unexecuted_block"],
             sorted((b["count"], b["throw"]) for b in l["branches"]))
            for l in doc["files"][0]["lines"]]

print("files", [f["file"] for f in arc["files"]] ==
      [f["file"] for f in ref["files"]])
print("functions", functions(arc) == functions(ref))
for got, want in zip(lines(arc), lines(ref)):
    if got != want:
        print("line differs:", got, want)
print("lines", lines(arc) == lines(ref), len(lines(arc)))
print("branches", sum(len(l[4]) for l in lines(arc)))
X
cat >want <<'X'
gcov valid
arcov valid
files True
functions True
lines True 24
branches 11
X
same "sample.c: schema, and gcov 12's functions, lines and branches" want got
exit $fail
