# gpuatom — the README's two commands are `make run` and `make test`.
# Every target that builds first installs what is missing (scripts/install-deps).

PRESET ?= release
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
GPUATOM := build/$(PRESET)/bin/gpuatom

.PHONY: run test build deps configure clean test-asan test-tsan sweep-f16 stress

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

clean:
	rm -rf build
