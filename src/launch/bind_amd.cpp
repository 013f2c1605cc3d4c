// Binds `isa = "amd"` scenarios to AMD's wavefront (amd/exec/wave.hpp): the program's rows (read by
// amd::load_program, amd/program.hpp), the [options] (device, strategy, PCIe, model switches) and the lane values
// compiled into a WaveProgram; results read back by name for the expectations. An n/a outcome is refused before the
// run, naming the rule.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <memory>

#include "bound_machine.hpp"
#include "execute.hpp"
#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/evaluate.hpp"
#include "gpuatom/amd/exec/wave.hpp"
#include "gpuatom/amd/options.hpp"
#include "gpuatom/amd/program.hpp"
#include "gpuatom/launch/bind.hpp"
#include "gpuatom/launch/memory_setup.hpp"
#include "gpuatom/launch/symbols.hpp"

namespace gpuatom::launch {

namespace bind_amd {
namespace {

using namespace amd;  // the model's devices, rows, selectors and outcomes

// The wave program with what only the scenario has: the file, the row options, the host-lane
// expression and where each operation was written.
struct AmdRowsProgram : WaveProgram {
  const Setup* scenario = nullptr;
  RowOptions row_options;
  std::optional<launch::ExpressionText> host_lanes;
  std::vector<ProgramLine> sources;  // per op, as written
};

// One complete copy of a run: memory, results, wavefronts (streamed in the parallel and
// deterministic modes unless an inspector reads them; the results table is the launch's either way).
class AmdMachine final : public BoundMachine<WaveLanes> {
 public:
  AmdMachine(const AmdRowsProgram& p, support::Diagnostics& d, bool streamed)
      : BoundMachine(
            *p.scenario, {p.group_size, false, p.log_atomics}, streamed,
            [this](memory::DeviceMemory& memory, const exec::GroupSettings& settings) {
              return std::make_unique<Launch::Group>(memory, settings, p_, memory, results_);
            },
            {}, d),
        p_(p) {
    const uint64_t lanes = p.scenario->launch.lanes;
    const uint64_t kept = p.keep_results ? lanes * p.result_names.size() : 0;
    results_.values.assign(kept, 0);
    results_.written.assign(kept, 0);
    (void)machine_.begin_groups();  // an AMD lane's setup cannot fail: its values are prechecked
  }

 private:
  std::optional<uint64_t> lane_value(std::string_view name, uint64_t tid) override {
    for (size_t k = 0; k < p_.result_names.size(); ++k)
      if (p_.result_names[k] == name) return results_.values[tid * p_.result_names.size() + k];
    return std::nullopt;
  }
  std::function<bool(uint64_t)> lane_active() override {
    if (!p_.active) return {};
    return [this](uint64_t tid) {
      const auto v = p_.active->value(tid, p_.group_size);
      return std::holds_alternative<uint64_t>(v) && std::get<uint64_t>(v) != 0;
    };
  }

