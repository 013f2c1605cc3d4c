// Running atomics from C++, without a scenario file: device memory regions, a program of one
// vendor's atomics, values per lane, then N lanes executing it, racing in parallel, replayed
// from a seed, or across every interleaving. What comes back is every lane's values and every
// region's bytes after the run (each distinct outcome, in exhaustive mode), with the run's counts.
//
//   gpuatom::embed::Launch launch(gpuatom::embed::Isa::sass, 1024);
//   launch.region("counter", 4)
//       .program("ATOM.E.ADD R0, [R2], R4 ;")
//       .lanes("R2", "lo(addr(counter))").lanes("R3", "hi(addr(counter))")
//       .lanes("R4", gpuatom::embed::LaneValues::of_tid([](uint64_t tid) { return tid + 1; }))
//       .read("R0");
//   gpuatom::embed::Result r = launch.run({.mode = gpuatom::embed::Mode::parallel, .threads = 2});
//   r.final().u32("counter", 0);   // 1 + 2 + … + 1024
//   r.final().lane("R0", 7);       // what lane 7's atomic returned
//
// A Launch is the same thing a scenario file describes (docs/reference/scenario-format.md), a
// launch::Setup, built without the file: the same names per ISA (SASS registers R2, P0, UR4; vISA
// variables; AMD operands), the same regions, options and expression language, and the same
// machines run it. It only adds values
// computed in C++ and results read back as data rather than checked as expectations.
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "gpuatom/exec/run.hpp"
#include "gpuatom/launch/run.hpp"
#include "gpuatom/launch/setup.hpp"
#include "gpuatom/memory/region.hpp"

namespace gpuatom::embed {

using exec::Mode;           // parallel, deterministic, exhaustive
using launch::ElementType;  // u8 … u64, s8 … s64, f16, bf16, f32, f64: a region fill's element
using launch::Isa;          // sass (NVIDIA warps), visa (Intel SIMD threads), amd (AMD wavefronts)

// What every lane starts with under one name, or what every element of a region starts as.
class LaneValues {
 public:
  // Every lane the same (an integer of any type; its bits, zero-extended to 64).
  template <std::integral T>
  requires(!std::same_as<T, bool>) LaneValues(T constant)
      : LaneValues(std::to_string(static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(constant)))) {}
  // An expression of the scenario language: "lo(addr(buf) + tid * 4)", "tid % 3".
  LaneValues(const char* expression) : LaneValues(std::string(expression)) {}
  LaneValues(std::string expression);
  // values[tid] for lane tid (values[i] for element i); a lane past the end reads 0.
  static LaneValues per_lane(std::vector<uint64_t> values);
  // function(tid) (function(i) for a region fill). Parallel runs call it from every worker
  // thread at once: it must be safe to call concurrently.
  static LaneValues of_tid(std::function<uint64_t(uint64_t)> function);

  // The form a launch::Setup holds (for Launch).
  launch::ExpressionText text() const { return text_; }

 private:
  launch::ExpressionText text_;
};

// How to run: the mode, and its seed, threads or bound.
struct RunSettings {
  Mode mode = Mode::parallel;
  uint64_t seed = 1;                 // deterministic mode: the schedule
  unsigned threads = 0;              // parallel mode: host threads (0 = every core)
  uint64_t max_executions = 100000;  // exhaustive mode: most interleavings explored
};

// What the lanes and the memory held at the end of one execution.
struct Outcome {
  std::map<std::string, std::vector<uint64_t>> lanes;   // each read() name: one value per lane
  std::map<std::string, std::vector<uint8_t>> regions;  // each region's bytes
  uint64_t executions = 1;                              // exhaustive: interleavings that ended here

  // Lane `tid`'s value of `name` (a read() name).
  uint64_t lane(const std::string& name, uint64_t tid) const { return lanes.at(name).at(tid); }
  // Element `index` of a region read as a little-endian integer of `bytes` (1 … 8) bytes. Throws
  // std::out_of_range for a region not in the outcome, `bytes` outside 1 … 8, or an element that
  // does not lie wholly inside the region (as lane() does for a name or lane it does not have).
  uint64_t element(const std::string& region, uint64_t index, unsigned bytes) const;
  uint32_t u32(const std::string& region, uint64_t index) const {
    return static_cast<uint32_t>(element(region, index, 4));
  }
  uint64_t u64(const std::string& region, uint64_t index) const { return element(region, index, 8); }
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

struct Result {
  // Bad input (an unknown register, a program the ISA refuses, a region that does not fit, 0 lanes,
  // group_size(0), a region name that is no identifier, one named twice or of 0 bytes): the
  // diagnostics, "file:line:col: error: …" with the launch's name as file. Nothing ran.
  std::optional<std::string> error;
  // Parallel and deterministic: one outcome. Exhaustive: every distinct outcome, in the order
  // first reached, with how many interleavings reached it.
  std::vector<Outcome> outcomes;
  // The run's counts and timing (operations, CAS retries, faults, executions, seconds, …).
  launch::RunReport report;

  bool ok() const { return !error.has_value(); }
  // The last outcome reached; throws std::logic_error when there is none (bad input).
  const Outcome& final() const;
};

class Launch {
 public:
  Launch(Isa isa, uint64_t lanes, std::string name = "embedded launch");

  // The program, in the ISA's text (SASS, vISA, or AMD operation lines).
  Launch& program(std::string text);
  // A region of device memory (an identifier as its name, 1 … 2^48 bytes), placed as a scenario's: global regions from
  // 0x10000000 on, shared and local ones at NVIDIA's generic windows. Its address is addr(name) in expressions.
  Launch& region(std::string name, uint64_t bytes, memory::RegionAttributes attributes = {});
  // The region's initial elements: element i of `type` is `values` at i (0 where not filled).
  // A region not declared before is an error when the launch runs.
  Launch& fill(const std::string& region, ElementType type, const LaneValues& values);
  // What lane tid starts with under `name` (a register, variable or operand of the ISA).
  Launch& lanes(std::string name, const LaneValues& values);
  // A lane value to read back after the run (any name the ISA has, also ones not set).
  Launch& read(std::string name);
  // Lanes per warp, SIMD thread or wavefront (at least 1, at most the ISA's; default the ISA's).
  Launch& group_size(uint32_t lanes_per_group);
  // A vendor option, as a scenario's [options] table writes it ("f16x2_flush", "true").
  Launch& option(std::string key, std::string value);

  // Runs it. Exhaustive mode needs a launch small enough to enumerate (a few lanes).
  Result run(const RunSettings& settings = {}) const;

  // A setup made elsewhere (a scenario file, which is one), to run and read back like one built
  // in C++ (its expectations are still checked, into Result::report).
  static Launch from_setup(launch::Setup setup);
  // The setup this launch is (for tools that also take scenario files).
  const launch::Setup& setup() const { return setup_; }

 private:
  launch::Setup setup_;
  launch::RegionPlacer placer_;
  std::vector<std::string> reads_;
  std::vector<std::string> errors_;  // calls that named nothing (a fill of an unknown region)
};

}  // namespace gpuatom::embed
