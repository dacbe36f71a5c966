#!/bin/sh
# The e2e programs built by riscv64-linux-gnu-gcc with the cross build's specs, run
# under qemu-user: exact counts, the x86-64 build's bytes (lib.sh).
triple=riscv64-linux-gnu
. "$top_srcdir/testsuite/cross/lib.sh"
check_target
