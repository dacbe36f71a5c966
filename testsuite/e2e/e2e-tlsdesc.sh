#!/bin/sh
# Per-thread counters in shared objects on x86-64 (tls-counters.cc): each
# instrumented function reaches its thread's copy by one TLS descriptor
# call that the plugin writes, never __tls_get_addr(), and increments it
# at "%fs:OFF(%reg)".  Exact counts from nine threads in a library the
# program is linked with (-fPIC: static TLS, glibc's two-instruction
# resolver), in one it loads with dlopen() (-fpic, -masm=intel: dynamic
# TLS, allocated by each thread's first access, whose slow path clobbers
# vector registers and needs an aligned stack before glibc 2.40:
# tlsdesc-main.c checks what the functions return), and with the first
# library's object linked into the executable instead, where the linker
# relaxes the descriptor call to a local-exec load.
. "$top_srcdir/testsuite/e2e/lib.sh"

case $(uname -m) in x86_64) ;; *) skip "the descriptor calls are x86-64's" ;; esac
rt=$builddir/runtime/.libs
cp "$srcdir/tlsdesc-linked.c" "$srcdir/tlsdesc-dl.c" \
	"$srcdir/tlsdesc-main.c" "$tmp/arcov/" || fail "copy"
(cd "$tmp/arcov" &&
 cc_plugin "$CC" -O2 -pthread -fPIC -c tlsdesc-linked.c &&
 cc_plugin "$CC" -O2 -pthread -fpic -masm=intel -c tlsdesc-dl.c &&
 $CC $SAN_FLAGS -shared tlsdesc-linked.o -L"$rt" -larcov \
	-Wl,-rpath,"$rt" -o libtdlinked.so &&
 $CC $SAN_FLAGS -shared tlsdesc-dl.o -L"$rt" -larcov \
	-Wl,-rpath,"$rt" -o tlsdesc-dl.so &&
 $CC $SAN_FLAGS -pthread tlsdesc-main.c -L. -ltdlinked \
	-Wl,-rpath,"$tmp/arcov" -ldl -o prog &&
 $CC $SAN_FLAGS -pthread tlsdesc-main.c tlsdesc-linked.o -L"$rt" -larcov \
	-Wl,-rpath,"$rt" -ldl -o prog-exe) > "$tmp/build.log" 2>&1 ||
	fail "build: $(cat "$tmp/build.log")"

# The code: one descriptor call per function, increments through %fs.
for o in tlsdesc-linked tlsdesc-dl; do
	objdump -dr --no-show-raw-insn "$tmp/arcov/$o.o" > "$tmp/$o.s" ||
		fail "objdump $o.o"
	grep '__tls_get_addr' "$tmp/$o.s" && fail "$o.o calls __tls_get_addr"
done
fn()
{
	sed -n "/<$2>:/,/^\$/p" "$tmp/$1.s"
}
for f in tlsdesc-linked:td_odd tlsdesc-linked:td_linked \
	 tlsdesc-dl:td_scale tlsdesc-dl:td_first tlsdesc-dl:td_dl; do
	n=$(fn "${f%:*}" "${f#*:}" | grep -c 'R_X86_64_TLSDESC_CALL')
	test "$n" = 1 || fail "${f#*:}: $n descriptor calls, not 1"
	n=$(fn "${f%:*}" "${f#*:}" | grep -c 'R_X86_64_GOTPC32_TLSDESC')
	test "$n" = 1 || fail "${f#*:}: $n descriptor loads, not 1"
	fn "${f%:*}" "${f#*:}" | grep -Eq 'add[q ] +\$0x1,%fs:(0x[0-9a-f]+)?\(%r' ||
		fail "${f#*:}: no increment at %fs:OFF(%reg)"
done
# td_odd() is a leaf that the __tls_get_addr() call made save registers:
# now it starts with the owner's compare (the owner's copy's offset from
# the thread pointer, e2e-owner.sh) and the descriptor call, no
# callee-saved register pushed (the pushes of the check's call into the
# runtime come after it).
fn tlsdesc-linked td_odd | grep -v R_X86_64 | sed -n 2,3p | tr -s ' \t' ' ' > "$tmp/head"
grep -q 'lea 0x0(%rip),%rax' "$tmp/head" &&
	grep -q 'sub %fs:0x0,%rax' "$tmp/head" ||
	fail "td_odd: does not start with the owner's compare: $(cat "$tmp/head")"
fn tlsdesc-linked td_odd | grep -v R_X86_64 | sed -n '/je /,$p' | sed -n 2p |
	grep -q 'mov    %rsp,%r' ||
	fail "td_odd: the descriptor call does not follow the compare"
fn tlsdesc-linked td_odd | grep -E 'push +%r(bx|bp|1[2-5])' &&
	fail "td_odd: a callee-saved register saved (above)"

# No static TLS to spare for what dlopen() loads, as for a library whose
# counters outgrow it (glibc gives it 512 bytes): the dynamic case.
GLIBC_TUNABLES=glibc.rtld.optional_static_tls=0${GLIBC_TUNABLES:+:$GLIBC_TUNABLES}
export GLIBC_TUNABLES
# The stack moved and aligned around the call in the leaves, not where
# the frame keeps it aligned with nothing below it (a function that
# calls, td_first() and td_linked()).
for f in tlsdesc-linked:td_odd tlsdesc-dl:td_scale tlsdesc-dl:td_dl; do
	fn "${f%:*}" "${f#*:}" | grep -q 'and    \$0xfffffffffffffff0,%rsp' ||
		fail "${f#*:}: the stack not aligned around the call"
done
for f in tlsdesc-linked:td_linked tlsdesc-dl:td_first; do
	fn "${f%:*}" "${f#*:}" | grep -q 'and    \$0xfffffffffffffff0,%rsp' &&
		fail "${f#*:}: the stack moved around the call in an aligned frame"
done

for p in prog prog-exe; do
	rm -f "$tmp/arcov/"*.da
	out=$(cd "$tmp/arcov" && ./$p 2> "$tmp/arcov.err") ||
		fail "$p: exit status $?: $out $(cat "$tmp/arcov.err")"
	test "$out" = ok || fail "$p: wrong results: $out"
	test -s "$tmp/arcov.err" && fail "$p: $(cat "$tmp/arcov.err")"
	check_marks tlsdesc-linked.c
	check_marks tlsdesc-dl.c
done
# Linked into the executable, the call is relaxed away.
objdump -d "$tmp/arcov/prog-exe" | sed -n '/<td_linked>:/,/^$/p' |
	grep -q 'call.*\*(%rax)' && fail "prog-exe: td_linked's call not relaxed"
pass
