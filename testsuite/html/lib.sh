# lib.sh -- helpers of the HTML site's tests: pages rendered by headless
# Chromium, read back by dom.py, and the same facts from arcov's text,
# lcov and JSON reports, one per line, for `same` to compare.

. "${top_srcdir:-.}/testsuite/report/lib.sh"
. "${top_srcdir:-.}/testsuite/report/build-lib.sh"

# A browser, or the test cannot say anything: skipped, visibly.
# build-aux/setup installs Debian's chromium.
browser=
for b in chromium chromium-browser; do
	command -v "$b" >/dev/null 2>&1 && { browser=$b; break; }
done
[ -n "$browser" ] || skip "no chromium (Debian package chromium; build-aux/setup installs it)"
needs xmllint libxml2-utils

# chrome ARGS...: headless Chromium, no network, a profile of its own.
chrome() {
	chrome_dir=$(mktemp -d "$tmp/chrome.XXXXXX") || exit 99
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$chrome_dir" "$@" 2>>"$tmp/chrome.log"
	chrome_status=$?
	rm -rf "$chrome_dir"
	return $chrome_status
}

# render NAME PAGE[?QUERY]: the DOM of the site's PAGE, scripts run, into
# NAME.dom.
render() {
	chrome --dump-dom "file://$tmp/$2" >"$tmp/$1.dom"
	[ -s "$tmp/$1.dom" ] || hard_error "chromium rendered nothing of $2"
}

# dom QUERY NAME [ARGS]: dom.py's QUERY of the page rendered as NAME.
dom() {
	dom_q=$1 dom_n=$2
	shift 2
	"$python" "$srcdir/dom.py" "$dom_q" "$tmp/$dom_n.dom" "$@"
}

# dom_file NAME: the DOM of the page rendered as NAME.
dom_file() { echo "$tmp/$1.dom"; }

# shoot FILE PAGE[?QUERY] WIDTH,HEIGHT: a screenshot, kept beside the
# test's log; it must be a PNG.
shoot() {
	chrome --screenshot="$builddir/testsuite/html/$1" \
		--window-size="$3" "file://$tmp/$2" >/dev/null
	if [ "$(head -c 4 "$builddir/testsuite/html/$1" | tail -c 3)" = PNG ]
	then
		echo "PASS: screenshot testsuite/html/$1"
	else
		echo "FAIL: no screenshot of $2"
		fail=1
	fi
}

# lcov_totals INFO [SF]: "lines H T", "functions H T", "branches H T"
# summed over INFO's records (only SF's when given).
lcov_totals() {
	awk -v sf="${2-}" '
		/^SF:/ { on = sf == "" || substr($0, 4) == sf }
		on && /^L[FH]:/ { v[substr($0, 1, 2)] += substr($0, 4) }
		on && /^FN[FH]:/ { v[substr($0, 1, 3)] += substr($0, 5) }
		on && /^BR[FH]:/ { v[substr($0, 1, 3)] += substr($0, 5) }
		END {
			print "lines", v["LH"] + 0, v["LF"] + 0
			print "functions", v["FNH"] + 0, v["FNF"] + 0
			print "branches", v["BRH"] + 0, v["BRF"] + 0
		}' "$1"
}

# The .gcov text (-t) of SRC, read on stdin: its lines, one per record.
text_source() {
	awk -v want="$1" '
		/^ +-: +0:Source:/ { sub(/^ +-: +0:Source:/, ""); on = $0 == want; next }
		on'
}

# text_lines SRC: "LINE COUNT" of each line with code.
text_lines() {
	text_source "$1" | awk '
		/^ *[^ :]+: *[0-9]+:/ {
			split($0, f, ":"); c = f[1]; gsub(/ /, "", c)
			if (c == "-") next
			sub(/\*$/, "", c)
			if (c == "#####" || c == "=====") c = 0
			print f[2] + 0, c
		}'
}

# text_arcs SRC: "LINE branch|call N COUNT|-" of gcov -b -c's arc records.
text_arcs() {
	text_source "$1" | awk '
		/^ *[^ :]+: *[0-9]+:/ { split($0, f, ":"); line = f[2] + 0 }
		/^(branch|call) / {
			print line, $1, $2, $3 == "never" ? "-" : $4
		}'
}

# text_nav SRC: the lines the n key visits: not run, or with a branch
# never taken.
text_nav() {
	text_source "$1" | awk '
		/^ *[^ :]+: *[0-9]+:/ {
			split($0, f, ":"); c = f[1]; gsub(/ /, "", c)
			line = f[2] + 0
			if (c == "#####" || c == "=====") nav[line] = 1
		}
		/^branch / && ($4 == "0" || $3 == "never") { nav[line] = 1 }
		END { for (l in nav) print l }' | sort -n
}

# json_fns SRC: "NAME CALLS BLOCKS-EXECUTED" of the functions of SRC in
# gcov -j -t's JSON, read on stdin.
json_fns() {
	"$python" -c '
import json, sys
for doc in sys.stdin:
    for f in json.loads(doc)["files"]:
        if f["file"] == sys.argv[1]:
            for fn in sorted(f["functions"], key=lambda fn: fn["start_line"]):
                print(fn["demangled_name"], fn["execution_count"],
                      fn["blocks_executed"])' "$1"
}
