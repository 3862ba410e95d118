# Sonde: one entry point for every language in the repository. `make help` lists the targets.
SHELL := /bin/bash
MVN ?= mvn -B -ntp
BUILD_PACKAGES := redis-server redis-tools curl
TEST_PACKAGES := $(BUILD_PACKAGES) chromium chromium-driver openssl tcpdump tcpreplay
# The XDP collector: clang 19 for BPF and libFuzzer, libbpf + bpftool for skeletons (XDP_NOTES.md).
XDP_PACKAGES := gcc make python3 clang-19 libclang-rt-19-dev clang-format-19 bpftool libbpf-dev libelf-dev libhiredis-dev libpcap-dev \
  zlib1g-dev iproute2 pkg-config

# The P4 compiler and the BMv2 reference switch, where ../shared/tools has them (CI and developers);
# elsewhere from the environment or PATH, and the steps that need them say so and are skipped.
P4C ?= $(firstword $(wildcard $(CURDIR)/../shared/tools/p4c/bin/p4c-bm2-ss) $(shell command -v p4c-bm2-ss))
BMV2 ?= $(firstword $(wildcard $(CURDIR)/../shared/tools/bmv2/bin/simple_switch_grpc) $(shell command -v simple_switch_grpc))
export P4C BMV2
P4C_PACKAGES := libboost-iostreams1.74.0 libgc1 libprotobuf32 cpp time jq
BMV2_PACKAGES := libgrpc++1.51 libgrpc29 libprotobuf32 libabsl20220623 libthrift-0.17.0 libjsoncpp25 \
  libboost-program-options1.74.0 libxxhash0 libpcap0.8 libgmp10 libnanomsg5

.DEFAULT_GOAL := help

.PHONY: help
help: ## list the targets
	@grep -hE '^[a-z][a-z0-9-]*:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

.PHONY: demo
demo: build ## the main job: build, then run the live demo on http://localhost:8080
	@# The NIC agent of the demo needs root and the XDP build; without them the demo says so and runs without it.
	@if [ "$$(id -u)" = 0 ] && command -v clang-19 >/dev/null && command -v bpftool >/dev/null; then \
	  $(MAKE) -C xdp-collector || echo "the XDP build failed: the demo runs without its NIC agent"; \
	fi
	scripts/with-redis.sh scripts/demo.sh

# make test in two stages, each with the XDP collector's work alongside: Maven builds and tests
# the P4 modules (the collector's golden test compares with ./sonde-decode, which runs from
# p4-programs) while the collector builds; then every other module while the collector's tests
# run. e2e-tests replay reports into the collector built in the first stage.
P4_MODULES := . p4runtime p4info-codegen p4-programs
comma := ,
space := $(subst ,, )
modules = $(subst $(space),$(comma),$(strip $(1)))

.PHONY: test
test: toolchain ## every test: formatter check, modularity check, unit, integration, browser, XDP, p4c and BMv2 tests
	scripts/ensure-packages.sh $(TEST_PACKAGES) $(XDP_PACKAGES) $(if $(P4C),$(P4C_PACKAGES)) $(if $(BMV2),$(BMV2_PACKAGES))
	@[ -n "$(P4C)" ] || echo "p4c-bm2-ss not found (P4C, PATH, ../shared/tools/p4c): the p4c compile of sonde.p4 is skipped"
	@[ -n "$(BMV2)" ] || echo "simple_switch_grpc not found (BMV2, PATH, ../shared/tools/bmv2): the BMv2 suites are skipped"
	scripts/alongside.sh target/xdp-collector-build.log "$(MAKE) -C xdp-collector -j2" \
	  $(MVN) install -pl $(call modules,$(P4_MODULES))
	scripts/alongside.sh target/xdp-collector-test.log "$(MAKE) -C xdp-collector test" \
	  env REDIS_DIR=target/test-redis REDIS_FRESH=1 scripts/with-redis.sh \
	  $(MVN) install -pl '$(call modules,$(addprefix !,$(P4_MODULES)))'    # an empty Redis, its append-only file under target/

.PHONY: build
build: toolchain ## compile and package every module (formatter check included, tests skipped)
	scripts/ensure-packages.sh $(BUILD_PACKAGES)
	$(MVN) install -DskipTests

.PHONY: screenshots
screenshots: build ## refresh the README's pictures in docs/images from the browser tests
	scripts/ensure-packages.sh $(TEST_PACKAGES)
	scripts/with-redis.sh $(MVN) -pl e2e-tests verify -Dsonde.screenshots.docs=true \
	  -Dtest='DashboardBrowserIntegrationTests,EventsLiveBrowserIntegrationTests,TopologyLiveBrowserIntegrationTests,ProbesLiveBrowserIntegrationTests' \
	  -Dsurefire.failIfNoSpecifiedTests=false

