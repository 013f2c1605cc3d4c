# gpuatom — the README's two commands are `make run` and `make test`.
# Every target that builds first installs what is missing (scripts/install-deps).

PRESET ?= release
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
GPUATOM := build/$(PRESET)/bin/gpuatom

.PHONY: run test build deps configure clean test-asan test-tsan sweep-f16 bench

run: build
	$(GPUATOM) run

test: build
	ctest --preset $(PRESET) -j $(JOBS)

deps:
	@scripts/install-deps

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	cmake --build --preset $(PRESET) -j $(JOBS)

# The sanitizer suites: `make test PRESET=asan-ubsan`, `make test PRESET=tsan`.
test-asan:
	$(MAKE) test PRESET=asan-ubsan
test-tsan:
	$(MAKE) test PRESET=tsan

# The executor beside the host's own atomics (docs/performance.md): JSON in build/bench/results.json,
# a summary table of the pairs and ratios at the end. BENCH_ARGS takes Google Benchmark flags.
BENCH_ARGS ?= --benchmark_repetitions=5 --benchmark_display_aggregates_only=true
bench: configure
	cmake --build --preset $(PRESET) -j $(JOBS) --target gpuatom-bench
	build/$(PRESET)/bin/gpuatom-bench $(BENCH_ARGS)

# Opt-in: every one of the 2^32 f16 pairs and 2^32 bf16 pairs against MPFR (hours on 2 cores).
sweep-f16: build
	build/$(PRESET)/bin/gpuatom-sweep-half

clean:
	rm -rf build
