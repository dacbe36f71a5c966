# build-lib.sh -- for the report tests that hold arcov's outputs to the
# tools that consume them: build a program of testsuite/report with the
# plugin and libarcov, run it, and find those tools.  Sourced after lib.sh.

build=$builddir
here=$testsuite/report

# Debian's python3, where python3-jsonschema installs, before any other.
python=python3
[ -x /usr/bin/python3 ] && python=/usr/bin/python3

# plugin_build SRC: copy SRC from testsuite/report, compile it with the
# plugin and link it with libarcov into ./prog, run it once (output in
# prog.out), and date the source before its notes.
plugin_build() {
	cp "$here/$1" . || exit 99
	if ! build_with_plugin prog "$1" -- -O0 >build.log 2>&1 ||
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
