# lib.sh -- sourced by the cross-target tests (one script per target,
# testsuite/cross/TARGET.sh, which sets $triple first): build the e2e
# programs with that cross compiler and the cross build's specs
# (configure --enable-cross, cross/cross.mk), run them under qemu-user,
# and hold their counts to the marks and to the x86-64 build's.
. "$top_srcdir/testsuite/init.sh"

srcdir=$testsuite/e2e
conf=$builddir/cross/$triple/cross.conf
case " ${CROSS_TRIPLES:-} " in
*" $triple "*) ;;
*) skip "$triple: not configured (configure --enable-cross=$triple; build-aux/setup --with-cross)" ;;
esac
require_built "$conf" "$builddir/cross/$triple/arcov.so" \
	"$builddir/cross/$triple/libarcov.so" "$linecheck"

# conf_value NAME: a setting of cross/TRIPLE/cross.conf.
conf_value()
{
	sed -n "s/^$1 = //p" "$conf"
}
cross_cc=$(conf_value CROSS_CC)
cross_cxx=$(conf_value CROSS_CXX)
test -n "$cross_cxx" || skip "$triple: no C++ cross compiler (g++-N-$triple)"
case $triple in
powerpc64le-*) qemu=qemu-ppc64le ;;
*) qemu=qemu-${triple%%-*} ;;
esac
command -v "$qemu" >/dev/null 2>&1 ||
	skip "$triple: $qemu not found (Debian package qemu-user)"
# The target's dynamic loader and libraries; the runtime's run path is a
# host path, which qemu reaches as well.
QEMU_LD_PREFIX=/usr/$triple
export QEMU_LD_PREFIX
ignore_leaks

native_specs=$builddir/plugin/arcov-build.specs
cross_specs=$builddir/cross/$triple/arcov-build.specs

# build WHERE SRC FLAGS...: in $tmp/WHERE (native or cross), compile SRC
# and link prog with the specs, as a user would, in two steps so that the
# notes are named after SRC.  One random seed for both builds: the notes
# and data stamps then agree, and so do the bytes of their .da.
build()
{
	b_where=$1 b_src=$2
	shift 2
	case $b_src in *.cc) b_lang=cxx ;; *) b_lang=c ;; esac
	if [ "$b_where" = native ]; then
		b_cc=$(compiler_for "$b_src") b_specs=$native_specs b_env=$compile_env
	elif [ $b_lang = cxx ]; then
		b_cc=$cross_cxx b_specs=$cross_specs b_env=
	else
		b_cc=$cross_cc b_specs=$cross_specs b_env=
	fi
	rm -rf "$tmp/$b_where" && mkdir -p "$tmp/$b_where" &&
	cp "$srcdir/$b_src" "$tmp/$b_where/" || hard_error "cannot copy $b_src"
	(cd "$tmp/$b_where" &&
	 env $b_env $b_cc -specs="$b_specs" -frandom-seed=arcov "$@" \
		-c "$b_src" -o "${b_src%.*}.o" &&
	 $b_cc -specs="$b_specs" "$@" "${b_src%.*}.o" -o prog) \
		> "$tmp/build.log" 2>&1 ||
		fail "$b_where: building $b_src $*: $(cat "$tmp/build.log")"
}

# run WHERE: run $tmp/WHERE/prog (under qemu for the cross build).
run()
{
	if [ "$1" = native ]; then
		(cd "$tmp/$1" && ./prog) > "$tmp/$1.out" 2> "$tmp/$1.err"
	else
		(cd "$tmp/$1" && "$qemu" ./prog) > "$tmp/$1.out" 2> "$tmp/$1.err"
	fi || fail "$1: prog exited with $?: $(cat "$tmp/$1.err")"
	grep . "$tmp/$1.err" && fail "$1: prog wrote to stderr (above)"
	return 0
}

# counts WHERE SRC: linecheck's "LINE COUNT" lines of SRC's build there.
counts()
{
	"$linecheck" "$tmp/$1/${2%.*}" "$2" > "$tmp/$1.lines" ||
		fail "$1: linecheck $2 failed"
}

# same SRC FLAGS...: build SRC natively and for the target with FLAGS, run
# both: the same output, the same notes, the same line counts.  The
# x86-64 build's counts are held to the marks and to gcov by the e2e
# tests at each level; so the target's are as exact as those.
same()
{
	s_src=$1
	shift
	build native "$s_src" "$@"
	build cross "$s_src" "$@"
	run native
	run cross
	cmp -s "$tmp/native.out" "$tmp/cross.out" ||
		fail "$s_src $*: the program printed other output on $triple"
	counts native "$s_src"
	counts cross "$s_src"
	diff -u "$tmp/native.lines" "$tmp/cross.lines" > "$tmp/lines.diff" ||
		fail "$s_src $*: line counts differ (- x86-64, + $triple):
$(cat "$tmp/lines.diff")"
}

