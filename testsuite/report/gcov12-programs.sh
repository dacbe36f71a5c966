#!/bin/sh
# gcov12-programs.sh -- arcov's .gcov files against gcov 12's for every
# program of the end-to-end tests (testsuite/e2e) and export/calltree.c.
#
# Each program is built twice at -O0, with the plugin and libarcov and with
# GCC's own --coverage, both builds run alike (same output, same exit
# status), then arcov and gcov 12 write the .gcov of the source, with -b -c
# and again with -a -b -c, and the two files must be the same, line counts,
# block lines, branch and call lines and "function ... called ..." lines
# alike.  Where they may not be, a filter below rewrites the lines of
# gcov 12's file that one documented difference touches into exactly the
# lines arcov prints instead: counts on both sides are spelled out, and a
# filter whose lines are not there (once) fails the test, so no filter
# can hide anything but the difference it names.
#
# Past the header (file names, run count) what differs is the flow graph,
# never the reporter's arithmetic: GCC 12 instruments its own CFG, the
# plugin writes GCC 3.3's (doc/formats.md §3.3), where a call that returns
# twice starts its block and gets a fake arc from ENTRY, and exception
# edges become fake arcs (to EXIT from the throwing call, from ENTRY into
# the landing pad) instead of counted arcs; and execl(), sent to
# libarcov's wrapper, is a call like any other.  arcov then says what
# gcov 12 says of that graph (lines.c, gcov-text.c).
. "${top_srcdir:-.}/testsuite/report/lib.sh"
build=$(cd "$top_builddir" && pwd)
testsuite=$(cd "$top_srcdir" && pwd)/testsuite
: "${CC:=gcc}" "${CXX:=g++}"
plugin=-fplugin=$build/plugin/.libs/arcov.so
san=${SAN_FLAGS:-}
# A sanitized plugin runs inside cc1, which is not: preload the ASan
# runtime into the compiler only, and ignore GCC's by-design leaks.
compile_env=
if [ -n "$san" ]; then
	compile_env="LD_PRELOAD=$($CC -print-file-name=libasan.so)"
	ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
	export ASAN_OPTIONS
fi
# The hunks below are what GCC 12's code and gcov 12 give; other GCCs'
# reports are held to their own gcov by the e2e tests (compare_gcov).
test "$gcc_major" = 12 ||
	{ echo "SKIP: the reference hunks are GCC 12's; this is GCC $gcc_major"; exit 77; }
case $($GCOV --version 2>/dev/null) in
*" 12."*) ;;
*) echo "FAIL: $GCOV is not GCC 12's (Debian package gcc-12)"; exit 1 ;;
esac
enter_tmp

# rewrite FILTER FILE MODE: apply the hunk on stdin to gcov 12's FILE.  Its
# "-" lines are gcov 12's, the "+" lines arcov's.  A line written as just
# its count and number ("       10:   19:") stands for that source line
# whatever its text.  The hunks show -a output; in MODE bc (no -a) their
# block lines are left out, as neither tool prints them.
rewrite() {
	cat >"$tmp/hunk"
	if awk -v name="$1" -v hunk="$tmp/hunk" -v mode="$3" '
	function bare(s) { return length(s) == 16 && s ~ /^ *[^ ]+: *[0-9]+:$/ }
	function num(s) { sub(/^ *[^ ]+: */, "", s); return s + 0 }
	function is(h, b) { return bare(h) ? substr(b, 1, 16) == h : h == b }
	BEGIN {
		while ((getline l <hunk) > 0) {
			if (mode == "bc" && l ~ /-block +[0-9]+$/)
				continue
			if (l ~ /^-/)
				old[++nold] = substr(l, 2)
			else if (l ~ /^\+/)
				new[++nnew] = substr(l, 2)
		}
	}
	{ buf[++n] = $0 }
	END {
		for (i = 1; i + nold - 1 <= n; i++) {
			for (j = 1; j <= nold && is(old[j], buf[i + j - 1]); j++)
				;
			if (j > nold) {
				hits++
				at = i
			}
		}
		if (hits != 1) {
			printf "filter %s: gcov 12 lines found %d times, not once:\n",
				name, hits
			for (j = 1; j <= nold; j++)
				print "    " old[j]
			exit 1
		}
		for (j = 1; j <= nold; j++)
			if (bare(old[j]))
				text[num(old[j])] = substr(buf[at + j - 1], 17)
		for (j = 1; j <= nnew; j++)
			if (bare(new[j]) && !(num(new[j]) in text)) {
				printf "filter %s: no gcov 12 line %d\n",
					name, num(new[j])
				exit 1
			}
		for (i = 1; i < at; i++)
			print buf[i]
		for (j = 1; j <= nnew; j++)
			print new[j] (bare(new[j]) ? text[num(new[j])] : "")
		for (i = at + nold; i <= n; i++)
			print buf[i]
	}' "$2" >"$2.new"; then
		mv "$2.new" "$2"
	else
		echo "FAIL: $(sed -n 1p "$2.new")"
		sed 1d "$2.new"
		fail=1
	fi
}

