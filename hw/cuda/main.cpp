// gpuatom-hw-harness OUT.jsonl [--device N] [--lanes N]
//
// Runs every CUDA atomic the NVIDIA model knows on the GPU, single-lane and racing, in global and
// shared memory, and writes one JSON line per result (schema: hw/README.md). The cases come from
// the library (gpuatom/nvidia/hardware_cases.hpp), so `gpuatom verify-hw OUT.jsonl` checks
// exactly what ran. Prints the device name; exit 0 on success, 1 on a CUDA error, 2 on bad usage.
#include <cstdio>
#include <cstring>
#include <exception>
#include <sstream>
#include <string>
#include <vector>

#include "device_runs.hpp"
#include "gpuatom/nvidia/hardware_cases.hpp"
#include "gpuatom/nvidia/hardware_record_lines.hpp"
#include "gpuatom/support/files.hpp"

namespace {

namespace model = gpuatom::nvidia::hw;
using model::record_line;
using HwDevice = model::MeasuringDevice;

// The kernels' plain enums (harness_abi.hpp, compiled by nvcc without the library) repeat the
// library's member for member: each member agrees, and the library's enums end where these do.
constexpr bool agree(auto harness, auto library) { return static_cast<int>(harness) == static_cast<int>(library); }
static_assert(agree(gpuatom_hw::Op::add, model::CudaOp::add) && agree(gpuatom_hw::Op::inc, model::CudaOp::inc) &&
              agree(gpuatom_hw::Op::dec, model::CudaOp::dec) && agree(gpuatom_hw::Op::min, model::CudaOp::min) &&
              agree(gpuatom_hw::Op::max, model::CudaOp::max) &&
              agree(gpuatom_hw::Op::bit_and, model::CudaOp::bit_and) &&
              agree(gpuatom_hw::Op::bit_or, model::CudaOp::bit_or) &&
              agree(gpuatom_hw::Op::bit_xor, model::CudaOp::bit_xor) &&
              agree(gpuatom_hw::Op::exch, model::CudaOp::exch) && agree(gpuatom_hw::Op::cas, model::CudaOp::cas));
static_assert(static_cast<int>(gpuatom_hw::Op::cas) + 1 == model::cuda_op_count);
static_assert(
    agree(gpuatom_hw::Type::u32, model::CudaType::u32) && agree(gpuatom_hw::Type::s32, model::CudaType::s32) &&
    agree(gpuatom_hw::Type::u64, model::CudaType::u64) && agree(gpuatom_hw::Type::s64, model::CudaType::s64) &&
    agree(gpuatom_hw::Type::f32, model::CudaType::f32) && agree(gpuatom_hw::Type::f64, model::CudaType::f64) &&
    agree(gpuatom_hw::Type::f16x2, model::CudaType::f16x2) &&
    agree(gpuatom_hw::Type::bf16x2, model::CudaType::bf16x2) && agree(gpuatom_hw::Type::u128, model::CudaType::u128) &&
    agree(gpuatom_hw::Type::f32x2, model::CudaType::f32x2) && agree(gpuatom_hw::Type::f32x4, model::CudaType::f32x4) &&
    agree(gpuatom_hw::Type::f16x4, model::CudaType::f16x4) && agree(gpuatom_hw::Type::f16x8, model::CudaType::f16x8) &&
    agree(gpuatom_hw::Type::bf16x4, model::CudaType::bf16x4) &&
    agree(gpuatom_hw::Type::bf16x8, model::CudaType::bf16x8));
static_assert(static_cast<int>(gpuatom_hw::Type::bf16x8) + 1 == model::cuda_type_count);
static_assert(agree(gpuatom_hw::RacingForm::returned, model::RacingForm::returned) &&
              agree(gpuatom_hw::RacingForm::discarded, model::RacingForm::discarded) &&
              agree(gpuatom_hw::RacingForm::cas_loop, model::RacingForm::cas_loop));

constexpr model::Space spaces[] = {model::Space::global, model::Space::shared};

gpuatom_hw::Space device_space(model::Space s) {
  return s == model::Space::global ? gpuatom_hw::Space::global : gpuatom_hw::Space::shared;
}
gpuatom_hw::Value device_value(const gpuatom::support::Bits128& v) { return {v.lo, v.hi}; }
gpuatom::support::Bits128 model_value(const gpuatom_hw::Value& v, model::CudaType type) {
  // Narrow atomics touch only the low bytes of the 16-byte slot: keep the type's bits.
  return {v.lo & model::mask(type), model::bits(type) == 128 ? v.hi : 0};
}

struct Usage {
  std::string out;
  int device = 0;
  int lanes = 1024;
};

bool parse_usage(int argc, char** argv, Usage& usage) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--device" || arg == "--lanes") && i + 1 < argc) {
      (arg == "--device" ? usage.device : usage.lanes) = std::atoi(argv[++i]);
    } else if (!arg.empty() && arg[0] != '-' && usage.out.empty()) {
      usage.out = arg;
    } else {
      return false;
    }
  }
  return !usage.out.empty() && usage.lanes >= 1 && usage.lanes <= 1024 && usage.device >= 0;
}

