#!/bin/sh
# cmake.sh -- the test project built by CMake (Ninja if installed, else
# Make), out of tree, with the specs in CMAKE_C_FLAGS and in the linker
# flags of programs, shared libraries and modules: CMake's compiler checks
# pass, and the counts are exact.
. "$top_srcdir/testsuite/buildsys/lib.sh"
need cmake ctest
gen="Unix Makefiles"
command -v ninja > /dev/null 2>&1 && gen=Ninja

run cmake -G "$gen" -DCMAKE_C_COMPILER="$CC" \
	-DCMAKE_C_FLAGS="-O2 $F" -DCMAKE_EXE_LINKER_FLAGS="$F" \
	-DCMAKE_SHARED_LINKER_FLAGS="$F" -DCMAKE_MODULE_LINKER_FLAGS="$F" \
	../proj
run cmake --build .
run ctest --output-on-failure
# CMake compiles in the build directory, SRC into CMakeFiles/TARGET.dir/
# SRC.o, so the notes are SRC.bb there (as gcov's are SRC.gcno).
d=CMakeFiles
for b in $d/core.dir/lib/core/counter.c $d/plug.dir/lib/mod/plug.c \
	$d/app.dir/src/app/main.c
do
	expect_notes "$b" "$tmp/build"
	expect_data "$b"
done
check_counts $d/core.dir/lib/core/counter.c lib/core/counter.c
check_counts $d/plug.dir/lib/mod/plug.c lib/mod/plug.c
check_counts $d/app.dir/src/app/main.c src/app/main.c
reporter_paths
pass
