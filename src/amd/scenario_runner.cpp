// Executes AMD scenarios with each atomic's outcome applied (spec/amd.md §7):
//   Native            one indivisible read-modify-write through the ALU
//   NoReturn          the same, but the lane gets 0 (flagged no-return)
//   CAS               a real compare-and-swap loop: load, compute, CAS, retry (retries counted)
//   Scope Downgrade   device lanes: indivisible; host-agent lanes: a load and a separate store,
//                     so device updates between them are lost (DECISION of this runner: the loss
//                     is modelled on the host agent's side, where the page places it)
//   Scope Downgrade - CAS   CAS loop on the device side, host lanes as above
//   NOP               no memory access; the lane gets 0
//   n/a               refused before the run, naming the rule
// Each lane's operations run in program order; a wavefront's lanes run an operation together.
#include <array>
#include <fmt/format.h>

#include <map>
#include <memory>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/evaluate.hpp"
#include "gpuatom/amd/options.hpp"
#include "gpuatom/amd/scenario_program.hpp"
#include "gpuatom/amd/scenario_runner.hpp"
#include "gpuatom/exec/atomic.hpp"
#include "gpuatom/exec/exhaustive.hpp"
#include "gpuatom/exec/launch.hpp"
#include "gpuatom/exec/run.hpp"
#include "gpuatom/memory/atomic_access.hpp"
#include "gpuatom/scenario/execute.hpp"
#include "gpuatom/scenario/expectations.hpp"
#include "gpuatom/scenario/memory_setup.hpp"
#include "gpuatom/scenario/serial_log.hpp"
#include "gpuatom/scenario/symbols.hpp"

namespace gpuatom::amd {

namespace {

using scenario::Expression;

constexpr uint32_t default_wave = 64;

struct Settings {
  const Device* device = nullptr;
  Strategy strategy = Strategy::hw_atomics;
  PcieAtomics pcie = PcieAtomics::unsupported;
  ModelOptions model;
  RowOptions row_options;
  std::optional<scenario::ExpressionText> host_lanes;
};

struct CompiledOperation {
  ProgramOperation source;
  alu::Operation operation;
  Expression address, operand;
  std::optional<Expression> compare;
};

// Everything a run shares: the program, the memory, per-lane results.
struct Program {
  const scenario::Scenario* scenario = nullptr;
  Settings settings;
  std::vector<CompiledOperation> ops;
  std::optional<Expression> host;
  std::optional<Expression> active;
  uint32_t group_size = default_wave;
  std::vector<std::string> result_names;  // distinct result names, in first-use order
  std::vector<size_t> result_slot;        // per op: index into result_names
  bool log_atomics = false;  // an `explainable` expectation needs every atomic's operands and result
};

// The model's verdict for one op on one region (memory location and granularity come from the region).
Explanation explain_for(const Program& p, const CompiledOperation& op, const memory::RegionInfo* region) {
  Selectors s;
  s.strategy = p.settings.strategy;
  s.pcie = p.settings.pcie;
  s.scope = op.source.scope;
  if (region) {
    s.memory = region->attributes.location == memory::Location::device ? Memory::device_dram
               : region->attributes.location == memory::Location::host_migratable ? Memory::migratable_host_dram
                                                                                   : Memory::pinned_host_dram;
    s.granularity = region->attributes.granularity == memory::Granularity::fine ? Granularity::fine : Granularity::coarse;
  }
  return evaluate(*p.settings.device, *op.source.row, s, p.settings.model);
}

Outcome outcome_for(const Program& p, const CompiledOperation& op, const memory::RegionInfo* region) {
  return explain_for(p, op, region).outcome;
}

struct LaneResults {
  std::vector<uint64_t> values;  // lanes × result names
  std::vector<uint8_t> written;
};

// One lane's progress through one operation.
enum class Phase : uint8_t { atomic, cas_load, cas_try, host_load, host_store, done };

struct LaneOp {
  uint32_t lane = 0;  // in group
  uint64_t address = 0;
  alu::Operands operands;
  Outcome outcome = Outcome::native;
  bool host = false;
  Phase phase = Phase::done;
  uint64_t seen = 0;  // CAS loop: the value the next CAS expects; host: the loaded value
};

class Wave final : public exec::Agent {
 public:
  Wave(const Program& program, memory::DeviceMemory& memory, LaneResults& results, uint64_t group)
      : p_(program), memory_(memory), results_(results), group_(group) {}

