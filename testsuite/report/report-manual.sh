#!/bin/sh
# report-manual.sh -- the manual cannot drift from the program: every long
# option `arcov --help` lists is in arcov.1 and every one arcov.1 lists is
# in --help; every Markdown page the manual pages and --help point to is
# installed (dist_doc_DATA in doc/local.mk).
. "${top_srcdir:-.}/testsuite/report/lib.sh"
enter_tmp

"$ARCOV" --help >help; status "--help" 0 $?
grep -o -- '--[a-z][a-z0-9-]*' help | sort -u >help.opts
sed 's/\\-/-/g' "$top_srcdir/doc/arcov.1" | grep -o -- '--[a-z][a-z0-9-]*' |
	sort -u >man.opts
same "arcov.1 and --help list the same long options" help.opts man.opts

# The pages named: "doc/x.md" in --help, ".I x.md"-style in the manuals.
{
	grep -o '[a-z-]*\.md' help
	cat "$top_srcdir"/doc/*.1 "$top_srcdir"/doc/*.7 | sed 's/\\-/-/g' |
		grep -o '[a-z-]*\.md'
} | sort -u >named
sed -n '/^dist_doc_DATA/,/[^\\]$/p' "$top_srcdir/doc/local.mk" |
	grep -o '[A-Za-z-]*\.md' | sort -u >installed
comm -23 named installed >missing
same "every page the manuals and --help name is installed" /dev/null missing
exit $fail
