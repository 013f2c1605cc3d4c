// Binds `isa = "visa"` scenarios (docs/spec/intel.md §1, §5, §6.1, §7, §8): each group is one hardware
// thread running the vISA program, with its own copy of every declared general variable and
// predicate. Per instruction the enabled channels (ChEn, §6.1) read their address and sources
// first, then perform one atomic each (ascending channel in the parallel and deterministic
// modes, every order in exhaustive mode); channel n's returned value goes to Dst element n
// (16-bit: zero-extended into dword n, ASSUMPTION §5.1). Dst null still updates memory. A
// faulting channel (unmapped, misaligned) changes nothing; the others complete (§7).
//
// TYPED_ATOMIC (§8): a [[surface]] whose `header` equals the instruction's surface index supplies
// the descriptor (type, extents, mip levels, texel size, placement). Each enabled channel reads
// U, V, R and LOD (UD; null reads 0) when the instruction starts and maps them per surface type:
// 1d: x = U; 1d_array: x = U, array index = V; 2d: x = U, y = V; 2d_array: x = U, y = V, array
// index = R; 3d: x = U, y = V, z = R; mip level = LOD. Coordinates are unsigned; a coordinate at
// or past its extent at that level, or LOD ≥ mip_levels, is out of bounds: the channel's Dst
// element becomes 0 (when Dst is not null), memory is not touched, and no event is scheduled.
//
// [lanes] keys name variables: element e of a variable in group g gets the expression at
// tid = g × group + e, lane = e (predicates: bit e = value ≠ 0). The launch's `active` is the
// execution mask EM (bit k: lane k of the group is launched and active).
//
// An `explainable` expectation logs every performed atomic (address, operation, operands,
// returned value unless Dst is null, channel tid) for the serial-order check.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <memory>
#include <set>

#include "bound_machine.hpp"
#include "execute.hpp"
#include "gpuatom/intel/exec/thread.hpp"
#include "gpuatom/intel/program.hpp"
#include "gpuatom/launch/bind.hpp"
#include "gpuatom/launch/memory_setup.hpp"
#include "gpuatom/launch/symbols.hpp"

namespace gpuatom::launch {

namespace bind_visa {
namespace {

using namespace intel;  // the vISA front-end: instructions, declarations, validator

// The thread program with the scenario it came from.
struct VisaProgram : intel::ThreadProgram {
  const Setup* scenario = nullptr;
  uint64_t lane_state_bytes = 0;  // a thread's variables and bookkeeping, per channel
};

// One copy of the scenario's device: its memory and threads, eager or streamed (the parallel and
// deterministic modes of a Program::streamable program).
class VisaMachine final : public BoundMachine<ThreadLanes> {
 public:
  VisaMachine(const VisaProgram& p, support::Diagnostics& d, bool streamed)
      : BoundMachine(
            *p.scenario, {p.group_size, false, p.log_atomics}, streamed,
            [this, streamed](memory::DeviceMemory& memory, const exec::GroupSettings& settings) {
              return std::make_unique<Launch::Group>(memory, settings, p_, streamed, &kept_values_);
            },
            {}, d, streamed ? p.batch : 1),
        p_(p),
        setup_notes_(d) {
    if (streamed) kept_values_.assign(p.lanes * p.kept.size(), 0);
    if (machine_.begin_groups()) first_setup_error(p, d);
  }

  support::Diagnostics setup_error() override {
    support::Diagnostics d = setup_notes_;
    first_setup_error(p_, d);
    return d;
  }

 private:
  std::optional<uint64_t> lane_value(std::string_view name, uint64_t tid) override {
    const DeclarationTable& t = p_.module.declarations;
    const auto ref = t.lookup(name);
    const uint64_t g = tid / p_.group_size;
    const uint32_t e = static_cast<uint32_t>(tid % p_.group_size);
    if (!ref || (ref->kind != DeclKind::general && ref->kind != DeclKind::predicate) || tid >= p_.lanes)
      return std::nullopt;
    const ThreadProgram::Kept v{ref->id, ref->kind == DeclKind::predicate};
    if (!has_element(p_, v, e)) return std::nullopt;
    if (!machine_.streamed()) return element_value(machine_.lanes(g).state, p_, v, e);
    // Streamed: the values ThreadLanes::end saved.
    for (size_t k = 0; k < p_.kept.size(); ++k)
      if (p_.kept[k].id == v.id && p_.kept[k].predicate == v.predicate) return kept_values_[tid * p_.kept.size() + k];
    return std::nullopt;
  }
  std::function<bool(uint64_t)> lane_active() override {
    if (!p_.active) return {};
    return [this](uint64_t tid) { return evaluate(*p_.active, tid, p_.group_size) != 0; };
  }

