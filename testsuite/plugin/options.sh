#!/bin/sh
# options.sh -- the plugin's arguments, its diagnostics, where the notes
# and data files go (doc/formats.md §2.1), the .arcov_notes section, and
# the exec redirection.
. "$top_srcdir/testsuite/plugin/lib.sh"

cp "$srcdir/loops.c" "$srcdir/jumps.c" . || exit 99
cwd=$(pwd)

# err_is WANT ARGS...: compiling must fail with stderr's first line WANT.
err_is()
{
	want=$1
	shift
	if cc "$CC" "$@" -c loops.c -o err.o 2> err.txt; then
		fail "$*: accepted"
	fi
	got=$(sed -n 1p err.txt)
	test "$got" = "$want" || fail "$*: said '$got', want '$want'"
}

err_is "cc1: error: arcov: unknown option '-fplugin-arg-arcov-bogus'; '-fplugin-arg-arcov-help' lists the options" \
	-fplugin-arg-arcov-bogus=1
err_is "cc1: error: arcov: '-fplugin-arg-arcov-atomic' takes no value" \
	-fplugin-arg-arcov-atomic=yes
err_is "cc1: error: arcov: '-fplugin-arg-arcov-dir' needs a directory" \
	-fplugin-arg-arcov-dir
err_is "cc1: error: arcov: '-fplugin-arg-arcov-filter' given twice" \
	-fplugin-arg-arcov-filter=a -fplugin-arg-arcov-filter=b
err_is "cc1: error: arcov: '-fplugin-arg-arcov-exclude=(': Unmatched ( or \\(" \
	'-fplugin-arg-arcov-exclude=('

err_is "cc1: error: arcov: '-fplugin-arg-arcov-atomic' and '-fplugin-arg-arcov-single' contradict each other" \
	-fplugin-arg-arcov-atomic -fplugin-arg-arcov-single
err_is "cc1: error: arcov: '-fplugin-arg-arcov-atomic' and '-fplugin-arg-arcov-per-thread' contradict each other" \
	-fplugin-arg-arcov-per-thread -fplugin-arg-arcov-atomic
err_is "cc1: error: arcov: '-fplugin-arg-arcov-per-thread' and '-fplugin-arg-arcov-single' contradict each other" \
	-fplugin-arg-arcov-single -fplugin-arg-arcov-per-thread
err_is "cc1: error: arcov: '-fplugin-arg-arcov-no-derive' and '-fplugin-arg-arcov-derive-check' contradict each other" \
	-fplugin-arg-arcov-no-derive -fplugin-arg-arcov-derive-check
err_is "cc1: error: arcov: '-fplugin-arg-arcov-continuous' and '-fplugin-arg-arcov-freestanding' contradict each other (the freestanding runtime maps no files)" \
	-fplugin-arg-arcov-continuous -fplugin-arg-arcov-freestanding
err_is "cc1: error: arcov: '-fplugin-arg-arcov-continuous' takes no value" \
	-fplugin-arg-arcov-continuous=1
err_is "cc1: error: arcov: '-fplugin-arg-arcov-no-derive' takes no value" \
	-fplugin-arg-arcov-no-derive=1
err_is "cc1: error: arcov: '-fplugin-arg-arcov-no-asm-increments' takes no value" \
	-fplugin-arg-arcov-no-asm-increments=1
# Flags in CFLAGS and LDFLAGS reach cc1 twice: the same pattern is fine.
cc "$CC" -fplugin-arg-arcov-filter=loops -fplugin-arg-arcov-filter=loops \
	-fplugin-arg-arcov-atomic -fplugin-arg-arcov-atomic \
	-c loops.c -o twice.o || fail "repeated options refused"
test -s twice.bbg || fail "repeated options: twice.bbg empty"

# help: the list on stdout, and cc1 stops as with --help=...: status 0,
# nothing compiled (the driver assembles the empty output), no notes.
cc "$CC" -fplugin-arg-arcov-help -c loops.c -o help.o > help.txt ||
	fail "help: exit status $?"
grep -q '^filter=REGEX' help.txt || fail "help: no filter= in $(cat help.txt)"
grep -q '^single ' help.txt || fail "help: no single in $(cat help.txt)"
grep -q '^per-thread ' help.txt || fail "help: no per-thread in $(cat help.txt)"
grep -q '^no-derive ' help.txt || fail "help: no no-derive in $(cat help.txt)"
grep -q '^continuous ' help.txt || fail "help: no continuous in $(cat help.txt)"

# continuous (doc/live-file.md): the counters on pages of their own, a
# whole page at least, counted with atomics unless single is given (the
# assembly read is x86-64's).
if [ "$(uname -m)" = x86_64 ]; then
cc "$CC" -O2 -fplugin-arg-arcov-continuous -S loops.c -o cont.s ||
	fail "continuous: cannot compile"
grep -Eq '^[[:space:]]*\.(local|comm)[[:space:]]+\.LARCOVC0' cont.s &&
grep -Eq '\.comm[[:space:]]+\.LARCOVC0,4096,4096$' cont.s ||
	fail "continuous: counters not on a page of their own: $(grep LARCOVC0 cont.s)"
