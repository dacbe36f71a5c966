# init.sh -- what every test script needs, sourced first by the helpers
# of each area (testsuite/AREA/lib.sh): absolute source and build paths,
# the programs under test, the statuses automake's harness reads, a
# scratch directory in the build tree, sanitizer detection, and building
# programs with the plugin and libarcov.
#
# make check sets top_srcdir, top_builddir, CC, CXX and SAN_FLAGS
# (AM_TESTS_ENVIRONMENT in Makefile.am); the defaults let a script run by
# hand from the top of an in-tree build.  Nothing here writes outside the
# build tree: distcheck runs the suite on a read-only source tree.
#
# Exit statuses, as the harness reads them: 0 pass, 1 fail, 77 skip,
# 99 hard error (the test could not run at all).

: "${top_srcdir:=.}" "${top_builddir:=.}"
: "${CC:=gcc}" "${CXX:=g++}" "${SAN_FLAGS:=}"

# fail MESSAGE: the test failed.
fail()
{
	echo "FAIL: $*" >&2
	exit 1
}

# skip MESSAGE: the test cannot say anything here (harness status SKIP).
skip()
{
	echo "SKIP: $*" >&2
	exit 77
}

# hard_error MESSAGE: the test could not run (harness status ERROR).
hard_error()
{
	echo "ERROR: $*" >&2
	exit 99
}

# pass: the test passed; its scratch directory goes.
pass()
{
	exit 0
}

# Absolute: tests change directory, and an in-tree build has "." for both.
top_srcdir=$(cd "$top_srcdir" && pwd) || hard_error "no source tree"
top_builddir=$(cd "$top_builddir" && pwd) || hard_error "no build tree"
builddir=$top_builddir
testsuite=$top_srcdir/testsuite
# The running script's area (testsuite/AREA/NAME.sh) and its source files.
test_area=$(basename "$(dirname "$0")")
test_name=$(basename "$0" .sh)
srcdir=$testsuite/$test_area

# The programs under test, in the build tree.
plugin=$builddir/plugin/.libs/arcov.so
rtlib=$builddir/runtime/.libs
libarcov=$rtlib/libarcov.a
arcov=$builddir/tools/arcov
arcov_dump=$builddir/tools/arcov-dump
arcov_merge=$builddir/tools/arcov-merge
linecheck=$builddir/testsuite/e2e/linecheck
rt_check=$builddir/testsuite/runtime/rt-check

# require_built FILE...: hard error unless every FILE was built.
require_built()
{
	for init_file; do
		test -f "$init_file" || hard_error "$init_file not built"
	done
}

# needs TOOL PACKAGE: fail when TOOL is not installed.  build-aux/setup
# installs every tool the suite runs, so a missing one is a broken set-up,
# and a skipped test would hide exactly what it exists to catch.
needs()
{
	command -v "$1" >/dev/null 2>&1 && return 0
	echo "FAIL: $1 not found (Debian package $2; build-aux/setup installs it)"
	exit 1
}

# hex FILE: the bytes of FILE as one line of hex, no addresses or spaces.
hex()
{
	od -An -v -tx1 "$1" | tr -d ' \n'
	echo
}

# GCOV: the gcov of the GCC under test (gcc-14 -> gcov-14, plain gcc ->
# gcov), the reference its own --coverage builds are read with.
if [ -z "${GCOV:-}" ]; then
	init_major=$($CC -dumpversion 2>/dev/null | sed 's/\..*//')
	if command -v "gcov-$init_major" >/dev/null 2>&1; then
		GCOV=gcov-$init_major
	else
		GCOV=gcov
	fi
fi
# gcc_major: that GCC's major version, for tests whose reference output
# is one version's.
gcc_major=$($CC -dumpversion 2>/dev/null | sed 's/\..*//')

# lcov_branch_rc: the --rc setting that turns lcov's branch records on;
# lcov 2 renamed it, and lcov 2.5 refuses the old name.
case $(lcov --version 2>/dev/null) in
*"version 1."*) lcov_branch_rc=lcov_branch_coverage=1 ;;
*) lcov_branch_rc=branch_coverage=1 ;;
esac

