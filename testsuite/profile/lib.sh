# lib.sh -- sourced by the time-profile tests: the end-to-end helpers,
# and building, running and exporting a program built with
# -fplugin-arg-arcov-profile.
. "$top_srcdir/testsuite/e2e/lib.sh"
arcov=$builddir/tools/arcov
profdir=$top_srcdir/testsuite/profile
srcdir=$profdir
unset ARCOV_TIMELINE ARCOV_TRACE ARCOV_CLOCK ARCOV_PROFILE_SPANS

command -v python3 >/dev/null ||
	{ echo "FAIL: python3 not found"; exit 1; }

# build_profiled SRC [FLAGS...]: SRC compiled with the plugin's profile
# option (and coverage) into $tmp/arcov/prog.
build_profiled()
{
	src=$1
	shift
	build_arcov "$src" -fplugin-arg-arcov-profile "$@"
}

# export_aggregate DIR TRACE...: the exports of the aggregate alone (a
# run without the timeline), as "profcheck.py --aggregate" reads them.
export_aggregate()
{
	out=$1
	shift
	mkdir -p "$out" || fail "mkdir $out"
	"$arcov" --profile-flat "$@" > "$out/flat.txt" &&
	"$arcov" --profile-graph "$@" > "$out/graph.txt" &&
	"$arcov" --profile-time --callgrind="$out/cg.out" "$@" &&
	"$arcov" --profile-unit=ns --callgrind="$out/cg-ns.out" "$@" ||
		fail "arcov could not export $*"
}

# export_all DIR TRACE...: every export the checker reads, into DIR.
export_all()
{
	out=$1
	shift
	mkdir -p "$out" || fail "mkdir $out"
	"$arcov" --profile-flat "$@" > "$out/flat.txt" &&
	"$arcov" --profile-graph "$@" > "$out/graph.txt" &&
	"$arcov" --profile-time --callgrind="$out/cg.out" \
		--winidea="$out/w.xml" --timeline-bin="$out/w10.bin" \
		--timeline-version=1.0 --chrome-trace="$out/chrome.json" \
		--chrome-args "$@" &&
	"$arcov" --profile-unit=ns --callgrind="$out/cg-ns.out" \
		--timeline-bin="$out/w11.bin" "$@" &&
	"$arcov" --profile-time --webgrind="$out/cachegrind.out.p" \
		--webgrind-version=4 "$@" &&
	mv "$out/cachegrind.out.p.webgrind" "$out/wg4.webgrind" &&
	"$arcov" --profile-time --webgrind="$out/cachegrind.out.p" "$@" ||
		fail "arcov could not export $*"
}
