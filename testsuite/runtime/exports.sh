#!/bin/sh
# exports.sh -- libarcov exports nothing but arcov_* symbols: none from
# the shared library's dynamic table, no other global in the archive.
. "$top_srcdir/testsuite/runtime/lib.sh"

so=$top_builddir/runtime/.libs/libarcov.so
ar=$top_builddir/runtime/.libs/libarcov.a
test -f "$so" || fail "$so not built"
test -f "$ar" || fail "$ar not built"

nm -D --defined-only "$so" | awk '{ print $3 }' | sort > "$tmp/dyn"
cat > "$tmp/want" <<'END'
arcov_dump
arcov_execl
arcov_execle
arcov_execlp
arcov_execv
arcov_execve
arcov_execvp
arcov_execvpe
arcov_fexecve
arcov_object_register
arcov_object_unregister
arcov_profile_depth
arcov_profile_enter
arcov_profile_exit
arcov_profile_resume
arcov_reset
arcov_thread_counters
END
diff -u "$tmp/want" "$tmp/dyn" >&2 || fail "$so: unexpected exports"

nm -g --defined-only "$ar" | awk 'NF == 3 && $3 !~ /^arcov_/' > "$tmp/bad"
test ! -s "$tmp/bad" || fail "$ar: globals outside arcov_: $(cat "$tmp/bad")"
nm -g --defined-only "$ar" | grep -q ' T arcov_object_register$' ||
	fail "$ar: arcov_object_register missing"
pass
