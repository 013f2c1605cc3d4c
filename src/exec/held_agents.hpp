// Agents that already exist, as a stream (agent.hpp): run and open look them up, close does
// nothing. The parallel and deterministic modes take a span of agents through it.
#pragma once

#include <span>

#include "gpuatom/exec/agent.hpp"

namespace gpuatom::exec {

class HeldAgents final : public AgentStream {
 public:
  explicit HeldAgents(std::span<Agent* const> agents) : agents_(agents) {}
  std::size_t size() const override { return agents_.size(); }
  void start(unsigned) override {}
  void run(std::size_t index, unsigned, Recorder& recorder) override { agents_[index]->run(recorder); }
  Agent& open(std::size_t index, unsigned) override { return *agents_[index]; }
  void close(std::size_t, unsigned) override {}

 private:
  std::span<Agent* const> agents_;
};

}  // namespace gpuatom::exec
