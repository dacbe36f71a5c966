#!/bin/sh
# profile-errors.sh -- arcov's profile options on bad input and bad usage:
# a corrupt or truncated trace is named with the offset of what is wrong
# (exit 1, nothing written), misused options exit 2, a trace without a
# timeline refuses the timeline exports; and the XML without indentation
# holds the same as the indented one.
. "$top_srcdir/testsuite/profile/lib.sh"

build_profiled except.cc -O0
d=$tmp/arcov
(cd "$d" && ./prog) > "$tmp/out" 2>&1 || fail "except failed: $(cat "$tmp/out")"
t=$d/prog.arcov-trace

# expect STATUS MESSAGE-REGEX ARGS...: arcov exits STATUS saying that.
expect()
{
	st=$1 re=$2
	shift 2
	"$arcov" "$@" > "$tmp/o" 2> "$tmp/e"
	got=$?
	[ $got -eq "$st" ] || fail "arcov $*: exit $got, not $st: $(cat "$tmp/e")"
	grep -Eq -e "$re" "$tmp/e" || fail "arcov $*: said $(cat "$tmp/e")"
}

head -c 100 "$t" > "$d/cut.arcov-trace"
expect 1 "^arcov: $d/cut.arcov-trace: offset [0-9]+: .*(need|truncated)" \
	--profile-flat "$d/cut.arcov-trace"
printf 'ARCOVTRX' | dd of="$d/bad.arcov-trace" bs=1 2>/dev/null
cat "$t" >> "$d/bad.arcov-trace"
expect 1 "^arcov: $d/bad.arcov-trace: offset 0: not an arcov trace file" \
	--profile-flat "$d/bad.arcov-trace"
expect 1 "^arcov: $d/none.arcov-trace: " --profile-flat "$d/none.arcov-trace"
expect 1 "no timeline was recorded; run the program with ARCOV_TIMELINE=1" \
	--chrome-trace="$d/c.json" "$t"
[ ! -e "$d/c.json" ] || fail "a refused export left a file"
expect 2 "--timeline-version takes 1.0 or 1.1, not '2'" \
	--timeline-bin=x --timeline-version=2 "$t"
expect 2 "--timeline-version needs --timeline-bin" \
	--winidea=x --timeline-version=1.0 "$t"
expect 2 "--profile-unit takes 10ns or ns" --profile-unit=s "$t"
expect 2 "--webgrind-version=4 needs --profile-time" \
	--webgrind=x --webgrind-version=4 "$t"

(cd "$d" && ARCOV_TIMELINE=1 ./prog) > "$tmp/out" 2>&1 || fail "except failed"
"$arcov" --winidea="$d/w2.xml" "$t" && "$arcov" --winidea="$d/w0.xml" \
	--winidea-indent=0 "$t" || fail "arcov --winidea"
xmllint --noout "$d/w0.xml" || fail "the unindented XML is not well-formed"
[ "$(wc -l < "$d/w0.xml")" -le 2 ] || fail "--winidea-indent=0 still indents"
python3 - "$d/w2.xml" "$d/w0.xml" <<'PY' || fail "indentation changed the content"
import sys, xml.etree.ElementTree as ET
def canon(p):
    root = ET.parse(p).getroot()
    for e in root.iter():
        e.text = (e.text or '').strip()
        e.tail = ''
    return ET.tostring(root)
sys.exit(canon(sys.argv[1]) != canon(sys.argv[2]))
PY
pass