# ---- The filters: FILE is gcov 12's .gcov, MODE bc or abc. ----

# All programs: the header names the notes and data gcov 12 and arcov
# read, NAME.gcno and NAME.gcda against NAME.bbg and NAME.da.
notes_names() {
	rewrite notes_names "$1" "$2" <<EOF
-        -:    0:Graph:$3.gcno
-        -:    0:Data:$3.gcda
+        -:    0:Graph:$3.bbg
+        -:    0:Data:$3.da
EOF
}

# fork.c and exec.c: gcov 12's "Runs:" is the run count of the .gcda's
# summary, which libgcov raises each time a process writes it: the parent
# and the child of fork(), the image before execl() and the one after, 2.
# A .da has no run count (doc/formats.md §4.1); arcov counts the .da blocks,
# and libarcov merged both processes' counts into one.
runs() {
	rewrite runs "$1" "$2" <<'EOF'
-        -:    0:Runs:2
+        -:    0:Runs:1
EOF
}

# jump.c:19, "if (setjmp(env))" in try_all, reached 10 times by the loop
# and 3 more times by longjmp() from thrower().  GCC 12 ends setjmp's
# block with a fake arc to EXIT like any call's and writes no arc for the
# second returns (profile.cc: functions returning multiple times "simply
# allow negative counts"), so gcov 12 solves that fake arc to -3: the
# line reads the 10 entries from the loop, "call 0 returned 13" is 10 - -3,
# and in -a the test of setjmp's result (13) is a call return, not shown.
# The plugin gives setjmp GCC 3.3's shape (doc/formats.md §3.3 step 4): it
# starts its block, a fake arc from ENTRY brings the 3 second returns, and
# no fake arc leaves it; so the line reads 10 + 3 = 13, there is no call
# line, the branches count from 0, and -a shows the setjmp block and the
# test block (13 each).  The function line is gcov 12's: arcov's
# "called" leaves out the fake arc from ENTRY, so both read 1 call.
setjmp_returns() {
	rewrite setjmp_returns "$1" "$2" <<'EOF'
-       10:   19:
-       10:   19-block  0
-call    0 returned 13
-branch  1 taken 3 (fallthrough)
-branch  2 taken 10
+       13:   19:
+       13:   19-block  0
+       13:   19-block  1
+branch  0 taken 3 (fallthrough)
+branch  1 taken 10
EOF
}

# fork.c:22, "pid_t pid = fork();" in main: the same shapes as setjmp's.
# GCC 12's fork block is entered once and its fake arc to EXIT solved to
# -1, so the line reads 1 and "call 0 returned 2"; -a hides the block as
# the call return of work(2) and line 23's block as fork's.  The plugin
# starts a block with fork(), entered from line 21 (1) and by a fake arc
# from ENTRY (the second return, 1): the line reads 2, as the source's
# mark says, no call line; -a shows that block (two predecessors) and
# line 23's (fork's block is no call site).  main's entry block counts
# 1 + 1, but arcov's "called" leaves out the fake arc from ENTRY: the
# function line is gcov 12's, called 1, returned 100%.
fork_returns() {
	rewrite fork_returns "$1" "$2" <<'EOF'
-        1:   22:
-call    0 returned 2
-        2:   23:
+        2:   22:
+        2:   22-block  0
+        2:   23:
+        2:   23-block  0
EOF
}