# marks SRC: the cross build's counts of SRC are its /*@N*/ marks, every
# line with code marked (as the e2e tests' check_marks).
marks()
{
	awk '{ if (match($0, /\/\*@[^*]*\*\//)) print NR, substr($0, RSTART + 3, RLENGTH - 5) }' \
		"$srcdir/$1" > "$tmp/marks"
	diff -u "$tmp/marks" "$tmp/cross.lines" > "$tmp/marks.diff" ||
		fail "$1 on $triple: counts differ from the marks (- marks, + arcov):
$(cat "$tmp/marks.diff")"
}

# same_bytes SRC: the target's notes and .da are byte for byte the x86-64
# build's (the formats are defined independently of the machine,
# doc/formats.md; a big-endian writer must not differ).
same_bytes()
{
	b=${1%.*}
	for f in "$b.bb" "$b.bbg" "$b.da"; do
		cmp "$tmp/native/$f" "$tmp/cross/$f" ||
			fail "$1: $f differs between x86-64 and $triple"
	done
}

# installed: cross/cross.mk's install (what "make install" runs for each
# triple) puts the plugin, libarcov and arcov.specs in PKGLIBDIR/TRIPLE;
# "TRIPLE-gcc -specs=PKGLIBDIR/TRIPLE/arcov.specs" alone then instruments
# and links, with a run path to that libarcov, and the program counts as
# the build tree's does.  Uninstalling leaves nothing.
installed()
{
	pkglib=$tmp/prefix/lib/arcov
	(cd "$builddir" && ${MAKE:-make} -f "$top_srcdir/cross/cross.mk" \
		TRIPLE="$triple" srcdir="$top_srcdir" builddir="$builddir" \
		pkglibdir="$pkglib" install) > "$tmp/install.log" 2>&1 ||
		fail "installing for $triple: $(cat "$tmp/install.log")"
	inst_specs=$pkglib/$triple/arcov.specs
	test -f "$inst_specs" || fail "no $inst_specs"
	grep -q "fplugin=$pkglib/$triple/arcov.so}" "$inst_specs" ||
		fail "$inst_specs does not name the installed plugin"
	same lines.c -O2
	rm -f "$tmp/cross/lines.da" "$tmp/cross/lines.o" "$tmp/cross/prog"
	(cd "$tmp/cross" &&
	 $cross_cc -specs="$inst_specs" -frandom-seed=arcov -O2 -c lines.c &&
	 $cross_cc -specs="$inst_specs" -O2 lines.o -o prog) \
		> "$tmp/build.log" 2>&1 ||
		fail "building with $inst_specs: $(cat "$tmp/build.log")"
	"$triple-readelf" -d "$tmp/cross/prog" | grep -q "path: \[$pkglib/$triple\]" ||
		fail "prog has no run path to $pkglib/$triple"
	run cross
	cp "$tmp/native.lines" "$tmp/x86-64.lines"
	counts cross lines.c
	diff -u "$tmp/x86-64.lines" "$tmp/cross.lines" ||
		fail "the installed specs count otherwise than the build tree's (and x86-64)"
	(cd "$builddir" && ${MAKE:-make} -f "$top_srcdir/cross/cross.mk" \
		TRIPLE="$triple" srcdir="$top_srcdir" builddir="$builddir" \
		pkglibdir="$pkglib" uninstall) > "$tmp/install.log" 2>&1 ||
		fail "uninstalling for $triple: $(cat "$tmp/install.log")"
	test -e "$pkglib/$triple" && fail "uninstall left $pkglib/$triple"
	return 0
}

# check_target: every program, level and counting mode; the test's body.
check_target()
{
	# C and C++ (exceptions thrown and caught), at -O0 and -O2, in the
	# default mode (per thread).  At -O0 every marked count holds, and
	# the bytes are the x86-64 build's.
	# Not the C++ notes on 32-bit ARM, whose C++ ABI has constructors
	# and destructors return "this": one more block each.
	for src in lines.c lines.cc except.cc; do
		same "$src" -O0
		marks "$src"
		case $triple:$src in
		arm-*:*.cc) ;;
		*) same_bytes "$src" ;;
		esac
		same "$src" -O2
	done
	# The plain increments of single, which the default (per-thread)
	# leaves to those who ask.
	for src in lines.c except.cc; do
		same "$src" -O0 -fplugin-arg-arcov-single
		marks "$src"
		"$triple-nm" "$tmp/cross/${src%.*}.o" |
			grep -q 'arcov_thread_counters' &&
			fail "$src single: counted per thread on $triple"
		same "$src" -O2 -fplugin-arg-arcov-single
	done
	# Four threads, -pthread: per-thread counters by default, relaxed
	# atomics when asked; both exact, marks and all, at both levels.
	for opt in -O0 -O2; do
		same threads.c $opt -pthread
		marks threads.c
		"$triple-nm" "$tmp/cross/threads.o" |
			grep -q ' U arcov_thread_counters$' ||
			fail "$opt -pthread: not counted per thread on $triple"
		same threads.c $opt -pthread -fplugin-arg-arcov-atomic
		marks threads.c
		"$triple-nm" "$tmp/cross/threads.o" |
			grep -q 'arcov_thread_counters' &&
			fail "$opt atomic: counted per thread on $triple"
	done
	same threads.c -O0 -pthread
	same_bytes threads.c
	installed
	pass
}