  std::span<const exec::Event> pending() override {
    // When every lane of the current operation is done, the wave moves to the next one.
    while (events_.empty()) {
      if (next_op_ >= p_.ops.size()) return {};
      start(next_op_++);
      rebuild();
    }
    return events_;
  }

  std::vector<scenario::LoggedAtomic> log;  // with Program::log_atomics: this wave's atomics in order

  void perform(std::size_t index, exec::Recorder& recorder) override {
    step(event_lane_[index], recorder);
    rebuild();
  }

  // The parallel mode's loop: the same steps as performing pending()[0] until nothing is
  // pending (the first unfinished lane steps until it is done, then the next), without
  // rebuilding the event list after every step.
  void run(exec::Recorder& recorder) override {
    while (next_op_ < p_.ops.size()) {
      start(next_op_++);
      for (size_t i = 0; i < lanes_.size(); ++i)
        while (lanes_[i].phase != Phase::done) step(i, recorder);
    }
    events_.clear();
    event_lane_.clear();
  }

 private:
  // One step of lane lanes_[i] through its phases.
  void step(size_t i, exec::Recorder& recorder) {
    LaneOp& l = lanes_[i];
    const CompiledOperation& op = p_.ops[current_op_];
    const unsigned width = static_cast<unsigned>(alu::width_bits(op.operation.type) / 8);
    const uint64_t tid = group_ * p_.group_size + l.lane;
    // A faulting lane does nothing more; the others go on.
    const auto fault = [&](const memory::Fault& f) {
      recorder.fault(tid, static_cast<uint32_t>(current_op_), f);
      l.phase = Phase::done;
    };
    switch (l.phase) {
      case Phase::atomic: {
        const auto r = exec::apply_atomic(memory_, l.address, op.operation, l.operands);
        if (!r) return fault(r.error());
        recorder.operation();
        record(tid, l.outcome == Outcome::no_return ? 0 : r->returned);
        logged(tid, l, op, l.outcome == Outcome::no_return ? std::nullopt : std::optional<uint64_t>(r->returned));
        l.phase = Phase::done;
        break;
      }
      case Phase::cas_load:
      case Phase::host_load: {
        const auto v = memory_.load(l.address, width);
        if (!v) return fault(v.error());
        l.seen = *v;
        l.phase = l.phase == Phase::cas_load ? Phase::cas_try : Phase::host_store;
        break;
      }
      case Phase::cas_try: {
        const uint64_t desired = alu::new_value(op.operation, l.seen, l.operands);
        const auto old = memory::compare_exchange(memory_, l.address, width, l.seen, desired);
        if (!old) return fault(old.error());
        if (*old != l.seen) {  // lost the race: retry with the value seen
          l.seen = *old;
          recorder.counters.cas_retries++;
          break;
        }
        recorder.operation();
        record(tid, alu::apply(op.operation, l.seen, l.operands).returned);
        logged(tid, l, op, alu::apply(op.operation, l.seen, l.operands).returned);
        l.phase = Phase::done;
        break;
      }
      case Phase::host_store: {
        const auto stored = memory_.store(l.address, width, alu::new_value(op.operation, l.seen, l.operands));
        if (!stored) return fault(stored.error());
        recorder.operation();
        record(tid, alu::apply(op.operation, l.seen, l.operands).returned);
        // Logged as an atomic although it is a load and a store: when other lanes write between
        // the two, no serial order explains the result, which is what `explainable` should say.
        logged(tid, l, op, alu::apply(op.operation, l.seen, l.operands).returned);
        l.phase = Phase::done;
        break;
      }
      case Phase::done: break;
    }
  }

