// Binds `isa = "sass"` scenarios to NVIDIA's warp (nvidia/exec/warp.hpp): the scenario's options
// and [[surface]] tables translated for nvidia::load_program (nvidia/program.hpp), which reads
// the program; its [lanes], [launch] masks and expectations' registers added to the WarpProgram;
// its memory set up with NVIDIA's generic windows, and registers read back by name for the
// expectations. The warp itself, and how lanes execute, is nvidia/exec's.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <memory>

#include "bound_machine.hpp"
#include "execute.hpp"
#include "gpuatom/launch/bind.hpp"
#include "gpuatom/launch/memory_setup.hpp"
#include "gpuatom/launch/symbols.hpp"
#include "gpuatom/memory/surface.hpp"
#include "gpuatom/nvidia/exec/warp.hpp"
#include "gpuatom/nvidia/generic_windows.hpp"
#include "gpuatom/nvidia/program.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::launch {

namespace bind_sass {
namespace {

using namespace nvidia;  // the SASS front-end: instructions, registers, surfaces, semantics

using nvidia::generic_local_window;
using nvidia::generic_shared_window;
// The warp program with the scenario it came from (its launch, regions and expectations).
struct SassProgram : nvidia::WarpProgram {
  const Setup* scenario = nullptr;
};

// One copy of the scenario's device: the memory with its windows, and the warps, eager or
// streamed. Streamed warps keep only the registers `[[expect]]` entries read, per lane, after each
// warp finishes.
class SassMachine final : public BoundMachine<WarpLanes> {
 public:
  SassMachine(const SassProgram& p, support::Diagnostics& d, bool streamed)
      : BoundMachine(
            *p.scenario, {p.group_size, p.stop_after_fault, p.log_atomics}, streamed,
            [this, streamed](memory::DeviceMemory& memory, const exec::GroupSettings& settings) {
              return std::make_unique<Launch::Group>(memory, settings, p_, streamed, &kept_values_);
            },
            set_windows, d),
        p_(p),
        setup_notes_(d) {
    if (streamed) kept_values_.assign(p.lanes * p.kept.size(), 0);
    if (machine_.begin_groups()) d.append(first_setup_error(p));
  }

  support::Diagnostics setup_error() override {
    support::Diagnostics d = setup_notes_;
    d.append(first_setup_error(p_));
    return d;
  }

 private:
  static void set_windows(memory::DeviceMemory& memory) {
    memory.set_window(memory::Space::local, generic_local_window);
    memory.set_window(memory::Space::shared, generic_shared_window);
  }
  std::optional<uint64_t> lane_value(std::string_view name, uint64_t tid) override {
    const auto reg = parse_register(name);
    if (!reg) return std::nullopt;
    if (!machine_.streamed())
      return machine_.lanes(tid / p_.group_size).regs.value(*reg, static_cast<uint32_t>(tid % p_.group_size));
    for (size_t k = 0; k < p_.kept.size(); ++k)
      if (p_.kept[k].bank == reg->bank && p_.kept[k].index == reg->index) return kept_values_[tid * p_.kept.size() + k];
    return std::nullopt;
  }
  std::function<bool(uint64_t)> lane_active() override {
    return [this](uint64_t tid) { return lane_takes_part(p_, tid); };
  }

