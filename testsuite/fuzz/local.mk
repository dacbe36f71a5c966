## testsuite/fuzz/local.mk -- fuzz targets for every reader (issue 14).
##
## Each target (testsuite/fuzz/fuzz-TARGET.c) is built twice: with the
## configured compiler and replay.c as replay-TARGET, which make check runs
## over the corpus and the regressions in every configuration; and, when
## configure found clang with libFuzzer (FUZZ_CC), as fuzz-TARGET, for the
## per-target tests (replay, then a fixed-seed run) and for make fuzz.
## doc/security.md, §6 "Fuzzing", is the user's side of this.

FUZZ_TARGETS = bb bbg da notes section solve trace stream live

FUZZ_REPLAYS = \
	testsuite/fuzz/replay-bb \
	testsuite/fuzz/replay-bbg \
	testsuite/fuzz/replay-da \
	testsuite/fuzz/replay-notes \
	testsuite/fuzz/replay-section \
	testsuite/fuzz/replay-solve \
	testsuite/fuzz/replay-trace \
	testsuite/fuzz/replay-stream \
	testsuite/fuzz/replay-live
check_PROGRAMS += $(FUZZ_REPLAYS)
FUZZ_REPLAY_MAIN = testsuite/fuzz/replay.c testsuite/fuzz/fuzz.h
testsuite_fuzz_replay_bb_SOURCES = $(FUZZ_REPLAY_MAIN) \
	testsuite/fuzz/fuzz-bb.c
testsuite_fuzz_replay_bb_LDADD = lib/libarcovfmt.la
testsuite_fuzz_replay_bbg_SOURCES = $(FUZZ_REPLAY_MAIN) \
	testsuite/fuzz/fuzz-bbg.c
testsuite_fuzz_replay_bbg_LDADD = lib/libarcovfmt.la
testsuite_fuzz_replay_da_SOURCES = $(FUZZ_REPLAY_MAIN) \
	testsuite/fuzz/fuzz-da.c
testsuite_fuzz_replay_da_LDADD = lib/libarcovfmt.la
testsuite_fuzz_replay_notes_SOURCES = $(FUZZ_REPLAY_MAIN) \
	testsuite/fuzz/fuzz-notes.c
testsuite_fuzz_replay_notes_LDADD = lib/libarcovfmt.la
testsuite_fuzz_replay_section_SOURCES = $(FUZZ_REPLAY_MAIN) \
	testsuite/fuzz/fuzz-section.c
testsuite_fuzz_replay_section_LDADD = lib/libarcovfmt.la
testsuite_fuzz_replay_solve_SOURCES = $(FUZZ_REPLAY_MAIN) \
	testsuite/fuzz/fuzz-solve.c
testsuite_fuzz_replay_solve_LDADD = lib/libarcovfmt.la
testsuite_fuzz_replay_trace_SOURCES = $(FUZZ_REPLAY_MAIN) \
	testsuite/fuzz/fuzz-trace.c
testsuite_fuzz_replay_trace_LDADD = lib/libarcovfmt.la
# The stream's target compiles the freestanding runtime's writer in.
testsuite_fuzz_replay_stream_SOURCES = $(FUZZ_REPLAY_MAIN) \
	testsuite/fuzz/fuzz-stream.c
testsuite_fuzz_replay_stream_LDADD = lib/libarcovfmt.la
testsuite_fuzz_replay_live_SOURCES = $(FUZZ_REPLAY_MAIN) \
	testsuite/fuzz/fuzz-live.c
testsuite_fuzz_replay_live_LDADD = lib/libarcovfmt.la

# One test per libFuzzer target (skipped without libFuzzer); runs= is the
# length of its fixed-seed run, about a second each on an idle core.
FUZZ_TESTS = \
	testsuite/fuzz/replay.sh \
	testsuite/fuzz/bb.sh \
	testsuite/fuzz/bbg.sh \
	testsuite/fuzz/da.sh \
	testsuite/fuzz/notes.sh \
	testsuite/fuzz/section.sh \
	testsuite/fuzz/solve.sh \
	testsuite/fuzz/trace.sh \
	testsuite/fuzz/stream.sh \
	testsuite/fuzz/live.sh
TESTS += $(FUZZ_TESTS)
EXTRA_DIST += $(FUZZ_TESTS) testsuite/fuzz/lib.sh \
	testsuite/fuzz/corpus testsuite/fuzz/regress

## ---- the libFuzzer builds ----
# The library is compiled again with clang, instrumented for coverage
# (fuzzer-no-link) and with ASan and UBSan, into one archive the targets
# link: the C files of lib/local.mk, whatever they are.
FUZZ_COMPILE = $(FUZZ_CC) $(FUZZ_CFLAGS) $(WARN_CFLAGS) $(DEFS) \
	-I$(top_builddir) -I$(top_srcdir)/lib -I$(top_srcdir)/testsuite/fuzz
