#include "hw_model_sample.hpp"

#include <fmt/format.h>

#include <sstream>
#include <vector>

#include "command.hpp"
#include "gpuatom/nvidia/hardware_check.hpp"
#include "gpuatom/support/files.hpp"
#include "hw_records.hpp"

namespace gpuatom::cli {

namespace {

using namespace nvidia::hw;

constexpr Space spaces[] = {Space::global, Space::shared};

int sm_times_ten(const std::string& sm) {
  const size_t dot = sm.find('.');
  return std::stoi(sm.substr(0, dot)) * 10 + (dot == std::string::npos ? 0 : std::stoi(sm.substr(dot + 1, 1)));
}

ModelMapping mapping_for(const CudaAtomic& a, Space space) {
  auto m = model_mapping(a.op, a.type, space);
  if (auto* error = std::get_if<std::string>(&m)) throw std::logic_error(*error);
  return std::get<ModelMapping>(m);
}

// `count` indices spread evenly over `size` (all of them when count is 0 or too large).
std::vector<size_t> spread(size_t size, int count) {
  std::vector<size_t> out;
  if (count <= 0 || static_cast<size_t>(count) >= size) {
    for (size_t i = 0; i < size; ++i) out.push_back(i);
    return out;
  }
  for (int k = 0; k < count; ++k) out.push_back(k * size / count);
  return out;
}

}  // namespace

size_t write_model_sample(const std::string& path, const ModelSampleOptions& options) {
  // Built in memory and written at once: a failed or interrupted run leaves no partial file.
  std::ostringstream out;
  const HwDevice device{options.device, options.sm};
  const int sm = sm_times_ten(options.sm);
  size_t records = 0;

  // As the harness writes them: every single-lane case per space, then every racing run.
  for (Space space : spaces)
    for (const CudaAtomic& a : cuda_atomics()) {
      if (a.min_sm > sm || !runs_in(a, space)) continue;
      const ModelMapping m = mapping_for(a, space);
      const std::vector<SingleInput> inputs = single_inputs(a);
      for (size_t i : spread(inputs.size(), options.cases_per_atomic)) {
        const SingleInput& in = inputs[i];
        const Outcome o = model_single(m, in);
        out << hw_record_line(device,
                              SingleRecord{in.op, in.type, space, in.old, in.operand, in.compare, o.memory, o.returned})
            << '\n';
        ++records;
      }
    }
  uint64_t run = 0;
  for (Space space : spaces)
    for (const CudaAtomic& a : cuda_atomics()) {
      if (a.min_sm > sm || !runs_in(a, space)) continue;
      const ModelMapping m = mapping_for(a, space);
      for (const RacingPlan& plan : racing_plans(a, options.racing_lanes)) {
        out << hw_record_line(device, model_racing(m, plan, space, options.seed * 1000003 + run++)) << '\n';
        ++records;
      }
    }
  if (auto error = support::write_file_atomically(path, out.str())) throw BadInput(*error);
  return records;
}

}  // namespace gpuatom::cli
