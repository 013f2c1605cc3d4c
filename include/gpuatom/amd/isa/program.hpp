// Loading a program of AMD instructions for a target: the text read by isa::parse, each
// instruction compiled for the wave (amd/isa/exec/wave.hpp), with the diagnostics the text
// reader gives at their file, line and column; and the register names a launch sets and reads
// (v3, v[2:3], a1, s4, s[4:5], m0). What a launch adds on top (register values, EXEC, the
// registers an observer reads afterwards) goes into the program before use_all plans it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "gpuatom/amd/isa/exec/wave.hpp"
#include "gpuatom/amd/isa/float_rules.hpp"
#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::amd::isa {

struct ProgramOptions {
  const Target* target = nullptr;  // required
  std::string file;                // the name the parser gives the text
  // Where the text's first character stands in the caller's file: line n of the text is
  // start.line + n − 1; the first line's columns count from start.column.
  support::SourceLocation start;
  uint64_t lanes = 0;        // the launch's lanes
  uint32_t wave_size = 64;   // 64 or 32
  FloatRulesOptions floats;  // the readings of the float rules (docs/spec/amd-isa.md §7)
  // The LDS the DS instructions address (base and size); without it, a DS instruction is an error.
  std::optional<std::pair<uint64_t, uint64_t>> lds;
  // Whether a text without instructions is an error (a caller that has refused the launch for
  // another reason already leaves it out).
  bool require_instruction = true;
};

struct LoadedProgram {
  WaveIsaProgram program;            // what compiled, also when there are errors
  support::Diagnostics diagnostics;  // the text's errors; nothing runs when there are any
};

LoadedProgram load_program(std::string_view text, const ProgramOptions& options);

// A register a launch names, as its code and dwords (1, or 2 for a pair).
struct NamedRegister {
  int64_t code = 0;
  uint8_t dwords = 1;
};

std::optional<NamedRegister> named_register(std::string_view name, const Target& target);

// Register `reg` of every lane starts as `values`.
void set_lane_values(WaveIsaProgram& p, NamedRegister reg, std::shared_ptr<const exec::LaneValues> values);
// Keeps `reg` per lane after a streamed run, for an observer that reads it.
void keep_register(WaveIsaProgram& p, NamedRegister reg);

// The names named_register takes, for messages.
inline constexpr std::string_view register_names =
    "v0–v255, a0–a255, s0–s105, m0, or a pair v[n:n+1], a[n:n+1], s[n:n+1] for a 64-bit value";

// The bytes one lane's registers take (what a launch's memory estimate counts per lane).
inline uint64_t lane_state_bytes(const WaveIsaProgram& p) { return uint64_t{p.v_count} * 4 + 8; }

}  // namespace gpuatom::amd::isa