.PHONY: bench-timeseries
bench-timeseries: build ## benchmark: time-series writes through TimeSeriesStore vs raw line protocol
	$(MVN) -q -pl backend test-compile exec:java -Dexec.classpathScope=test \
	  -Dexec.mainClass=io.sonde.store.bench.TimeSeriesWriteBenchmark

.PHONY: bench-emulator
bench-emulator: build ## benchmark: packet-hops/s of an emulated FatTree(4) running sonde.p4 with INT, vs the network core alone
	$(MVN) -q -pl emulator dependency:build-classpath -Dmdep.outputFile=target/bench.classpath
	java -cp "emulator/target/classes:$$(cat emulator/target/bench.classpath)" \
	  io.sonde.emulator.run.bench.EmulatorBenchmark

.PHONY: bench-event-reduction
bench-event-reduction: build ## benchmark: INTCollector's M_all/M_event (paper V-B2) on an emulated FatTree(4), 2,000 flows
	$(MVN) -q -pl backend test-compile dependency:build-classpath -Dmdep.includeScope=test \
	  -Dmdep.outputFile=target/bench.classpath
	java -cp "backend/target/test-classes:backend/target/classes:$$(cat backend/target/bench.classpath)" \
	  io.sonde.javacollector.bench.EventReductionBenchmark $(BENCH_ARGS)

# The store's data on a scratch ext4 volume without online discard (scripts/data-volume.sh);
# BENCH_DATA_VOLUME= (empty) puts it in the JVM's temporary directory instead.
BENCH_DATA_VOLUME ?= /var/tmp/sonde-bench-volume

.PHONY: bench-ingest
bench-ingest: build ## benchmark: Redis stream -> backend ingest -> QuestDB + live stream, events/s for 60 s after 180 s of warm-up, XADD-to-SSE p99 (BENCH_ARGS="seconds warm-up --setting=value ...")
	$(MVN) -q -pl backend test-compile dependency:build-classpath -Dmdep.includeScope=test \
	  -Dmdep.outputFile=target/bench.classpath
	$(if $(BENCH_DATA_VOLUME),scripts/data-volume.sh $(BENCH_DATA_VOLUME) 48G) \
	  java $(if $(BENCH_DATA_VOLUME),-Dsonde.bench.data=$(BENCH_DATA_VOLUME)) \
	  -cp "backend/target/test-classes:backend/target/classes:$$(cat backend/target/bench.classpath)" \
	  io.sonde.events.bench.IngestBenchmark $(BENCH_ARGS)

.PHONY: bench-switches
bench-switches: build ## benchmark: bring-up of 20 emulated switches, reconcile after a restart, P4Runtime writes/s
	$(MVN) -q -pl backend test-compile dependency:build-classpath -Dmdep.includeScope=test \
	  -Dmdep.outputFile=target/bench.classpath
	java -cp "backend/target/test-classes:backend/target/classes:$$(cat backend/target/bench.classpath)" \
	  io.sonde.switches.bench.SwitchManagementBenchmark

.PHONY: bench-alerts
bench-alerts: build ## benchmark: ingest saturated with 100 alert rules on vs off (events/s and the median of each run's ratio, 3 min warm-up, 5 x 30 s each), then alert notification -> signed webhook at a loopback receiver (p99 over 5 runs of 200)
	$(MVN) -q -pl backend test-compile dependency:build-classpath -Dmdep.includeScope=test \
	  -Dmdep.outputFile=target/bench.classpath
	java -cp "backend/target/test-classes:backend/target/classes:$$(cat backend/target/bench.classpath)" \
	  io.sonde.events.bench.IngestWithAlertsBenchmark
	java -cp "backend/target/test-classes:backend/target/classes:$$(cat backend/target/bench.classpath)" \
	  io.sonde.webhooks.internal.WebhookDeliveryBenchmark

.PHONY: bench-labeling
bench-labeling: build ## benchmark: INT-label exported items applied to Redis per second (newer-wins script), 60 s x 5 runs, vs pipelined HSET of the same items (BENCH_ARGS="seconds runs baseline-seconds")
	$(MVN) -q -pl backend test-compile dependency:build-classpath -Dmdep.includeScope=test \
	  -Dmdep.outputFile=target/bench.classpath
	java -cp "backend/target/test-classes:backend/target/classes:$$(cat backend/target/bench.classpath)" \
	  io.sonde.labeling.internal.LabelingCollectionBenchmark $(BENCH_ARGS)

.PHONY: bench-gpint
bench-gpint: build ## benchmark: GPINT-3 plan of a 1,000-switch Watts-Strogatz graph in ms (median of RUNS=9), Euler as baseline, longest-path ratio
	$(MVN) -q -pl backend test-compile dependency:build-classpath -Dmdep.includeScope=test \
	  -Dmdep.outputFile=target/bench.classpath
	java -cp "backend/target/test-classes:backend/target/classes:$$(cat backend/target/bench.classpath)" \
	  io.sonde.probes.bench.PlannerBenchmark

