#!/bin/sh
# append.sh -- ARCOV_APPEND=1 appends one block per run; ARCOV_RUN_LABEL
# stores a label in the extension tail (doc/da-extension.md), and in
# merge mode selects the block with the same label.
. "$top_srcdir/testsuite/runtime/lib.sh"

ARCOV_APPEND=1 ARCOV_RUN_LABEL=first run a:0:1
# Extension length 40 + 16: tag 1, length 5, "first" and 3 pad bytes.
test "$(hex "$tmp/a.da" | cut -c17-24)" = 38000000 ||
	fail "extension length is not 56"
test "$(hex "$tmp/a.da" | cut -c105-136)" = \
	01000000050000006669727374000000 ||
	fail "label entry bytes"
ARCOV_APPEND=1 ARCOV_RUN_LABEL=second run a:0:2
ARCOV_APPEND=1 run a:0:4
ARCOV_APPEND=1 ARCOV_RUN_LABEL= run a:1:4
expect_da "$tmp/a.da" <<'END'
block 0 label first
program 3 1 1
object 3 1 1
fn f 1040: 1 0
fn main 77: 0
block 1 label second
program 3 2 2
object 3 2 2
fn f 1040: 2 0
fn main 77: 0
block 2 label -
program 3 4 4
object 3 4 4
fn f 1040: 4 0
fn main 77: 0
block 3 label -
program 3 4 4
object 3 4 4
fn f 1040: 0 4
fn main 77: 0
END

# Merge mode: the labelled block, the first unlabelled one, a new label.
ARCOV_RUN_LABEL=second run a:2:8
run a:2:16
ARCOV_RUN_LABEL=third ARCOV_APPEND=0 run a:0:32
expect_da "$tmp/a.da" <<'END'
block 0 label first
program 3 1 1
object 3 1 1
fn f 1040: 1 0
fn main 77: 0
block 1 label second
program 3 10 10
object 3 10 8
fn f 1040: 2 0
fn main 77: 8
block 2 label -
program 3 20 20
object 3 20 16
fn f 1040: 4 0
fn main 77: 16
block 3 label -
program 3 4 4
object 3 4 4
fn f 1040: 0 4
fn main 77: 0
block 4 label third
program 3 32 32
object 3 32 32
fn f 1040: 32 0
fn main 77: 0
END
pass