  void logged(uint64_t tid, const LaneOp& l, const CompiledOperation& op, std::optional<uint64_t> returned) {
    if (p_.log_atomics) log.push_back({l.address, {op.operation, l.operands, returned, tid}});
  }

  void record(uint64_t tid, uint64_t value) {
    const size_t k = tid * p_.result_names.size() + p_.result_slot[current_op_];
    results_.values[k] = value;
    results_.written[k] = 1;
  }

  // Sets up operation `index` for every participating lane of the wave.
  void start(size_t index) {
    current_op_ = index;
    lanes_.clear();
    const CompiledOperation& op = p_.ops[index];
    const uint64_t lanes = p_.scenario->launch.lanes;
    const uint64_t first = group_ * p_.group_size;
    const auto count = static_cast<uint32_t>(std::min<uint64_t>(p_.group_size, lanes > first ? lanes - first : 0));
    // The wave's values at once (affine and constant expressions cost no interpretation).
    std::array<uint64_t, 64> addresses{}, values{}, compares{}, hosts{};
    wave_values(op.address, first, count, addresses.data());
    wave_values(op.operand, first, count, values.data());
    if (op.compare) wave_values(*op.compare, first, count, compares.data());
    if (p_.host) wave_values(*p_.host, first, count, hosts.data());
    for (uint32_t lane = 0; lane < count; ++lane) {
      const uint64_t tid = first + lane;
      const scenario::SlotValues slots = scenario::lane_slots(tid, p_.group_size);
      if (p_.active && std::get<uint64_t>(p_.active->evaluate(slots)) == 0) continue;
      LaneOp l;
      l.lane = lane;
      l.address = addresses[lane];
      l.operands = {values[lane], op.compare ? compares[lane] : 0};
      l.host = p_.host && hosts[lane] != 0;
      const auto region = memory_.region_at(l.address);
      l.outcome = cached_outcome(index, op, region ? &*region : nullptr);
      switch (l.outcome) {
        case Outcome::nop:
          record(tid, 0);  // nothing reaches memory; the lane gets 0
          continue;
        case Outcome::cas:
        case Outcome::scope_downgrade_cas: l.phase = l.host && l.outcome == Outcome::scope_downgrade_cas ? Phase::host_load : Phase::cas_load; break;
        case Outcome::scope_downgrade: l.phase = l.host ? Phase::host_load : Phase::atomic; break;
        default: l.phase = Phase::atomic; break;
      }
      lanes_.push_back(l);
    }
  }

  static uint64_t value(const Expression& e, const scenario::SlotValues& slots) {
    const auto v = e.evaluate(slots);
    return std::holds_alternative<uint64_t>(v) ? std::get<uint64_t>(v) : 0;  // prechecked before the run
  }

  // value() for lanes first … first + count − 1 (count ≤ 64).
  void wave_values(const Expression& e, uint64_t first, uint32_t count, uint64_t* out) const {
    if (e.evaluate_lanes(first, count, p_.group_size, out)) return;
    for (uint32_t lane = 0; lane < count; ++lane) out[lane] = value(e, scenario::lane_slots(first + lane, p_.group_size));
  }

  // outcome_for() depends only on the op and the region's location and granularity, which do
  // not change during a run: the model is asked once per op and region, not once per lane.
  Outcome cached_outcome(size_t index, const CompiledOperation& op, const memory::RegionInfo* region) {
    const memory::RegionId id = region ? region->id : memory::no_region;
    if (!(cache_valid_ && cache_op_ == index && cache_region_ == id)) {
      cache_outcome_ = outcome_for(p_, op, region);
      cache_valid_ = true;
      cache_op_ = index;
      cache_region_ = id;
    }
    return cache_outcome_;
  }

  void rebuild() {
    events_.clear();
    event_lane_.clear();
    const unsigned width = p_.ops.empty() ? 4 : static_cast<unsigned>(alu::width_bits(p_.ops[current_op_].operation.type) / 8);
    for (size_t i = 0; i < lanes_.size(); ++i) {
      const LaneOp& l = lanes_[i];
      if (l.phase == Phase::done) continue;
      const bool reads_only = l.phase == Phase::cas_load || l.phase == Phase::host_load;
      events_.push_back({static_cast<uint32_t>(current_op_), l.lane, {l.address, width, !reads_only}});
      event_lane_.push_back(i);
    }
  }

