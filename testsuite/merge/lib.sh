# lib.sh -- shared helpers of the arcov-merge tests: the encoders and
# checks of the reporter's tests, plus .da blocks with run labels.
. "${top_srcdir:-.}/testsuite/report/lib.sh"
MERGE=$arcov_merge
# rt-check prints a .da block by block (testsuite/runtime/rt-check.c).
CHECK=$rt_check

# label_tail LABEL: the extension tail holding run label LABEL
# (doc/da-extension.md §1): tag 1, length, characters, zero padding.
label_tail() {
	w 1 ${#1}
	printf '%s' "$1"
	n=$(( (4 - ${#1} % 4) % 4 ))
	while [ $n -gt 0 ]; do byte 0; n=$((n - 1)); done
}

# hdr NFNS LABEL PARCS PSUM PMAX OARCS OSUM OMAX: a block header, with an
# extension tail holding LABEL unless LABEL is empty.
hdr() {
	nf=$1 lab=$2
	shift 2
	tl=0
	if [ -n "$lab" ]; then tl=$(( 8 + (${#lab} + 3) / 4 * 4 )); fi
	w -123 "$nf" $((40 + tl)) "$1"; c "$2" "$3"; w "$4"; c "$5" "$6"
	if [ -n "$lab" ]; then label_tail "$lab"; fi
}

# fnrec NAME CHECKSUM COUNTER...: one function record.
fnrec() {
	n=$1 k=$2
	shift 2
	cs "$n"; w "$k" $#; c "$@"
}

# shows NAME FILE: rt-check FILE must print the text on stdin.
shows() {
	cat >want
	"$CHECK" "$2" >got 2>&1
	same "$1" want got
}
