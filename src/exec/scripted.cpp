#include "gpuatom/exec/scripted.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>
#include <unordered_map>

#include "gpuatom/alu/apply.hpp"
#include "gpuatom/exec/atomic.hpp"

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
  const uint64_t groups = launch_.groups();
  groups_.reserve(groups);
  agent_pointers_.reserve(groups);
  for (uint64_t group = 0; group < groups; ++group) {
    groups_.push_back(std::make_unique<ScriptedLanes>(*this, group));
    agent_pointers_.push_back(groups_.back().get());
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

ScriptedLanes::ScriptedLanes(ScriptedLaunch& launch, uint64_t group)
    : launch_(launch), group_(group), masks_(launch.states_.masks(launch.launch_, group)) {
  const uint64_t first = launch_.launch_.first_lane(group);
  const uint32_t count = launch_.launch_.lanes_in_group(group);
  for (uint32_t lane = 0; lane < count; ++lane) {
    instructions_ = std::max(instructions_, launch_.script_.steps(first + lane));
  }
}

std::span<const Event> ScriptedLanes::pending() {
  if (first_ == events_.size()) advance();
  return std::span<const Event>(events_).subspan(first_);
}

void ScriptedLanes::collect(uint32_t instruction, std::vector<Event>& events, std::vector<Step>* steps) const {
  const Launch& geometry = launch_.launch_;
  const Script& script = launch_.script_;
  const uint64_t first = geometry.first_lane(group_);
  const uint32_t count = geometry.lanes_in_group(group_);
  // The guard predicate is per step, so it is applied below, step by step.
  const LaneMask present = masks_.participating(LaneMask::first(max_group_size));
  for (uint32_t lane = 0; lane < count; ++lane) {
    if (!present.has(lane)) continue;
    const uint64_t id = first + lane;
    if (instruction >= script.steps(id)) continue;
    const Step step = script.step(id, instruction);
    if (!step.predicate) continue;
    check_supported(step, id, instruction);
    const auto bytes = static_cast<uint64_t>(alu::width_bits(step.operation.type) / 8);
    events.push_back({instruction, lane, Access{step.address, bytes, true}});
    if (steps) steps->push_back(step);
  }
}

void ScriptedLanes::advance() {
  events_.clear();
  steps_.clear();
  first_ = 0;
  while (events_.empty() && next_instruction_ < instructions_) collect(next_instruction_++, events_, &steps_);
  if (events_.empty()) {
    // Finished: give the buffers back (a million-lane launch has tens of thousands of agents).
    std::vector<Event>().swap(events_);
    std::vector<Step>().swap(steps_);
  }
}

bool ScriptedLanes::future_accesses(std::vector<Access>& out) {
  std::vector<Event> events;
  for (uint32_t instruction = next_instruction_; instruction < instructions_; ++instruction) {
    collect(instruction, events, nullptr);
  }
  for (const Event& event : events) out.push_back(event.access);
  return true;
}

void ScriptedLanes::perform(std::size_t index, Recorder& recorder) {
  const std::size_t at = first_ + index;
  if (at >= events_.size()) throw std::out_of_range("ScriptedLanes::perform: no such pending event");
  const Event event = events_[at];
  const Step step = steps_[at];
  // Pending events stay in ascending lane order; the default order takes the first in O(1).
  if (index == 0) {
    ++first_;
  } else {
    events_.erase(events_.begin() + static_cast<std::ptrdiff_t>(at));
    steps_.erase(steps_.begin() + static_cast<std::ptrdiff_t>(at));
  }
  const uint64_t lane = launch_.launch_.first_lane(group_) + event.lane;
  uint32_t retries = 0;
  const auto result = apply_atomic(launch_.memory_, step.address, step.operation, step.operands, step.space, &retries);
  if (!result) {
    recorder.fault(lane, event.instruction, result.error());
    launch_.record_fault(lane, event.instruction);
    return;
  }
  recorder.operation(retries);
  launch_.record_returned(lane, event.instruction, result->returned);
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