grep -q 'lock add' cont.s || fail "continuous: increments not atomic"
cc "$CC" -O2 -fplugin-arg-arcov-continuous -fplugin-arg-arcov-single \
	-S loops.c -o cont-single.s || fail "continuous single: cannot compile"
grep -q 'lock add' cont-single.s && fail "continuous single: atomic increments"
fi
grep -q '^no-asm-increments ' help.txt ||
	fail "help: no no-asm-increments in $(cat help.txt)"
test -f help.bb && fail "help: the unit was compiled"
nm help.o 2> /dev/null | grep -q . && fail "help: help.o is not empty"

# The notes' base name is GCC's own (doc/notes-format.md §1): -c -o
# DIR/OUT.o gives DIR/OUT.*; -c and no -o the source's base name in the
# current directory; compiling and linking at once, OUT-SOURCE beside
# the program OUT (a-SOURCE for a.out; SOURCE when OUT is named so), as
# gcc --coverage names its .gcno.
mkdir -p sub
cc "$CC" -c loops.c -o sub/named.o || fail "-o sub/named.o"
test -s sub/named.bb && test -s sub/named.bbg || fail "no sub/named.bb{,g}"
cc "$CC" -c "$cwd/jumps.c" || fail "-c jumps.c"
test -s jumps.bb && test -s jumps.bbg || fail "no jumps.bb{,g}"
cc "$CC" -c -dumpbase given loops.c -o sub/db.o || fail "-c -dumpbase given"
test -s sub/given.bb && test ! -e sub/db.bb ||
	fail "-c -dumpbase: not sub/given.bb"
cc "$CC" -c -save-temps -o sub/st.o loops.c || fail "-c -save-temps"
test -s sub/st.bb || fail "-c -save-temps: no sub/st.bb"
rm -f loops.bb loops.bbg
cc "$CC" $sanitize loops.c -o whole "$builddir/runtime/.libs/libarcov.a" \
	-pthread ||
	fail "compile and link"
test -s whole-loops.bb && test -s whole-loops.bbg ||
	fail "link mode: no whole-loops.bb{,g}"
test -e loops.bb && fail "link mode: loops.bb written"
objcopy --dump-section .arcov_notes=section.bin whole copy.o ||
	fail "no .arcov_notes section in whole"
tr '\000' '\n' < section.bin | grep -qx "$cwd/whole-loops.da" ||
	fail "whole: .da not whole-loops.da"
cc "$CC" $sanitize "$cwd/jumps.c" -o sub/two \
	"$builddir/runtime/.libs/libarcov.a" -pthread ||
	fail "compile and link into sub/"
test -s sub/two-jumps.bb || fail "link mode: no sub/two-jumps.bb"
# The only input file, linked into a program of its name: GCC keeps the
# name (libraries by -l are no input files).
rm -f loops.bb
cc "$CC" $sanitize loops.c -o loops -L"$builddir/runtime/.libs" \
	-l:libarcov.a -pthread || fail "-o loops loops.c"
test -s loops.bb || fail "-o loops loops.c: no loops.bb"
(mkdir -p aout && cd aout && cc "$CC" $sanitize ../loops.c \
	"$builddir/runtime/.libs/libarcov.a" -pthread) || fail "a.out"
test -s aout/a-loops.bb || fail "a.out: no a-loops.bb"

# A .da of the same name is kept (doc/notes-format.md §1): a rebuilt
# object's runs go into a block of their own, the old block stays and the
# reporter reads only the records that match the notes.
echo old > sub/named.da
cc "$CC" -c loops.c -o sub/named.o || fail "-o sub/named.o again"
test "$(cat sub/named.da)" = old || fail "sub/named.da removed"
echo 'int main(void) { return 0; }' > rb.c
cc "$CC" $sanitize rb.c -o rb "$builddir/runtime/.libs/libarcov.a" -pthread &&
	./rb || fail "rb: first build"
cp rb-rb.da rb1.da
echo 'int main(int c, char **v) { return c > 5 && v; }' > rb.c
cc "$CC" $sanitize rb.c -o rb "$builddir/runtime/.libs/libarcov.a" -pthread &&
	./rb || fail "rb: second build"
test "$("$builddir/testsuite/runtime/rt-check" rb-rb.da | grep -c '^block')" = 2 ||
	fail "rebuilt rb: not two blocks"
cmp -n "$(wc -c < rb1.da)" rb1.da rb-rb.da || fail "rebuilt rb: first block changed"

# libtool's PIC objects, .libs/x.o: the files go to .libs/arcov, which
# libtool's link mode does not clean (doc/notes-format.md §1).
mkdir -p lt/.libs
cc "$CC" -fPIC -c loops.c -o lt/.libs/loops.o || fail "-o lt/.libs/loops.o"
test -s lt/.libs/arcov/loops.bb && test -s lt/.libs/arcov/loops.bbg &&
	test -s lt/.libs/arcov/loops.arcov-notes ||
	fail "no lt/.libs/arcov/loops.{bb,bbg,arcov-notes}"