  const Program& p_;
  memory::DeviceMemory& memory_;
  LaneResults& results_;
  uint64_t group_;
  size_t next_op_ = 0;
  size_t current_op_ = 0;
  std::vector<LaneOp> lanes_;
  std::vector<exec::Event> events_;
  std::vector<size_t> event_lane_;
  bool cache_valid_ = false;
  size_t cache_op_ = 0;
  memory::RegionId cache_region_ = memory::no_region;
  Outcome cache_outcome_ = Outcome::native;
};

// One complete copy of a run: memory, results, waves.
class AmdMachine final : public scenario::Machine {
 public:
  AmdMachine(const Program& p, support::Diagnostics& d) : p_(p) {
    d = scenario::setup_memory(*p.scenario, memory_, p.group_size);
    const uint64_t lanes = p.scenario->launch.lanes;
    results_.values.assign(lanes * p.result_names.size(), 0);
    results_.written.assign(lanes * p.result_names.size(), 0);
    const uint64_t groups = (lanes + p.group_size - 1) / p.group_size;
    for (uint64_t g = 0; g < groups; ++g) {
      waves_.push_back(std::make_unique<Wave>(p, memory_, results_, g));
      agents_.push_back(waves_.back().get());
    }
  }

  std::span<exec::Agent* const> agents() override { return agents_; }
  memory::DeviceMemory& memory() override { return memory_; }

  scenario::Observation observe(const exec::RunResult& run) override {
    scenario::Observation o;
    o.memory = &memory_;
    o.group_size = p_.group_size;
    o.faults = run.faults;
    o.lane_value = [this](std::string_view name, uint64_t tid) -> std::optional<uint64_t> {
      for (size_t k = 0; k < p_.result_names.size(); ++k)
        if (p_.result_names[k] == name) return results_.values[tid * p_.result_names.size() + k];
      return std::nullopt;
    };
    if (p_.active) {
      o.lane_active = [this](uint64_t tid) {
        const auto v = p_.active->evaluate(scenario::lane_slots(tid, p_.group_size));
        return std::holds_alternative<uint64_t>(v) && std::get<uint64_t>(v) != 0;
      };
    }
    if (p_.log_atomics) {
      memory::DeviceMemory initial;
      (void)scenario::setup_memory(*p_.scenario, initial, p_.group_size);
      std::vector<const std::vector<scenario::LoggedAtomic>*> logs;
      for (const auto& wave : waves_) logs.push_back(&wave->log);
      o.explainable = scenario::explain_logged(initial, memory_, logs);
    }
    return o;
  }

