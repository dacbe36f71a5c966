# lib.sh -- sourced by the end-to-end tests: build a program with the
# plugin and with GCC's own --coverage, run both, compare line data.
# The scratch directory holds the two builds, $tmp/arcov and $tmp/gcc.
. "$top_srcdir/testsuite/init.sh"

# The programs of these tests; the project and export tests share them.
srcdir=$testsuite/e2e
ignore_leaks
mkdir -p "$tmp/arcov" "$tmp/gcc" || hard_error "cannot make $tmp/arcov"

# build_arcov SRC [FLAGS...]: compile SRC with the plugin and link it with
# libarcov into $tmp/arcov/prog.  FLAGS go to both steps.
build_arcov()
{
	src=$1
	shift
	cp "$srcdir/$src" "$tmp/arcov/" || fail "cannot copy $src"
	(cd "$tmp/arcov" && build_with_plugin prog "$src" -- "$@") \
		> "$tmp/build.log" 2>&1 ||
		fail "building $src with the plugin: $(cat "$tmp/build.log")"
}

# asm_body FILE FUNCTION: FUNCTION's instructions in the assembly FILE
# (what gcc -S wrote), one a line, directives and labels left out.
asm_body()
{
	awk -v f="$2:" '$1 == f { on = 1; next }
	     on && /^\t\.cfi_endproc/ { exit }
	     on && /^\t[a-z]/' "$1"
}

# build_gcc SRC [FLAGS...]: the same program with gcc --coverage -O0 into
# $tmp/gcc/prog, GCC's own instrumentation, for reference.
build_gcc()
{
	src=$1
	shift
	cc=$(compiler_for "$src")
	cp "$srcdir/$src" "$tmp/gcc/" || fail "cannot copy $src"
	# Compile and link apart: a one-step build would name the notes
	# prog-SRC.gcno, which gcov SRC does not find.
	(cd "$tmp/gcc" && $cc --coverage -O0 "$@" -c "$src" &&
	 $cc --coverage "$@" "${src%.*}.o" -ldl -pthread -o prog) \
		> "$tmp/build.log" 2>&1 ||
		fail "building $src with --coverage: $(cat "$tmp/build.log")"
}

# run_both ARGS...: run both programs in their directories; they must
# print the same and exit alike.  The exit statuses are kept in $st_arcov
# and $st_gcc.
run_both()
{
	(cd "$tmp/gcc" && ./prog "$@") > "$tmp/gcc.out" 2> "$tmp/gcc.err"
	st_gcc=$?
	run_arcov "$@"
}

# run_arcov ARGS...: run our program again (after a rebuild with other
# flags) and hold it to what the --coverage build did in run_both.
run_arcov()
{
	(cd "$tmp/arcov" && ./prog "$@") > "$tmp/arcov.out" 2> "$tmp/arcov.err"
	st_arcov=$?
	cmp -s "$tmp/arcov.out" "$tmp/gcc.out" ||
		fail "the two builds printed different output"
	test "$st_arcov" = "$st_gcc" ||
		fail "exit status $st_arcov with arcov, $st_gcc with gcc"
	grep -v '^profiling:' "$tmp/arcov.err" | grep . && fail "stderr above"
	return 0
}

# lines SRC [BASE]: "LINE COUNT" (or + / #) from our notes and data BASE
# (default SRC without its suffix).
lines()
{
	base=${2:-${1%.*}}
	"$linecheck" "$tmp/arcov/$base" "$1" > "$tmp/lines" ||
		fail "linecheck $1 failed"
}

# check_marks SRC: every line marked /*@N*/ (or /*@+*/, /*@#*/) in the
# source must read exactly N in our data, and every line with code must be
# marked -- so a test states every count its program executes.
check_marks()
{
	lines "$1"
	awk '{ if (match($0, /\/\*@[^*]*\*\//)) print NR, substr($0, RSTART + 3, RLENGTH - 5) }' \
		"$srcdir/$1" > "$tmp/marks"
	diff -u "$tmp/marks" "$tmp/lines" > "$tmp/marks.diff" ||
		fail "$1: counts differ from the marks (- marks, + arcov):
$(cat "$tmp/marks.diff")"
}

# marked_report SRC NAME FLAGS...: build SRC with the plugin and FLAGS
# (a fresh .da), run both builds, hold the counts to SRC's marks, and
# write arcov's text report of SRC with branches and calls to
# $tmp/NAME.report, for comparing the ways one source is built.
marked_report()
{
	mr_src=$1
	mr_name=$2
	shift 2
	rm -f "$tmp/arcov/${mr_src%.*}.da"
	build_arcov "$mr_src" "$@"
	run_both
	check_marks "$mr_src"
	(cd "$tmp/arcov" && "$arcov" -t -b -c -f "$mr_src") \
		> "$tmp/$mr_name.report" 2>&1 ||
		fail "reporting $mr_src ($mr_name)"
}

# without_functions REPORT: a text report without what it says of each
# function (the "Function 'F'" summaries of -f, the "function F called"
# records of -b): the functions listed are those the object defines
# (plugin/emitted.cc), which two builds inlining differently at -O2 do
# not share, while every line, branch and call count is the same.
without_functions()
{
	awk '/^Function '"'"'/ { skip = 1; next }
		skip { if ($0 == "") skip = 0; next }
		/^function .* called / { next }
		{ print }' "$1"
}

