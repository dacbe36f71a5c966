#!/bin/sh
# export-webgrind.sh -- --webgrind FILE writes the callgrind profile to
# FILE and webgrind's preprocessed form to FILE.webgrind, not older than
# FILE, so webgrind uses it as is.  wgcheck walks every version (7, 6, 5)
# as doc/formats.md §7 lays it out and holds it to the profile; calltree.c's
# records are checked number by number.
. "$top_srcdir/testsuite/export/lib.sh"

# webgrind DIR NAME SRC [ARCOV-OPTIONS...]: export DIR's program as
# DIR/NAME in every version; each must pass wgcheck.  Leaves version 7.
webgrind()
{
	d=$1 name=$2 src=$3
	shift 3
	for v in 5 6 7; do
		(cd "$tmp/$d" && "$arcov" -n "$@" --webgrind-version=$v \
			--webgrind "$name" "$src") > "$tmp/log" 2>&1 ||
			fail "$d: --webgrind v$v: $(cat "$tmp/log")"
		grep -v "^Lines executed\|^File '" "$tmp/log" &&
			fail "$d: --webgrind v$v said something"
		test -f "$tmp/$d/$name.webgrind" ||
			fail "$d: no $name.webgrind"
		test "$tmp/$d/$name" -nt "$tmp/$d/$name.webgrind" &&
			fail "$d: $name.webgrind is older than $name"
		"$wgcheck" $v "$tmp/$d/$name.webgrind" "$tmp/$d/$name" \
			> "$tmp/$d/check.$v" ||
			fail "$d: wgcheck $v: $(cat "$tmp/$d/check.$v")"
	done
	same "$d: versions 6 and 7 hold the same calls" "$tmp/$d/check.6" \
		"$tmp/$d/check.7"
}

# --- calltree.c, record by record ---
build calltree export/calltree.c -- -O0
run calltree
webgrind calltree cachegrind.out.calltree calltree.c
"$wgcheck" -d 7 "$tmp/calltree/cachegrind.out.calltree.webgrind" \
	> "$tmp/got" || fail "wgcheck -d: $(cat "$tmp/got")"
# Numbered in order of first appearance in the profile: callees first,
# down declared before up's call to it.
cat > "$tmp/want" <<'EOF'
leaf calltree.c line 8 self 14 incl 14 calls 7
  from twice:15 x6 cost 12
  from up:30 x1 cost 2
twice calltree.c line 13 self 6 incl 18 calls 3
  from main:43 x2 cost 12
  from main:45 x1 cost 6
  to leaf:15 x6 cost 12
fact calltree.c line 18 self 15 incl 15 calls 5
  from fact:22 x4 cost 0
  from main:46 x1 cost 15
  to fact:22 x4 cost 0
down calltree.c line 34 self 6 incl 6 calls 2
  from up:31 x2 cost 0
  to up:38 x2 cost 0
up calltree.c line 27 self 9 incl 11 calls 3
  from down:38 x2 cost 0
  from main:47 x1 cost 17
  to leaf:30 x1 cost 2
  to down:31 x2 cost 0
printf ??? line 0 self 0 incl 0 calls 1
  from main:48 x1 cost 0
main calltree.c line 41 self 7 incl 57 calls 1
  to twice:43 x2 cost 12
  to twice:45 x1 cost 6
  to fact:46 x1 cost 15
  to up:47 x1 cost 17
  to printf:48 x1 cost 0
7 functions, 10 calls
EOF
same "calltree: webgrind records" "$tmp/want" "$tmp/got"
tail -n 2 "$tmp/calltree/cachegrind.out.calltree.webgrind" > "$tmp/got"
printf 'events: Lines\nsummary: 57\n' > "$tmp/want"
same "calltree: webgrind headers end" "$tmp/want" "$tmp/got"
# The profile beside it is the --callgrind export.
(cd "$tmp/calltree" && "$arcov" -n --callgrind cl.out calltree.c) \
	> "$tmp/log" 2>&1 || fail "--callgrind: $(cat "$tmp/log")"
grep -v '^cmd:' "$tmp/calltree/cl.out" > "$tmp/want"
grep -v '^cmd:' "$tmp/calltree/cachegrind.out.calltree" > "$tmp/got"
same "calltree: the profile next to the webgrind file" "$tmp/want" "$tmp/got"
# wgcheck notices damage: a cut file, a changed cost, a profile whose
# shape webgrind's preprocessor would misread.
w=$tmp/calltree/cachegrind.out.calltree
head -c 200 "$w.webgrind" > "$tmp/bad.webgrind"
"$wgcheck" 7 "$tmp/bad.webgrind" > "$tmp/log" &&
	fail "wgcheck took a cut file"
cp "$w.webgrind" "$tmp/bad.webgrind"
# leaf's self cost, after the address table of 7 and its line.
printf '\077' | dd of="$tmp/bad.webgrind" bs=1 seek=44 conv=notrunc \
	2>/dev/null || fail dd
"$wgcheck" 7 "$tmp/bad.webgrind" > "$tmp/log" &&
	fail "wgcheck took a changed cost"