# The runtime's settings come from the test, never from the caller.
unset ARCOV_APPEND ARCOV_RUN_LABEL ARCOV_PREFIX ARCOV_PREFIX_STRIP

# sanitized: "yes" when the tree was configured with --enable-sanitizers.
# make check says so through SAN_FLAGS; a script run by hand learns it
# from the plugin's references to the ASan runtime.
sanitized=
if [ -n "$SAN_FLAGS" ]; then
	sanitized=yes
elif nm -D "$plugin" 2>/dev/null | grep -q ' U __asan_'; then
	sanitized=yes
	SAN_FLAGS=-fsanitize=address,undefined
fi

# compile_env: the environment of a compiler that loads the plugin
# ("env $compile_env $CC ...").  A sanitized plugin runs inside cc1, which
# is not sanitized: the ASan runtime must be preloaded into the compiler
# (and only there), and GCC's by-design leaks are ignored.
# asan_preload is that runtime's path (empty for a plain build).
asan_preload=
compile_env=
if [ -n "$sanitized" ]; then
	asan_preload=$($CC -print-file-name=libasan.so)
	compile_env="LD_PRELOAD=$asan_preload"
	compile_env="$compile_env ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
fi

# ignore_leaks: LeakSanitizer stays quiet in every program this test runs
# (the end-to-end and plugin areas: their helpers, such as wgcheck, keep
# their memory until exit).  Other tests check leaks in sanitized builds.
ignore_leaks()
{
	if [ -n "$sanitized" ]; then
		ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
		export ASAN_OPTIONS
	fi
}

# compiler_for SRC: the driver for C or C++.
compiler_for()
{
	case $1 in *.cc|*.cpp) echo "$CXX" ;; *) echo "$CC" ;; esac
}

# cc_plugin COMPILER ARGS...: run COMPILER with the plugin loaded.
cc_plugin()
{
	init_cc=$1
	shift
	env $compile_env $init_cc -fplugin="$plugin" "$@"
}

# link_arcov COMPILER ARGS...: link ARGS (objects, -o OUT, flags) with the
# static libarcov, so the program runs without a library path.
link_arcov()
{
	init_cc=$1
	shift
	$init_cc $SAN_FLAGS "$@" "$libarcov" -pthread -ldl
}

# build_with_plugin OUT SRC... [-- FLAGS...]: in the current directory,
# compile each SRC with the plugin into SRC's base name .o (so its notes
# are named after SRC), and link OUT with libarcov, with the C++ driver if
# a SRC is C++.  FLAGS go to every step.  Compiler messages go to stderr;
# the status is the first failing step's.
build_with_plugin()
{
	init_out=$1
	shift
	init_srcs=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		init_srcs="$init_srcs $1"
		shift
	done
	if [ $# -gt 0 ]; then shift; fi
	init_objs=
	init_link=$CC
	for init_src in $init_srcs; do
		init_driver=$(compiler_for "$init_src")
		if [ "$init_driver" = "$CXX" ]; then init_link=$CXX; fi
		cc_plugin "$init_driver" "$@" -c "$init_src" \
			-o "${init_src%.*}.o" || return
		init_objs="$init_objs ${init_src%.*}.o"
	done
	link_arcov "$init_link" "$@" $init_objs -o "$init_out"
}

# tmp: this script's scratch directory, testsuite/AREA/NAME.dir in the
# build tree, made empty now.  It is removed when the script exits 0 and
# kept otherwise, for a look; "make clean" removes what is left.
tmp=$builddir/testsuite/$test_area/$test_name.dir
rm -rf "$tmp" && mkdir -p "$tmp" || hard_error "cannot make $tmp"

# init_exit STATUS: the exit trap.
init_exit()
{
	if [ "$1" = 0 ]; then
		cd "$builddir" && rm -rf "$tmp"
	fi
}
trap 'init_exit $?' 0
trap 'exit 99' HUP INT TERM
