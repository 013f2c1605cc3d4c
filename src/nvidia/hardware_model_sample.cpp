#include "gpuatom/nvidia/hardware_model_sample.hpp"

#include <stdexcept>
#include <vector>

#include "gpuatom/nvidia/hardware_check.hpp"

namespace gpuatom::nvidia::hw {

namespace {

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

bool is_record_sm(std::string_view text) {
  const size_t dot = text.find('.');
  const auto digits = [](std::string_view s) {
    return !s.empty() && s.size() <= 3 && s.find_first_not_of("0123456789") == std::string_view::npos;
  };
  return dot != std::string_view::npos && digits(text.substr(0, dot)) && digits(text.substr(dot + 1));
}

size_t for_each_model_record(const ModelSampleOptions& options,
                             const std::function<void(const HardwareRecord&)>& record) {
  const MeasuringDevice device{options.device, options.sm};
  const int sm = sm_times_ten(options.sm);
  size_t records = 0;
  for (Space space : spaces)
    for (const CudaAtomic& a : cuda_atomics()) {
      if (a.min_sm > sm || !runs_in(a, space)) continue;
      const ModelMapping m = mapping_for(a, space);
      const std::vector<SingleInput> inputs = single_inputs(a);
      for (size_t i : spread(inputs.size(), options.cases_per_atomic)) {
        const SingleInput& in = inputs[i];
        const Outcome o = model_single(m, in);
        record({device, SingleRecord{in.op, in.type, space, in.old, in.operand, in.compare, o.memory, o.returned}});
        ++records;
      }
    }
  uint64_t run = 0;
  for (Space space : spaces)
    for (const CudaAtomic& a : cuda_atomics()) {
      if (a.min_sm > sm || !runs_in(a, space)) continue;
      const ModelMapping m = mapping_for(a, space);
      for (const RacingPlan& plan : racing_plans(a, options.racing_lanes)) {
        record({device, model_racing(m, plan, space, options.seed * 1000003 + run++)});
        ++records;
      }
    }
  return records;
}

}  // namespace gpuatom::nvidia::hw
