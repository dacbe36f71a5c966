# agreement.awk -- compare gcov 12's and arcov's counts for bench/agreement.
#
# Input: two files of records flattened from gcov's JSON by bench/agreement,
# gcc's first, arcov's second, tab-separated:
#   L FILE LINE COUNT BRANCH-COUNTS       one line entry (counts: a,b,c)
#   F FILE NAME START END COUNT DEMANGLED one function
# Variables: proj, level (for the headings), root (the source tree, cut
# from file names), rows (the file the summary row is appended to), diffs
# (the file every difference is written to, one a line); brief=1 prints
# only the agreement and appends a short row ("label" names the pair).
#
# Entries are merged per source as lcov merges a tracefile: counts of the
# same (file, line) summed over objects and function instances, branch
# counts summed position by position, functions keyed by (file, name).
# Written for any POSIX awk (Debian's default is mawk).

BEGIN { SUBSEP = "\034" }

# A file named relative to the compiler's working directory, the source
# tree, is the same file as its absolute name: gcov 12 keeps each object's
# spelling (expat's siphash.h is expat/lib/siphash.h from tests/, reached
# through -I, and absolute from lib/xmlparse.c, beside it).
{
	side = FILENAME == ARGV[1] ? 1 : 2
	file = substr($2, 1, 1) == "/" ? $2 : root $2
}

# gcov 12 names a header found through -I by the path it was found as,
# relative to the compilation directory (the source tree: bench/agreement
# compiles there), and the same header found beside the including file
# by its absolute path; one source, as lcov resolves them.
($1 == "L" || $1 == "F") && substr($2, 1, 1) != "/" { $2 = root $2 }

# Lines and functions lcov's exclusion markers leave out (LCOV_EXCL_LINE,
# LCOV_EXCL_START to _STOP; GCOVR_, GCOV_ and ARCOV_ alike) are left out
# of both sides: arcov's reports drop them, as lcov drops them from gcov's
# data (arcov(1)), and gcov 12 lists them.
($1 == "L" && excluded(file, $3)) || ($1 == "F" && excluded(file, $4)) { next }

$1 == "L" {
	k = file SUBSEP $3
	if (!((1, k) in lc) && !((2, k) in lc))
		keys[k] = 1
	lc[side, k] += $4
	n = $5 == "" ? 0 : split($5, b, ",")
	for (i = 1; i <= n; i++)
		bc[side, k, i] += b[i]
	if (n > nb[side, k] + 0)
		nb[side, k] = n
	next
}

$1 == "F" {
	k = file SUBSEP $3
	if (!((1, k) in fc) && !((2, k) in fc)) {
		fkeys[k] = 1
		nf[file]++
		fs[file, nf[file]] = $4
		fe[file, nf[file]] = $5
		fn[file, nf[file]] = $7 == "" ? $3 : $7
	}
	fc[side, k] += $6
	if (!((side, k) in fl) || $4 < fl[side, k])
		fl[side, k] = $4
	fd[k] = $7 == "" ? $3 : $7
	next
}

# short(FILE): FILE without the source tree's prefix.
function short(f) {
	return index(f, root) == 1 ? substr(f, length(root) + 1) : f
}

# text(FILE, LINE): the source line, tabs and runs of blanks squeezed.
function text(f, l,    s, n) {
	if (!(f in loaded)) {
		loaded[f] = 1
		n = 0
		while ((getline s < f) > 0) {
			sub(/\r$/, "", s)
			src[f, ++n] = s
		}
		close(f)
	}
	s = (f, l) in src ? src[f, l] : "?"
	gsub(/[ \t]+/, " ", s)
	sub(/^ /, "", s)
	return length(s) > 50 ? substr(s, 1, 47) "..." : s
}