# except.cc:8, the throw in check() (10 calls, 2 throws).  GCC 12 keeps
# the exception edge of the runtime_error constructor's call to the
# cleanup landing pad (__cxa_free_exception, line 8, never run) as a
# counted arc, "branch 3 taken 0 (throw)" beside the fall-through.  The
# plugin, as GCC 3.3 did (doc/formats.md §3.3 step 5), replaces it by fake
# arcs, and names it in the .arcov-notes; the reporter puts it back as
# the throw arc gcov 12 has, so the branches read alike (and so do those
# of except.cc:15, whose call throws into the catch on line 16).  The
# pad, code run only for an exception thrown from line 8, does not list
# line 8 (doc/notes-format.md §4, "Lines"); the reporter shows it under
# the line of the call that throws into it, as gcov 12 does.  And since
# the pad both is entered by an exception edge and ends in a call that
# may not return, the plugin splits it after its labels (the arc between
# the halves counts what the two fake arcs cannot): one block more, never
# run, 7 of 9 (78%).
eh_cleanup() {
	rewrite eh_cleanup "$1" "$2" <<'EOF'
-function _ZL5checki called 10 returned 80% blocks executed 88%
+function _ZL5checki called 10 returned 80% blocks executed 78%
EOF
}

# throw3.cc: exceptions thrown from leaf() through middle(), whose guard
# is destroyed by a cleanup, and top() to main's catch.  Every call that
# may throw into a handler or a cleanup of its function has its "(throw)"
# branch, as in gcov 12.  leaf()'s cleanup pad is split after its labels
# as except.cc's is: 7 blocks of 9 run (78%).  And the block that returns
# main's value, which lists no line in either graph, is shown under the
# line it continues, as the reporter shows the blocks continuing a
# statement the plugin lists once (doc/notes-format.md §4, "Lines").
throw3_pad() {
	rewrite throw3_pad "$1" "$2" <<'EOF'
-function _ZL4leafi called 10 returned 60% blocks executed 88%
+function _ZL4leafi called 10 returned 60% blocks executed 78%
EOF
	[ "$2" = abc ] || return 0
	rewrite throw3_pad "$1" "$2" <<'EOF'
-        1:   43:
-        -:   44:
+        1:   43:
+        1:   43-block  0
+        -:   44:
EOF
}

# exec.c:23-24, execl() that succeeds, then perror() that never runs.
# GCC 12 adds no fake arc after execl(), a nothrow built-in
# (stmt_can_terminate_bb_p), so lines 23 and 24 are one block, counted on
# entry before __gcov_execl wrote the data: line 24 reads 1 although it
# never ran, and perror's fake arc takes that 1 back ("call 0 returned 0"
# under 24).  The plugin sends execl() to arcov_execl(), an ordinary call
# that may not return, which ends its block with the fake arc: "call 0
# returned 0" under line 23, and line 24 is a block of its own, never
# run, with its call never executed.  One block more: 9 of 11 (82%).
exec_call() {
	rewrite exec_call "$1" "$2" <<'EOF'
-function main called 2 returned 50% blocks executed 90%
+function main called 2 returned 50% blocks executed 82%
EOF
	rewrite exec_call "$1" "$2" <<'EOF'
-        1:   23:
-        1:   24:
-call    0 returned 0
+        1:   23:
+call    0 returned 0
+    #####:   24:
+call    0 never executed
EOF
}

# ---- Building, running and comparing ----

# run DIR: run DIR/prog there, output and exit status into DIR.
run() {
	(cd "$1" && ./prog >out 2>err; echo $? >status)
}

