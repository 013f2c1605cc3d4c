// A scenario's machine for one vendor: the launch on exec::LaneMachine with the vendor's lanes,
// set up from the scenario's regions, and observed for the expectations. What differs between
// the vendors (how a lane value is named and read back, which lanes take part) is the bindings'
// (bind_sass.cpp, bind_visa.cpp, bind_amd.cpp); the rest is here once.
#pragma once

#include <algorithm>
#include <functional>
#include <optional>
#include <span>
#include <string_view>

#include "execute.hpp"
#include "gpuatom/exec/lane_machine.hpp"
#include "gpuatom/launch/memory_setup.hpp"

namespace gpuatom::launch {

template <exec::GroupLanes Lanes>
class BoundMachine : public Machine {
 public:
  using Launch = exec::LaneMachine<Lanes>;

  // `prepare` readies a memory before the regions are set up (SASS: the generic windows); the
  // diagnostics of the setup go to `setup`.
  // `batch`: hardware threads per executor group (a streamed vISA run's batches); the scenario's
  // own group size (its setup, its expectations) stays settings.group_size.
  BoundMachine(const Setup& scenario, const exec::GroupSettings& settings, bool streamed,
               typename Launch::MakeGroup make, std::function<void(memory::DeviceMemory&)> prepare,
               support::Diagnostics& setup, uint32_t batch = 1)
      : machine_({scenario.launch.lanes, settings.group_size * batch}, batched(settings, batch), streamed,
                 std::move(make)),
        scenario_(scenario),
        settings_(settings),
        batch_(batch),
        prepare_(std::move(prepare)) {
    if (prepare_) prepare_(machine_.memory);
    setup = setup_memory(scenario, machine_.memory, settings.group_size);
  }

  std::span<exec::Agent* const> agents() override { return machine_.agents(); }
  memory::DeviceMemory& memory() override { return machine_.memory; }
  exec::AgentStream* stream() override { return machine_.stream(); }
  uint64_t lanes_of(uint64_t agents) const override {
    return std::min<uint64_t>(groups_of(agents) * settings_.group_size, scenario_.launch.lanes);
  }
  uint64_t groups_of(uint64_t agents) const override {
    if (batch_ == 1) return agents;
    return std::min<uint64_t>(agents * batch_, exec::Launch{scenario_.launch.lanes, settings_.group_size}.groups());
  }

  Observation observe(const exec::RunResult& run) override {
    Observation o;
    o.memory = &machine_.memory;
    o.group_size = settings_.group_size;
    o.faults = run.faults;
    o.lane_value = [this](std::string_view name, uint64_t tid) { return lane_value(name, tid); };
    o.lane_active = lane_active();
    if (settings_.log) {
      memory::DeviceMemory initial;  // the memory as it was before the run
      if (prepare_) prepare_(initial);
      (void)setup_memory(scenario_, initial, settings_.group_size);
      // The largest `search_budget` an explainable expectation names, else the default.
      exec::SerialSearchBudget budget;
      std::optional<uint64_t> named;
      for (const Expectation& e : scenario_.expectations)
        if (e.kind == Expectation::Kind::explainable && e.search_budget)
          named = std::max(named.value_or(0), *e.search_budget);
      if (named) budget.states = *named;
      o.explainable = machine_.explain(initial, budget);
    }
    return o;
  }

 protected:
  // The value `name` of lane `tid` after the run, or nothing when the name is unknown.
  virtual std::optional<uint64_t> lane_value(std::string_view name, uint64_t tid) = 0;
  // Whether lane `tid` took part; empty: every lane did.
  virtual std::function<bool(uint64_t)> lane_active() { return {}; }

  Launch machine_;

 private:
  static exec::GroupSettings batched(exec::GroupSettings settings, uint32_t batch) {
    settings.group_size *= batch;
    return settings;
  }

  const Setup& scenario_;
  exec::GroupSettings settings_;
  uint32_t batch_ = 1;
  std::function<void(memory::DeviceMemory&)> prepare_;
};

}  // namespace gpuatom::launch