grep -q '^wgcheck: leaf: inclusive 14, self + callees 63$' "$tmp/log" ||
	fail "wgcheck on a changed cost: $(cat "$tmp/log")"
sed '0,/^fl=/{/^fl=/d}' "$w" > "$tmp/bad.out"
"$wgcheck" 7 "$w.webgrind" "$tmp/bad.out" > "$tmp/log" &&
	fail "wgcheck took fn= without fl="
awk '/^fl=/ && !done { hold = 1 } hold && /^$/ { hold = 0; done = 1 }
     !hold' "$w" > "$tmp/bad.out"
"$wgcheck" 7 "$w.webgrind" "$tmp/bad.out" > "$tmp/log" &&
	fail "wgcheck took a call before the callee's block"
grep -q ' before its block$' "$tmp/log" ||
	fail "wgcheck on a missing block: $(cat "$tmp/log")"

# The default version is 7.
(cd "$tmp/calltree" && "$arcov" -n --webgrind cachegrind.out.d calltree.c) \
	> "$tmp/log" 2>&1 || fail "default version: $(cat "$tmp/log")"
"$wgcheck" 7 "$tmp/calltree/cachegrind.out.d.webgrind" \
	"$tmp/calltree/cachegrind.out.d" > "$tmp/log" ||
	fail "default version: $(cat "$tmp/log")"

# --- more programs: recursion, C++ names, a whole tree ---
build recursion e2e/recursion.c -- -O0
run recursion
webgrind recursion cachegrind.out.rec recursion.c
grep -qx '5 functions, 6 calls' "$tmp/recursion/check.7" ||
	fail "recursion: $(cat "$tmp/recursion/check.7")"

build cxx export/cxx.cc -- -O0
run cxx
webgrind cxx cachegrind.out.cxx cxx.cc -m
"$wgcheck" -d 7 "$tmp/cxx/cachegrind.out.cxx.webgrind" > "$tmp/got" ||
	fail "cxx: $(cat "$tmp/got")"
grep -qx 'counter::add(int) cxx.cc line 11 self 6 incl 6 calls 6' \
	"$tmp/got" || fail "cxx: counter::add(int): $(cat "$tmp/got")"
grep -qx 'counter::counter() cxx.cc line 9 self 1 incl 1 calls 1' \
	"$tmp/got" || fail "cxx: the constructor: $(cat "$tmp/got")"

# called.cc: setjmp() returns a second time into jumps() (2 of 4 calls)
# and guarded() catches 2 exceptions (of 7 calls).  The fake arcs from
# ENTRY that bring them are no invocations, so each is invoked as often as
# main calls it, and main's call sites get all of its inclusive cost: main
# includes the whole program (99).
build called report/called.cc -- -O0
run called
webgrind called cachegrind.out.called called.cc
"$wgcheck" -d 7 "$tmp/called/cachegrind.out.called.webgrind" > "$tmp/got.d" ||
	fail "called: $(cat "$tmp/got.d")"
awk '/^[^ ]/ { on = /^(_ZL5jumpsi|_ZL7guardedi|main) / } on && !/^  to /' \
	"$tmp/got.d" > "$tmp/got"
cat > "$tmp/want" <<'EOF'
_ZL5jumpsi called.cc line 18 self 18 incl 30 calls 4
  from main:47 x4 cost 30
_ZL7guardedi called.cc line 33 self 20 incl 41 calls 7
  from main:49 x7 cost 41
main called.cc line 42 self 28 incl 99 calls 1
EOF
same "called: invocations are calls" "$tmp/want" "$tmp/got"

# Two programs in one tree, each with its own main.
build tree/a e2e/loops.c -- -O0
run tree/a
build tree/b export/calltree.c -- -O0
run tree/b
(cd "$tmp/tree" && "$arcov" -n --webgrind cachegrind.out.tree .) \
	> "$tmp/log" 2>&1 || fail "tree: $(cat "$tmp/log")"
"$wgcheck" -d 7 "$tmp/tree/cachegrind.out.tree.webgrind" \
	"$tmp/tree/cachegrind.out.tree" > "$tmp/got" ||
	fail "tree: $(cat "$tmp/got")"
grep -qx '13 functions, 17 calls' "$tmp/got" &&
	grep -q '^main loops.c line 53 self 16 incl 226 ' "$tmp/got" &&
	grep -q '^main calltree.c line 41 self 7 incl 57 ' "$tmp/got" ||
	fail "tree: want both mains, one printf: $(cat "$tmp/got")"

# --- a name webgrind would not list: written, with a warning ---
(cd "$tmp/calltree" && "$arcov" -n --webgrind profile.out calltree.c) \
	> "$tmp/log" 2>&1 || fail "profile.out: $(cat "$tmp/log")"
grep -qx 'arcov: warning: profile.out: webgrind lists only files named cachegrind.out.\*' \
	"$tmp/log" || fail "no warning about profile.out: $(cat "$tmp/log")"
test -f "$tmp/calltree/profile.out.webgrind" || fail "profile.out.webgrind"
pass
