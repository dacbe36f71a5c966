# lib.sh -- sourced by the export tests: the end-to-end helpers, plus
# building plugin programs from several sources, and reading .gcov files
# and Valgrind's annotators into "KEY VALUE" lists that can be compared.
. "$top_srcdir/testsuite/e2e/lib.sh"
wgcheck=$builddir/testsuite/export/wgcheck

needs cg_annotate valgrind
needs callgrind_annotate valgrind

# build DIR SRC... [-- FLAGS...]: copy SRCs (paths below testsuite/) into
# $tmp/DIR, compile each with the plugin, link DIR/prog with libarcov.
build()
{
	dir=$tmp/$1
	shift
	mkdir -p "$dir" || fail "mkdir $dir"
	srcs=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		cp "$testsuite/$1" "$dir/" || fail "cannot copy $1"
		srcs="$srcs ${1##*/}"
		shift
	done
	(cd "$dir" && build_with_plugin prog $srcs "$@") \
		> "$tmp/build.log" 2>&1 ||
		fail "building $dir/prog: $(cat "$tmp/build.log")"
}

# run DIR [ARGS...]: run DIR/prog there; it must succeed.
run()
{
	d=$tmp/$1
	shift
	(cd "$d" && ./prog "$@") > "$tmp/run.out" 2>&1 ||
		fail "$d/prog failed: $(cat "$tmp/run.out")"
}

# gcov_lines FILE.gcov: "LINE COUNT" for every line with code.
gcov_lines()
{
	# A function group's sections (gcov 12 prints one per member after
	# the group's lines) repeat lines the source's record sums.
	awk -F: '/^------------------$/ { sep = 1; next }
		sep { sep = 0; in_section = /^[^ ].*:$/; if (in_section) next }
		in_section { next }
		{
		c = $1; gsub(/ /, "", c); ln = $2 + 0
		if (ln == 0 || c == "-") next
		sub(/\*$/, "", c)
		if (c == "#####" || c == "=====") c = 0
		print ln, c
	}' "$1"
}

# cg_lines OUTPUT DIR SRC: "LINE LINES STMTS" from the annotated listing
# of DIR/SRC in cg_annotate/callgrind_annotate OUTPUT (in DIR), for lines
# with data.  Call lines ("=> f (3x)") are skipped; every source line must
# be there.
cg_lines()
{
	awk -v src="$3" -v n="$(wc -l < "$tmp/$2/$3")" '
		# Valgrind 3.21 and later: "Annotated source file".
		$0 ~ "^-- (Auto-annotated source|Annotated source file): " src "$" { on = 1; next }
		on == 1 && /^$/ { on = 2; next }
		on == 2 && (/^-----/ || /^$/) { on = 3 }
		on != 2 { next }
		/^ *[0-9,.]+( +\( *[0-9.]+%\))? +[0-9,.]+( +\( *[0-9.]+%\))? +=> / { next }
		{
			ln++
			a = $1; gsub(/,/, "", a)
			rest = $0; sub(/^ *[0-9,.]+( +\( *[0-9.]+%\))? +/, "", rest)
			split(rest, f, " "); b = f[1]; gsub(/,/, "", b)
			if (a != ".") print ln, a, b
		}
		END { if (ln != n) { print "annotated " ln " lines of " n; exit 1 } }
	' "$tmp/$2/$1"
}

# cg_functions DIR/OUTPUT: "LINES STMTS file:function" per function listed.
cg_functions()
{
	awk '
		# Valgrind 3.21 and later: "> LINES (P%, CUM%) STMTS (P%, CUM%)
		# function:file" records under "Function:file summary".
		/^-- Function:file summary$/ { fmt = 2; next }
		fmt == 2 && /^> / {
			sub(/^> +/, "")
			a = $1; gsub(/,/, "", a)
			sub(/^[0-9,]+ +(\([^)]*\) +)?/, "")
			b = $1; gsub(/,/, "", b)
			sub(/^[0-9,]+ +(\([^)]*\) +)?/, "")
			i = match($0, /:[^:]*$/)
			# It lists the lines of a file outside every function as one
			# more, always 0 here: arcov puts every line in one.
			if (substr($0, 1, i - 1) == "<unspecified>" && a + b == 0)
				next
			print a, b, substr($0, i + 1) ":" substr($0, 1, i - 1)
			next
		}
		fmt == 2 { next }
		/^-- File:function summary$/ { fmt = 2; next }
		/file:function$/ { on = 1; getline; next }
		on && /^$/ { exit }
		on {
			a = $1; gsub(/,/, "", a)
			rest = $0; sub(/^ *[0-9,]+( \( *[0-9.]+%\))? +/, "", rest)
			b = rest; sub(/ .*/, "", b); gsub(/,/, "", b)
			sub(/^[0-9,]+( \( *[0-9.]+%\))? +/, "", rest)
			print a, b, rest
		}
	' "$tmp/$1"
}

# cg_total DIR/OUTPUT: "LINES STMTS" of the PROGRAM TOTALS line.
cg_total()
{
	awk '/PROGRAM TOTALS$/ { a = $1; gsub(/,/, "", a);
		rest = $0; sub(/^ *[0-9,]+( \( *[0-9.]+%\))? +/, "", rest)
		b = rest; sub(/ .*/, "", b); gsub(/,/, "", b); print a, b; exit }' \
		"$tmp/$1"
}

# same WHAT WANT GOT: the two files must be equal.
same()
{
	diff -u "$2" "$3" > "$tmp/diff" || fail "$1 (- wanted, + got):
$(cat "$tmp/diff")"
}
