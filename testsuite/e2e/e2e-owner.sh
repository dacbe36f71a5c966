#!/bin/sh
# The owner's copy (issue 28; tls-counters.cc, runtime/threads.c): in a
# shared object on x86-64, the thread that registers it counts in a static
# copy that every function's entry tells from the thread pointer with one
# compare, skipping the TLS descriptor call; every other thread in its
# own copy.  The code: each function compares first and jumps over the
# descriptor call on a match.  The run (owner-main.c, between the
# libraries and the runtime's arcov_thread_counters()): the owner makes
# no call for its copy, in a child it forks neither, nor does a thread
# that loads a library with dlopen() or a later one with its thread
# pointer; counts exact with the owner and 8 other threads, a forked
# child and a library owned by a thread that ended.
. "$top_srcdir/testsuite/e2e/lib.sh"

case $(uname -m) in x86_64) ;; *) skip "the owner's copy is x86-64's" ;; esac
rt=$builddir/runtime/.libs
cp "$srcdir/owner-lib.c" "$srcdir/owner-dl.c" "$srcdir/owner-main.c" \
	"$tmp/arcov/" || fail "copy"
(cd "$tmp/arcov" &&
 cc_plugin "$CC" -O2 -pthread -fPIC -c owner-lib.c &&
 cc_plugin "$CC" -O2 -pthread -fpic -c owner-dl.c &&
 $CC $SAN_FLAGS -shared owner-lib.o -L"$rt" -larcov \
	-Wl,-rpath,"$rt" -o libowner.so &&
 $CC $SAN_FLAGS -shared owner-dl.o -L"$rt" -larcov \
	-Wl,-rpath,"$rt" -o owner-dl.so &&
 $CC $SAN_FLAGS -pthread -rdynamic owner-main.c -L. -lowner \
	-Wl,-rpath,"$tmp/arcov" -ldl -o prog) > "$tmp/build.log" 2>&1 ||
	fail "build: $(cat "$tmp/build.log")"

# Every function: "lea W(%rip),%rax; sub %fs:0,%rax; cmp %rax,OWNER(%rip);
# je L", L past its one descriptor call and past its entry check's call
# of the runtime (each of these functions can be called from elsewhere,
# so has a check): the owner's path is the compare alone.
for o in owner-lib owner-dl; do
	objdump -dr --no-show-raw-insn "$tmp/arcov/$o.o" > "$tmp/$o.s" ||
		fail "objdump $o.o"
done
for f in owner-lib:ow_leaf owner-lib:ow_call owner-dl:ow_dl; do
	sed -n "/<${f#*:}>:/,/^\$/p" "$tmp/${f%:*}.s" |
		grep -v R_X86_64_PC32 > "$tmp/fn.s"
	awk -v fn="${f#*:}" '
		function hex(s,  i, n) {
			n = 0
			for (i = 1; i <= length(s); i++)
				n = n * 16 + index("0123456789abcdef",
						   substr(s, i, 1)) - 1
			return n
		}
		/sub +%fs:0x0,%rax/ { sub_at = NR }
		/cmp +%rax,0x0\(%rip\)/ && sub_at == NR - 1 { cmp_at = NR }
		/\tje +[0-9a-f]+ </ && cmp_at == NR - 1 {
			je_at = NR; split($0, w, /[ \t]+/)
			for (i = 1; i <= length(w); i++)
				if (w[i] == "je") target = hex(w[i + 1])
		}
		/R_X86_64_TLSDESC_CALL/ { calls++; split($1, a, ":")
			call_at = hex(a[1]) }
		/R_X86_64_PLT32[ \t]+arcov_thread_counters/ { checks++
			split($1, a, ":"); check_at = hex(a[1]) }
		END {
			if (!je_at) { print fn ": no owner compare"; exit 1 }
			if (calls != 1) { print fn ": " calls " descriptor calls"; exit 1 }
			if (target <= call_at) { print fn ": the compare does not skip the call"; exit 1 }
			if (checks != 1) { print fn ": " checks " calls of the runtime"; exit 1 }
			if (target <= check_at) { print fn ": the compare does not skip the check"; exit 1 }
		}' "$tmp/fn.s" > "$tmp/awk.out" || fail "$(cat "$tmp/awk.out")"
done

rm -f "$tmp/arcov/"*.da
out=$(cd "$tmp/arcov" && ./prog 2> "$tmp/arcov.err") ||
	fail "exit status $?: $out $(cat "$tmp/arcov.err")"
test "$out" = ok || fail "$out"
test -s "$tmp/arcov.err" && fail "$(cat "$tmp/arcov.err")"
check_marks owner-lib.c
check_marks owner-dl.c
pass
