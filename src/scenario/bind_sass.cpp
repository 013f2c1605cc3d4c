// Binds `isa = "sass"` scenarios to NVIDIA's warp (nvidia/exec/warp.hpp): the scenario's
// program, [lanes], [launch] masks, [[surface]] tables and options compiled into a WarpProgram,
// its memory set up with NVIDIA's generic windows, and registers read back by name for the
// expectations. The warp itself, and how lanes execute, is nvidia/exec's.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <memory>

#include "gpuatom/memory/surface.hpp"
#include "gpuatom/nvidia/exec/warp.hpp"
#include "gpuatom/nvidia/generic_windows.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/nvidia/surface_access.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "bound_machine.hpp"
#include "execute.hpp"
#include "gpuatom/scenario/memory_setup.hpp"
#include "gpuatom/scenario/symbols.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::scenario {

namespace {

using namespace nvidia;  // the SASS front-end: instructions, registers, surfaces, semantics

using support::Bits128;

using nvidia::generic_local_window;
using nvidia::generic_shared_window;
// The warp program with the scenario it came from (its launch, regions and expectations).
struct Program : nvidia::WarpProgram {
  const scenario::Scenario* scenario = nullptr;
};


// The first lane whose initial value cannot be set, in the order an eager setup finds it: the
// [lanes] entries in file order, lanes ascending. Empty when every lane can be set up.
support::Diagnostics first_setup_error(const WarpProgram& p) {
  support::Diagnostics d;
  const uint64_t lanes = p.lanes;
  for (const WarpProgram::Init& init : p.inits) {
    for (uint64_t tid = 0; tid < lanes; ++tid) {
      if (init.reg.bank == Bank::ur && tid % p.group_size != 0) continue;
      const auto v = init.value->value(tid, p.group_size);
      if (auto* e = std::get_if<exec::LaneValueError>(&v)) {
        support::SourceLocation at = init.where;
        at.column += e->column - 1;
        d.error(at, fmt::format("{} (lane {})", e->message, tid));
        return d;
      }
      const uint64_t bits = std::get<uint64_t>(v);
      if (!fits_register(init.reg.bank, bits)) {
        d.error(init.where, fmt::format("value 0x{:x} of lane {} does not fit a 32-bit register; use lo() and hi() "
                                        "for 64-bit values",
                                        bits, tid));
        return d;
      }
    }
  }
  return d;
}

// One copy of the scenario's device: the memory with its windows, and the warps, eager or
// streamed. Streamed warps keep only the registers `[[expect]]` entries read, per lane, after each
// warp finishes.
class SassMachine final : public BoundMachine<WarpLanes> {
 public:
  SassMachine(const Program& p, support::Diagnostics& d, bool streamed)
      : BoundMachine(*p.scenario, {p.group_size, p.stop_after_fault, p.log_atomics}, streamed,
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

  const Program& p_;
  std::vector<uint32_t> kept_values_;  // streamed: lanes × p_.kept
  support::Diagnostics setup_notes_;   // what memory setup said
};

// Where an instruction starts in the scenario file (its first line shares the line of `program =`).
support::SourceLocation place_of(const scenario::Scenario& s, const Instruction& in) {
  support::SourceLocation at = in.where;
  if (at.line == s.program_where.line) at.column += s.program_where.column - 1;
  return at;
}

// Fills the header pool and the constant-bank words from [[surface]], and checks every bound
// handle of the program against them: a bound index that names no surface is a mistake in the
// scenario, not something to run with an arbitrary constant-bank word.
void bind_surfaces(const scenario::Scenario& s, std::optional<uint32_t> header_pool_max, WarpProgram& p,
                   support::Diagnostics& d) {
  // Default MaximumIndex: the highest declared header, so every [[surface]] is reachable and a
  // handle above them all is invalid (DECISION for scenarios; the option overrides it).
  uint32_t maximum = 0;
  for (const scenario::SurfaceText& surface : s.surfaces) maximum = std::max(maximum, surface.header);
  p.surfaces = SurfaceBindings(header_pool_max.value_or(maximum));
  for (const scenario::SurfaceText& surface : s.surfaces) {
    p.surfaces.pool().set(surface.header, surface.descriptor);
    if (surface.bound) p.surfaces.bind(*surface.bound, surface.header);
  }
  for (const CompiledInstruction& c : p.code) {
    const Instruction& in = c.instruction;
    if (!in.is_surface() || in.surface.bindless()) continue;
    const uint32_t index = in.surface.handle_indices.front();
    const auto entry = p.surfaces.constant_word(index);
    if (!entry) {
      d.error(place_of(s, in),
              fmt::format("{} reads the bound handle 0x{:x} (constant-bank word c[bank][0x{:x}]) but no [[surface]] "
                          "has bound = 0x{:x}",
                          info(in.mnemonic).name, index, 4 * index, index));
      continue;
    }
    // A header whose dim differs from the instruction's .dim is legal: the .dim governs (§8.3).
    for (const scenario::SurfaceText& surface : s.surfaces)
      if (surface.header == *entry && surface.descriptor.dim != surface_dim(in.surface.dim))
        p.notes.push_back(fmt::format(
            "line {}: .{} reads header {}, a {} surface; the instruction's .dim governs "
            "the coordinates (docs/spec/nvidia.md §8.3)",
            in.where.line, info(in.surface.dim).name, surface.header, memory::name(surface.descriptor.dim)));
  }
}

std::variant<Program, support::Diagnostics> prepare(const scenario::Scenario& s) {
  support::Diagnostics d;
  Program p;
  p.scenario = &s;
  p.lanes = s.launch.lanes;
  p.r_slot.fill(-1);
  p.p_slot.fill(-1);
  p.ur_slot.fill(-1);
  p.group_size = s.launch.group_size ? s.launch.group_size : warp_size;
  if (p.group_size > warp_size) d.error(s.launch.where, "a warp has at most 32 lanes");

  SemanticsOptions semantics;
  std::optional<uint32_t> header_pool_max;
  for (size_t i = 0; i < s.options.size(); ++i) {
    const auto& [key, value] = s.options[i];
    const auto where = s.option_where[i].second;
    if (key == "nan" && (value == "canonical" || value == "propagate")) semantics.nan_propagate = value == "propagate";
    else if (key == "f16x2_flush" && (value == "true" || value == "false")) semantics.f16x2_flush = value == "true";
    else if (key == "safeadd_model" && (value == "true" || value == "false")) semantics.safeadd_model = value == "true";
    else if (key == "continue_after_fault" && (value == "true" || value == "false")) p.stop_after_fault = value != "true";
    else if (const auto maximum = support::parse_unsigned(value, 0xfffff); key == "header_pool_max" && maximum)
      header_pool_max = static_cast<uint32_t>(*maximum);  // headerPtr has 20 bits (§8.2)
    else
      d.error(where, fmt::format("option {} = '{}': SASS options are nan = canonical|propagate, f16x2_flush, "
                                 "safeadd_model, continue_after_fault (true|false), header_pool_max (0 … 0xfffff)",
                                 key, value));
  }

  // The program, line by line, with diagnostics at their place in the scenario file.
  size_t offset = 0;
  uint32_t line = 0;
  while (offset <= s.program.size()) {
    const size_t end = std::min(s.program.find('\n', offset), s.program.size());
    const std::string_view text = std::string_view(s.program).substr(offset, end - offset);
    support::SourceLocation where = s.program_where;
    where.line += line;
    support::Diagnostics line_diagnostics;
    auto parsed = parse_sass_line(text, where, line_diagnostics);
    if (parsed) validate(*parsed, line_diagnostics);
    for (support::Diagnostic diag : line_diagnostics.all()) {
      if (line == 0 && diag.where.column) diag.where.column += s.program_where.column - 1;
      if (diag.severity == support::Severity::error) d.add(diag);
    }
    if (parsed && !line_diagnostics.has_errors()) {
      const Instruction& in = *parsed;
      support::SourceLocation at = where;
      at.column = line == 0 ? s.program_where.column : 1;
      if (in.has_placeholder()) {
        d.error(at, "an instruction with an .INVALIDn placeholder does not execute (docs/spec/nvidia.md §10.3)");
      } else if (!info(in.op).executable) {
        d.error(at, fmt::format(".{} has no defined semantics here and does not execute (docs/spec/nvidia.md §10.3)",
                                info(in.op).name));
      } else if (in.is_surface() && !in.surface.bindless() && in.surface.handle_indices.size() != 1) {
        d.error(at,
                "a bound handle written with several immediates (an sm_70+ spelling) has no defined meaning "
                "here; SPA 5.0 binds one #tsPtrIdxU13 (docs/spec/nvidia.md §8.2)");
      } else if (in.is_surface() && in.surface.bindless() && !in.surface.handle_indices.empty()) {
        d.error(at,
                "immediates after a bindless handle (an sm_70+ spelling) have no defined meaning here; SPA 5.0 "
                "reads the handle from Rc alone (docs/spec/nvidia.md §8.2)");
      } else {
        auto resolved = to_alu(in.op, in.size, semantics);
        if (auto* why = std::get_if<std::string>(&resolved)) {
          d.error(at, *why);
        } else {
          CompiledInstruction c{in, std::get<alu::Operation>(resolved), in.data_bits() / 8, {}, vector_words(in.size)};
          use_registers(p, in);
          p.code.push_back(std::move(c));
        }
      }
    }
    ++line;
    offset = end + 1;
  }
  if (p.code.empty() && !d.has_errors()) d.error(s.program_where, "the program has no instruction");
  bind_surfaces(s, header_pool_max, p, d);

  const auto where = scenario::placements(s);
  const scenario::Symbols symbols = scenario::make_symbols(s, where, p.group_size, true, false);
  const auto compile = [&](const scenario::ExpressionText& t) { return scenario::compile_into(t, symbols, d); };
  for (const auto& [name, text] : s.lanes) {
    const auto reg = parse_register(name);
    if (!reg) {
      support::SourceLocation at = text.where;
      at.column = 1;
      d.error(at, fmt::format("'{}' is not a register a scenario can set: {}", name, lane_register_ranges()));
      continue;
    }
    use(p, reg->bank, reg->index);
    if (auto e = compile(text)) {
      std::optional<uint64_t> constant;
      if (e->is_constant())
        if (const auto v = e->value(0, p.group_size); std::holds_alternative<uint64_t>(v))
          constant = std::get<uint64_t>(v);
      p.inits.push_back({*reg, lane_values(std::move(e)), text.where, constant});
    }
  }
  if (s.launch.active) p.active = lane_values(compile(*s.launch.active));
  if (s.launch.helper) p.helper = lane_values(compile(*s.launch.helper));
  if (s.launch.killed) p.killed = lane_values(compile(*s.launch.killed));
  // Expectations may read any register name: give them storage too.
  for (const scenario::Expectation& e : s.expectations) {
    if (e.name.empty()) continue;
    if (const auto reg = parse_register(e.name)) use(p, reg->bank, reg->index);
    else d.error(e.where, fmt::format("'{}' is not a register ({})", e.name, lane_register_ranges()));
  }
  for (const scenario::Expectation& e : s.expectations) {
    p.log_atomics = p.log_atomics || e.kind == scenario::Expectation::Kind::explainable;
    const auto reg = e.name.empty() ? std::nullopt : parse_register(e.name);
    if (reg && std::none_of(p.kept.begin(), p.kept.end(), [&](RegisterName k) { return k.bank == reg->bank && k.index == reg->index; }))
      p.kept.push_back(*reg);
  }
  for (CompiledInstruction& c : p.code) c.fast = fast_path(p, c);
  plan_lazy_registers(p);
  d.append(scenario::precheck_expectations(s, p.group_size));
  scenario::check_lane_storage(s, uint64_t{p.r_count} * 4 + p.p_count + 32, d);
  if (d.has_errors()) return d;
  return p;
}

}  // namespace

RunResult run_sass(const Scenario& s, const RunOptions& options) {
  auto prepared = prepare(s);
  if (auto* d = std::get_if<support::Diagnostics>(&prepared)) return *d;
  const Program& p = std::get<Program>(prepared);
  // The parallel and deterministic modes stream their warps unless someone needs every lane's
  // registers afterwards.
  const bool streamed = options.mode != scenario::Mode::exhaustive && !options.inspect;
  const scenario::LaneCosts costs{uint64_t{p.r_count} * 4 + p.p_count + 32, p.code.size(),
                                  p.kept.size() * 4, p.group_size};
  auto result = scenario::execute_machines<SassMachine>(s, options, p, streamed, costs);
  if (auto* report = std::get_if<scenario::RunReport>(&result))
    report->notes.insert(report->notes.end(), p.notes.begin(), p.notes.end());
  return result;
}

RunResult run_sass_and_inspect(const Scenario& s, const RunOptions& options,
                               const std::function<void(const Observation&)>& inspect) {
  RunOptions with = options;
  with.inspect = inspect;
  return run_sass(s, with);
}

}  // namespace gpuatom::scenario