// Every single-lane case of one space in one launch (one thread runs them in order).
size_t write_single(std::ostream& out, const HwDevice& device, model::Space space, int sm) {
  std::vector<model::SingleInput> inputs;
  for (const model::CudaAtomic& a : model::cuda_atomics())
    if (a.min_sm <= sm && model::runs_in(a, space))
      for (const model::SingleInput& in : model::single_inputs(a)) inputs.push_back(in);
  std::vector<gpuatom_hw::SingleCase> cases;
  for (const model::SingleInput& in : inputs)
    cases.push_back({static_cast<gpuatom_hw::Op>(in.op), static_cast<gpuatom_hw::Type>(in.type), device_value(in.old),
                     device_value(in.operand), device_value(in.compare)});
  const std::vector<gpuatom_hw::SingleResult> results = gpuatom_hw::run_single(device_space(space), cases);
  size_t written = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const model::SingleInput& in = inputs[i];
    if (results[i].status != gpuatom_hw::Status::ok) {
      std::fprintf(stderr, "gpuatom-hw-harness: %s on %s has no atomic in this build for this device\n",
                   std::string(model::name(in.op)).c_str(), std::string(model::name(in.type)).c_str());
      continue;
    }
    const model::SingleRecord record{in.op,
                                     in.type,
                                     space,
                                     in.old,
                                     in.operand,
                                     in.compare,
                                     model_value(results[i].memory, in.type),
                                     model_value(results[i].returned, in.type)};
    out << record_line(device, record) << '\n';
    ++written;
  }
  return written;
}

size_t write_racing(std::ostream& out, const HwDevice& device, model::Space space, int sm, int lanes) {
  size_t written = 0;
  for (const model::CudaAtomic& a : model::cuda_atomics()) {
    if (a.min_sm > sm || !model::runs_in(a, space)) continue;
    for (const model::RacingPlan& plan : model::racing_plans(a, lanes)) {
      const gpuatom_hw::RacingLaunch launch{
          static_cast<gpuatom_hw::Op>(plan.op), static_cast<gpuatom_hw::Type>(plan.type),
          static_cast<gpuatom_hw::RacingForm>(plan.form), static_cast<uint32_t>(plan.operands.size())};
      const gpuatom_hw::RacingOutcome o =
          gpuatom_hw::run_racing(device_space(space), launch, plan.initial, plan.operands, plan.compares);
      model::RacingRecord record{plan.op,    plan.type,    space,
                                 plan.form,  plan.initial, o.memory & model::mask(plan.type),
                                 o.operands, o.compares,   o.returned};
      for (auto* values : {&record.operands, &record.compares, &record.returned})
        for (uint64_t& v : *values) v &= model::mask(plan.type);
      out << record_line(device, record) << '\n';
      ++written;
    }
  }
  return written;
}

}  // namespace

int main(int argc, char** argv) {
  Usage usage;
  if (!parse_usage(argc, argv, usage)) {
    std::fprintf(stderr, "usage: gpuatom-hw-harness OUT.jsonl [--device N] [--lanes 1..1024]\n");
    return 2;
  }
  try {
    const gpuatom_hw::DeviceInfo info = gpuatom_hw::device_info(usage.device);
    const HwDevice device{info.name, std::to_string(info.major) + "." + std::to_string(info.minor)};
    const int sm = info.major * 10 + info.minor;
    std::printf("device: %s (sm %s)\n", device.name.c_str(), device.sm.c_str());
    // Every record is collected first and the file written at once (temporary file, then rename):
    // a failed or interrupted measurement leaves no partial results file.
    std::ostringstream out;
    size_t records = 0;
    for (model::Space space : spaces) records += write_single(out, device, space, sm);
    for (model::Space space : spaces) records += write_racing(out, device, space, sm, usage.lanes);
    if (const auto error = gpuatom::support::write_file_atomically(usage.out, out.str())) {
      std::fprintf(stderr, "gpuatom-hw-harness: %s\n", error->c_str());
      return 2;
    }
    std::printf("wrote %zu records to %s\ncheck them: gpuatom verify-hw %s\n", records, usage.out.c_str(),
                usage.out.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpuatom-hw-harness: %s\n", e.what());
    return 1;
  }
}