  const AmdRowsProgram& p_;
  LaneResults results_;
};

template <class T>
std::optional<T> option_value(const launch::Setup& s, std::string_view key, std::span<const Spelling<T>> table,
                              support::Diagnostics& d, bool required) {
  for (size_t i = 0; i < s.options.size(); ++i) {
    if (s.options[i].first != key) continue;
    if (const auto v = find_spelling(table, s.options[i].second)) return v;
    d.error(s.option_where[i].second,
            fmt::format("{} = '{}': expected one of {}", key, s.options[i].second, describe_spellings(table)));
    return std::nullopt;
  }
  if (required) d.error(s.launch.where, fmt::format("AMD scenarios need [options] {} = …", key));
  return std::nullopt;
}

std::variant<AmdRowsProgram, support::Diagnostics> prepare_amd(const launch::Setup& s) {
  support::Diagnostics d;
  AmdRowsProgram p;
  p.scenario = &s;
  p.lanes = s.launch.lanes;
  p.group_size = s.launch.group_size ? s.launch.group_size : default_wave;
  if (p.group_size > exec::max_group_size) d.error(s.launch.where, "a wavefront has at most 64 lanes");
  bool has_device = false;
  for (size_t i = 0; i < s.options.size(); ++i) {
    if (s.options[i].first != "device") continue;
    has_device = true;
    const DeviceName found = find_device(s.options[i].second);
    if (found.devices.size() == 1)
      p.settings.device = &device(found.devices.front());
    else if (found.devices.size() > 1)
      d.error(s.option_where[i].second,
              fmt::format("device = '{}': the name may mean {} or {} on AMD's tables; name one", s.options[i].second,
                          device(found.devices[0]).name, device(found.devices[1]).name));
    else if (!found.why.empty())
      d.error(s.option_where[i].second, fmt::format("device = '{}': {}", s.options[i].second, found.why));
    else
      d.error(s.option_where[i].second,
              fmt::format("device = '{}': expected one of {}", s.options[i].second, describe_device_names()));
  }
  if (!has_device) d.error(s.launch.where, "AMD scenarios need [options] device = …");
  p.settings.strategy = option_value(s, "strategy", strategy_spellings(), d, false).value_or(Strategy::hw_atomics);
  p.settings.pcie = option_value(s, "pcie", pcie_spellings(), d, false).value_or(PcieAtomics::unsupported);
  for (size_t i = 0; i < s.options.size(); ++i) {
    const auto& [key, value] = s.options[i];
    if (key == "device" || key == "strategy" || key == "pcie") continue;
    if (key == "host_lanes") {
      launch::ExpressionText text{value, s.option_where[i].second, {}};
      text.where.column = 1;  // the option's own line; the value is quoted after the key
      p.host_lanes = text;
    } else if (key == "unsigned_min_max") {
      p.row_options.unsigned_min_max = value == "true";
    } else if (auto error = set_switch(p.settings.model, "amd." + std::string(key), value)) {
      d.error(s.option_where[i].second, fmt::format("option '{}': {}; AMD options are device, strategy, pcie, "
                                                    "host_lanes, unsigned_min_max and the model switches",
                                                    key, *error));
    }
  }
  if (!s.lanes.empty())
    d.error(s.lanes.front().second.where, "AMD scenarios give per-lane operands in the program line, not in [lanes]");
  LoadedProgram loaded = load_program(s.program, s.program_where);
  if (loaded.diagnostics.has_errors()) {
    d.append(loaded.diagnostics);
    return d;
  }
  const auto where = launch::placements(s);
  const launch::Symbols symbols = launch::make_symbols(s, where, p.group_size, true, false);
  const auto compile = [&](const launch::ExpressionText& t) { return launch::compile_into(t, symbols, d); };
  // A field's text as an expression of the scenario language, where it was written.
  const auto expression = [](const FieldText& field) { return launch::ExpressionText{field.text, field.where, {}}; };
  for (const ProgramLine& op : loaded.lines) {
    WaveOperation c{op.row, op.scope, to_alu(*op.row, p.row_options), {}, {}, {}};
    auto address = compile(expression(op.address));
    auto operand = compile(expression(op.operand));
    if (!address || !operand) continue;
    c.address = lane_values(std::move(address));
    c.operand = lane_values(std::move(operand));
    if (op.compare) c.compare = lane_values(compile(expression(*op.compare)));
    size_t slot = 0;
    while (slot < p.result_names.size() && p.result_names[slot] != op.result) ++slot;
    if (slot == p.result_names.size()) p.result_names.push_back(op.result);
    p.result_slot.push_back(slot);
    p.ops.push_back(std::move(c));
    p.sources.push_back(op);
  }
  if (s.launch.active) p.active = lane_values(compile(*s.launch.active));
  if (p.host_lanes) p.host = lane_values(compile(*p.host_lanes));
  d.append(launch::precheck_expectations(s, p.group_size));
  for (const launch::Expectation& e : s.expectations) {
    p.log_atomics = p.log_atomics || e.kind == launch::Expectation::Kind::explainable;
    p.keep_results = p.keep_results || !e.name.empty();
  }
  launch::check_lane_storage(s, p.result_names.size() * (sizeof(uint64_t) + 1) + 64, d);
  if (d.has_errors()) return d;

  // n/a operations are refused before anything runs, naming the rule (docs/spec/amd.md §7).
  for (size_t k = 0; k < p.ops.size(); ++k) {
    const WaveOperation& op = p.ops[k];
    for (const launch::RegionText& r : s.regions) {
      memory::RegionInfo info;
      info.attributes = r.attributes;
      const Explanation e = explain_for(p, op, &info);
      if (e.outcome != Outcome::not_applicable) continue;
      d.error(p.sources[k].where, fmt::format("'{}' is n/a on {} (region '{}'): {}", op.row->label,
                                              p.settings.device->name, r.name, explain_line(e)));
      break;
    }
  }
  if (d.has_errors()) return d;
  return p;
}

}  // namespace
}  // namespace bind_amd

RunResult run_amd(const Setup& s, const RunOptions& options) {
  if (is_amd_instruction_scenario(s)) return run_amd_isa(s, options);
  auto prepared = bind_amd::prepare_amd(s);
  if (auto* d = std::get_if<support::Diagnostics>(&prepared)) return *d;
  bind_amd::AmdRowsProgram& p = std::get<bind_amd::AmdRowsProgram>(prepared);
  p.keep_results = p.keep_results || static_cast<bool>(options.inspect);  // an inspector may read any result
  const uint64_t results = p.result_names.size() * (sizeof(uint64_t) + 1);
  const LaneCosts costs{results + 64, p.ops.size(), p.keep_results ? results : 0, p.group_size};
  return execute_machines<bind_amd::AmdMachine>(s, options, p, options.mode != Mode::exhaustive && !options.inspect,
                                                costs);
}

}  // namespace gpuatom::launch