# compare_gcov SRC [ALLOWED]: line status and single-block counts of SRC
# (not of the headers it includes) must agree with gcov 12 on the
# --coverage build.  ALLOWED is a space-separated
# list of line numbers whose difference the test explains.
compare_gcov()
{
	(cd "$tmp/gcc" && $GCOV -t "$1" 2>/dev/null) > "$tmp/gcov.txt" ||
		fail "gcov $1 failed"
	lines "$1"
	awk -v allowed=" ${2:-} " -v file="$1" '
		NR == FNR { ours[$1] = $2; next }
		/^ *-: *0:Source:/ { mine = substr($0, index($0, "Source:") + 7) == file; next }
		!mine { next }
		{
			n = split($0, f, ":")
			if (n < 3) next
			gsub(/ /, "", f[1]); gsub(/ /, "", f[2])
			ln = f[2] + 0
			if (ln == 0 || f[1] == "-") next
			c = f[1]; sub(/\*$/, "", c)
			if (c == "#####" || c == "=====") c = 0
			theirs[ln] = c + 0
		}
		END {
			bad = 0
			for (ln in ours) {
				if (index(allowed, " " ln " ")) continue
				if (!(ln in theirs)) {
					printf "%s:%d: code for arcov only\n", file, ln
					bad = 1; continue
				}
				o = ours[ln]; t = theirs[ln]
				if (o == "+" || o == "#") {
					if ((o == "+") != (t > 0)) {
						printf "%s:%d: arcov %s, gcov %d\n", file, ln, o, t
						bad = 1
					}
				} else if (o != t) {
					printf "%s:%d: arcov %d, gcov %d\n", file, ln, o, t
					bad = 1
				}
			}
			for (ln in theirs)
				if (!(ln in ours) && !index(allowed, " " ln " ")) {
					printf "%s:%d: code for gcov only\n", file, ln
					bad = 1
				}
			exit bad
		}' "$tmp/lines" "$tmp/gcov.txt" > "$tmp/gcov.diff" ||
		fail "$1 differs from gcov 12:
$(cat "$tmp/gcov.diff")"
}

# expect_report SRC LINE VALUE: arcov -t's count of LINE of SRC must be
# VALUE (for lines marked +, whose blocks' counts differ).
expect_report()
{
	(cd "$tmp/arcov" && "$arcov" -t "$1" 2>/dev/null) > "$tmp/report.txt" ||
		fail "arcov -t $1 failed"
	got=$(awk -v file="$1" -v l="$2" '
		/^ *-: *0:Source:/ {
			mine = substr($0, index($0, "Source:") + 7) == file
			next
		}
		mine && /^ / && split($0, f, ":") >= 3 && f[2] + 0 == l {
			c = f[1]; gsub(/ /, "", c); sub(/\*$/, "", c)
			print c
			exit
		}' "$tmp/report.txt")
	test "$got" = "$3" || fail "$1:$2: arcov -t reads ${got:-nothing}, want $3"
}

# expect_line SRC LINE VALUE: after lines SRC, LINE must read VALUE.
expect_line()
{
	got=$(awk -v l="$2" '$1 == l { print $2 }' "$tmp/lines")
	test "$got" = "$3" || fail "$1:$2: arcov ${got:-nothing}, want $3"
}

# check_report SRC: the reporter's own text (arcov -t, gcov 12's rule)
# reads every line marked /*@N*/ in SRC as N, a /*@+*/ line as run and a
# /*@#*/ line as never run, where check_marks reads the files alone.
check_report()
{
	(cd "$tmp/arcov" && "$arcov" -t "$1" 2>/dev/null) > "$tmp/report.txt" ||
		fail "arcov -t $1 failed"
	awk -v file="$1" '
		NR == FNR {
			if (match($0, /\/\*@[^*]*\*\//))
				mark[FNR] = substr($0, RSTART + 3, RLENGTH - 5)
			next
		}
		/^ *-: *0:Source:/ { mine = substr($0, index($0, "Source:") + 7) == file; next }
		!mine || /^------------------/ || /^[^ ]/ { next }
		{
			n = split($0, f, ":")
			if (n < 3) next
			c = f[1]; gsub(/ /, "", c); sub(/\*$/, "", c)
			ln = f[2] + 0
			if (!(ln in mark) || (ln in done)) next
			done[ln] = 1
			if (c == "#####" || c == "=====") c = 0
			m = mark[ln]
			if (m == "+" ? c + 0 > 0 : m == "#" ? c + 0 == 0 : c == m) next
			printf "%s:%d: arcov -t reads %s, marked %s\n", file, ln, c, m
			bad = 1
		}
		END { exit bad }' "$srcdir/$1" "$tmp/report.txt" > "$tmp/report.diff" ||
		fail "$1: the report differs from the marks:
$(cat "$tmp/report.diff")"
}

# The flags that give the loop pass's dump (plugin/loop-counts.cc,
# *.arcov_loops): it comes with every tree dump, a plugin's pass having
# no -fdump switch of its own.  GCC 13.3 fails an assertion dumping
# modref on loop-counts.c, with or without the plugin (gcc-13 -O2
# -fdump-tree-modref2 loop-counts.c): there modref is left out.
loop_dump=-fdump-tree-all
test "$gcc_major" = 13 && loop_dump="$loop_dump -fno-ipa-modref"
