# derive-lib.sh -- sourced by the tests of derived entry counts, after
# lib.sh: what the plugin decided, and reports to compare between builds.

# decisions SRC: the plugin's "derived"/"counted" lines from the pass dump
# of SRC's compilation in $tmp/arcov (built with -fdump-ipa-all).
decisions()
{
	cat "$tmp/arcov/$1".*i.arcov 2>/dev/null |
		grep '^arcov: \(derived\|counted\) ' > "$tmp/decisions" ||
		fail "no decisions in the pass dump of $1"
}

# expect_derived NAME...: after decisions, each NAME's entry is derived.
expect_derived()
{
	for fn; do
		grep -q "^arcov: derived $fn " "$tmp/decisions" ||
			fail "$fn not derived: $(grep " $fn[ :]" "$tmp/decisions")"
	done
}

# expect_counted NAME...: each NAME was a candidate, and is counted.
expect_counted()
{
	for fn; do
		grep -q "^arcov: counted $fn[ :]" "$tmp/decisions" ||
			fail "$fn not counted: $(grep " $fn[ :]" "$tmp/decisions")"
	done
}

# expect_absent NAME...: each NAME was never a candidate.
expect_absent()
{
	for fn; do
		grep -q " $fn[ :]" "$tmp/decisions" &&
			fail "$fn a candidate: $(grep " $fn[ :]" "$tmp/decisions")"
	done
	return 0
}

# increments SRC: the increments in the pass dump's function bodies.
increments()
{
	cat "$tmp/arcov/$1".*i.arcov |
		grep -c -e '^ *arcov\.[0-9]* = arcov\.[0-9]* + 1;' \
			-e '^ *__asm__ .*"{addq.\$1, %0'
}

# reports SRC OUT [RUN]: every report of SRC from $tmp/arcov in OUT: gcov
# 12's text with blocks, branch counts and function summaries, and gcov
# 3.3's (its .gcov file and summaries), with their diagnostics and exit
# statuses; only block RUN of the .da if given (the block of a dump made
# with frames open, or of the run after it, may solve to negative counts,
# in every build alike).
reports()
{
	run=${3:+--run=$3}
	(cd "$tmp/arcov" && rm -f ./*.gcov
	 "$arcov" -t -a -b -c -u -f $run "$1"
	 echo "status $?"
	 "$arcov" --legacy=3.3 -b -c -f $run "$1"
	 echo "status $?"
	 cat "$1.gcov") > "$2" 2>&1 ||
		fail "reporting $1: $(cat "$2")"
}
