# build-lib.sh -- for the report tests that hold arcov's outputs to the
# tools that consume them: build a program of testsuite/report with the
# plugin and libarcov, run it, and find those tools.  Sourced after lib.sh;
# needs CC, CXX and SAN_FLAGS as make check sets them.

build=$(cd "$top_builddir" && pwd)
here=$(cd "$top_srcdir" && pwd)/testsuite/report
: "${CC:=gcc}" "${CXX:=g++}" "${SAN_FLAGS:=}"

# A sanitized plugin runs inside cc1, which is not: preload the ASan
# runtime into the compiler and ignore GCC's own by-design leaks there.
compile_env=
if [ -n "$SAN_FLAGS" ]; then
	compile_env="LD_PRELOAD=$($CC -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0"
fi

# Debian's python3, where python3-jsonschema installs, before any other.
python=python3
[ -x /usr/bin/python3 ] && python=/usr/bin/python3

# needs TOOL PACKAGE: fail when TOOL is not installed.  build-aux/setup
# installs every consumer, so a missing one is a broken set-up, and a
# skipped consumer test would hide exactly what it exists to catch.
needs() {
	command -v "$1" >/dev/null 2>&1 && return 0
	echo "FAIL: $1 not found (Debian package $2; build-aux/setup installs it)"
	exit 1
}

# plugin_build SRC: copy SRC from testsuite/report, compile it with the
# plugin and link it with libarcov into ./prog, run it once (output in
# prog.out), and date the source before its notes.
plugin_build() {
	case $1 in *.cc) cc=$CXX ;; *) cc=$CC ;; esac
	cp "$here/$1" . || exit 99
	if ! env $compile_env $cc -O0 -fplugin="$build/plugin/.libs/arcov.so" \
		-c "$1" -o "${1%.*}.o" >build.log 2>&1 ||
	   ! $cc $SAN_FLAGS "${1%.*}.o" "$build/runtime/.libs/libarcov.a" \
		-pthread -o prog >>build.log 2>&1 ||
	   ! ./prog >prog.out; then
		echo "FAIL: building and running $1"
		sed 's/^/    /' build.log
		exit 1
	fi
	touch -t 200001010000 "$1"
}

# check NAME WANTED ACTUAL: one number or string a consumer reported.
check() {
	if [ "$2" = "$3" ]; then
		echo "PASS: $1 ($3)"
	else
		echo "FAIL: $1: got '$3', wanted '$2'"
		fail=1
	fi
}
