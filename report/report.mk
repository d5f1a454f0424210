# swapbench-report, the host-side report tool, and its unit tests.
# Included by the top-level Makefile, which sets HOST_CC, HOST_CFLAGS and
# BIN_OUT. rsvg-convert (optional) adds PNG plots.

REPORT_SRC      := $(wildcard report/*.c report/*/*.c)
REPORT_HDR      := $(wildcard report/*/*.h) $(wildcard lib/*.h)
REPORT_LIB_SRC  := $(LIB_SRC)
REPORT_LIBS     := -lm
# The table-driven CRC-32 (lib/crc32.c): the host checks millions of records.
REPORT_CFLAGS   := -DCRC32_TABLE
REPORT_SAN      ?= -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# Unit tests: $(BIN_OUT)/tests/test_<name> from tests/unit/test_<name>.c.
# TEST_SRC_<name>/TEST_LIBS_<name> also serve the Makefile's asan rule.
REPORT_UNIT_TESTS := stats report_parse report_source report_compare bisect_sim verdict_sim slowmode_sim report_io

# Each links every report module but main.c's, and lib/.
REPORT_TEST_SRC  := $(filter-out report/main.c,$(REPORT_SRC)) $(REPORT_LIB_SRC)
$(foreach t,$(REPORT_UNIT_TESTS),$(eval TEST_SRC_$(t) := $(REPORT_TEST_SRC))$(eval TEST_LIBS_$(t) := $(REPORT_LIBS)))

$(BIN_OUT)/swapbench-report: $(REPORT_SRC) $(REPORT_LIB_SRC) $(REPORT_HDR) $(VERSION_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(REPORT_CFLAGS) -o $@ $(REPORT_SRC) $(REPORT_LIB_SRC) $(REPORT_LIBS)

# The same tool under AddressSanitizer + UBSan, for tests/integration/report_cli.sh.
$(BIN_OUT)/asan/swapbench-report: $(REPORT_SRC) $(REPORT_LIB_SRC) $(REPORT_HDR) $(VERSION_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(REPORT_CFLAGS) $(REPORT_SAN) -o $@ $(REPORT_SRC) $(REPORT_LIB_SRC) $(REPORT_LIBS)

define REPORT_TEST_RULE
$(BIN_OUT)/tests/test_$(1): tests/unit/test_$(1).c $(TEST_SRC_$(1)) tests/unit/check.h \
		tests/unit/seed000.h tests/unit/report_log.h $(REPORT_HDR)
	@mkdir -p $$(@D)
	$$(HOST_CC) $$(HOST_CFLAGS) $(REPORT_CFLAGS) -Itests/unit -o $$@ $$< $(TEST_SRC_$(1)) $(TEST_LIBS_$(1))
$(BIN_OUT)/asan/tests/test_$(1): HOST_CFLAGS += $(REPORT_CFLAGS)
endef
$(foreach t,$(REPORT_UNIT_TESTS),$(eval $(call REPORT_TEST_RULE,$(t))))

# lib/stats on the command line, for tests/integration/stats_oracle.sh (scipy).
$(BIN_OUT)/stats-probe: tests/unit/stats_probe.c $(LIB_SRC) lib/stats.h
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $< $(LIB_SRC) -lm

# tests/fixtures/*.txt are generated once and kept; this remakes them.
$(BIN_OUT)/tests/gen_fixtures: tests/fixtures/gen_fixtures.c tests/unit/seed000.h \
		$(REPORT_LIB_SRC) lib/record.h
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $< $(REPORT_LIB_SRC) -lm

.PHONY: report-fixtures
report-fixtures: $(BIN_OUT)/tests/gen_fixtures
	$< tests/fixtures

# Io records (a run's account of its modelled disk's requests) into a log, for tests/fixtures/io-hdd.txt.
$(BIN_OUT)/tests/gen_io: tests/fixtures/gen_io.c $(REPORT_LIB_SRC) lib/record.h
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $< $(REPORT_LIB_SRC) -lm
unit-tests: $(BIN_OUT)/tests/gen_io

# A lab's pile of serial logs, for measure/bench_report: gen_lab RUNS FILES DIR.
$(BIN_OUT)/tests/gen_lab: tests/fixtures/gen_lab.c $(REPORT_LIB_SRC) lib/record.h
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(REPORT_CFLAGS) -o $@ $< $(REPORT_LIB_SRC) -lm
unit-tests: $(BIN_OUT)/tests/gen_lab

# One command's wall and CPU time and peak RSS, for measure/bench_report.
$(BIN_OUT)/tests/rusage: tests/fixtures/rusage.c
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $<
unit-tests: $(BIN_OUT)/tests/rusage
