# lib.sh -- shared helpers of the reporter's end-to-end tests.
#
# Sourced by testsuite/report/*.sh.  The w/c/cs/ds functions write the
# GCC 3.3 encodings of doc/formats.md §1 so test data is spelled out in the
# scripts, independently of the library that reads it.

set -u
. "${top_srcdir:-.}/testsuite/init.sh"
ARCOV=$arcov
DATA=$testsuite/data
# These scripts go on after a failed check: "same", "status" and "check"
# set fail to 1, and the script ends with "exit $fail".
fail=0

# One byte, given as a number 0..255.
byte() { printf "\\$(printf %03o "$1")"; }

# w N...: 4-byte sign-magnitude words.
w() {
	for v; do
		if [ "$v" -lt 0 ]; then m=$((-v)); s=128; else m=$v; s=0; fi
		byte $((m & 255)); byte $((m >> 8 & 255))
		byte $((m >> 16 & 255)); byte $(((m >> 24 & 127) | s))
	done
}

# c N...: 8-byte counters (values below 2^31 suffice here).
c() { for v; do w "$v" 0; done; }

# The characters of $1, a NUL and zero padding to a multiple of 4.
padded() {
	printf '%s' "$1"
	n=$(( ${#1} / 4 * 4 + 4 - ${#1} ))
	while [ $n -gt 0 ]; do byte 0; n=$((n - 1)); done
}

cs() { w -1 ${#1}; padded "$1"; w -1; }	# counted string (§1.4b)
ds() { w "$1"; padded "$2"; w "$1"; }	# delimited string (§1.4a)

# Run in the script's scratch directory (init.sh).
enter_tmp() {
	cd "$tmp" || hard_error "cannot enter $tmp"
}

# same NAME EXPECTED-FILE ACTUAL-FILE
same() {
	if cmp -s "$2" "$3"; then
		echo "PASS: $1"
	else
		echo "FAIL: $1"
		diff -u "$2" "$3" | sed 's/^/    /'
		fail=1
	fi
}

# expect NAME WANTED-STATUS ACTUAL-STATUS
status() {
	if [ "$2" -eq "$3" ]; then
		echo "PASS: $1 (exit $3)"
	else
		echo "FAIL: $1: exit $3, wanted $2"
		fail=1
	fi
}

# The t.c of doc/formats.md §2.4, dated before its notes.
write_t_c() {
	printf 'int f(int x)\n{\n  if (x)\n    return 1;\n  return 0;\n}\n' >t.c
	touch -t 200001010000 t.c
}

# The call example of §5.6: g's block 1 calls h (fake arc to exit),
# counters [3, 2] (g entered 3 times, h returned twice).
write_call_example() {
	{ ds -2 g; w 0; ds -1 g.c; w 3 0 4 0; } >g.bb
	{ cs g; w 123 4 5  1 1 4  2 3 3 2 4  1 3 5  1 0 1  -1; } >g.bbg
	{ w -123 1 40; w 2; c 5 3; w 2; c 5 3; cs g; w 123 2; c 3 2; } >g.da
	printf 'void g(void)\n{\n  h();\n  x = 1;\n}\n' >g.c
	touch -t 200001010000 g.c
}

# A loop on one line (§5.9's cycle rule): blocks 1 (init), 2 (test) and 3
# (body) on line 3, block 4 on line 4; counters [2->4 = 1, 3->2 = 10].
write_loop_example() {
	{ ds -2 loop; w 0; ds -1 l.c; w 3 0 3 0 3 0 4 0; } >l.bb
	{ cs loop; w 99 6 7  1 1 5  1 2 5  2 3 5 4 0  1 2 0  1 5 5  1 0 1  -1
	} >l.bbg
	{ w -123 1 40; w 2; c 11 10; w 2; c 11 10; cs loop; w 99 2; c 1 10
	} >l.da
	printf '%s\n' 'int loop(int n)' '{' \
		'  int i, s = 0; for (i = 0; i < n; i++) s += i;' \
		'  return s;' '}' >l.c
	touch -t 200001010000 l.c
}

# Two sources: _Z2hfv (C++ name of hf()) on line 2 of ./sub/h.h, entered
# twice, and main on line 4 of m.c, entered once.  With -o, in obj/.
write_two_sources() {
	mkdir -p sub obj
	{ ds -2 _Z2hfv; w 0; ds -1 ./sub/h.h; w 2 0
	  ds -2 main; w 0; ds -1 m.c; w 4 0; } >obj/m.bb
	{ cs _Z2hfv; w 11 3 3  1 1 4  1 2 5  1 0 1  -1
	  cs main; w 22 3 3  1 1 4  1 2 5  1 0 1  -1; } >obj/m.bbg
	{ w -123 2 40; w 2; c 3 2; w 2; c 3 2
	  cs _Z2hfv; w 11 1; c 2; cs main; w 22 1; c 1; } >obj/m.da
	printf '%s\n' '/* h.h */' 'static int hf(void) { return 1; }' >sub/h.h
	printf '%s\n' '#include "sub/h.h"' '' 'int main(void)' \
		'{ return hf() - 1; }' >m.c
	touch -t 200001010000 sub/h.h m.c
}