 private:
  const Program& p_;
  memory::DeviceMemory memory_;
  LaneResults results_;
  std::vector<std::unique_ptr<Wave>> waves_;
  std::vector<exec::Agent*> agents_;
};

template <class T>
std::optional<T> option_value(const scenario::Scenario& s, std::string_view key, std::span<const Spelling<T>> table,
                              support::Diagnostics& d, bool required) {
  for (size_t i = 0; i < s.options.size(); ++i) {
    if (s.options[i].first != key) continue;
    if (const auto v = find_spelling(table, s.options[i].second)) return v;
    d.error(s.option_where[i].second, fmt::format("{} = '{}': expected one of {}", key, s.options[i].second,
                                                  describe_spellings(table)));
    return std::nullopt;
  }
  if (required) d.error(s.launch.where, fmt::format("AMD scenarios need [options] {} = …", key));
  return std::nullopt;
}

std::variant<Program, support::Diagnostics> prepare(const scenario::Scenario& s) {
  support::Diagnostics d;
  Program p;
  p.scenario = &s;
  p.group_size = s.launch.group_size ? s.launch.group_size : default_wave;
  if (p.group_size > exec::max_group_size) d.error(s.launch.where, "a wavefront has at most 64 lanes");
  if (const auto id = option_value(s, "device", device_spellings(), d, true)) p.settings.device = &device(*id);
  p.settings.strategy = option_value(s, "strategy", strategy_spellings(), d, false).value_or(Strategy::hw_atomics);
  p.settings.pcie = option_value(s, "pcie", pcie_spellings(), d, false).value_or(PcieAtomics::unsupported);
  for (size_t i = 0; i < s.options.size(); ++i) {
    const auto& [key, value] = s.options[i];
    if (key == "device" || key == "strategy" || key == "pcie") continue;
    if (key == "host_lanes") {
      scenario::ExpressionText text{value, s.option_where[i].second};
      text.where.column = 1;  // the option's own line; the value is quoted after the key
      p.settings.host_lanes = text;
    } else if (key == "unsigned_min_max") {
      p.settings.row_options.unsigned_min_max = value == "true";
    } else if (auto error = set_switch(p.settings.model, "amd." + std::string(key), value)) {
      d.error(s.option_where[i].second, fmt::format("option '{}': {}; AMD options are device, strategy, pcie, "
                                                    "host_lanes, unsigned_min_max and the model switches", key, *error));
    }
  }
  if (!s.lanes.empty())
    d.error(s.lanes.front().second.where, "AMD scenarios give per-lane operands in the program line, not in [lanes]");
  auto parsed = parse_program(s.program, s.program_where);
  if (auto* pd = std::get_if<support::Diagnostics>(&parsed)) {
    d.append(*pd);
    return d;
  }
  const auto where = scenario::placements(s);
  const scenario::Symbols symbols = scenario::make_symbols(s, where, p.group_size, true, false);
  const auto compile = [&](const scenario::ExpressionText& t) { return scenario::compile_into(t, symbols, d); };
  for (ProgramOperation& op : std::get<std::vector<ProgramOperation>>(parsed)) {
    CompiledOperation c{op, to_alu(*op.row, p.settings.row_options), {}, {}, {}};
    auto address = compile(op.address);
    auto operand = compile(op.operand);
    if (!address || !operand) continue;
    c.address = std::move(*address);
    c.operand = std::move(*operand);
    if (op.compare) c.compare = compile(*op.compare);
    size_t slot = 0;
    while (slot < p.result_names.size() && p.result_names[slot] != op.result) ++slot;
    if (slot == p.result_names.size()) p.result_names.push_back(op.result);
    p.result_slot.push_back(slot);
    p.ops.push_back(std::move(c));
  }
  if (s.launch.active) p.active = compile(*s.launch.active);
  if (p.settings.host_lanes) p.host = compile(*p.settings.host_lanes);
  d.append(scenario::precheck_expectations(s, p.group_size));
  for (const scenario::Expectation& e : s.expectations)
    p.log_atomics = p.log_atomics || e.kind == scenario::Expectation::Kind::explainable;
  scenario::check_lane_storage(s, p.result_names.size() * (sizeof(uint64_t) + 1) + 64, d);
  if (d.has_errors()) return d;

  // n/a operations are refused before anything runs, naming the rule (spec/amd.md §7).
  for (const CompiledOperation& op : p.ops) {
    for (const scenario::RegionText& r : s.regions) {
      memory::RegionInfo info;
      info.attributes = r.attributes;
      const Explanation e = explain_for(p, op, &info);
      if (e.outcome != Outcome::not_applicable) continue;
      d.error(op.source.where, fmt::format("'{}' is n/a on {} (region '{}'): {}", op.source.row->label,
                                           p.settings.device->name, r.name, explain_line(e)));
      break;
    }
  }
  if (d.has_errors()) return d;
  return p;
}

}  // namespace

scenario::RunResult run_scenario(const scenario::Scenario& s, const scenario::RunOptions& options) {
  auto prepared = prepare(s);
  if (auto* d = std::get_if<support::Diagnostics>(&prepared)) return *d;
  const Program& p = std::get<Program>(prepared);
  return scenario::execute_machines<AmdMachine>(s, options, p);
}

}  // namespace gpuatom::amd
