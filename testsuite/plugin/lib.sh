# lib.sh -- sourced by the plugin's tests: compilers with the plugin
# loaded, linking against libarcov, checks.  The tests run in their
# scratch directory.
. "$top_srcdir/testsuite/init.sh"
require_built "$plugin"
cd "$tmp" || hard_error "cannot enter $tmp"

# The compiler the plugin was built for; -fplugin needs the same GCC.
CC=${PLUGIN_CC:-gcc}
CXX=${PLUGIN_CXX:-g++}
ignore_leaks

# A sanitized plugin: the ASan runtime cc1 needs preloaded (cc does it),
# and the flag a sanitized libarcov needs in the programs too.
preload=$asan_preload
sanitize=${sanitized:+-fsanitize=address,undefined}

# cc COMPILER ARGS...: compile with the plugin.
cc()
{
	cc_plugin "$@"
}

# link COMPILER OUT OBJ...: link statically against libarcov.
link()
{
	tool=$1
	out=$2
	shift 2
	link_arcov "$tool" -o "$out" "$@" || fail "cannot link $out $*"
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
