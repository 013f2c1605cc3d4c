# gpuatom — the README's two commands are `make run` and `make test`.
# Every target that builds first installs what is missing (scripts/install-deps).

PRESET ?= release
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
GPUATOM := build/$(PRESET)/bin/gpuatom

.PHONY: run test build deps configure clean test-asan test-tsan sweep-f16 fuzz fuzz-smoke fuzz-build

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

# libFuzzer targets (fuzz/, clang-14): `make fuzz-smoke` runs each for 60 s, `make fuzz SECONDS=N`
# for N seconds each; both fail on any finding (docs/reliability.md, "Fuzzing").
SECONDS ?= 600
fuzz-build:
	@scripts/install-deps clang
	@cmake --preset fuzz >/dev/null
	cmake --build --preset fuzz -j $(JOBS)
fuzz: fuzz-build
	scripts/fuzz $(SECONDS)
fuzz-smoke: fuzz-build
	scripts/fuzz 60

# Opt-in: every one of the 2^32 f16 pairs and 2^32 bf16 pairs against MPFR (hours on 2 cores).
sweep-f16: build
	build/$(PRESET)/bin/gpuatom-sweep-half

clean:
	rm -rf build
