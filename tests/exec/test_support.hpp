// Helpers shared by the exec tests.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/sanitizers.hpp"
#include "exec/scripted.hpp"
#include "gpuatom/exec/exhaustive.hpp"
#include "gpuatom/memory/device_memory.hpp"

namespace gpuatom::exec::testing {

using gpuatom::testing::under_tsan;

inline constexpr uint64_t buffer_base = 0x10000;

// A memory with one global region "buf" of `size` bytes at buffer_base.
inline std::unique_ptr<memory::DeviceMemory> memory_with_buffer(uint64_t size = 0x10000) {
  auto memory = std::make_unique<memory::DeviceMemory>();
  if (!memory->add_region({"buf", buffer_base, size, {}})) throw std::runtime_error("cannot add the test buffer");
  return memory;
}

inline alu::Operation u32(alu::Op op) { return {op, alu::Type::u32, {}}; }

inline Step step(uint64_t address, alu::Operation operation, uint64_t value, uint64_t compare = 0) {
  return {address, operation, {value, compare}};
}

// An agent that forwards to another but, like a vendor front-end that cannot look ahead, does not
// report its future accesses.
class OpaqueAgent final : public Agent {
 public:
  explicit OpaqueAgent(Agent& inner) : inner_(inner) {}
  std::span<const Event> pending() override { return inner_.pending(); }
  void perform(std::size_t index, Recorder& recorder) override { inner_.perform(index, recorder); }

 private:
  Agent& inner_;
};

// An exhaustive-mode instance made of a ScriptedLaunch on a fresh memory, whose outcome is
// whatever `describe` makes of it. `opaque`: hide the agents' futures (OpaqueAgent).
class ScriptedInstance final : public Instance {
 public:
  using Describe = std::function<std::string(const ScriptedLaunch&, const RunResult&)>;
  ScriptedInstance(Launch launch, std::vector<std::vector<Step>> steps, Describe describe, bool opaque = false)
      : memory_(memory_with_buffer()), describe_(std::move(describe)) {
    launch_ = std::make_unique<ScriptedLaunch>(*memory_, launch, Script::listed(std::move(steps)));
    agents_.assign(launch_->agents().begin(), launch_->agents().end());
    if (opaque) {
      for (Agent*& agent : agents_) agent = opaque_.emplace_back(std::make_unique<OpaqueAgent>(*agent)).get();
    }
  }
  std::span<Agent* const> agents() override { return agents_; }
  std::string outcome(const RunResult& run) override { return describe_(*launch_, run); }

 private:
  std::unique_ptr<memory::DeviceMemory> memory_;
  std::unique_ptr<ScriptedLaunch> launch_;
  std::vector<std::unique_ptr<OpaqueAgent>> opaque_;
  std::vector<Agent*> agents_;
  Describe describe_;
};

}  // namespace gpuatom::exec::testing