test -e lt/.libs/loops.bb && fail "lt/.libs/loops.bb written"
objcopy --dump-section .arcov_notes=section.bin lt/.libs/loops.o copy.o ||
	fail "no .arcov_notes section in lt/.libs/loops.o"
tr '\000' '\n' < section.bin | grep -qx "$cwd/lt/.libs/arcov/loops.da" ||
	fail "lt/.libs/loops.o: .da not in lt/.libs/arcov"
mkdir -p lt/my.libs
cc "$CC" -c loops.c -o lt/my.libs/loops.o || fail "-o lt/my.libs/loops.o"
test -s lt/my.libs/loops.bb ||
	fail "lt/my.libs taken for a libtool directory"

# dir=: notes there, and the object names them (and the .da) absolutely.
mkdir -p notes
cc "$CC" -fplugin-arg-arcov-dir="$cwd/notes" -c loops.c -o sub/d.o ||
	fail "dir="
test -s notes/d.bb && test -s notes/d.bbg || fail "dir=: no notes/d.bb{,g}"
objcopy --dump-section .arcov_notes=section.bin sub/d.o copy.o ||
	fail "no .arcov_notes section"
printf 'ARCOV\0001\000%s/notes/d.bb\000%s/notes/d.bbg\000%s/notes/d.da\000%s/notes/d.arcov-notes\000' \
	"$cwd" "$cwd" "$cwd" "$cwd" > section.exp
cmp section.bin section.exp || fail ".arcov_notes content"

# filter= and exclude= decide by the function's source file; a unit left
# without instrumented functions gets empty notes and no runtime data.
cc "$CC" -fplugin-arg-arcov-filter='^nothing' -c loops.c -o none.o ||
	fail "filter="
test -f none.bbg && test ! -s none.bbg || fail "filter=: none.bbg not empty"
nm none.o | grep -q arcov_object_register && fail "filter=: registered"
cc "$CC" -fplugin-arg-arcov-filter='loops' \
	-fplugin-arg-arcov-exclude='\.c$' -c loops.c -o none.o ||
	fail "exclude="
test ! -s none.bbg || fail "exclude=: none.bbg not empty"
cc "$CC" -fplugin-arg-arcov-exclude='^jumps' -c loops.c -o some.o ||
	fail "exclude= keeping loops.c"
test -s some.bbg || fail "exclude=: some.bbg empty"

# The extension notes: the example of doc/notes-format.md §2.
printf 'int g(void), h(void);\n%s\n' \
	'int main(void) { int (*f)(void) = g; return f() + h(); }' > t.c
cc "$CC" -O2 -c t.c || fail "t.c"
printf '%s\n' 'arcov-notes 2' 'directory @DIR@' 'stamp @STAMP@' \
	'function main 12 5' 'source 2 2 t.c' 'statements 0 2 1 2 0' \
	'call 1 2 *' 'call 2 2 h' 'end' > t.exp
expect_notes t.arcov-notes t.exp

# Functions the compiler wrote are marked artificial: implicit
# constructors and destructors, the static initialization; not a defaulted
# destructor the source declares, nor a lambda.  Code run only for an
# exception (main's cleanup of s when f() throws) is eh-only.
cat > art.cc <<'EOC'
#include <string>
struct Base { virtual ~Base() = default; };
struct D : Base { std::string s; };
static std::string g(const char *p) { return p; }
static std::string text = g("x");
int main() { D d; auto l = [](int x) { return x + 1; }; std::string s = g("y"); return l((int)s.size()) - 2; }
EOC
cc "$CXX" -O0 -c art.cc -fplugin-arg-arcov-filter='art\.cc$' || fail "art.cc"
# (GCC 14 gave the static initialization's function no parameters: its
# mangled name ends in "v" there, "ii" before.)
awk '$1 == "function" { f = $2 } $1 == "artificial" { print f }' \
	art.arcov-notes | sed 's/^\(_Z41__static_initialization_and_destruction_0\)\(ii\|v\)$/\1/' |
	sort > art.got
printf '%s\n' _GLOBAL__sub_I_main _Z41__static_initialization_and_destruction_0 \
	_ZN1DC2Ev _ZN1DD0Ev _ZN1DD2Ev _ZN4BaseC2Ev | sort > art.exp
expect art.got art.exp
awk '$1 == "function" { f = $2 } $1 == "eh-only" { print f }' \
	art.arcov-notes | grep -qx main || fail "art.cc: main has no eh-only blocks"

# exec functions go to libarcov's wrappers, which write the counts first.
cat > ex.c <<'EOC'
#include <unistd.h>
int main(int argc, char **argv)
{
	if (argc == 1)
		execl(argv[0], argv[0], "again", (char *)0);
	return 0;
}
EOC
cc "$CC" -O2 -c ex.c -o ex.o || fail "ex.c"
nm ex.o | grep -q ' U arcov_execl$' || fail "execl not redirected"
nm ex.o | grep -q ' U execl$' && fail "execl still called"
link "$CC" ex ex.o
./ex || fail "ex: exit status $?"
graph ex > ex.txt || fail "ex: cannot solve"
grep -q '^  block 0 count 2 lines$' ex.txt || fail "ex: not two runs: $(cat ex.txt)"
exit 0
