// One run of atomics, vendor-neutral: which ISA, the launch, memory regions, surfaces, per-lane
// initial values, the program, the vendor options and what must hold afterwards. A scenario file
// (scenario/scenario.hpp) reads into one; embed::Launch builds one in C++; launch::run
// (launch/bind.hpp) runs it on the machine of its `isa`. Every value keeps where it was written,
// so that a diagnostic points at the file's key or the embedding call.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpuatom/launch/element_type.hpp"
#include "gpuatom/memory/region.hpp"
#include "gpuatom/memory/surface.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::launch {

using support::SourceLocation;

// An expression as written, with where it was written (compiled later against the run's names),
// or lane values computed by the embedding program (embed::Launch): then `lanes` is set and
// `text` only names it in messages.
struct ExpressionText {
  std::string text;
  SourceLocation where;  // its first character (inside a TOML string, or the embedding call)
  std::shared_ptr<const std::function<uint64_t(uint64_t tid)>> lanes;
};

enum class Isa : uint8_t { sass, visa, amd };

struct LaunchSpec {
  uint64_t lanes = 1;
  uint32_t group_size = 0;               // 0: the ISA's default (32, 8, 64)
  std::optional<ExpressionText> active;  // per-lane active mask (non-zero = active)
  std::optional<ExpressionText> helper;  // pixel-shader helper lanes (NVIDIA)
  std::optional<ExpressionText> killed;  // pixel-shader killed lanes (NVIDIA)
  SourceLocation where;
};

struct RegionFill {
  ElementType type = ElementType::u32;
  ExpressionText value;  // over i, the element index
};

struct RegionText {
  std::string name;
  std::optional<uint64_t> base;  // default: placed after the previous region, 64 KiB aligned
  uint64_t size = 0;
  memory::RegionAttributes attributes;
  std::vector<std::pair<uint64_t, uint64_t>> sparse;  // [offset, size) ranges of sparse pages
  std::optional<RegionFill> fill;
  SourceLocation where;
};

// Where regions without a `base` go, in the order they are declared: shared and local regions at
// the start of NVIDIA's generic windows, global ones one after another from 0x10000000, 64 KiB
// aligned with a gap (scenario files and embed::Launch place regions alike).
class RegionPlacer {
 public:
  RegionPlacer();
  // The region's base: its own `base`, or the next place for its space.
  uint64_t place(const RegionText& region);

 private:
  uint64_t next_global_;
};

// A surface header in the launch's header pool (NVIDIA SUATOM/SURED, docs/spec/nvidia.md §8.2), or a
// vISA typed surface (docs/spec/intel.md §8; `header` is then the surface index). The loader resolves
// the region, fills in the default pitches, places the mip levels and checks that the surface's
// footprint fits its region, so `descriptor` is ready for use.
struct SurfaceText {
  uint32_t header = 0;            // index in the header pool (NVIDIA headerPtr[19:0]); vISA: surface index
  std::string region;             // the region holding the texels; descriptor base = addr(region)
  std::optional<uint32_t> bound;  // NVIDIA bound handles: the #tsPtrIdxU13 whose constant-bank
                                  // word c[bank][4 × bound] holds this header's index
  memory::SurfaceDescriptor descriptor;
  uint64_t footprint = 0;  // bytes from the base the texels span (padding included)
  SourceLocation where;
};

// One thing that must hold after the run.
struct Expectation {
  enum class Kind : uint8_t {
    memory_each,       // region + type: every element (or the first `count`) equals `value` (over i)
    memory_at,         // region + type + index: one element equals `value`
    memory_between,    // region + type + index: one element lies in [value, upper] (unsigned)
    lane_each,         // lane value `name` of every active lane equals `value` (over tid, lane, warp …)
    lane_permutation,  // the lane values of `name` are a permutation of `value` over i = 0 … n−1
    lane_distinct,     // the lane values of `name` are pairwise different
    explainable,       // every returned value is explained by some serial order of the atomics
    faults,            // exactly `count` lanes fault (0: none)
    fault_at,          // lane `lane` faults with `fault_kind`
  };
  Kind kind = Kind::faults;
  std::string region;
  ElementType type = ElementType::u32;
  uint64_t index = 0;
  std::optional<uint64_t> count;
  std::string name;  // lane value name (register / variable / operand)
  std::optional<ExpressionText> value;
  std::optional<ExpressionText> upper;  // memory_between
  uint64_t lane = 0;
  std::string fault_kind;
  // explainable: the serial-order search's budget, search states beyond one per atomic
  // (default: exec::SerialSearchBudget's).
  std::optional<uint64_t> search_budget;
  SourceLocation where;
};

// What one run is: everything the machines and the expectations need. The option keys are
// the vendor's (a scenario file's [options] table, embed::Launch::option) and are read and checked
// by the vendor's program loader when the run starts.
struct Setup {
  std::string file;  // names the run in diagnostics (a scenario file's path, an embedded launch's name)
  std::string name;
  Isa isa = Isa::sass;
  LaunchSpec launch;
  std::vector<RegionText> regions;
  std::vector<SurfaceText> surfaces;  // in declaration order
  // Per-lane initial values by name (registers, variables, operands), in declaration order.
  std::vector<std::pair<std::string, ExpressionText>> lanes;
  std::string program;
  SourceLocation program_where;  // where the program's first character is
  std::vector<Expectation> expectations;
  // Vendor-specific options, as written (e.g. f16x2_flush = true), for the vendor's loader to
  // read and check.
  std::vector<std::pair<std::string, std::string>> options;
  std::vector<std::pair<std::string, SourceLocation>> option_where;
  // Whether exhaustive runs may enumerate it (they need small launches).
  bool exhaustive_ok = false;
};

}  // namespace gpuatom::launch