# excluded(FILE, LINE): whether an exclusion marker covers LINE of FILE.
function excluded(f, l,    n, s, open_) {
	if (!(f in marked)) {
		marked[f] = 1
		open_ = 0
		for (n = 1; (getline s < f) > 0; n++) {
			if (s ~ /(LCOV|GCOVR|GCOV|ARCOV)_EXCL_START/)
				open_ = 1
			if (open_ || s ~ /(LCOV|GCOVR|GCOV|ARCOV)_EXCL_LINE/)
				excl[f, n] = 1
			if (s ~ /(LCOV|GCOVR|GCOV|ARCOV)_EXCL_STOP/)
				open_ = 0
		}
		close(f)
	}
	return (f, l) in excl
}

# has_word(S, W): whether S holds the identifier W (or one of W's
# alternatives, "a|b").
function has_word(s, w) {
	return s ~ ("(^|[^A-Za-z0-9_])(" w ")([^A-Za-z0-9_]|$)")
}

# enclosing(FILE, LINE): index of the innermost function around LINE.
function enclosing(f, l,    i, best) {
	best = 0
	for (i = 1; i <= nf[f]; i++)
		if (fs[f, i] <= l && l <= fe[f, i] &&
		    (!best || fe[f, i] - fs[f, i] < fe[f, best] - fs[f, best]))
			best = i
	return best
}

# prev_code(FILE, LINE): the last line before LINE that is not blank or
# a comment.
function prev_code(f, l,    s) {
	while (--l > 0) {
		s = src[f, l]
		if (s !~ /^[ \t]*($|\/\*|\*|\/\/)/)
			return s
	}
	return ""
}

# loop_opener(FILE, LINE): whether the code line before LINE opens a loop
# body ("for (...) {", "while (...) {", "do {").
function loop_opener(f, l,    s) {
	s = prev_code(f, l)
	return s ~ /{[ \t]*(\/\*.*)?$/ &&
	    (has_word(s, "for") || has_word(s, "while") || has_word(s, "do"))
}

# category(FILE, LINE, IN1, IN2): a guess at why gcc and arcov differ on
# the line: what kind of line it is, and which side alone has it.
function category(f, l, in1, in2,    c) {
	c = kind(f, l)
	return !in1 ? c " [only arcov]" : !in2 ? c " [only gcc]" : c
}

# kind(FILE, LINE): what the line is, the first of these that applies.
function kind(f, l,    s, i, name) {
	text(f, l)
	s = (f, l) in src ? src[f, l] : ""
	gsub(/\/\*([^*]|\*+[^*\/])*\*+\/|\/\*.*|\/\/.*/, "", s)
	i = enclosing(f, l)
	name = i ? fn[f, i] : ""
	if (name ~ /^_GLOBAL__|__static_initialization|__cxx_global/ ||
	    l == 0 || i && l == fs[f, i] && has_word(s, "class|struct"))
		return "compiler-generated function"
	if (has_word(s, "try") || has_word(s, "catch") || has_word(s, "throw"))
		return "try/catch/throw line"
	if (s ~ /setjmp|longjmp|LUAI_TRY|LUAI_THROW/ || has_word(s, "fork") ||
	    s ~ /(^|[^A-Za-z0-9_])(exec[lv]p?e?|_?exit|abort)[ \t]*\(/)
		return "setjmp/longjmp/fork/exec/exit"
	if (i && l == fs[f, i])
		return "function's opening line"
	if (s ~ /^[ \t]*(break|continue|return|goto[ \t]+[A-Za-z_0-9]+)[ \t]*;/ &&
	    prev_code(f, l) ~ /\)[ \t]*;[ \t]*(\/\*.*)?$/)
		return "jump right after a call"
	if (loop_opener(f, l))
		return "first line of a loop body"
	if (i && l == fe[f, i] || s ~ /^[ \t]*}[ \t]*$/)
		return "closing brace"
	if (f ~ /\.(h|hh|hpp|hxx|tcc)$/ || f ~ /^\/usr\// ||
	    name ~ /</)
		return "header or template"
	if (has_word(s, "return"))
		return "return line"
	if (has_word(s, "for") || has_word(s, "while") || has_word(s, "do"))
		return "loop header"
	if (s ~ /^[ \t]*(case[^:]*|default|[A-Za-z_][A-Za-z0-9_]*|vmcase\([^)]*\)[ \t]*{?)[ \t]*:?/ &&
	    (has_word(s, "case|default|vmcase") ||
	     s ~ /^[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*:([^:]|$)/))
		return "label line (case, default, goto target)"
	if (has_word(s, "switch"))
		return "switch"
	if (has_word(s, "goto") || has_word(s, "break") ||
	    has_word(s, "continue"))
		return "goto/break/continue"
	if (s ~ /\?/ || s ~ /&&|\|\|/)
		return "condition (?:, &&, ||)"
	return "other"
}

# before(F1, L1, F2, L2): whether F1:L1 sorts before F2:L2.
function before(f1, l1, f2, l2) {
	return f1 < f2 || f1 == f2 && l1 + 0 < l2 + 0
}

# note(TABLE, CAT, FILE, LINE, STATUS, EXAMPLE): count one difference in
# TABLE ("line", "function" or "branch"), keeping the first example.
function note(t, c, f, l, st, ex) {
	printf "%s\t%s\t%s\n", t, c, ex > diffs
	if (!((t, c) in dn)) {
		cats[t] = cats[t] SUBSEP c
		dn[t, c] = 0
		ds[t, c] = 0
	}
	dn[t, c]++
	ds[t, c] += st
	if (!((t, c) in dex) || before(f, l, dxf[t, c], dxl[t, c])) {
		dex[t, c] = ex
		dxf[t, c] = f
		dxl[t, c] = l
	}
}

# show(TABLE, TITLE): print TABLE's categories, the largest first.
function show(t, title,    n, c, i, j, x) {
	n = split(substr(cats[t], 2), c, SUBSEP)
	if (n == 0) {
		printf "%s: none\n", title
		return
	}
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && (dn[t, c[j]] > dn[t, c[j - 1]] ||
		     dn[t, c[j]] == dn[t, c[j - 1]] && c[j] < c[j - 1]); j--) {
			x = c[j]
			c[j] = c[j - 1]
			c[j - 1] = x
		}
	printf "%s:\n", title
	printf "  %-44s %6s %6s  %s\n", "category", "count", "status",
		"example: where  gcc  arcov  source"
	for (i = 1; i <= n; i++)
		printf "  %-44s %6d %6d  %s\n", c[i], dn[t, c[i]], ds[t, c[i]],
			dex[t, c[i]]
}

