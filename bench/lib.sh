# bench/lib.sh -- what the benchmark scripts share: finding the arcov
# build, installing tools, fetching Debian source packages.  Sourced, not
# run.  The sourcing script sets TOOL (its name, for messages), WORK (its
# work directory) and CACHE (where downloads are kept), and calls die on
# the first error.

die()
{
	echo "$TOOL: $*" >&2
	exit 1
}

# arcov_build [DIR]: set BUILD, PLUGIN and LIBARCOV to a built arcov tree
# (DIR, else the current directory if it holds the plugin, else the tree
# the script is in) and refuse a sanitized plugin: it runs inside an
# unsanitized cc1 only with help, and its compile times would measure
# the sanitizers.
arcov_build()
{
	if [ -n "${1-}" ]; then
		BUILD=$1
	elif [ -f plugin/.libs/arcov.so ]; then
		BUILD=.
	else
		BUILD=$HERE/..
	fi
	BUILD=$(cd "$BUILD" && pwd) || die "no directory $1"
	PLUGIN=$BUILD/plugin/.libs/arcov.so
	LIBARCOV=$BUILD/runtime/.libs/libarcov.a
	test -f "$PLUGIN" && test -f "$LIBARCOV" ||
		die "no built plugin and runtime in $BUILD (run make there first)"
	if nm -D "$PLUGIN" 2>/dev/null | grep -q ' U __asan_'; then
		die "$PLUGIN is built with sanitizers; use a plain build"
	fi
}

# need PACKAGE COMMAND: install PACKAGE unless COMMAND exists.
need()
{
	command -v "$2" > /dev/null && return
	test "$(id -u)" -eq 0 || die "$2 is missing (apt-get install $1)"
	echo "$TOOL: installing $1" >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" \
		> "$WORK/install.log" 2>&1 ||
		die "apt-get install $1 failed (see $WORK/install.log)"
}

# add_deb_src: a deb-src entry beside Debian's deb entry, then new lists.
add_deb_src()
{
	src=/etc/apt/sources.list.d/debian.sources
	dst=/etc/apt/sources.list.d/arcov-deb-src.sources

	test -f "$src" || die "no $src to copy a deb-src entry from"
	test "$(id -u)" -eq 0 || die "adding $dst needs root"
	echo "$TOOL: adding $dst and updating the package lists" >&2
	sed 's/^Types: deb$/Types: deb-src/' "$src" > "$dst"
	apt-get update -qq || die "apt-get update failed"
}

# apt_source PACKAGE[=VERSION]: download the source package into the
# current directory.  As root, apt would hand the download to its
# unprivileged _apt user, which cannot write here; download as root
# instead.
apt_source()
{
	if [ "$(id -u)" -eq 0 ]; then
		apt-get source -o APT::Sandbox::User=root --download-only -qq "$1"
	else
		apt-get source --download-only -qq "$1"
	fi
}

# apt_source_any PACKAGE: the newest version of PACKAGE's source that
# downloads, then each older one: a mirror may list a security update
# whose files it does not hold.
apt_source_any()
{
	apt_source "$1" && return
	for v in $(apt-cache showsrc "$1" 2>/dev/null |
			sed -n 's/^Version: //p' | sort -r -V); do
		apt_source "$1=$v" && return
	done
	return 1
}

# fetch PACKAGE [DIR]: Debian's source package, downloaded once into
# $CACHE/dl, unpacked without Debian's patches into $WORK/src/DIR
# (default PACKAGE).  The .dsc is found by the name of the source
# package it holds, which apt-cache reports (zstd's is libzstd).
fetch()
{
	pkg=$1
	dir=$WORK/src/${2:-$1}
	test -f "$dir/.unpacked" && return
	name=$(apt-cache showsrc "$pkg" 2>/dev/null |
		sed -n '1s/^Package: //p')
	name=${name:-$pkg}
	if ! ls "$CACHE/dl/${name}_"*.dsc > /dev/null 2>&1; then
		if ! (cd "$CACHE/dl" && apt_source_any "$pkg") \
			> "$WORK/fetch.log" 2>&1; then
			add_deb_src
			name=$(apt-cache showsrc "$pkg" 2>/dev/null |
				sed -n '1s/^Package: //p')
			name=${name:-$pkg}
			(cd "$CACHE/dl" && apt_source_any "$pkg") \
				> "$WORK/fetch.log" 2>&1 ||
				die "apt-get source $pkg failed (see $WORK/fetch.log)"
		fi
	fi
	rm -rf "$dir" && mkdir -p "$WORK/src"
	for dsc in "$CACHE/dl/${name}_"*.dsc; do :; done
	dpkg-source --no-check --skip-patches -x "$dsc" "$dir" \
		> "$WORK/unpack.log" 2>&1 ||
		die "cannot unpack $dsc (see $WORK/unpack.log)"
	touch "$dir/.unpacked"
}

# clean_env: no setting of a user's that changes where or how the
# counters are written.
clean_env()
{
	unset ARCOV_FSYNC ARCOV_APPEND ARCOV_RUN_LABEL ARCOV_PREFIX \
		ARCOV_PREFIX_STRIP ARCOV_LOCK_TIMEOUT GCOV_PREFIX \
		GCOV_PREFIX_STRIP LLVM_PROFILE_FILE
}
