# diff-project.sh -- the project of the differential coverage tests, made
# in the current directory: a git repository holding two commits of
# prog.c (testsuite/report/diff/prog-v1.c, prog-v2.c), the first built
# with the plugin and run ("./prog 1") into the baseline base.info (and
# its notes and data saved in the tree base-tree), the
# second built and run ("./prog 0"), and patch, the real `git diff`
# between the two.  In repo/; prog-v2.c's comments say which line falls
# in which of lcov 2's categories.  Sourced after lib.sh and build-lib.sh.

needs git git

# diff_project: make it; a hard error when it cannot be made.
diff_project() {
	mkdir repo && (
		cd repo &&
		git init -q &&
		cp "$here/diff/prog-v1.c" prog.c &&
		git add prog.c &&
		git -c user.name=arcov -c user.email=arcov@localhost \
			commit -qm v1 &&
		cc_plugin "$CC" -O0 -c prog.c -o prog.o &&
		link_arcov "$CC" prog.o -o prog &&
		./prog 1 >/dev/null &&
		"$ARCOV" -n --lcov=../base.info prog.c >/dev/null &&
		mkdir ../base-tree &&
		cp -p prog.bb prog.bbg prog.arcov-notes prog.da ../base-tree &&
		cp "$here/diff/prog-v2.c" prog.c &&
		git -c user.name=arcov -c user.email=arcov@localhost \
			commit -qam v2 &&
		git diff HEAD~1 HEAD >../patch &&
		rm -f prog.da &&
		cc_plugin "$CC" -O0 -c prog.c -o prog.o &&
		link_arcov "$CC" prog.o -o prog &&
		./prog 0 >/dev/null
	) >diff-build.log 2>&1 || {
		sed 's/^/    /' diff-build.log
		hard_error "making the differential coverage project"
	}
}
