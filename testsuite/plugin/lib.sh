# lib.sh -- sourced by the plugin's tests: compilers with the plugin
# loaded, linking against libarcov, a scratch directory, checks.
# Needs top_srcdir and top_builddir (set by make check).

srcdir=$(cd "$top_srcdir/testsuite/plugin" && pwd) || exit 99
builddir=$(cd "$top_builddir" && pwd) || exit 99
plugin=$builddir/plugin/.libs/arcov.so
linecheck=$builddir/testsuite/e2e/linecheck
tmp=$builddir/testsuite/plugin/$(basename "$0" .sh).dir
rm -rf "$tmp" && mkdir -p "$tmp" && cd "$tmp" || exit 99
test -f "$plugin" || { echo "no $plugin" >&2; exit 99; }

# The compiler the plugin was built for; -fplugin needs the same GCC.
CC=${PLUGIN_CC:-gcc}
CXX=${PLUGIN_CXX:-g++}

# A plugin built with --enable-sanitizers needs the ASan runtime loaded
# first into cc1, which is not built with it (and leaks by design); the
# plugin links UBSan's runtime itself.
preload=
if nm -D "$plugin" 2>/dev/null | grep -q ' U __asan_'; then
	preload=$($CC -print-file-name=libasan.so)
fi
ASAN_OPTIONS=detect_leaks=0
export ASAN_OPTIONS
# A sanitized libarcov needs the sanitizer runtimes in the programs too.
sanitize=
test -z "$preload" || sanitize=-fsanitize=address,undefined

fail()
{
	echo "FAIL: $*" >&2
	exit 1
}

# cc COMPILER ARGS...: compile with the plugin; the sanitizer runtime, if
# any, is preloaded into the compiler only.
cc()
{
	tool=$1
	shift
	LD_PRELOAD=$preload "$tool" -fplugin="$plugin" "$@"
}

# link COMPILER OUT OBJ...: link statically against libarcov.
link()
{
	tool=$1
	shift
	"$builddir/libtool" --mode=link --quiet "$tool" $sanitize -static \
		-o "$@" "$builddir/runtime/libarcov.la" -pthread ||
		fail "cannot link $*"
}

# graph BASE: the solved graphs of BASE.{bb,bbg,da} (linecheck -g).
graph()
{
	"$linecheck" -g "$1"
}

# expect FILE EXPECTED: FILE must equal EXPECTED.
expect()
{
	diff -u "$2" "$1" || fail "$1 differs from $2"
}

# expect_notes FILE EXPECTED: the .arcov-notes FILE, written in the current
# directory, must equal EXPECTED, whose directory line reads @DIR@ for it.
expect_notes()
{
	sed "2s|^directory @DIR@\$|directory $PWD|" "$2" > "$1.exp" || exit 99
	expect "$1" "$1.exp"
}
