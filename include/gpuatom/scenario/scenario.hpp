// A scenario file, as read from TOML: which ISA, the launch, memory regions, per-lane initial
// values, the program, and what must hold afterwards. The format is the same for every vendor;
// what differs is the program's language and the names of per-lane values (SASS registers, vISA
// variables, AMD operands). docs/scenario-format.md describes every key.
//
//   name = "256-bin histogram"
//   isa = "sass"
//   [launch]
//   lanes = 1048576
//   [[region]]
//   name = "bins"
//   size = 1024
//   [lanes]
//   R2 = "lo(addr(bins) + (tid % 256) * 4)"
//   R3 = "hi(addr(bins) + (tid % 256) * 4)"
//   R4 = "1"
//   program = "ATOM.E.ADD R0, [R2], R4 ;"
//   [[expect]]
//   region = "bins"
//   type = "u32"
//   each = "lanes / 256"
//
// Loading checks the file's shape (keys, types, ranges, names, region overlap) and compiles every
// expression; the vendor front-end then checks the program and the per-lane names.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "gpuatom/memory/region.hpp"
#include "gpuatom/memory/surface.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::scenario {

using support::SourceLocation;

// An expression as written, with where it was written (compiled later against the run's names),
// or lane values computed by the embedding program (embed/launch.hpp): then `lanes` is set and
// `text` only names it in messages.
struct ExpressionText {
  std::string text;
  SourceLocation where;  // the first character of the expression inside its TOML string
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

// An element type of a region fill or an expectation.
enum class ElementType : uint8_t { u8, u16, u32, u64, s8, s16, s32, s64, f16, bf16, f32, f64 };
int bytes(ElementType type);
std::string_view name(ElementType type);
// "u32" → ElementType::u32; nothing for a name that is no element type.
std::optional<ElementType> parse_element_type(std::string_view name);
// An element's bits as the type reads them: "-5" (signed), "4294967295", "1.5", "-inf", "nan".
std::string typed_value(uint64_t bits, ElementType type);
// The same as a number (a 64-bit integer beyond 2^53 rounded to the nearest double).
double typed_number(uint64_t bits, ElementType type);

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
// aligned with a gap (the scenario loader and embed::Launch place regions alike).
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

struct Scenario {
  std::string file;
  std::string name;
  std::string description;
  Isa isa = Isa::sass;
  LaunchSpec launch;
  std::vector<RegionText> regions;
  std::vector<SurfaceText> surfaces;  // [[surface]] entries, in file order
  // Per-lane initial values by name (registers, variables, operands), in file order.
  std::vector<std::pair<std::string, ExpressionText>> lanes;
  std::string program;
  SourceLocation program_where;  // where the program's first character is in the file
  std::vector<Expectation> expectations;
  // Vendor-specific keys of the [options] table, as written (e.g. f16x2_flush = true), for the
  // front-end to read and check.
  std::vector<std::pair<std::string, std::string>> options;
  std::vector<std::pair<std::string, SourceLocation>> option_where;
  // Modes the scenario is meant for; exhaustive runs need small launches.
  bool exhaustive_ok = false;
};

// Reads a scenario from TOML text. `file` names it in diagnostics.
std::variant<Scenario, support::Diagnostics> parse_scenario(std::string_view text, const std::string& file);
// Reads a scenario file (at most 16 MiB); "-" reads standard input.
std::variant<Scenario, support::Diagnostics> load_scenario(const std::string& path);

}  // namespace gpuatom::scenario
