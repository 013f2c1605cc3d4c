# gpuatom — the README's two commands are `make run` and `make test`.
# Every target that builds first installs what is missing (scripts/install-deps).

PRESET ?= release
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
GPUATOM := build/$(PRESET)/bin/gpuatom

# What `make test` runs under ThreadSanitizer: the parts where host threads race (support: the
# file names every location interns, shared by all threads; the tsan build compiles only that
# file of tests/support, tests/CMakeLists.txt).
TSAN_LABELS := embed|exec|launch|memory|scenario|stress|support
TSAN_TARGETS := gpuatom-cli gpuatom-test-embed gpuatom-test-embed-without-scenario gpuatom-example-embed-nvidia gpuatom-example-embed-intel gpuatom-example-embed-amd gpuatom-test-exec gpuatom-test-launch gpuatom-test-memory gpuatom-test-scenario gpuatom-test-stress gpuatom-test-support

.PHONY: run test check build deps configure clean lint tidy-deep test-release test-asan test-tsan sweep-f16 bench bench-guard fuzz fuzz-smoke fuzz-build test-fuzz stress oracle oracle-intel oracle-amd-isa

# `make run` builds the CLI and the libraries it links, nothing else (no tests, benchmarks or
# fuzz targets); `make test` builds everything.
# It configures once (the sub-make's `build`), and without looking for nvcc (DEFER_CUDA:
# cmake/cuda_harness.cmake), which only the CUDA harness needs.
run:
	$(MAKE) build TARGETS=gpuatom-cli DEFER_CUDA=1
	$(GPUATOM) run

# The whole suite, as CI runs it (.ci/run): the release build, then everything again under
# AddressSanitizer + UndefinedBehaviorSanitizer (clang-14), then the concurrent parts under
# ThreadSanitizer, then every fuzz target of that AddressSanitizer build run with libFuzzer for a
# few seconds (so none rots unbuilt); and the instruction-count guard (bench-guard) on the release
# build. docs/reliability.md ("CI's time") says where the minutes go.
FUZZ_SMOKE_SECONDS ?= 5
test: test-release bench-guard lint test-asan test-tsan test-fuzz

# The style the build enforces (scripts/lint): clang-format over every tracked .cpp and .hpp file,
# clang-tidy (.clang-tidy) over every src/ file with the release preset's compile database; fails
# on any finding. `make tidy-deep` adds the Clang static analyzer (opt-in: about 2.3 times slower).
lint: configure
	@scripts/install-deps lint
	@cmake --preset release >/dev/null
	scripts/lint
tidy-deep: configure
	@scripts/install-deps lint
	@cmake --preset release >/dev/null
	scripts/lint --deep --tidy-only

# One preset's suite: `make check PRESET=debug`, or a part: `make check LABELS='nvidia|intel'`.
check: build
	ctest --preset $(PRESET) -j $(JOBS) $(if $(LABELS),-L '$(LABELS)')

deps:
	@scripts/install-deps

configure: deps
	@$(if $(DEFER_CUDA),GPUATOM_DEFER_CUDA=1 )cmake --preset $(PRESET) >/dev/null

build: configure
	cmake --build --preset $(PRESET) -j $(JOBS) $(if $(TARGETS),--target $(TARGETS))

test-release:
	$(MAKE) check PRESET=release
test-asan:
	@scripts/install-deps clang
	$(MAKE) check PRESET=asan-ubsan
test-tsan:
	$(MAKE) check PRESET=tsan TARGETS='$(TSAN_TARGETS)' LABELS='$(TSAN_LABELS)'

# The executor beside the host's own atomics (docs/performance.md): JSON in build/bench/results.json,
# a summary table of the pairs and ratios at the end. BENCH_ARGS takes Google Benchmark flags.
# Repetitions run in random order across benchmarks, so that the executor and the host side of a
# pair are sampled through the same stretches of a noisy machine, not one after the other.
BENCH_ARGS ?= --benchmark_repetitions=7 --benchmark_min_time=0.2 --benchmark_enable_random_interleaving=true \
	--benchmark_display_aggregates_only=true
bench: configure
	cmake --build --preset $(PRESET) -j $(JOBS) --target gpuatom-bench
	build/$(PRESET)/bin/gpuatom-bench $(BENCH_ARGS)

# The guard noise cannot fool (docs/performance.md): callgrind's instruction count of each fixed
# workload, per lane, word or line, against the budgets in bench/guard/budgets.tsv; over a budget
# by more than 5 % fails. `scripts/bench-guard --record` rewrites the budgets.
bench-guard: configure
	cmake --build --preset release -j $(JOBS) --target gpuatom-bench-guard
	scripts/bench-guard

# libFuzzer targets (fuzz/, clang-14): `make fuzz-smoke` runs each for 60 s, `make fuzz SECONDS=N`
# for N seconds each; both fail on any finding (docs/reliability.md, "Fuzzing"). They build the
# `fuzz` preset, with coverage on the library too. `make test-fuzz` runs the same targets as built
# in the `asan-ubsan` preset (coverage on the targets only), so CI builds the library once for both.
SECONDS ?= 600
FUZZ_TARGETS := $(addprefix gpuatom-fuzz-,sass_text maxwell_decoder sass128_decoder cubin listing visa_text visa_binary \
	scenario_loader expression hw_records amd_code_object amd_decoder amd_text)
