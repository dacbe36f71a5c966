# lib.sh -- sourced by the plugin's tests: compilers with the plugin
# loaded, linking against libarcov, checks.  The tests run in their
# scratch directory.
. "$top_srcdir/testsuite/init.sh"
require_built "$plugin"
cd "$tmp" || hard_error "cannot enter $tmp"

# The compiler the plugin was built for; -fplugin needs the same GCC.
CC=${PLUGIN_CC:-$CC}
CXX=${PLUGIN_CXX:-$CXX}
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

# expect_notes FILE EXPECTED: the .arcov-notes FILE, written in the current
# directory, must equal EXPECTED, whose directory line reads @DIR@ for it
# and whose stamp line (a number from 1 to 2^31-1 each compilation draws)
# reads @STAMP@.
expect_notes()
{
	stamp=$(sed -n '3s/^stamp \([1-9][0-9]\{0,9\}\)$/\1/p' "$1")
	test -n "$stamp" && test "$stamp" -le 2147483647 ||
		fail "$1: no stamp line: $(sed -n 3p "$1")"
	sed -e "2s|^directory @DIR@\$|directory $PWD|" \
	    -e "3s|^stamp @STAMP@\$|stamp $stamp|" "$2" > "$1.exp" || exit 99
	# How many GIMPLE statements a block holds is the gimplifier's own
	# and differs between GCC majors (GCC 16 lowers a throw in fewer);
	# the expected files hold GCC 12's.
	if test "$gcc_major" != 12; then
		sed -i '/^statements /d' "$1.exp" || exit 99
		sed '/^statements /d' "$1" > "$1.cmp" || exit 99
		expect "$1.cmp" "$1.exp"
		return
	fi
	expect "$1" "$1.exp"
}
