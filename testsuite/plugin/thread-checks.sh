#!/bin/sh
# thread-checks.sh -- a function that inlines instrumented callees keeps
# one per-thread entry check (thread-checks.cc): std::string's inline
# members, instrumented here, each bring theirs into make() at -O2, and
# once inlined their flag is read through a MEM_REF of the thread copy's
# address, which the pruning must recognise as the copy (seven checks
# were left).  The x86-64 check is an asm that calls the runtime.
. "$top_srcdir/testsuite/plugin/lib.sh"

case $(uname -m) in x86_64) ;; *) skip "the asm entry check is x86-64's" ;; esac
cat > checks.cc <<'SRC'
#include <string>
std::string make(unsigned n)
{
	std::string s;
	s.resize(n);
	return s;
}
SRC
cc "$CXX" -O2 -S checks.cc -o checks.s || fail "checks.cc: compilation failed"
n=$(grep -c 'call arcov_thread_counters' checks.s)
test "$n" = 1 || fail "$n entry checks in checks.s, not 1"
# The one left is make()'s, at its entry.
awk '/^_Z4make[A-Za-z0-9_]*:$/ { on = 1 } on && /call arcov_thread_counters/ { print "found"; exit }' \
	checks.s | grep -q found || fail "make() has no entry check"
pass