fuzz-build:
	@scripts/install-deps clang
	@cmake --preset fuzz >/dev/null
	cmake --build --preset fuzz -j $(JOBS)
fuzz: fuzz-build
	scripts/fuzz $(SECONDS)
fuzz-smoke: fuzz-build
	scripts/fuzz 60
test-fuzz:
	@scripts/install-deps clang
	$(MAKE) build PRESET=asan-ubsan TARGETS='$(FUZZ_TARGETS)'
	FUZZ_BUILD=build/asan-ubsan FUZZ_JOBS=$(JOBS) scripts/fuzz $(FUZZ_SMOKE_SECONDS)

# The vendors' own tools and data as the judge (docs/oracles.md): NVIDIA's nvdisasm, cuobjdump
# and ptxas 11.8 (Debian non-free, into build/nvidia-tools/) and AMD's published tables (Debian's
# rocm-doc, into build/amd-tables/), fetched with private apt configurations (nothing
# system-wide), then every `oracle` test. Not part of `make run` or `make test`, where those
# tests skip.
oracle: configure
	scripts/fetch-nvidia-tools >/dev/null
	scripts/cuda-real-corpus
	scripts/fetch-amd-tables
	scripts/fetch-intel-tools >/dev/null
	scripts/intel-dumps
	scripts/intel-dumps --real
	scripts/fetch-amd-isa-tools >/dev/null
	cmake --build --preset $(PRESET) -j $(JOBS) --target gpuatom-cli gpuatom-test-oracle
	ctest --preset $(PRESET) -L oracle --output-on-failure

# Opt-in: every one of the 2^32 f16 pairs and 2^32 bf16 pairs against MPFR (hours on 2 cores).
sweep-f16: build
	build/$(PRESET)/bin/gpuatom-sweep-half

# Stress and linearizability, long form: randomized racy programs for each vendor (NVIDIA, Intel,
# AMD) in parallel mode for MINUTES in all (default 10), every run checked by the serial-order
# checker; a failure prints its seed (docs/reliability.md). The default suite runs seconds of it.
MINUTES ?= 10
stress: configure
	cmake --build --preset $(PRESET) -j $(JOBS) --target gpuatom-test-stress
	GPUATOM_STRESS_SECONDS=$$(awk 'BEGIN { print $(MINUTES) * 60 / 3 }') build/$(PRESET)/bin/gpuatom-test-stress

# Intel's own compiler as the judge (docs/oracles.md, "IGC"): IGC 1.0.12504 (Debian bookworm's
# ocloc and GenX_IR, fetched into build/intel-tools/) compiles the OpenCL kernels of
# tests/oracle/intel/kernels for seven platforms with its vISA dumps on (build/intel-dumps/), and
# every atomic line of every dump must read, print back and round-trip through bytes, with
# GenX_IR agreeing on the bytes; the real OpenCL kernels of tests/oracle/intel/real likewise
# (build/intel-dumps-real/). IGC 2.40 (Debian sid's ocloc 26.27, build/intel-tools2/) does the same
# for dg2, Xe2, Xe3 and Xe3P (build/intel-dumps2/), where its text is the only evidence.
oracle-intel: configure
	scripts/fetch-intel-tools >/dev/null
	scripts/intel-dumps
	scripts/intel-dumps --real
	scripts/fetch-intel-tools2 >/dev/null
	scripts/intel-dumps --igc2
	cmake --build --preset $(PRESET) -j $(JOBS) --target gpuatom-cli
	ctest --preset $(PRESET) -L oracle -R '^oracle\.intel' --output-on-failure
	python3 scripts/intel-oracle $(GPUATOM) build/intel-dumps --table tests/oracle/intel/results.md >/dev/null
	python3 scripts/intel-oracle $(GPUATOM) build/intel-dumps-real --table tests/oracle/intel/real/results.md >/dev/null
	python3 scripts/intel-oracle2 $(GPUATOM) build/intel-dumps2 --table tests/oracle/intel/results-igc2.md >/dev/null

# AMD's published tables (Debian's rocm-doc, fetched once into build/amd-tables) against the model,
# cell by cell; the agreement and the known anomalies are in docs/reference/amd.md.
.PHONY: oracle-amd
oracle-amd: configure
	cmake --build --preset $(PRESET) -j $(JOBS) --target gpuatom-cli
	scripts/fetch-amd-tables
	ctest --preset $(PRESET) -L oracle -R '^oracle\.amd' --output-on-failure

# LLVM 19's assembler as the judge of AMD instructions (docs/oracles.md, "AMD instructions:
# llvm-mc 19"): llvm-mc and clang-19 from Debian bookworm (fetched into build/amd-isa-tools/);
# every atomic mnemonic, modifier and offset edge per target assembled by llvm-mc must decode,
# print and re-encode identically, random words must decode alike, and clang-19's lowering of HIP
# atomics must match `gpuatom amd lower`.
.PHONY: oracle-amd-isa
oracle-amd-isa: configure
	scripts/fetch-amd-isa-tools >/dev/null
	cmake --build --preset $(PRESET) -j $(JOBS) --target gpuatom-cli gpuatom-test-oracle gpuatom-test-amd-isa
	ctest --preset $(PRESET) -L 'oracle|amd-isa' -R 'Amd|amd_isa' --output-on-failure
	scripts/amd-isa-asm-corpus --every-row --out build/amd-isa-asm-full
	scripts/amd-isa-asm-check $(GPUATOM) build/amd-isa-asm-full

clean:
	rm -rf build