# sorted(SIDE, KEY): a line's branch counts in ascending order.
function sorted(sd, k,    i, j, n, v, x, s) {
	n = nb[sd, k]
	for (i = 1; i <= n; i++) {
		x = bc[sd, k, i] + 0
		for (j = i; j > 1 && v[j - 1] > x; j--)
			v[j] = v[j - 1]
		v[j] = x
	}
	for (i = 1; i <= n; i++)
		s = s "," v[i]
	return s
}

# count(SIDE, KEY): a line's count as text, "-" where SIDE lacks it.
function count(sd, k) {
	return (sd, k) in lc ? lc[sd, k] : "-"
}

# branches(SIDE, KEY): a line's branch counts, "-" where it has none.
function branches(sd, k,    i, s) {
	if (!((sd, k) in nb) || nb[sd, k] == 0)
		return "-"
	s = bc[sd, k, 1] + 0
	for (i = 2; i <= nb[sd, k]; i++)
		s = s "," (bc[sd, k, i] + 0)
	return "[" s "]"
}

END {
	for (k in keys) {
		split(k, p, SUBSEP)
		f = p[1]
		l = p[2] + 0
		in1 = (1, k) in lc
		in2 = (2, k) in lc
		lines++
		both += in1 && in2
		e1 = in1 && lc[1, k] > 0
		e2 = in2 && lc[2, k] > 0
		status_ok += e1 == e2
		status_both += in1 && in2 && e1 == e2
		if (in1 && in2 && lc[1, k] == lc[2, k])
			count_ok++
		else
			note("line", category(f, l, in1, in2), f, l, e1 != e2,
			     short(f) ":" l "  " count(1, k) "  " count(2, k) \
			     "  " text(f, l))
		for (sd = 1; sd <= 2; sd++)
			for (i = 1; i <= nb[sd, k]; i++) {
				brt[sd]++
				if (bc[sd, k, i] > 0)
					brh[sd]++
			}
		b1 = branches(1, k)
		b2 = branches(2, k)
		if (b1 != b2) {
			if (nb[1, k] + 0 == nb[2, k] + 0)
				c = sorted(1, k) == sorted(2, k) ? \
				    "same counts, other order" : \
				    "same branches, other counts"
			else if (nb[2, k] + 0 == 0)
				c = "branches only in gcc"
			else if (nb[1, k] + 0 == 0)
				c = "branches only in arcov"
			else
				c = "different number of branches"
			# Concatenated, not sprintf'd: mawk's sprintf stops
			# at 8 KiB, and an -O2 line can have thousands of
			# branches.
			note("branch", c, f, l, 0, short(f) ":" l "  " b1 \
				"  " b2 "  " text(f, l))
		}
	}
	for (k in fkeys) {
		split(k, p, SUBSEP)
		for (sd = 1; sd <= 2; sd++)
			if ((sd, k) in fc) {
				fnt[sd]++
				if (fc[sd, k] > 0)
					fnh[sd]++
			}
		in1 = (1, k) in fc
		in2 = (2, k) in fc
		if (in1 && in2 && fc[1, k] == fc[2, k])
			continue
		l = in1 ? fl[1, k] : fl[2, k]
		c = !in1 ? "function only in arcov" : !in2 ? \
			"function only in gcc" : "call count differs"
		if (p[2] ~ /^_GLOBAL__|__static_initialization/ ||
		    has_word(text(p[1], l), "class|struct"))
			c = "compiler-generated function" \
			    (!in1 ? " [only arcov]" : !in2 ? " [only gcc]" : "")
		note("function", c, p[1], l,
		     (in1 && fc[1, k] > 0) != (in2 && fc[2, k] > 0),
		     short(p[1]) ":" l "  " (in1 ? fc[1, k] : "-") "  " \
		     (in2 ? fc[2, k] : "-") "  " fd[k])
	}
	ndiff = lines - count_ok
	if (brief) {
		printf "%-9s %-26s %7d %7d %8.2f %8.2f %8.2f %6d\n", proj,
			label, lines, both, pct(status_ok, lines),
			pct(count_ok, lines), pct(status_both, both),
			ndiff >> rows
		exit
	}
	printf "lines: %d reported (gcc %d, arcov %d, both %d)\n", lines,
		lines - count_only(2), lines - count_only(1), both
	printf "status agreement: %.2f%%   count agreement: %.2f%%\n",
		pct(status_ok, lines), pct(count_ok, lines)
	printf "status agreement over the %d lines both report: %.2f%%\n",
		both, pct(status_both, both)
	printf "functions: gcc %d, %d called; arcov %d, %d called\n",
		fnt[1], fnh[1], fnt[2], fnh[2]
	printf "branches: gcc %d, %d taken; arcov %d, %d taken\n",
		brt[1], brh[1], brt[2], brh[2]
	show("line", "lines that differ (status: how many differ on executed or not)")
	show("function", "functions that differ")
	show("branch", "lines whose branches differ")
	printf "%-9s %-4s %7d %7d %8.2f %8.2f %8.2f %11s %11s %13s %13s %6d\n",
		proj, "-O" level, lines, both, pct(status_ok, lines),
		pct(count_ok, lines), pct(status_both, both),
		fnt[1] + 0 "/" fnh[1] + 0,
		fnt[2] + 0 "/" fnh[2] + 0, brt[1] + 0 "/" brh[1] + 0,
		brt[2] + 0 "/" brh[2] + 0, ndiff >> rows
}

# count_only(SIDE): lines only SIDE reports.
function count_only(sd,    k, n) {
	n = 0
	for (k in keys)
		if ((sd, k) in lc && !((3 - sd, k) in lc))
			n++
	return n
}

function pct(a, b) {
	return b ? 100 * a / b : 100
}
