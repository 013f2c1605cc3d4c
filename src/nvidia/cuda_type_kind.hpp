// What kind of value a CUDA type holds, asked by the hardware cases (hardware_cases.cpp) and by
// their check against the model (hardware_check.cpp): one answer for both.
#pragma once

#include "gpuatom/nvidia/hardware_cases.hpp"

namespace gpuatom::nvidia::hw {

// f32, f64 and the packed pairs f16x2 and bf16x2.
inline bool is_float(CudaType type) {
  return type == CudaType::f32 || type == CudaType::f64 || type == CudaType::f16x2 || type == CudaType::bf16x2;
}

}  // namespace gpuatom::nvidia::hw
