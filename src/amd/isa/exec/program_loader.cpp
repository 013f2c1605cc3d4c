// amd::isa::load_program: AMD instruction text through isa::parse and the wave's compiler for a
// target (docs/spec/amd-isa.md §11), and the register names a launch uses.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "../registers.hpp"
#include "gpuatom/amd/isa/program.hpp"
#include "gpuatom/amd/isa/text.hpp"

namespace gpuatom::amd::isa {

namespace {

std::optional<uint32_t> register_number(std::string_view text) {
  uint32_t n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return n;
}

// Where instruction `in` starts in the caller's file.
support::SourceLocation place_of(const Instruction& in, const support::SourceLocation& start) {
  support::SourceLocation at = start;
  at.line += in.line ? in.line - 1 : 0;
  at.column = in.line <= 1 ? start.column + (in.column ? in.column - 1 : 0) : std::max<uint32_t>(in.column, 1);
  return at;
}

}  // namespace

std::optional<NamedRegister> named_register(std::string_view name, const Target& target) {
  if (name == "m0") return NamedRegister{m0_code(target), 1};
  if (name.size() < 2) return std::nullopt;
  const char bank = name[0];
  if (bank != 'v' && bank != 'a' && bank != 's') return std::nullopt;
  std::string_view rest = name.substr(1);
  uint32_t first = 0, last = 0;
  if (rest.front() == '[') {
    const size_t colon = rest.find(':');
    if (rest.back() != ']' || colon == std::string_view::npos) return std::nullopt;
    const auto a = register_number(rest.substr(1, colon - 1));
    const auto b = register_number(rest.substr(colon + 1, rest.size() - colon - 2));
    if (!a || !b || *b < *a) return std::nullopt;
    first = *a;
    last = *b;
  } else {
    const auto a = register_number(rest);
    if (!a) return std::nullopt;
    first = last = *a;
  }
  const uint32_t limit = bank == 's' ? 106 : 256;
  if (last >= limit || last - first > 1) return std::nullopt;
  const int64_t base = bank == 'v' ? vgpr_code_base : bank == 'a' ? agpr_code_base : 0;
  return NamedRegister{base + first, static_cast<uint8_t>(last - first + 1)};
}

void set_lane_values(WaveIsaProgram& p, NamedRegister reg, std::shared_ptr<const exec::LaneValues> values) {
  p.inits.push_back({reg.code, reg.dwords, std::move(values)});
}

void keep_register(WaveIsaProgram& p, NamedRegister reg) {
  for (uint32_t k = 0; k < reg.dwords; ++k)
    if (std::find(p.kept.begin(), p.kept.end(), reg.code + k) == p.kept.end()) p.kept.push_back(reg.code + k);
}

LoadedProgram load_program(std::string_view text, const ProgramOptions& options) {
  LoadedProgram loaded;
  WaveIsaProgram& p = loaded.program;
  support::Diagnostics& d = loaded.diagnostics;
  const Target& target = *options.target;
  const support::SourceLocation& start = options.start;
  p.target = &target;
  p.lanes = options.lanes;
  p.wave_size = options.wave_size;
  if (options.lds) {
    p.has_lds = true;
    p.lds_base = options.lds->first;
    p.lds_size = options.lds->second;
  }
  // Diagnostics move to their place in the caller's file.
  const auto parsed = parse(text, target, options.file);
  for (support::Diagnostic diag : parsed.diagnostics) {
    if (diag.severity != support::Severity::error) continue;
    if (diag.where.line <= 1 && diag.where.column) diag.where.column += start.column - 1;
    diag.where.line += start.line - 1;
    diag.where.file = start.file;
    d.add(diag);
  }
  for (const Instruction& in : parsed.instructions) {
    auto compiled = compile(in, target, options.floats);
    const support::SourceLocation at = place_of(in, start);
    if (auto* why = std::get_if<std::string>(&compiled)) {
      d.error(at, fmt::format("{} does not execute: {}", in.mnemonic(), *why));
      continue;
    }
    auto& c = std::get<WaveIsaInstruction>(compiled);
    if (c.semantics.unit == Unit::lds && !p.has_lds)
      d.error(at, fmt::format("{} addresses the LDS: name the [[region]] that holds it with [options] lds = … "
                              "(docs/spec/amd-isa.md §11.2)",
                              in.mnemonic()));
    p.code.push_back(std::move(c));
  }
  if (p.code.empty() && options.require_instruction && !d.has_errors())
    d.error(start, "the program has no instruction");
  return loaded;
}

}  // namespace gpuatom::amd::isa
