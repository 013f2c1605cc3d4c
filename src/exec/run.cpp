#include "gpuatom/exec/run.hpp"

#include <stdexcept>

namespace gpuatom::exec {

std::string_view name(Mode mode) {
  switch (mode) {
    case Mode::parallel: return "parallel";
    case Mode::deterministic: return "deterministic";
    case Mode::exhaustive: return "exhaustive";
  }
  return "unknown";
}

RunResult run(std::span<Agent* const> agents, const RunOptions& options) {
  switch (options.mode) {
    case Mode::parallel: return run_parallel(agents, options.threads, options.progress, options.stop);
    case Mode::deterministic: return run_deterministic(agents, options);
    case Mode::exhaustive: break;
  }
  throw std::invalid_argument("exhaustive mode re-executes fresh instances: call run_exhaustive with a factory");
}

}  // namespace gpuatom::exec