FUZZ_BINS = \
	testsuite/fuzz/fuzz-bb \
	testsuite/fuzz/fuzz-bbg \
	testsuite/fuzz/fuzz-da \
	testsuite/fuzz/fuzz-notes \
	testsuite/fuzz/fuzz-section \
	testsuite/fuzz/fuzz-solve \
	testsuite/fuzz/fuzz-trace \
	testsuite/fuzz/fuzz-stream \
	testsuite/fuzz/fuzz-live
CLEANFILES += $(FUZZ_BINS) testsuite/fuzz/libfuzz.a
clean-local: clean-fuzz
clean-fuzz:
	-rm -rf testsuite/fuzz/objs
# What make fuzz found outlives make clean.
distclean-local: distclean-fuzz
distclean-fuzz:
	-rm -rf fuzz-out
.PHONY: clean-fuzz distclean-fuzz fuzz

if HAVE_LIBFUZZER
check_SCRIPTS = $(FUZZ_BINS)

testsuite/fuzz/libfuzz.a: $(lib_libarcovfmt_la_SOURCES) config.h
	$(AM_V_GEN)rm -rf testsuite/fuzz/objs && \
	$(MKDIR_P) testsuite/fuzz/objs && \
	for f in $(lib_libarcovfmt_la_SOURCES); do \
	  case $$f in *.c) ;; *) continue ;; esac; \
	  o=testsuite/fuzz/objs/`echo $$f | sed 's,/,-,g; s,\.c$$,.o,'`; \
	  $(FUZZ_COMPILE) -fsanitize=fuzzer-no-link -c \
	    -o $$o $(srcdir)/$$f || exit 1; \
	done && \
	rm -f $@ && $(AR) cr $@ testsuite/fuzz/objs/*.o

$(FUZZ_BINS): testsuite/fuzz/libfuzz.a testsuite/fuzz/fuzz.h
	$(AM_V_CCLD)$(FUZZ_COMPILE) -fsanitize=fuzzer -o $@ \
	  $(srcdir)/$@.c testsuite/fuzz/libfuzz.a
testsuite/fuzz/fuzz-bb: testsuite/fuzz/fuzz-bb.c
testsuite/fuzz/fuzz-bbg: testsuite/fuzz/fuzz-bbg.c
testsuite/fuzz/fuzz-da: testsuite/fuzz/fuzz-da.c
testsuite/fuzz/fuzz-notes: testsuite/fuzz/fuzz-notes.c
testsuite/fuzz/fuzz-section: testsuite/fuzz/fuzz-section.c
testsuite/fuzz/fuzz-solve: testsuite/fuzz/fuzz-solve.c
testsuite/fuzz/fuzz-trace: testsuite/fuzz/fuzz-trace.c
testsuite/fuzz/fuzz-live: testsuite/fuzz/fuzz-live.c
testsuite/fuzz/fuzz-stream: testsuite/fuzz/fuzz-stream.c \
	runtime/freestanding.c runtime/arcov-freestanding.h

# make fuzz: each target in turn for FUZZ_SECONDS (0: until it fails),
# from the checked-in corpus and the regressions; what it learns goes to
# fuzz-out/TARGET/corpus, what fails to fuzz-out/TARGET/.
FUZZ_SECONDS = 60
fuzz: $(FUZZ_BINS)
	@status=0; for t in $(FUZZ_TARGETS); do \
	  out=fuzz-out/$$t; $(MKDIR_P) $$out/corpus || exit 1; \
	  set -- $(srcdir)/testsuite/fuzz/corpus/$$t; \
	  test -d $(srcdir)/testsuite/fuzz/regress/$$t && \
	    set -- "$$@" $(srcdir)/testsuite/fuzz/regress/$$t; \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s, log in $$out/log"; \
	  testsuite/fuzz/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) \
	    -malloc_limit_mb=64 -timeout=10 -print_final_stats=1 \
	    -artifact_prefix=$$out/ $$out/corpus "$$@" > $$out/log 2>&1 || \
	    { status=1; echo "fuzz: $$t FAILED:"; \
	      grep -E '^(==[0-9]+==ERROR|SUMMARY|.*check failed|artifact_prefix)' \
	        $$out/log; }; \
	  grep -E '^(Done|stat::)' $$out/log | sed "s/^/fuzz: $$t: /"; \
	done; exit $$status
else
fuzz:
	@echo "make fuzz: configure found no clang with libFuzzer (FUZZ_CC);" \
	  "install clang-14 and libfuzzer-14-dev and reconfigure" >&2; exit 1
endif
