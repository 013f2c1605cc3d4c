// What `gpuatom amd which` prints: one atomic on one kind of memory asked of every device (the
// page's column order), as text lines or one JSON array; AMD's published word beside the model's
// where they differ, and both outcomes where a left-out --pcie decides.
#pragma once

#include <optional>
#include <string>

#include "gpuatom/amd/asked_cell.hpp"

namespace gpuatom::report {

struct WhichQuestion {
  amd::AtomicRequest request;
  amd::Selectors selectors;              // all but PCIe
  std::optional<amd::PcieAtomics> pcie;  // empty: left out, asked both ways
  std::string pcie_as_typed;             // JSON's "pcie" echoes the user's spelling
  std::optional<amd::Family> family;     // empty: every device
  amd::ModelOptions options;
};

std::string amd_which_text(const WhichQuestion& question);
std::string amd_which_json(const WhichQuestion& question);  // one line, with its '\n'

}  // namespace gpuatom::report