  const VisaProgram& p_;
  std::vector<uint64_t> kept_values_;  // streamed: lanes × p_.kept
  support::Diagnostics setup_notes_;   // what memory setup said
};

std::variant<VisaProgram, support::Diagnostics> prepare_visa(const launch::Setup& s) {
  support::Diagnostics d;
  VisaProgram p;
  p.scenario = &s;
  p.lanes = s.launch.lanes;
  p.group_size = s.launch.group_size ? s.launch.group_size : default_group;
  if (p.group_size > max_group) d.error(s.launch.where, "a vISA thread has at most 32 channels");

  ProgramOptions load;
  load.file = s.file;
  load.start = s.program_where;
  load.lanes = s.launch.lanes;
  load.group_size = p.group_size;
  const auto placed = launch::placements(s);
  for (size_t i = 0; i < s.options.size(); ++i) {
    const auto& [key, value] = s.options[i];
    if (key == "platform") {
      if (const auto platform = parse_platform(value))
        load.platform = *platform;
      else
        d.error(s.option_where[i].second, fmt::format("platform = '{}': expected {} (or an ocloc device name)", value,
                                                      platform_names(", ", " or ")));
    } else if (key == "slm") {
      // Shared local memory is the region `options.slm` names (one work-group, docs/intel-igc.md §9).
      for (const launch::RegionPlacement& r : placed)
        if (r.name == value) load.slm_base = r.base;
      if (!load.slm_base)
        d.error(s.option_where[i].second, fmt::format("slm = '{}': no [[region]] has that name", value));
    } else {
      d.error(s.option_where[i].second,
              fmt::format("option '{}': vISA options are platform = {} and slm = <region>", key, platform_names("|")));
    }
  }
  for (const launch::SurfaceText& surface : s.surfaces)
    load.surfaces.push_back({surface.header, &surface.descriptor, surface.where});

  // The program: parsed and validated, diagnostics at their line of the scenario file.
  const bool refused = d.has_errors();
  load.require_instruction = !refused;
  LoadedProgram loaded = load_program(s.program, load);
  d.append(loaded.diagnostics);
  if (refused || !loaded.compiled) return d;
  static_cast<ThreadProgram&>(p) = std::move(loaded.program);

  const auto where = launch::placements(s);
  const launch::Symbols symbols = launch::make_symbols(s, where, p.group_size, true, false);
  const auto compile = [&](const launch::ExpressionText& t) { return launch::compile_into(t, symbols, d); };
  const DeclarationTable& t = p.module.declarations;
  for (const auto& [name, text] : s.lanes) {
    const auto ref = t.lookup(name);
    if (!has_storage(p, ref)) {
      support::SourceLocation at = text.where;
      at.column = 1;
      d.error(at, fmt::format("'{}' is not a declared general or predicate variable of the program{}", name,
                              aliases_predefined(p, ref) ? " (it aliases one of IGC's predefined variables)" : ""));
      continue;
    }
    if (auto e = compile(text)) set_lane_values(p, *ref, lane_values(std::move(e)), text.where);
  }
  if (s.launch.active) p.active = lane_values(compile(*s.launch.active));
  for (const launch::Expectation& e : s.expectations) {
    p.log_atomics = p.log_atomics || e.kind == launch::Expectation::Kind::explainable;
    if (e.name.empty()) continue;
    const auto ref = t.lookup(e.name);
    if (!has_storage(p, ref)) {
      d.error(e.where,
              fmt::format("'{}' is not a declared general or predicate variable of the program{}", e.name,
                          aliases_predefined(p, ref) ? " (it aliases one of IGC's predefined variables)" : ""));
      continue;
    }
    keep_variable(p, *ref);
  }
  d.append(launch::precheck_expectations(s, p.group_size));
  complete_program(p);
  p.lane_state_bytes = lane_state_bytes(p);
  launch::check_lane_storage(s, p.lane_state_bytes, d);
  if (d.has_errors()) return d;
  return p;
}

}  // namespace
}  // namespace bind_visa

RunResult run_visa(const Setup& s, const RunOptions& options) {
  auto prepared = bind_visa::prepare_visa(s);
  if (auto* d = std::get_if<support::Diagnostics>(&prepared)) return *d;
  bind_visa::VisaProgram& p = std::get<bind_visa::VisaProgram>(prepared);
  // Batches of threads are the parallel mode's: the deterministic mode schedules each thread.
  if (options.mode != Mode::parallel) p.batch = 1;
  const LaneCosts costs{p.lane_state_bytes, p.module.instructions.size(), p.kept.size() * sizeof(uint64_t),
                        p.group_size};
  RunResult result = execute_machines<bind_visa::VisaMachine>(
      s, options, p, options.mode != Mode::exhaustive && p.streamable && !options.inspect, costs);
  if (auto* report = std::get_if<RunReport>(&result))
    report->notes.insert(report->notes.end(), p.notes.begin(), p.notes.end());
  return result;
}

}  // namespace gpuatom::launch