# build_both NAME SRC PLUGIN-FLAGS FLAGS...: compile SRC in $tmp/NAME/ref
# with --coverage and in $tmp/NAME/arc with the plugin (and PLUGIN-FLAGS),
# link each into prog; FLAGS go to every step.  Compiled and linked apart,
# so the notes are named after SRC as gcov SRC expects.  dl-lib.c becomes
# dl-lib.so (PIC, with its runtime), loaded by an uninstrumented dl-main.
build_both() {
	d=$tmp/$1 src=$2 extra=$3
	shift 3
	case $src in *.cc) cc=$CXX ;; *) cc=$CC ;; esac
	o=${src%.*}.o
	if [ "$src" = dl-lib.c ]; then
		(cd "$d/ref" && $cc --coverage -O0 -fPIC -c "$src" &&
		 $cc --coverage -shared "$o" -o dl-lib.so &&
		 $cc dl-main.c -ldl -o prog) &&
		(cd "$d/arc" &&
		 env $compile_env $cc -O0 $plugin -fPIC -c "$src" &&
		 $cc $san -shared "$o" -L"$build/runtime/.libs" -larcov \
			-Wl,-rpath,"$build/runtime/.libs" -o dl-lib.so &&
		 $cc $san dl-main.c -ldl -o prog)
	else
		(cd "$d/ref" && $cc --coverage -O0 "$@" -c "$src" &&
		 $cc --coverage "$@" "$o" -pthread -ldl -o prog) &&
		(cd "$d/arc" &&
		 env $compile_env $cc -O0 $plugin $extra "$@" -c "$src" &&
		 $cc $san "$@" "$o" "$build/runtime/.libs/libarcov.a" \
			-pthread -ldl -o prog)
	fi
}

# program DIR SRC FILTERS PLUGIN-FLAGS [FLAGS...]: build SRC (from
# testsuite/DIR) both ways, run both, and hold arcov's .gcov files to
# gcov 12's after notes_names and FILTERS (a list of the functions above).
program() {
	dir=$1 src=$2 filters=$3
	shift 3
	name=${src%.*}
	d=$tmp/$name
	copies=$src
	[ "$src" = dl-lib.c ] && copies="$src dl-main.c"
	mkdir -p "$d/ref" "$d/arc" || exit 99
	for f in $copies; do
		cp "$testsuite/$dir/$f" "$d/ref/" &&
		cp "$testsuite/$dir/$f" "$d/arc/" || exit 99
	done
	if ! build_both "$name" "$src" "$@" >"$d/build.log" 2>&1; then
		echo "FAIL: $name: building $src"
		sed 's/^/    /' "$d/build.log"
		fail=1
		return
	fi
	run "$d/ref"
	run "$d/arc"
	for f in out status; do
		same "$name: both builds print and exit alike ($f)" \
			"$d/ref/$f" "$d/arc/$f"
	done
	: >"$d/none"
	same "$name: gcov's run writes nothing on stderr" "$d/none" "$d/ref/err"
	same "$name: arcov's run writes nothing on stderr" "$d/none" \
		"$d/arc/err"
	for mode in bc abc; do
		opts="-b -c"
		[ $mode = abc ] && opts="-a -b -c"
		(cd "$d/ref" && $GCOV $opts "$src" >/dev/null 2>gcov.err &&
		 mv "$src.gcov" "$mode.gcov") &&
		(cd "$d/arc" && "$ARCOV" $opts "$src" >/dev/null 2>arcov.err &&
		 mv "$src.gcov" "$mode.gcov") || {
			echo "FAIL: $name: gcov or arcov $opts failed"
			cat "$d/ref/gcov.err" "$d/arc/arcov.err" 2>/dev/null
			fail=1
			continue
		}
		cp "$d/ref/$mode.gcov" "$d/$mode.expected"
		for filter in notes_names $filters; do
			$filter "$d/$mode.expected" $mode "$name"
		done
		same "$name: arcov $opts $src reads as gcov 12's" \
			"$d/$mode.expected" "$d/arc/$mode.gcov"
	done
}

program e2e loops.c "" ""
program e2e branches.c "" ""
program e2e recursion.c "" ""
program e2e jump.c "setjmp_returns" ""
program e2e except.cc "eh_cleanup" ""
program report throw3.cc "throw3_pad" ""
program e2e threads.c "" -fplugin-arg-arcov-atomic -pthread
program e2e fork.c "runs fork_returns" ""
program e2e exec.c "runs exec_call" ""
program e2e dl-lib.c "" ""
program export calltree.c "" ""
exit $fail
