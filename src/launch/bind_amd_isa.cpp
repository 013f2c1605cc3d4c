// Binds `isa = "amd"` scenarios written in AMD instructions (an [options] `target = "gfx942"`) to
// the wave at instruction level (amd/isa/exec/wave.hpp): the program read by amd::isa::load_program
// (amd/isa/program.hpp) for the target, [lanes] registers (v0, v[2:3], a1, s4, s[4:5], m0) and
// [launch] active as EXEC, the LDS region `lds = "<region>"` names; registers read back by name
// for the expectations. Without `target`, an `isa = "amd"` program is ROCm rows (bind_amd.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "bound_machine.hpp"
#include "execute.hpp"
#include "gpuatom/amd/isa/program.hpp"
#include "gpuatom/launch/bind.hpp"
#include "gpuatom/launch/memory_setup.hpp"
#include "gpuatom/launch/symbols.hpp"

namespace gpuatom::launch {

namespace bind_amd_isa {
namespace {

using namespace amd::isa;

struct AmdIsaProgram : WaveIsaProgram {
  const Setup* scenario = nullptr;
};

// One copy of the scenario's device: memory and waves (streamed in the parallel and deterministic
// modes, keeping the registers expectations read).
class AmdIsaMachine final : public BoundMachine<WaveIsaLanes> {
 public:
  AmdIsaMachine(const AmdIsaProgram& p, support::Diagnostics& d, bool streamed)
      : BoundMachine(
            *p.scenario, {p.wave_size, true, p.log_atomics}, streamed,
            [this, streamed](memory::DeviceMemory&, const exec::GroupSettings& settings) {
              return std::make_unique<Launch::Group>(machine_.memory, settings, p_, streamed ? &kept_values_ : nullptr);
            },
            {}, d),
        p_(p) {
    if (streamed) kept_values_.assign(p.lanes * p.kept.size(), 0);
    if (const auto bad = machine_.begin_groups())
      d.error(p.scenario->launch.where, fmt::format("the registers of wave {} cannot be set from [lanes]", *bad));
  }

  support::Diagnostics setup_error() override {
    support::Diagnostics d;
    d.error(p_.scenario->launch.where, "a wave's registers cannot be set from [lanes]");
    return d;
  }

 private:
  std::optional<uint64_t> lane_value(std::string_view name, uint64_t tid) override {
    const auto reg = named_register(name, *p_.target);
    if (!reg) return std::nullopt;
    if (!machine_.streamed())
      return machine_.lanes(tid / p_.wave_size)
          .value(reg->code, static_cast<uint32_t>(tid % p_.wave_size), reg->dwords);
    uint64_t value = 0;
    for (uint32_t k = 0; k < reg->dwords; ++k) {
      const auto at = std::find(p_.kept.begin(), p_.kept.end(), reg->code + k);
      if (at == p_.kept.end()) return std::nullopt;
      value |= uint64_t{kept_values_[tid * p_.kept.size() + static_cast<size_t>(at - p_.kept.begin())]} << (32 * k);
    }
    return value;
  }
  std::function<bool(uint64_t)> lane_active() override {
    if (!p_.active) return {};
    return [this](uint64_t tid) {
      const auto v = p_.active->value(tid, p_.wave_size);
      return std::holds_alternative<uint64_t>(v) && std::get<uint64_t>(v) != 0;
    };
  }

