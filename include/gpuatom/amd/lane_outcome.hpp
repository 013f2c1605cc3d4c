// One lane's atomic (alu/lane_result.hpp) as one cell of AMD's tables leaves it (`gpuatom alu amd
// --device`): a NOP reaches no memory and gives the lane 0, a NoReturn gives nothing back; a CAS loop
// or a downgraded scope computes the same as a native atomic for a lane alone.
#pragma once

#include "gpuatom/alu/lane_result.hpp"
#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/explanation.hpp"
#include "gpuatom/amd/rows.hpp"

namespace gpuatom::amd {

// `lane` is what the ALU computed from `old`; the why and note lines name the outcome on `device`,
// and what AMD's published tables say beside it. support::InputError where the cell is n/a.
void apply_cell_outcome(alu::LaneResult& lane, alu::OperandValue old, const Row& row, const Device& device,
                        const Explanation& cell);

}  // namespace gpuatom::amd