.PHONY: bench-start
bench-start: build ## benchmark: seconds to the backend's first health answer, runnable jar vs extracted with class data sharing (RUNS=5)
	scripts/bench-start.sh

.PHONY: bench-xdp
bench-xdp: ## benchmark (as root): XDP collector ns per report, Mpps on a veth vs a user-space collector
	$(MAKE) -C xdp-collector bench

.PHONY: bench-nic-agent
bench-nic-agent: ## benchmark (as root): NIC agent Mpps on a veth, 5 hops x 4 instructions, vs the XDP collector in the same run
	$(MAKE) -C xdp-collector bench-nic-agent

.PHONY: soak
soak: build ## soak (not in make test): Redis, the backend and the Java collector each killed once in SOAK_SECONDS (600) of the emulated network; prints the SOAK lines
	$(MVN) -q -pl e2e-tests test-compile dependency:build-classpath -Dmdep.includeScope=test \
	  -Dmdep.outputFile=target/soak.classpath
	java -cp "e2e-tests/target/test-classes:$$(cat e2e-tests/target/soak.classpath)" io.sonde.e2e.soak.SoakRun

.PHONY: p4-stats
p4-stats: ## benchmark: p4c's peak memory and seconds for sonde.p4 (median of RUNS=5), BMv2 tables and conditionals
	scripts/ensure-packages.sh $(P4C_PACKAGES)
	scripts/p4-stats.sh

.PHONY: p4-artifacts
p4-artifacts: ## regenerate the committed P4Info and BMv2 JSON of sonde.p4 with p4c
	scripts/ensure-packages.sh $(P4C_PACKAGES)
	scripts/p4-artifacts.sh

.PHONY: repro-prefilter
repro-prefilter: build ## paper 003 (not in make test): pre-filter reports/s vs noop, web/cache/hadoop bursts, virtual time (REPRO_ARGS="seconds seed"); CSV + SVG in e2e-tests/target/repro/prefilter
	$(MVN) -q -pl e2e-tests test-compile dependency:build-classpath -Dmdep.includeScope=test \
	  -Dmdep.outputFile=target/repro.classpath
	java -cp "e2e-tests/target/test-classes:$$(cat e2e-tests/target/repro.classpath)" \
	  io.sonde.e2e.repro.prefilter.PrefilterRepro $(REPRO_ARGS)

.PHONY: repro-gpint
repro-gpint: build ## paper 001 (not in make test): GPINT vs Euler vs polling, with and without recovery, Watts-Strogatz 20-100 switches, virtual time (REPRO_PROFILE=quick|full); CSV + SVG in e2e-tests/target/repro/gpint
	$(MVN) -q -pl e2e-tests test-compile dependency:build-classpath -Dmdep.includeScope=test \
	  -Dmdep.outputFile=target/repro.classpath
	java -cp "e2e-tests/target/test-classes:$$(cat e2e-tests/target/repro.classpath)" \
	  io.sonde.e2e.repro.gpint.GpintRepro

.PHONY: repro-intlabel
repro-intlabel: build ## paper 004 (not in make test): INT-label Base A/B/Pro coverage, labeled packets, loss, rest time, f on the §6.1 fabric, virtual time (REPRO_PROFILE=quick|full); CSV + SVG in e2e-tests/target/repro/intlabel
	$(MVN) -q -pl e2e-tests test-compile dependency:build-classpath -Dmdep.includeScope=test \
	  -Dmdep.outputFile=target/repro.classpath
	java -cp "e2e-tests/target/test-classes:$$(cat e2e-tests/target/repro.classpath)" \
	  io.sonde.e2e.repro.intlabel.IntLabelRepro

.PHONY: mutation
mutation: toolchain ## mutation testing (PIT) of the codecs, detectors, INT configuration compiler, planners and alert checks by their unit tests; prints each package's score
	$(MVN) -Pmutation -pl p4-programs,backend -am test
	scripts/mutation-scores.py p4-programs/target/pit-reports/mutations.xml backend/target/pit-reports/mutations.xml

.PHONY: format
format: ## rewrite Java sources in the project style (spring-javaformat)
	$(MVN) spring-javaformat:apply

.PHONY: clean
clean: ## remove build output and the demo's data
	$(MVN) clean
	rm -rf .demo

.PHONY: toolchain
toolchain:
	@command -v java >/dev/null && command -v mvn >/dev/null || \
	  { echo "Java 17 and Maven are needed: apt-get install openjdk-17-jdk-headless maven" >&2; exit 1; }
