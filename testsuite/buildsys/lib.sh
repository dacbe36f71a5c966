# lib.sh -- sourced by the build-system tests: the project in proj/ (a
# shared library and a module under lib/, a test program under src/)
# copied to a scratch directory and built out of tree by a real build
# system, with arcov added the way users add --coverage: one flag in the
# compiler flags and in the linker flags alike.  Then its notes, data and
# counts are checked.  Needs top_srcdir and top_builddir (make check).

. "${top_srcdir:-.}/testsuite/init.sh"
specs=$builddir/plugin/arcov-build.specs
# The project's own make must not inherit the flags and variables of the
# make running this test ("make check TESTS=...").
unset MAKEFLAGS MFLAGS MAKELEVEL TESTS
# The flag users put in CFLAGS and LDFLAGS.
F="-specs=$specs"

# need TOOL...: skip the test unless every TOOL is installed.
need()
{
	for t; do
		command -v "$t" > /dev/null 2>&1 || skip "$t is not installed"
	done
}

# A sanitized plugin needs its runtime preloaded into every compiler the
# build systems start, which they do not let a test arrange.
test -z "$SAN_FLAGS" || skip "not with a sanitized plugin"

mkdir -p "$tmp/build" || exit 99
cp -R "$srcdir/proj" "$tmp/proj" && chmod -R u+w "$tmp/proj" || exit 99
cd "$tmp/build" || exit 99

# run CMD...: run CMD in the current directory; a failure shows its log.
run()
{
	"$@" > "$tmp/run.log" 2>&1 ||
		fail "$* (in $(pwd)): $(tail -40 "$tmp/run.log")"
}

# expect_notes BASE DIR: BASE.bb, BASE.bbg and BASE.arcov-notes exist,
# the notes record DIR as the compile directory, and the source they name
# is found from there.
expect_notes()
{
	for s in bb bbg arcov-notes; do
		test -s "$1.$s" || fail "no $1.$s"
	done
	got=$(sed -n 2p "$1.arcov-notes")
	test "$got" = "directory $2" ||
		fail "$1.arcov-notes: '$got', want 'directory $2'"
	src=$(sed -n 's/^source [0-9]* [0-9]* //p' "$1.arcov-notes" | sed 1q)
	case $src in
	/*) test -f "$src" ;;
	*) test -f "$2/$src" ;;
	esac || fail "$1.arcov-notes: source $src not found from $2"
}

# expect_data BASE: the program wrote BASE.da.
expect_data()
{
	test -s "$1.da" || fail "no $1.da"
}

# check_counts BASE SRC: the counts at BASE of SRC (a path in proj/) are
# the /*@N*/ marks of its lines, every line with code marked.
check_counts()
{
	"$linecheck" "$1" "$(basename "$2")" > "$tmp/lines" ||
		fail "linecheck $1 $2 failed"
	awk '{ if (match($0, /\/\*@[^*]*\*\//)) print NR, substr($0, RSTART + 3, RLENGTH - 5) }' \
		"$tmp/proj/$2" > "$tmp/marks"
	diff -u "$tmp/marks" "$tmp/lines" > "$tmp/marks.diff" ||
		fail "$2 at $1: counts differ from the marks (- marks, + arcov):
$(cat "$tmp/marks.diff")"
}

# reporter_paths: what the reporter must make of the build, run from a
# directory elsewhere (at another depth, so that no relative path resolves
# there by chance): "arcov BUILD --lcov" names every source of the project
# by an absolute path that exists, and nothing else (no compiler probe:
# CMake's CMakeCCompilerId.c, meson's sanitycheckc.c, configure's
# conftest.c), and genhtml renders the tracefile.  Every failed assertion
# is listed.
reporter_paths()
{
	mkdir -p "$tmp/else/where" && cd "$tmp/else/where" || exit 99
	"$arcov" -n "$tmp/build" --lcov="$tmp/cov.info" > arcov.out 2>&1 ||
		fail "arcov $tmp/build --lcov: $(cat arcov.out)"
	sed -n 's/^SF://p' "$tmp/cov.info" > sf
	: > bad
	while read -r f; do
		case $f in
		*CMakeCCompilerId*|*sanitycheck*|*conftest*)
			echo "a compiler probe: SF:$f" >> bad
			continue ;;
		/*) ;;
		*) echo "not absolute: SF:$f" >> bad ;;
		esac
		if test -f "$f"; then
			readlink -f "$f" >> real
		else
			echo "no such file: SF:$f" >> bad
		fi
	done < sf
	for s in lib/core/counter.c lib/mod/plug.c src/app/main.c; do
		grep -qx "$tmp/proj/$s" real 2> /dev/null ||
			echo "no SF: for $tmp/proj/$s" >> bad
	done
	if command -v genhtml > /dev/null 2>&1; then
		genhtml -q -o html "$tmp/cov.info" > genhtml.out 2>&1 ||
			echo "genhtml: $(cat genhtml.out)" >> bad
	fi
	test -s bad && fail "arcov $tmp/build --lcov, run elsewhere:
$(cat bad)"
	cd "$tmp/build" || exit 99
}