  const SassProgram& p_;
  std::vector<uint32_t> kept_values_;  // streamed: lanes × p_.kept
  support::Diagnostics setup_notes_;   // what memory setup said
};

std::variant<SassProgram, support::Diagnostics> prepare_sass(const launch::Setup& s) {
  support::Diagnostics d;
  SassProgram p;
  p.scenario = &s;
  p.group_size = s.launch.group_size ? s.launch.group_size : warp_size;
  if (p.group_size > warp_size) d.error(s.launch.where, "a warp has at most 32 lanes");

  ProgramOptions load;
  load.start = s.program_where;
  load.lanes = s.launch.lanes;
  load.group_size = p.group_size;
  for (size_t i = 0; i < s.options.size(); ++i) {
    const auto& [key, value] = s.options[i];
    const auto where = s.option_where[i].second;
    SemanticsOptions& semantics = load.semantics;
    if (key == "nan" && (value == "canonical" || value == "propagate"))
      semantics.nan_propagate = value == "propagate";
    else if (key == "f16x2_flush" && (value == "true" || value == "false"))
      semantics.f16x2_flush = value == "true";
    else if (key == "safeadd_model" && (value == "true" || value == "false"))
      semantics.safeadd_model = value == "true";
    else if (key == "continue_after_fault" && (value == "true" || value == "false"))
      load.stop_after_fault = value != "true";
    else if (const auto maximum = support::parse_unsigned(value, 0xfffff); key == "header_pool_max" && maximum)
      load.header_pool_max = static_cast<uint32_t>(*maximum);  // headerPtr has 20 bits (§8.2)
    else
      d.error(where, fmt::format("option {} = '{}': SASS options are nan = canonical|propagate, f16x2_flush, "
                                 "safeadd_model, continue_after_fault (true|false), header_pool_max (0 … 0xfffff)",
                                 key, value));
  }
  for (const launch::SurfaceText& surface : s.surfaces)
    load.surfaces.push_back({surface.header, surface.bound, surface.descriptor});

  load.require_instruction = !d.has_errors();
  // The program, with diagnostics at their place in the scenario file.
  LoadedProgram loaded = load_program(s.program, load);
  d.append(loaded.diagnostics);
  static_cast<WarpProgram&>(p) = std::move(loaded.program);

  const auto where = launch::placements(s);
  const launch::Symbols symbols = launch::make_symbols(s, where, p.group_size, true, false);
  const auto compile = [&](const launch::ExpressionText& t) { return launch::compile_into(t, symbols, d); };
  for (const auto& [name, text] : s.lanes) {
    const auto reg = parse_register(name);
    if (!reg) {
      support::SourceLocation at = text.where;
      at.column = 1;
      d.error(at, fmt::format("'{}' is not a register a scenario can set: {}", name, lane_register_ranges()));
      continue;
    }
    use(p, reg->bank, reg->index);  // storage in [lanes] order, whether or not the value compiles
    if (auto e = compile(text)) set_lane_values(p, *reg, lane_values(std::move(e)), text.where);
  }
  if (s.launch.active) p.active = lane_values(compile(*s.launch.active));
  if (s.launch.helper) p.helper = lane_values(compile(*s.launch.helper));
  if (s.launch.killed) p.killed = lane_values(compile(*s.launch.killed));
  // Expectations may read any register name: give them storage, kept per lane.
  for (const launch::Expectation& e : s.expectations) {
    p.log_atomics = p.log_atomics || e.kind == launch::Expectation::Kind::explainable;
    if (e.name.empty()) continue;
    if (const auto reg = parse_register(e.name))
      keep_register(p, *reg);
    else
      d.error(e.where, fmt::format("'{}' is not a register ({})", e.name, lane_register_ranges()));
  }
  complete_program(p);
  d.append(launch::precheck_expectations(s, p.group_size));
  launch::check_lane_storage(s, lane_state_bytes(p), d);
  if (d.has_errors()) return d;
  return p;
}

}  // namespace
}  // namespace bind_sass

RunResult run_sass(const Setup& s, const RunOptions& options) {
  auto prepared = bind_sass::prepare_sass(s);
  if (auto* d = std::get_if<support::Diagnostics>(&prepared)) return *d;
  const bind_sass::SassProgram& p = std::get<bind_sass::SassProgram>(prepared);
  // The parallel and deterministic modes stream their warps unless someone needs every lane's
  // registers afterwards.
  const bool streamed = options.mode != launch::Mode::exhaustive && !options.inspect;
  const launch::LaneCosts costs{lane_state_bytes(p), p.code.size(), p.kept.size() * 4, p.group_size};
  auto result = launch::execute_machines<bind_sass::SassMachine>(s, options, p, streamed, costs);
  if (auto* report = std::get_if<launch::RunReport>(&result))
    report->notes.insert(report->notes.end(), p.notes.begin(), p.notes.end());
  return result;
}

RunResult run_sass_and_inspect(const Setup& s, const RunOptions& options,
                               const std::function<void(const Observation&)>& inspect) {
  RunOptions with = options;
  with.inspect = inspect;
  return run_sass(s, with);
}

}  // namespace gpuatom::launch
