#include "exec/scripted.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <stdexcept>
#include <unordered_map>

#include "gpuatom/alu/apply.hpp"

namespace gpuatom::exec {

namespace {

// alu::unsupported() formats a message; a table keeps the per-step check free on the hot path.
using SupportTable = std::array<std::array<bool, alu::type_count>, alu::op_count>;
const SupportTable& alu_support() {
  static const SupportTable table = [] {
    SupportTable built{};
    for (int op = 0; op < alu::op_count; ++op) {
      for (int type = 0; type < alu::type_count; ++type) {
        built[op][type] = !alu::unsupported(static_cast<alu::Op>(op), static_cast<alu::Type>(type)) &&
                          static_cast<alu::Type>(type) != alu::Type::u128;
      }
    }
    return built;
  }();
  return table;
}

void check_supported(const Step& step, uint64_t lane, uint32_t index) {
  const alu::Operation& operation = step.operation;
  if (alu_support()[static_cast<int>(operation.op)][static_cast<int>(operation.type)]) return;
  const auto why = alu::unsupported(operation.op, operation.type);
  throw std::invalid_argument(
      fmt::format("lane {} step {}: {}", lane, index, why ? *why : "ScriptedLanes has no 128-bit atomics"));
}

}  // namespace

// ---- Script ---------------------------------------------------------------------------------

Script Script::generated(uint64_t lanes, uint32_t steps_per_lane, Generator generate) {
  Script script;
  script.lanes_ = lanes;
  script.steps_per_lane_ = steps_per_lane;
  script.generate_ = std::move(generate);
  return script;
}

Script Script::listed(std::vector<std::vector<Step>> steps_of_lane) {
  Script script;
  script.lanes_ = steps_of_lane.size();
  script.first_slot_.reserve(steps_of_lane.size() + 1);
  uint64_t slot = 0;
  for (uint64_t lane = 0; lane < steps_of_lane.size(); ++lane) {
    script.first_slot_.push_back(slot);
    slot += steps_of_lane[lane].size();
    for (uint32_t index = 0; index < steps_of_lane[lane].size(); ++index) {
      check_supported(steps_of_lane[lane][index], lane, index);
    }
  }
  script.first_slot_.push_back(slot);
  script.listed_ = std::move(steps_of_lane);
  return script;
}

uint32_t Script::steps(uint64_t lane) const {
  return generate_ ? steps_per_lane_ : static_cast<uint32_t>(listed_[lane].size());
}

Step Script::step(uint64_t lane, uint32_t index) const {
  return generate_ ? generate_(lane, index) : listed_[lane][index];
}

uint64_t Script::slot(uint64_t lane, uint32_t index) const {
  return generate_ ? lane * steps_per_lane_ + index : first_slot_[lane] + index;
}

uint64_t Script::slot_count() const { return generate_ ? lanes_ * steps_per_lane_ : first_slot_.back(); }

// ---- ScriptedLaunch -------------------------------------------------------------------------

ScriptedLaunch::ScriptedLaunch(memory::DeviceMemory& memory, Launch launch, Script script, LaneStates states,
                               bool record_returned)
    : memory_(memory),
      launch_(launch),
      script_(std::move(script)),
      states_(std::move(states)),
      record_(record_returned) {
  if (!launch_.valid()) {
    throw std::invalid_argument(fmt::format("group size {} is not in 1..{}", launch_.group_size, max_group_size));
  }
  if (launch_.lanes != script_.lanes()) {
    throw std::invalid_argument(
        fmt::format("the launch has {} lanes but the script {}", launch_.lanes, script_.lanes()));
  }
  if (record_) {
    returned_.assign(script_.slot_count(), 0);
    statuses_.assign(script_.slot_count(), StepStatus::not_run);
  }
  settings_.group_size = launch_.group_size;
  const uint64_t groups = launch_.groups();
  groups_.reserve(groups);
  agent_pointers_.reserve(groups);
  for (uint64_t group = 0; group < groups; ++group) {
    auto lanes = std::make_unique<LaneGroup<ScriptedLanes>>(memory_, settings_, *this);
    lanes->begin(group);
    agent_pointers_.push_back(lanes.get());
    groups_.push_back(std::move(lanes));
  }
}

ScriptedLaunch::~ScriptedLaunch() = default;

StepStatus ScriptedLaunch::status(uint64_t lane, uint32_t step) const {
  return record_ ? statuses_[script_.slot(lane, step)] : StepStatus::not_run;
}

std::optional<uint64_t> ScriptedLaunch::returned(uint64_t lane, uint32_t step) const {
  if (status(lane, step) != StepStatus::returned) return std::nullopt;
  return returned_[script_.slot(lane, step)];
}

void ScriptedLaunch::record_returned(uint64_t lane, uint32_t step, uint64_t bits) {
  if (!record_) return;
  const uint64_t slot = script_.slot(lane, step);
  returned_[slot] = bits;
  statuses_[slot] = StepStatus::returned;
}

void ScriptedLaunch::record_fault(uint64_t lane, uint32_t step) {
  if (record_) statuses_[script_.slot(lane, step)] = StepStatus::faulted;
}

// ---- ScriptedLanes --------------------------------------------------------------------------

bool ScriptedLanes::begin(uint64_t group) {
  const Launch& geometry = launch_.launch_;
  first_ = geometry.first_lane(group);
  count_ = geometry.lanes_in_group(group);
  masks_ = launch_.states_.masks(geometry, group);
  instructions_ = 0;
  for (uint32_t lane = 0; lane < count_; ++lane)
    instructions_ = std::max(instructions_, launch_.script_.steps(first_ + lane));
  return true;
}

LaneMask ScriptedLanes::collect(uint32_t instruction, Step* steps) const {
  const Script& script = launch_.script_;
  // The guard predicate is per step, so it is applied below, step by step.
  const LaneMask present = masks_.participating(LaneMask::first(max_group_size));
  LaneMask mask;
  for (uint32_t lane = 0; lane < count_; ++lane) {
    if (!present.has(lane)) continue;
    const uint64_t id = first_ + lane;
    if (instruction >= script.steps(id)) continue;
    const Step step = script.step(id, instruction);
    if (!step.predicate) continue;
    check_supported(step, id, instruction);
    mask.set(lane);
    steps[lane] = step;
  }
  return mask;
}

LaneMask ScriptedLanes::start(uint32_t instruction) { return collect(instruction, steps_.data()); }

void ScriptedLanes::read(uint32_t, std::span<LaneWork> lanes) {
  for (LaneWork& w : lanes) {
    const Step& step = steps_[w.lane];
    w.address = step.address;
    w.operands = step.operands;
    w.space = step.space;
    w.operation = &step.operation;
  }
}

void ScriptedLanes::write(uint32_t instruction, std::span<const LaneWork> lanes) {
  for (const LaneWork& w : lanes)
    if (w.completed) launch_.record_returned(first_ + w.lane, instruction, w.result.lo);
}

std::optional<memory::Fault> ScriptedLanes::fault(uint32_t instruction, const LaneWork& w, const memory::Fault& f) {
  launch_.record_fault(first_ + w.lane, instruction);
  return f;
}

bool ScriptedLanes::future_accesses(uint32_t next, std::vector<Access>& out) const {
  std::array<Step, max_group_size> steps{};
  for (uint32_t instruction = next; instruction < instructions_; ++instruction) {
    const LaneMask mask = collect(instruction, steps.data());
    for (uint64_t bits = mask.bits; bits != 0; bits &= bits - 1) {
      const Step& step = steps[static_cast<size_t>(std::countr_zero(bits))];
      out.push_back({step.address, static_cast<uint64_t>(alu::width_bits(step.operation.type) / 8), true});
    }
  }
  return true;
}

// ---- histories for the serial-order checker -------------------------------------------------

std::vector<AddressHistory> address_histories(const ScriptedLaunch& launch,
                                              const std::function<uint64_t(uint64_t address)>& initial) {
  const Script& script = launch.script();
  std::map<uint64_t, AddressHistory> by_address;
  std::map<uint64_t, memory::Space> space_of;
  for (uint64_t lane = 0; lane < script.lanes(); ++lane) {
    for (uint32_t index = 0; index < script.steps(lane); ++index) {
      const auto returned = launch.returned(lane, index);
      if (!returned) continue;
      const Step step = script.step(lane, index);
      AddressHistory& history = by_address[step.address];
      if (history.atomics.empty()) space_of[step.address] = step.space;
      history.atomics.push_back({step.operation, step.operands, *returned, lane});
    }
  }
  std::vector<AddressHistory> histories;
  histories.reserve(by_address.size());
  for (auto& [address, history] : by_address) {
    history.address = address;
    history.initial = initial(address);
    const auto width = static_cast<unsigned>(alu::width_bits(history.atomics.front().operation.type) / 8);
    history.final_value = launch.memory().load(address, width, space_of[address]).value_or(0);
    // A lone atomic of a lane needs no program order, and untagged atomics can be grouped with
    // their identical twins, which keeps the search small.
    std::unordered_map<uint64_t, uint32_t> per_lane;
    for (const ObservedAtomic& atomic : history.atomics) ++per_lane[*atomic.thread];
    for (ObservedAtomic& atomic : history.atomics) {
      if (per_lane[*atomic.thread] == 1) atomic.thread.reset();
    }
    histories.push_back(std::move(history));
  }
  return histories;
}

}  // namespace gpuatom::exec