  const AmdIsaProgram& p_;
  std::vector<uint32_t> kept_values_;  // streamed: lanes × p_.kept
};

std::variant<AmdIsaProgram, support::Diagnostics> prepare_amd_isa(const Setup& s) {
  support::Diagnostics d;
  AmdIsaProgram p;
  p.scenario = &s;
  p.lanes = s.launch.lanes;
  std::optional<std::string> lds_region;
  FloatRulesOptions floats;
  for (size_t i = 0; i < s.options.size(); ++i) {
    const auto& [key, value] = s.options[i];
    const auto where = s.option_where[i].second;
    if (key == "target") {
      p.target = find_target(value);
      if (!p.target) d.error(where, fmt::format("target = '{}': expected one of {}", value, target_names()));
    } else if (key == "lds") {
      lds_region = value;
    } else if (key == "lds_denormals" && (value == "kept" || value == "flushed")) {
      floats.lds_denormals = value == "kept" ? LdsDenormals::kept : LdsDenormals::flushed;
    } else if (key == "l2_add_f32" && (value == "manuals" || value == "llvm")) {
      floats.l2_add_f32 = value == "manuals" ? L2AddF32Reading::manuals : L2AddF32Reading::llvm;
    } else if (key == "inf_minus_inf" && (value == "quiet" || value == "negative")) {
      floats.default_nan = value == "quiet" ? numeric::DefaultNan::quiet : numeric::DefaultNan::negative_quiet;
    } else {
      d.error(where, fmt::format("option {} = '{}': AMD instruction scenarios take target = <gfx…>, lds = <region>, "
                                 "lds_denormals = kept|flushed, l2_add_f32 = manuals|llvm, inf_minus_inf = "
                                 "quiet|negative (docs/spec/amd-isa.md §7, §11.4)",
                                 key, value));
    }
  }
  if (!p.target) {
    if (!d.has_errors()) d.error(s.launch.where, "AMD instruction scenarios need [options] target = …");
    return d;
  }
  const Target& target = *p.target;
  p.wave_size = s.launch.group_size ? s.launch.group_size : target.default_wave;
  if (p.wave_size > 64) d.error(s.launch.where, "a wave has at most 64 lanes");

  const auto where = launch::placements(s);
  ProgramOptions load;
  load.target = &target;
  load.file = s.file;
  load.start = s.program_where;
  load.lanes = s.launch.lanes;
  load.wave_size = p.wave_size;
  load.floats = floats;
  if (lds_region) {
    const auto found =
        std::find_if(where.begin(), where.end(), [&](const RegionPlacement& r) { return r.name == *lds_region; });
    if (found == where.end())
      d.error(s.launch.where, fmt::format("lds = '{}': no [[region]] has that name", *lds_region));
    else
      load.lds = std::pair{found->base, found->size};
  }
  load.require_instruction = !d.has_errors();
  // The program: isa::parse reads it for the target; diagnostics move to their place in the file.
  LoadedProgram loaded = load_program(s.program, load);
  d.append(loaded.diagnostics);
  static_cast<WaveIsaProgram&>(p) = std::move(loaded.program);

  const launch::Symbols symbols = launch::make_symbols(s, where, p.wave_size, true, false);
  const auto compile_text = [&](const launch::ExpressionText& t) { return launch::compile_into(t, symbols, d); };
  for (const auto& [name, text] : s.lanes) {
    const auto reg = named_register(name, target);
    if (!reg) {
      support::SourceLocation at = text.where;
      at.column = 1;
      d.error(at, fmt::format("'{}' is not a register a scenario can set: {}", name, register_names));
      continue;
    }
    if (auto e = compile_text(text)) set_lane_values(p, *reg, lane_values(std::move(e)));
  }
  if (s.launch.active) p.active = lane_values(compile_text(*s.launch.active));
  for (const launch::Expectation& e : s.expectations) {
    p.log_atomics = p.log_atomics || e.kind == launch::Expectation::Kind::explainable;
    if (e.name.empty()) continue;
    const auto reg = named_register(e.name, target);
    if (!reg) {
      d.error(e.where, fmt::format("'{}' is not a register ({})", e.name, register_names));
      continue;
    }
    keep_register(p, *reg);
  }
  p.use_all();
  d.append(launch::precheck_expectations(s, p.wave_size));
  launch::check_lane_storage(s, lane_state_bytes(p), d);
  if (d.has_errors()) return d;
  return p;
}

}  // namespace
}  // namespace bind_amd_isa

bool is_amd_instruction_scenario(const Setup& s) {
  return s.isa == Isa::amd &&
         std::any_of(s.options.begin(), s.options.end(), [](const auto& option) { return option.first == "target"; });
}

RunResult run_amd_isa(const Setup& s, const RunOptions& options) {
  auto prepared = bind_amd_isa::prepare_amd_isa(s);
  if (auto* d = std::get_if<support::Diagnostics>(&prepared)) return *d;
  const bind_amd_isa::AmdIsaProgram& p = std::get<bind_amd_isa::AmdIsaProgram>(prepared);
  const bool streamed = options.mode != Mode::exhaustive && !options.inspect;
  const LaneCosts costs{lane_state_bytes(p), p.code.size(), p.kept.size() * 4, p.wave_size};
  return execute_machines<bind_amd_isa::AmdIsaMachine>(s, options, p, streamed, costs);
}

}  // namespace gpuatom::launch
