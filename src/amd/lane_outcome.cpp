#include "gpuatom/amd/lane_outcome.hpp"

#include <fmt/format.h>

#include "gpuatom/amd/asked_cell.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::amd {

void apply_cell_outcome(alu::LaneResult& lane, alu::OperandValue old, const Row& row, const Device& device,
                        const Explanation& cell) {
  switch (cell.outcome) {
    case Outcome::not_applicable:
      throw support::InputError(
          fmt::format("{}: n/a on {} here (`gpuatom amd outcome` says why)", row.label, device.name));
    case Outcome::nop:
      lane.memory = old;
      lane.returned = alu::OperandValue{0, 0};
      lane.why.push_back(fmt::format(
          "❌ NOP on {}: nothing reaches memory, and the lane gets 0 (`gpuatom amd outcome` says why)", device.name));
      break;
    case Outcome::no_return:
      lane.returned.reset();
      lane.why.push_back(
          fmt::format("✅ NoReturn on {}: memory is updated, no value comes back (ASSUMPTION amd.noreturn-value: "
                      "the lane reads 0)",
                      device.name));
      break;
    default:
      lane.notes.push_back(fmt::format("{} on {}: one lane alone computes the same as a native atomic",
                                       label(cell.outcome), device.name));
      break;
  }
  if (const std::string published = published_note(cell); !published.empty())
    lane.notes.push_back("published: " + published);
}

}  // namespace gpuatom::amd
